#!/bin/sh
# SPDX-License-Identifier: MIT
# Every line of every command's default text output fits 100 columns and ends (the
# shell's prompt starts on a line of its own), and no number in it is in e-notation
# (33.2 TB/s, never 3.32e+13); run --list keeps its descriptions.
# usage: text_width.sh path/to/ze-slm-bench
bench=$1
# The width of the text is the terminal's or COLUMNS' (table/term_width.h): 100 here.
unset COLUMNS
failures=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# check command...: its stdout and stderr, line by line.
check() {
    "$bench" "$@" >"$tmp/out" 2>&1
    rc=$?
    if [ "$rc" -ge 128 ]; then
        echo "FAIL ($*): exit status $rc"
        failures=$((failures + 1))
    elif [ -s "$tmp/out" ] && [ "$(tail -c 1 "$tmp/out" | od -An -tx1 | tr -d ' ')" != 0a ]; then
        echo "FAIL ($*): the last line has no newline: $(tail -n 1 "$tmp/out")"
        failures=$((failures + 1))
    elif awk 'length($0) > 100 { print FILENAME ":" FNR ": " length($0) " columns: " $0; bad = 1 } END { exit bad }' "$tmp/out" &&
        ! grep -nE '[0-9][eE][+-]?[0-9]' "$tmp/out"; then
        echo "ok   ($*)"
    else
        echo "FAIL ($*)"
        failures=$((failures + 1))
    fi
}

check help
for cmd in devices limits run profile inspect compare; do
    check help "$cmd"
done
check devices
check limits
check limits --kernels
check limits --bytes-per-item 64 --slm-per-group 4096 --group-size 256
check inspect
check run --list
check run bank --quick
check run --quick
check run --quick --min-time 0.00001 reduce/many
check profile reduce/many --quick
# run --list keeps what each variant measures, wrapped in its column, in 100 columns.
if ! "$bench" run --list | head -1 | grep -q '^variant  *measures  *rate'; then
    echo "FAIL (run --list): no 'measures' column"
    failures=$((failures + 1))
fi
"$bench" run reduce --quick --json "$tmp/a.json" >/dev/null 2>&1
check compare "$tmp/a.json" "$tmp/a.json"
[ "$failures" -eq 0 ]
