#!/bin/sh
# SPDX-License-Identifier: MIT
# --quiet: errors only. A run prints nothing, on a terminal neither (no progress line),
# and writes the files it was asked for; an error is still its one line; every
# command takes it.
# usage: quiet.sh path/to/ze-slm-bench
set -u
bench=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
    echo "FAIL: $*"
    exit 1
}
"$bench" run --quick reduce/many --quiet --json "$tmp/r.json" --trace "$tmp/t.json" >"$tmp/out" 2>"$tmp/err" ||
    fail "run --quiet: exit status $?: $(cat "$tmp/err")"
[ -s "$tmp/out" ] && fail "run --quiet printed: $(head -3 "$tmp/out")"
[ -s "$tmp/err" ] && fail "run --quiet said on stderr: $(head -3 "$tmp/err")"
python3 -c 'import json, sys; json.load(open(sys.argv[1])); json.load(open(sys.argv[2]))' "$tmp/r.json" "$tmp/t.json" ||
    fail "run --quiet did not write its files"
# Without it the same run prints its tables: the check above can fail.
"$bench" run --quick reduce/many >"$tmp/out" 2>&1 || fail "run: exit status $?"
grep -q "^many " "$tmp/out" || fail "run without --quiet printed no table"
if command -v script >/dev/null; then
    script -qfec "$bench run --quick reduce/many --quiet" /dev/null >"$tmp/tty" 2>&1 || fail "run --quiet on a terminal"
    [ -s "$tmp/tty" ] && fail "run --quiet on a terminal printed: $(head -c 200 "$tmp/tty")"
fi
# JSON to stdout stays; its text goes nowhere.
"$bench" devices --quiet --json - >"$tmp/out" 2>"$tmp/err" || fail "devices --quiet --json -"
python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$tmp/out" || fail "devices --quiet --json - is not JSON"
[ -s "$tmp/err" ] && fail "devices --quiet --json - said: $(cat "$tmp/err")"
for cmd in devices limits "inspect --target tgllp --kernel reduce_many" "compare $tmp/r.json $tmp/r.json"; do
    # shellcheck disable=SC2086
    "$bench" $cmd --quiet >"$tmp/out" 2>&1 || fail "$cmd --quiet: exit status $?: $(cat "$tmp/out")"
    [ -s "$tmp/out" ] && fail "$cmd --quiet printed: $(head -3 "$tmp/out")"
done
# An error is still said.
"$bench" run --quick nosuchbench --quiet >"$tmp/out" 2>"$tmp/err" && fail "a bad bench passed under --quiet"
grep -q "^ze-slm-bench: error: run: unknown bench 'nosuchbench'" "$tmp/err" || fail "no error under --quiet: $(cat "$tmp/err")"
echo "quiet: ok"
