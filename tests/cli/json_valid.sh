#!/bin/sh
# SPDX-License-Identifier: MIT
# The JSON the tool writes parses and holds what the schema promises.
# usage: json_valid.sh path/to/ze-slm-bench
set -eu
bench=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bench" devices --json - >"$tmp/devices.json"
"$bench" run reduce hist --quick --reps 2 --json "$tmp/run.json" --csv "$tmp/run.csv" >/dev/null
python3 - "$tmp" <<'PY'
import json, sys, csv
d = sys.argv[1]
dev = json.load(open(d + "/devices.json"))
assert dev["schema"] == 1 and dev["devices"], dev
for x in dev["devices"]:
    for k in ("name", "backend", "slm_per_group", "max_group_size", "subgroup_sizes"):
        assert k in x, k
doc = json.load(open(d + "/run.json"))
assert doc["schema"] == 3 and doc["seed"] == 2009 and not doc["errors"] and len(doc["devices"]) == 1
assert doc["tool"] == "ze-slm-bench %s (git %s)" % (doc["version"], doc["commit"]) and doc["commit"], doc["tool"]
run = doc["devices"][0]
assert not run["errors"]
# What the device built for the run, not what it had built when it opened.
assert run["module_format"] in ("OpenCL C source", "SPIR-V") or run["module_format"].startswith("native"), run["module_format"]
res = [r for r in run["results"] if r["outcome"] == "measured"]
assert len(res) >= 6, len(res)
for r in res:
    assert r["verified"] is True
    assert len(r["times_ns"]) == 2 and r["min_ns"] <= r["median_ns"] <= r["max_ns"]
    # The host waited at least the device's time for each launch, so for their medians too.
    assert r["wall_median_ns"] >= r["median_ns"], r
    assert r["rate"] > 0 and r["rate_unit"] == "GB/s"
    # Typed parameters: the text column's "n=1048576 kind=uniform" as {"n": 1048576, "kind": "uniform"}.
    pairs = (p.split("=") for p in r["parameters"].split())
    assert r["params"] == {k: int(v) if v.isdigit() else v for k, v in pairs}, r
rows = list(csv.DictReader(open(d + "/run.csv")))
assert len(rows) == len(run["results"])
print("ok:", len(dev["devices"]), "devices,", len(res), "measured results")
PY
