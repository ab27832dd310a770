#!/bin/sh
# SPDX-License-Identifier: MIT
# Tables use the width they are given: at COLUMNS=200 no column of the default run's
# tables is left out; at COLUMNS=100 (and with no COLUMNS, stdout not a terminal: 100)
# spread (the noise figure ~ marks) goes last but for group and work.
# usage: table_columns.sh path/to/ze-slm-bench
bench=$1
failures=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

COLUMNS=200 "$bench" run --quick >"$tmp/wide" 2>&1 || fail "run --quick at COLUMNS=200: exit status $?"
grep "left out to fit" "$tmp/wide" && fail "COLUMNS=200: a column was left out"
tables=$(grep -c "^variant " "$tmp/wide")
[ "$tables" -ge 8 ] || fail "COLUMNS=200: $tables tables, expected the 8 of the default run"

unset COLUMNS
"$bench" run --quick >"$tmp/narrow" 2>&1 || fail "run --quick at 100 columns: exit status $?"
awk 'length($0) > 100 { print "over 100 columns: " $0; bad = 1 } END { exit bad }' "$tmp/narrow" || fail "a line is wider than 100"
# spread goes after every optional column but group and work, whose "unconverged" must
# show (converge.sh): on PoCL the occupancy and atomics tables, with their flags, are
# too wide for it; the other six keep it.
with_spread=$(grep -c "^variant .* spread " "$tmp/narrow")
[ "$with_spread" -ge 6 ] || fail "at 100 columns, $with_spread tables have a spread column, not 6"
grep "left out to fit" "$tmp/narrow" | while read -r line; do
    case $line in
    *" spread"*) case $line in *work*) echo "FAIL: spread left out before work: $line" ;; esac ;;
    esac
done | grep FAIL && fail "spread went before work"

# A COLUMNS that is no width is ignored (100), not obeyed.
COLUMNS=wide "$bench" run --quick roofline >"$tmp/bad" 2>&1 || fail "COLUMNS=wide: exit status $?"
awk 'length($0) > 100 { bad = 1 } END { exit bad }' "$tmp/bad" || fail "COLUMNS=wide: a line is wider than 100"

[ "$failures" -eq 0 ] && echo "table_columns: ok"
