#!/bin/sh
# SPDX-License-Identifier: MIT
# compare is a gate that must not pass on nonsense: files with no result in common or
# from different devices are an error; a change is reported only where the launches
# show it (a Mann-Whitney U test, a 3% threshold), --fail-over gates on those alone;
# the summary comes first and results only one file has are counted a workload.
# usage: compare_gates.sh path/to/ze-slm-bench
bench=$1
failures=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# results DEVICE SD NAME:MEDIAN_NS[:N[:WORKLOAD]]... > file: a results file of schema 1
# (n=1000, workload reduce unless given), each result with 20 launch times around its
# median at a relative standard deviation SD (the normal quantiles of 20 even steps:
# the same every time); SD "none" writes no launch times, as files before them did.
results() {
    python3 - "$@" <<'PY'
import json, statistics, sys
device, sd = sys.argv[1], sys.argv[2]
z = [statistics.NormalDist().inv_cdf((i + 0.5) / 20) for i in range(20)]
rows = []
for item in sys.argv[3:]:
    parts = item.split(":")
    name, median = parts[0], parts[1]
    n, workload = (parts[2:] + ["1000", "reduce"][len(parts) - 2:])[:2]
    row = {"workload": workload, "variant": name, "parameters": f"n={n}", "outcome": "measured",
           "median_ns": int(median), "spread": 0.01}
    if sd != "none":
        row["times_ns"] = sorted(max(1, round(int(median) * (1 + float(sd) * q))) for q in z)
    rows.append(row)
print(json.dumps({"schema": 1, "device": {"name": device}, "results": rows}))
PY
}

. "$(dirname "$0")/compare_expect.sh"

results gpu0 0.01 a:1000000 b:2000000 >"$tmp/base.json"
results gpu0 0.01 c:1000000 >"$tmp/disjoint.json"
results gpu0 0.01 a:1000000 b:2000000:4000 >"$tmp/one_resized.json"
results gpu1 0.01 a:1000000 b:2000000 >"$tmp/other_device.json"
# 10% slower, but each run's launches spread with a 30% standard deviation: noise.
results gpu0 0.3 a:1000000 b:2000000 >"$tmp/noisy_old.json"
results gpu0 0.3 a:1100000 b:2200000 >"$tmp/noisy_new.json"
# 10% slower at a 1% standard deviation: a regression.
results gpu0 0.01 a:1100000 b:2200000 >"$tmp/slower.json"
# 5% slower at 20 launches: found.
results gpu0 0.01 a:1050000 b:2100000 >"$tmp/five.json"
# 2% slower with launches that do not overlap: real, but under the 3% threshold.
results gpu0 0.001 a:1000000 b:2000000 >"$tmp/tight.json"
results gpu0 0.001 a:1020000 b:2040000 >"$tmp/tight_2pct.json"
results gpu0 none a:1000000 b:2000000 >"$tmp/no_times_old.json"
results gpu0 none a:1100000 b:2200000 >"$tmp/no_times_new.json"
# Two workloads, and results only one file has.
results gpu0 0.01 a:1000000 b:2000000 x:1000:1000:hist y:1000:1000:hist z:1000:1000:bank >"$tmp/mixed_old.json"
results gpu0 0.01 a:1000000 b:2200000 w:1000:1000:hist >"$tmp/mixed_new.json"

expect 1 "^ze-slm-bench: error: the two files have no result in common" "$tmp/base.json" "$tmp/disjoint.json" --fail-over 5
# Results of a variant at other sizes are counted and the way to compare them said
# (not for a variant the old run lacks).
results gpu0 0.01 a:1000:2000 b:2000:2000 c:1000:2000 >"$tmp/resized.json"
expect 1 "^2 results ran at other parameters than the old run's of the same variant" "$tmp/base.json" "$tmp/resized.json"
expect 0 "^1 result ran at other parameters" "$tmp/base.json" "$tmp/one_resized.json"
expect 1 "different devices (--any-device" "$tmp/base.json" "$tmp/other_device.json" --fail-over 5
expect 0 "2 results in both, 0 changed" "$tmp/base.json" "$tmp/other_device.json" --fail-over 5 --any-device
expect 0 "2 results in both, 0 changed" "$tmp/noisy_old.json" "$tmp/noisy_new.json" --fail-over 5
expect 0 "^0 significantly slower by more than 5%" "$tmp/noisy_old.json" "$tmp/noisy_new.json" --fail-over 5
expect 3 "2 results in both, 2 changed: 2 slower, 0 faster" "$tmp/base.json" "$tmp/slower.json" --fail-over 5
expect 3 "^2 significantly slower by more than 5%" "$tmp/base.json" "$tmp/slower.json" --fail-over 5
expect 0 "" "$tmp/base.json" "$tmp/slower.json" --fail-over 20
expect 0 "reduce a n=1000 .* +5.0% slower$" "$tmp/base.json" "$tmp/five.json"
expect 0 "2 results in both, 0 changed" "$tmp/tight.json" "$tmp/tight_2pct.json"
expect 0 "2 results in both, 2 changed: 2 slower" "$tmp/tight.json" "$tmp/tight_2pct.json" --threshold 1
expect 2 "^ze-slm-bench: error: --alpha: '0.9' is not a probability" "$tmp/base.json" "$tmp/slower.json" --alpha 0.9
expect 2 "^ze-slm-bench: error: --threshold: 'x' is not a percentage" "$tmp/base.json" "$tmp/slower.json" --threshold x
# A p-value under 1e-6 passes the strictest alpha; the same change at alpha 1e-9 does not.
expect 0 "2 results in both, 0 changed" "$tmp/base.json" "$tmp/slower.json" --alpha 0.000000001
# The change column is signed, as benchstat prints it: +10.0% slower, -9.1% faster;
# an unchanged result shows "no change" where its interval lies within the threshold
# and "~" (noise, as in run's tables) where the launches spread too far to tell
# (--verbose lists both).
expect 3 "reduce a n=1000 .* +10.0% slower REGRESSION" "$tmp/base.json" "$tmp/slower.json" --fail-over 5
expect 0 "reduce b n=1000 .* -9.1% faster$" "$tmp/slower.json" "$tmp/base.json" --fail-over 5
expect 0 "reduce a n=1000 .* no change$" "$tmp/base.json" "$tmp/base.json" --verbose
expect 0 "reduce a n=1000 .* ~$" "$tmp/noisy_old.json" "$tmp/noisy_new.json" --verbose
# --sides: each side's median, spread and launches; the interval with or without it.
export COLUMNS=200
expect 0 "^result .* old spread  *old launches .* new spread  *new launches  *new/old  *interval" \
    "$tmp/base.json" "$tmp/slower.json" --sides
