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
# What help prints is the list checked: help failing or printing no command, or a
# command but help with no option, would leave nothing to check.
listing=$("$bench" help) || { echo "FAIL: help exited with status $?"; exit 1; }
commands=0 options=0
for cmd in $(printf '%s\n' "$listing" | sed -n 's/^  \([a-z]*\) .*/\1/p'); do
    commands=$((commands + 1))
    has "^\.BR* $cmd\b" "the command $cmd"
    described=$("$bench" help "$cmd") || { echo "FAIL: help $cmd exited with status $?"; exit 1; }
    mine=0
    for opt in $(printf '%s\n' "$described" | sed -n 's/^  -., \(--[a-z-]*\).*/\1/p'); do
        mine=$((mine + 1))
        has "$opt" "$opt of $cmd"
    done
    [ "$mine" -gt 0 ] || { echo "FAIL: help $cmd lists no option"; missing=$((missing + 1)); }
    options=$((options + mine))
done
[ "$commands" -ge 2 ] || { echo "FAIL: help lists $commands commands"; exit 1; }
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
[ "$missing" -eq 0 ] && echo "ok: $commands commands and $options options of help in the man page"
