#!/bin/sh
# SPDX-License-Identifier: MIT
# compare of logged runs of one device with no change between them calls at least 95%
# of the results unchanged: three runs of the whole suite on one H100 on one day
# (tests/fixtures/compare/h100-2026-11-22*.json: the runs results/h100/ kept until
# 2026-11-25, each result's names, median, spread, work and launch times), each pair both ways. The same
# runs with every launch of the new file made 5% slower are found slower, nearly all.
# usage: compare_logged.sh path/to/ze-slm-bench FIXTURES_DIR
bench=$1
dir=$2/compare
failures=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# share OLD NEW KEY: the share of the matched results whose count is KEY, in percent.
share() {
    "$bench" compare --json "$tmp/cmp.json" "$1" "$2" >/dev/null 2>"$tmp/err" || { cat "$tmp/err"; echo 0; return; }
    python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(int(100 * d[sys.argv[2]] / d["matched"]))' \
        "$tmp/cmp.json" "$3"
}

run1=$dir/h100-2026-11-22.json
run2=$dir/h100-2026-11-22-run2.json
run3=$dir/h100-2026-11-22-run3.json
for pair in "$run1 $run2" "$run2 $run3" "$run1 $run3" "$run2 $run1" "$run3 $run2" "$run3 $run1"; do
    set -- $pair
    unchanged=$(share "$1" "$2" unchanged)
    if [ "$unchanged" -ge 95 ]; then
        echo "ok   $(basename "$1") -> $(basename "$2"): $unchanged% unchanged"
    else
        echo "FAIL $(basename "$1") -> $(basename "$2"): $unchanged% unchanged, not 95%"
        failures=$((failures + 1))
    fi
done

# Every launch and median of run 2, 5% slower.
python3 - "$run2" "$tmp/slower.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for r in d["results"]:
    if r["outcome"] == "measured":
        r["median_ns"] = round(r["median_ns"] * 1.05)
        r["times_ns"] = [round(t * 1.05) for t in r["times_ns"]]
json.dump(d, open(sys.argv[2], "w"))
PY
# Found where the launches of one run are tighter than the shift (the noisy atomics
# launches of a few microseconds are not): 3/4 of the suite at least.
slower=$(share "$run2" "$tmp/slower.json" slower)
if [ "$slower" -ge 75 ]; then
    echo "ok   run2 -> run2 5% slower: $slower% slower"
else
    echo "FAIL run2 -> run2 5% slower: $slower% slower"
    failures=$((failures + 1))
fi
[ "$failures" -eq 0 ]