expect 0 "reduce a n=1000  *1.00 ms  .*  20  *1.10 ms  .*  20  *1.100  " "$tmp/base.json" "$tmp/slower.json" --sides
unset COLUMNS
# The fewest launches a side that can show a change, as the error says it: at 0.05,
# 4 are tested (10% slower, every launch apart: a regression) and 3 are not; at 0.01,
# 6 and 5.
keep() {
    python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
for r in d["results"]:
    r["times_ns"] = r["times_ns"][8:8 + int(sys.argv[2])]
print(json.dumps(d))' "$1" "$2"
}
for k in 3 4 5 6; do
    keep "$tmp/base.json" "$k" >"$tmp/base_$k.json"
    keep "$tmp/slower.json" "$k" >"$tmp/slower_$k.json"
done
expect 3 "2 changed: 2 slower" "$tmp/base_4.json" "$tmp/slower_4.json" --fail-over 5
expect 1 "tested nothing (4 launches a side are the fewest at --alpha 0.05)" "$tmp/base_3.json" "$tmp/slower_3.json" --fail-over 5
expect 3 "2 changed: 2 slower" "$tmp/base_6.json" "$tmp/slower_6.json" --fail-over 5 --alpha 0.01
expect 1 "tested nothing (6 launches a side are the fewest at --alpha 0.01)" "$tmp/base_5.json" "$tmp/slower_5.json" --fail-over 5 --alpha 0.01
# Without launch times nothing is tested: the ratios are shown, and a gate that
# tested nothing fails.
expect 0 "2 results in both, 0 changed: 0 slower, 0 faster, 2 untested (too few launch times)" \
    "$tmp/no_times_old.json" "$tmp/no_times_new.json"
expect 1 "error: no result in common has enough launch times" "$tmp/no_times_old.json" "$tmp/no_times_new.json" --fail-over 5
# The summary first, per workload; results only one file has, a line of counts.
expect 0 "^reduce  *2  *1  *0  *1  *1.049$" "$tmp/mixed_old.json" "$tmp/mixed_new.json"
expect 0 "^all  *2  *1  *0  *1  *1.049$" "$tmp/mixed_old.json" "$tmp/mixed_new.json"
expect 0 "^Only in old: hist 2, bank 1 (--verbose lists them)" "$tmp/mixed_old.json" "$tmp/mixed_new.json"
expect 0 "^Only in new: hist 1 (--verbose lists them)" "$tmp/mixed_old.json" "$tmp/mixed_new.json"
expect 0 "bank z n=1000 .* only in old$" "$tmp/mixed_old.json" "$tmp/mixed_new.json" --verbose
"$bench" compare "$tmp/mixed_old.json" "$tmp/mixed_new.json" >"$tmp/order" 2>&1
first=$(grep -n "results in both" "$tmp/order" | head -1 | cut -d: -f1)
changes=$(grep -n "^Changes" "$tmp/order" | head -1 | cut -d: -f1)
if [ -z "$first" ] || [ -z "$changes" ] || [ "$first" -gt "$changes" ]; then
    echo "FAIL: the summary does not come before the changes"
    cat "$tmp/order"
    failures=$((failures + 1))
fi
if grep -q "only in old" "$tmp/order"; then
    echo "FAIL: without --verbose, results only in old are listed one by one"
    failures=$((failures + 1))
fi

if [ "$failures" -ne 0 ]; then
    echo "$failures case(s) failed"
    exit 1
fi
