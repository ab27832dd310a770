#!/bin/sh
# SPDX-License-Identifier: MIT
# The man page names every command and every option the tool's own option tables
# declare (as `help COMMAND` prints them), every environment variable the tool reads,
# and every exit status; and groff reads it without a warning where groff is present.
# usage: man_page.sh path/to/ze-slm-bench path/to/ze-slm-bench.1 path/to/cli
set -eu
bench=$1
page=$2
tools=$3
missing=0
# In roff, "--size" is written "\-\-size".
plain=$(sed 's/\\-/-/g' "$page")
has() {
    printf '%s\n' "$plain" | grep -q -- "$1" || { echo "man page lacks $2"; missing=$((missing + 1)); }
}
for cmd in $("$bench" help | sed -n 's/^  \([a-z]*\) .*/\1/p'); do
    has "^\.BR* $cmd\b" "the command $cmd"
    for opt in $("$bench" help "$cmd" | sed -n 's/^  -., \(--[a-z-]*\).*/\1/p'); do
        has "$opt" "$opt of $cmd"
    done
done
for var in $(grep -ho 'getenv("[A-Z_]*")' "$tools"/*.c "$tools"/*/*.c | sed 's/getenv("\(.*\)")/\1/' | sort -u); do
    has "^\.B $var$" "the environment variable $var"
done
# 0, 1 (an error) and 2 (bad usage) are every command's; the others are named where
# they are defined (EXIT_REGRESSION 3, VERDICT_EXIT_FAILED 4, ...); a stop is 128 + the signal's number.
statuses=$(grep -rhoE '^#define [A-Z_]*EXIT[A-Z_]* [0-9]+' "$tools" | awk '{print $3}' | sort -un)
for status in 0 1 2 $statuses "128 + N"; do
    has "^\.B $status$" "exit status $status"
done
if command -v groff >/dev/null; then
    groff -man -Tutf8 -ww -z "$page" 2>&1 | grep . && missing=$((missing + 1))
fi
[ "$missing" -eq 0 ] && echo "ok"
