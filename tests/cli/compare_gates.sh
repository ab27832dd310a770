#!/bin/sh
# compare is a gate that must not pass on nonsense: files with no result in common or
# from different devices are an error, and --fail-over flags only changes larger than
# the two runs' own spread.
# usage: compare_gates.sh path/to/ze-slm-bench
bench=$1
failures=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# results DEVICE SPREAD NAME:MEDIAN_NS[:N]... > file: a results file of schema 1 (n=1000
# unless N is given).
results() {
    python3 - "$@" <<'PY'
import json, sys
device, spread = sys.argv[1], float(sys.argv[2])
rows = []
for item in sys.argv[3:]:
    name, median, n = (item + ":1000").split(":")[:3]
    rows.append({"workload": "reduce", "variant": name, "parameters": f"n={n}", "outcome": "measured",
                 "median_ns": int(median), "spread": spread})
print(json.dumps({"schema": 1, "device": {"name": device}, "results": rows}))
PY
}

. "$(dirname "$0")/compare_expect.sh"

results gpu0 0.01 a:1000 b:2000 >"$tmp/base.json"
results gpu0 0.01 c:1000 >"$tmp/disjoint.json"
results gpu0 0.01 a:1000 b:2000:4000 >"$tmp/one_resized.json"
results gpu1 0.01 a:1000 b:2000 >"$tmp/other_device.json"
# 10% slower, but each run spread over 50%: noise.
results gpu0 0.5 a:1000 b:2000 >"$tmp/noisy_old.json"
results gpu0 0.5 a:1100 b:2200 >"$tmp/noisy_new.json"
# 10% slower with a 1% spread: a regression.
results gpu0 0.01 a:1100 b:2200 >"$tmp/slower.json"

expect 1 "^ze-slm-bench: error: the two files have no result in common" "$tmp/base.json" "$tmp/disjoint.json" --fail-over 5
# Default sizes follow a probe of the device: results of a variant at other sizes are
# counted and the way to compare them said (not for a variant the old run lacks).
results gpu0 0.01 a:1000:2000 b:2000:2000 c:1000:2000 >"$tmp/resized.json"
expect 1 "^2 results ran at other parameters than the old run's of the same variant" "$tmp/base.json" "$tmp/resized.json"
expect 0 "^1 result ran at other parameters" "$tmp/base.json" "$tmp/one_resized.json"
expect 1 "different devices (--any-device" "$tmp/base.json" "$tmp/other_device.json" --fail-over 5
expect 0 "2 results in both, 0 changed" "$tmp/base.json" "$tmp/other_device.json" --fail-over 5 --any-device
expect 0 "0 changed by more than their spread, 0 slower" "$tmp/noisy_old.json" "$tmp/noisy_new.json" --fail-over 5
expect 3 "2 changed by more than their spread, 2 slower" "$tmp/base.json" "$tmp/slower.json" --fail-over 5
expect 0 "" "$tmp/base.json" "$tmp/slower.json" --fail-over 20
# The change column is signed, as benchstat prints it: +10.0% slower, -9.1% faster.
expect 3 "reduce a n=1000 .* +10.0% \* REGRESSION" "$tmp/base.json" "$tmp/slower.json" --fail-over 5
expect 0 "reduce b n=1000 .* -9.1% \*$" "$tmp/slower.json" "$tmp/base.json" --fail-over 5
expect 0 "reduce a n=1000 .* 0.0%$" "$tmp/base.json" "$tmp/base.json"

if [ "$failures" -ne 0 ]; then
    echo "$failures case(s) failed"
    exit 1
fi
