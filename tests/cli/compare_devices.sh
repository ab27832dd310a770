#!/bin/sh
# SPDX-License-Identifier: MIT
# compare on files of several devices (schema 2): devices pair by name, identical
# names in order, a schema-1 file pairs with the device of its name, and a gate
# counts regressions over every pair. No device is needed: the files are made here.
# usage: compare_devices.sh path/to/ze-slm-bench
bench=$1
failures=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# results DEVICE[@INDEX]:MEDIAN_A,MEDIAN_B ... > file: schema 2 with one device per
# argument (its index its place, or INDEX), or schema 1 for the single argument
# "-1 DEVICE:A,B".
results() {
    python3 - "$@" <<'PY'
import json, sys
args = sys.argv[1:]
one = args[0] == "-1"
def device(spec):
    name, medians = spec.split(":")
    name = name.split("@")[0]
    # Ten launches each, 1% apart around the median.
    rows = [{"workload": "reduce", "variant": v, "parameters": "n=1000", "outcome": "measured",
             "median_ns": int(m), "spread": 0.05,
             "times_ns": [int(m) + int(m) * k // 200 for k in range(-5, 5)]} for v, m in zip("ab", medians.split(","))]
    return {"device": {"name": name}, "results": rows}
if one:
    print(json.dumps(dict(schema=1, **device(args[1]))))
else:
    print(json.dumps({"schema": 2, "devices": [dict(index=int(a.split(":")[0].split("@")[1]) if "@" in a.split(":")[0]
                                                     else i, **device(a)) for i, a in enumerate(args)]}))
PY
}

. "$(dirname "$0")/compare_expect.sh"

results gpu:1000,2000 gpu:1000,2000 cpu:5000,5000 >"$tmp/three.json"
# The second gpu and the cpu 20% slower.
results gpu:1000,2000 gpu:1200,2400 cpu:6000,6000 >"$tmp/three_slower.json"
# The same devices listed in another order: they pair by name and index, not position.
results cpu@2:5000,5000 gpu@0:1000,2000 gpu@1:1000,2000 >"$tmp/reordered.json"
# Re-indexed too (index 0 the cpu here, a gpu in three.json), and no UUID: which gpu
# is which only the index told, so they are refused, never paired by a guess.
results cpu:5000,5000 gpu:1000,2000 gpu:1000,2000 >"$tmp/reindexed.json"
results -1 cpu:5000,5000 >"$tmp/cpu.json"
results other:5000,5000 >"$tmp/other.json"
printf '{"schema": 2, "devices": []}\n' >"$tmp/empty.json"
printf '{"schema": 2, "devices": [{"device": {"name": "x"}}]}\n' >"$tmp/no_results.json"
printf '{"schema": 4, "devices": []}\n' >"$tmp/schema4.json"

expect 0 "6 results in both, 0 changed" "$tmp/three.json" "$tmp/three.json" --fail-over 5
expect 3 "All devices: 6 results in both, 4 changed: 4 slower, 0 faster" "$tmp/three.json" "$tmp/three_slower.json" --fail-over 5
expect 0 "6 results in both, 0 changed" "$tmp/three.json" "$tmp/reordered.json" --fail-over 5
expect 0 "new: .*reordered.json device 0 (cpu)" "$tmp/three.json" "$tmp/reordered.json"
expect 1 "device 1 of NEW (gpu) could be any of 2 devices of OLD .* indexed differently" "$tmp/three.json" \
    "$tmp/reindexed.json"
expect 0 "only in new: device 0 (gpu), not compared" "$tmp/cpu.json" "$tmp/three.json"
expect 0 "2 results in both, 0 changed" "$tmp/three.json" "$tmp/cpu.json"
expect 1 "share no device by name (--any-device" "$tmp/three.json" "$tmp/other.json"
expect 0 "2 results in both" "$tmp/three.json" "$tmp/other.json" --any-device
expect 1 "error: .*empty.json: schema 2 without a \"devices\" array" "$tmp/three.json" "$tmp/empty.json"
expect 1 "error: .*no_results.json: device 0: device field \"results\" is missing" "$tmp/three.json" "$tmp/no_results.json"
expect 1 "error: .*schema4.json: not a ze-slm results file of schema 1, 2 or 3" "$tmp/three.json" "$tmp/schema4.json"

if [ "$failures" -ne 0 ]; then
    echo "$failures case(s) failed"
    exit 1
fi
