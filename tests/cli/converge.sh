#!/bin/sh
# SPDX-License-Identifier: MIT
# Every figure of the workloads that grow their work converged or is flagged, in JSON,
# CSV and text alike; latency names its levels; atomics checks itself against the
# roofline; the barrier's two figures run the launches they say; a speed-up only
# between variants of the same work.
# usage: converge.sh path/to/ze-slm-bench [BUDGET_S]
set -eu
bench=$1
budget=${2:-1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bench" run --quick --reps 3 --converge-time "$budget" roofline/slm_atomic latency atomics/slm_add_i32 \
    occupancy/barrier,barrier_throughput bank --json "$tmp/run.json" --csv "$tmp/run.csv" >"$tmp/run.txt"
python3 - "$tmp" <<'PY'
import csv, json, sys
d = sys.argv[1]
doc = json.load(open(d + "/run.json"))
assert not doc["errors"] and len(doc["devices"]) == 1, doc["errors"]
run = doc["devices"][0]
assert not run["errors"], run["errors"]
res = [r for r in run["results"] if r["outcome"] == "measured"]
text = open(d + "/run.txt").read()
rows = {(r["workload"], r["variant"], r["parameters"]): r for r in csv.DictReader(open(d + "/run.csv"))}
unconverged = 0
for r in res:
    key = (r["workload"], r["variant"], r["parameters"])
    assert r["converged"] in (True, False), key
    assert r["work"] > 0 and r["work_unit"] in ("steps", "rounds"), key
    assert rows[key]["converged"] == str(r["converged"]).lower() and int(rows[key]["work"]) == r["work"], key
    tolerance = 0.02 if r["workload"] == "atomics" else 0.03
    # A probe of a level's end (a footprint between two powers of two) places it on a
    # level within 10%, and converges within half that (LEVEL_PROBE_TOLERANCE).
    fp = int(r["parameters"].split("footprint=")[1].split()[0]) if "footprint=" in r["parameters"] else 0
    if r["variant"] == "global" and fp & (fp - 1):
        tolerance = 0.05
    if r["converged"]:
        # 0 where doubling the work exactly doubled the median (a coarse clock, a short
        # launch); past the tolerance only within what its launches' spread explains, up
        # to 10% (BENCH_NOISE_MAX), which launches that all agree cannot claim.
        assert 0 <= r["work_change"] < tolerance or (r["work_change"] < 0.10 and r["stddev_ns"] > 0), \
            (key, r["work_change"], r["stddev_ns"])
    else:
        unconverged += 1
# The text flags exactly the unconverged results.
assert text.count("unconverged ") == unconverged, (text.count("unconverged "), unconverged)
cus = run["device"]["compute_units"] or 1
for r in res:
    if r["variant"] == "barrier":
        assert r["groups"] == 1 and r["rate_unit"] == "ns/barrier", r
    if r["variant"] == "barrier_throughput":
        assert r["groups"] % cus == 0 and r["rate_unit"] == "Gbarrier/s/CU", r
bank = [r for r in res if r["workload"] == "bank"]
assert bank and all((r["speedup_vs_baseline"] is None) == (r["variant"] == "throughput") for r in bank), \
    [(r["variant"], r["speedup_vs_baseline"]) for r in bank]
# Levels are looked for (test_findings checks the naming on a real GPU curve); a
# CPU's curve under load may show none, or a noisy step that is not higher than the last,
# but every level it names has a latency.
lat = run["findings"]["latency"]
assert "slm_ns" in lat and "global_over_slm" in lat, lat
levels = [lat[k] for k in ("level1_ns", "level2_ns", "level3_ns", "level4_ns") if k in lat]
assert all(v is not None and v > 0 for v in levels), lat
assert "slm_add_over_roofline" in run["findings"]["atomics"], run["findings"]["atomics"]
print("ok:", len(res), "results,", unconverged, "flagged unconverged")
PY
