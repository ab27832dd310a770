#!/usr/bin/env python3
"""Issue 17's checks on a results file of
`run roofline/slm_atomic latency atomics occupancy/barrier,barrier_throughput`:
every result converged; latency flat (10%) from 1 KiB to the end of the first cache
level; atomics/slm_add_i32 distinct within 10% of roofline/slm_atomic; barrier latency
within 10% across the group sizes that fit one compute unit."""
import json, sys

run = json.load(open(sys.argv[1]))
if run.get("schema", 1) >= 3:  # a run document: its one device
    errors = run["errors"]
    run = run["devices"][0]
    run["errors"] = run["errors"] + errors
res = [r for r in run["results"] if r["outcome"] == "measured"]
ok = True


def check(cond, what):
    global ok
    ok &= bool(cond)
    print(("PASS " if cond else "FAIL ") + what)


if run["errors"]:
    print("errors:", run["errors"])
# converged is null where a result has a fixed work (one launch's size, no knob to double).
grown = [r for r in res if r.get("converged") is not None]
bad = [(r["workload"], r["variant"], r["parameters"], r.get("work"), r.get("work_change")) for r in grown
       if r.get("converged") is not True]
check(not bad and grown, "every one of %d results whose work grows converged (%d of fixed work)%s" % (
    len(grown), len(res) - len(grown), "" if not bad else ": not " + repr(bad)))
lat = [r for r in res if r["workload"] == "latency"]
worst = max(r["work_change"] for r in lat) if lat else float("nan")
check(lat and worst < 0.03, "each latency point within 3%% when its steps double (largest change %.2f%%)" % (100 * worst))
for r in lat:
    print("  latency/%-10s %-20s %8.2f ns %7.1f cycles  %9d steps  change %.2f%%" % (
        r["variant"], r["parameters"], r["rate"], r.get("extra", r.get("ratio")) or 0, r["work"], 100 * r["work_change"]))
print("findings:", json.dumps(run["findings"].get("latency"), indent=1))
print("\n".join(run["summaries"].get("latency", "").split(". ")))
lv = run["findings"].get("latency", {}).get("level1_ns")
g = [r for r in lat if r["variant"] == "global"]
if lv and g:
    level = [r for r in g if abs(r["rate"] - g[0]["rate"]) <= 0.10 * g[0]["rate"]]
    rates = [r["rate"] for r in level]
    # The first level's footprints: the run of points within 10% of the first one.
    run1 = []
    for r in g:
        if abs(r["rate"] - g[0]["rate"]) <= 0.10 * g[0]["rate"]:
            run1.append(r)
        else:
            break
    rr = [r["rate"] for r in run1]
    check(len(run1) >= 2 and max(rr) <= 1.10 * min(rr),
          "latency flat from 1 KiB to %s: %.2f..%.2f ns (%d points)" % (run1[-1]["parameters"], min(rr), max(rr), len(run1)))
roof = [r for r in res if r["workload"] == "roofline" and r["variant"] == "slm_atomic"]
add = [r for r in res if r["variant"] == "slm_add_i32" and r["parameters"].startswith("pattern=distinct ")]
if roof and add:
    x = add[0]["rate"] / roof[0]["rate"]
    check(abs(x - 1) <= 0.10, "atomics/slm_add_i32 distinct %.3f Gatomic/s (%d rounds) = %.3fx roofline/slm_atomic %.3f Gatomic/s (%d rounds)" % (
        add[0]["rate"], add[0]["work"], x, roof[0]["rate"], roof[0]["work"]))
bar = [r for r in res if r["variant"] == "barrier"]
if bar:
    rates = [r["rate"] for r in bar]
    for r in bar:
        print("  barrier %-11s %7.2f ns/barrier  %8d rounds" % (r["parameters"], r["rate"], r["work"]))
    check(max(rates) <= 1.10 * min(rates), "barrier latency within 10%% over group sizes 32..1024: %.2f..%.2f ns" % (min(rates), max(rates)))
    line = run["findings"].get("occupancy", {})
    if "barrier_ns" in line:
        check(True, "barrier latency a line in the warps (the run's finding): %.2f ns + %.3f ns a warp" % (
            line["barrier_ns"], line["barrier_ns_per_subgroup"]))
for r in res:
    if r["variant"] == "barrier_throughput":
        print("  barrier_throughput %-11s %8.4f Gbarrier/s/CU  %d groups (%s per CU)  %d rounds" % (
            r["parameters"], r["rate"], r["groups"], r.get("extra", r.get("ratio")), r["work"]))
for r in res:
    if r["workload"] == "atomics" and r["parameters"].startswith("pattern=distinct"):
        print("  %-18s %-26s %9.3f Gatomic/s %6d rounds" % (r["variant"], r["parameters"], r["rate"], r["work"]))
print("atomics:", run["summaries"].get("atomics"))
print("ALL PASS" if ok else "SOME FAIL")
