#!/bin/sh
# SPDX-License-Identifier: MIT
# Two default runs of one device choose the same sizes, though the machine is busy in
# one of them (a timed probe chose them before, and a 10% slower probe halved them),
# and the run says which rule chose them.
# usage: sizes_kept.sh path/to/ze-slm-bench
bench=$1
tmp=$(mktemp -d)
hog=
cleanup() {
    [ -n "$hog" ] && kill "$hog" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT

# params FILE: each result's workload, variant and parameters, one a line.
params() {
    python3 -c 'import json, sys
for d in json.load(open(sys.argv[1]))["devices"]:
    for r in d["results"]:
        print(r["workload"], r["variant"], r["parameters"])' "$1"
}

"$bench" run hist/lanes --reps 3 --json "$tmp/quiet.json" >"$tmp/quiet.txt" 2>&1 || { cat "$tmp/quiet.txt"; exit 1; }
# A second run with a core kept busy by a shell loop.
sh -c 'while :; do :; done' &
hog=$!
"$bench" run hist/lanes --reps 3 --json "$tmp/busy.json" >"$tmp/busy.txt" 2>&1 || { cat "$tmp/busy.txt"; exit 1; }
kill "$hog"
hog=
params "$tmp/quiet.json" >"$tmp/quiet.params"
params "$tmp/busy.json" >"$tmp/busy.params"
if ! cmp -s "$tmp/quiet.params" "$tmp/busy.params"; then
    echo "FAIL: the sizes moved with the machine's load"
    diff "$tmp/quiet.params" "$tmp/busy.params"
    exit 1
fi
grep -q "^Default sizes, by the device's properties (the same on every run): " "$tmp/quiet.txt" ||
    { cat "$tmp/quiet.txt"; echo "FAIL: the run does not say which rule chose its sizes"; exit 1; }
python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))["devices"][0]
assert d["size_rule"], d' "$tmp/quiet.json" || { echo "FAIL: no size_rule in the document"; exit 1; }
echo "sizes_kept: ok ($(head -1 "$tmp/quiet.params"))"
