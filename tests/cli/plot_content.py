# SPDX-License-Identifier: MIT
"""What ze-slm-plot drew, read back from its SVG charts' text (matplotlib keeps each
text as a comment beside its glyphs) against the results file: each chart's axis
labels, a series for each variant measured, and the values it prints: the roofline's
percentages (each variant's best fraction of its ceiling) and the latency chart's
levels (the findings' nanoseconds, to the three digits printed).
usage: plot_content.py RUN_JSON PLOTS_DIR CHART..."""
import json
import re
import sys

problems = []


def texts(chart):
    try:
        svg = open("%s/%s.svg" % (sys.argv[2], chart), encoding="utf-8").read()
    except OSError as e:
        problems.append("%s: %s" % (chart, e))
        return []
    return [t.replace("&gt;", ">").replace("&lt;", "<").replace("&amp;", "&")
            for t in re.findall(r"<!-- (.*?) -->", svg)]


def need(chart, got, want):
    """Each of want among the texts; one ending in " (" may go on (a linear axis's unit)."""
    for w in want:
        if w not in got and not (w.endswith(" (") and any(t.startswith(w) for t in got)):
            problems.append("%s: no %r among its texts" % (chart, w))


doc = json.load(open(sys.argv[1]))
(dev,) = doc["devices"]
measured = [r for r in dev["results"] if r["outcome"] == "measured"]


def variants(workload):
    return sorted({r["variant"] for r in measured if r["workload"] == workload})


def roofline(got):
    need("roofline", got, ["median rate over the ceiling's best launch, same run (best parameters)"])
    best = {}
    for r in measured:
        f = 1.0 if r.get("ceiling_exceeded") else r.get("fraction_of_ceiling")
        if f:
            key = (r["workload"], r["variant"])
            best[key] = max(best.get(key, (0, r)), (f, r), key=lambda p: p[0])
    if not best:
        problems.append("roofline: the results file has no fraction of a ceiling")
    def label(f, r):
        return ">ceiling" if r.get("ceiling_exceeded") else "%.0f%%" % (100 * f)
    labels = [label(f, r) for f, r in best.values()]
    for (w, v), (f, r) in best.items():
        if not any(t.startswith("%s/%s vs " % (w, v)) for t in got):
            problems.append("roofline: no bar of %s/%s" % (w, v))
        # Bar labels beside the axis's own 0% ... 100%.
        mine = label(f, r)
        ticks = 1 if mine in ("0%", "20%", "40%", "60%", "80%", "100%") else 0
        if got.count(mine) < labels.count(mine) + ticks:
            problems.append("roofline: %s/%s's %s printed %d times, wanted %d" %
                            (w, v, mine, got.count(mine) - ticks, labels.count(mine)))


def latency(got):
    need("latency", got, ["footprint of the chain", "time per dependent access (",
                          "Dependent-load latency against footprint"])
    styles = {"global": "global memory", "slm": "SLM", "slm_atomic": "SLM atomic chain"}
    need("latency", got, [styles.get(v, v) for v in variants("latency")])
    found = (dev.get("findings") or {}).get("latency") or {}
    names = {"level1_ns": "first cache", "level2_ns": "L2", "level3_ns": "device memory", "slm_ns": "SLM",
             "slm_atomic_ns": "SLM atomic"}
    for key, name in names.items():
        ns = found.get(key)
        if not isinstance(ns, (int, float)) or ns <= 0:
            continue
        shown = [t for t in got if t.startswith(name + ": ")]
        m = re.fullmatch(r"[^:]+: ([0-9.]+) (ns|us|ms)", shown[0]) if shown else None
        if not m:
            problems.append("latency: no level %r (%.4g ns in the findings): %s" % (name, ns, shown))
            continue
        value = float(m.group(1)) * {"ns": 1, "us": 1e3, "ms": 1e6}[m.group(2)]
        if abs(value - ns) > 0.005 * ns:
            problems.append("latency: %s drawn at %s, the findings say %.4g ns" % (name, shown[0], ns))


def bank(got):
    need("bank", got, ["stride between neighbouring work-items (4-byte words)", "SLM traffic (",
                       "SLM bank conflicts: rate against stride"] + variants("bank"))


def atomics(got):
    if "atomics per second" not in got:
        need("atomics", got, ["atomics per second ("])
    need("atomics", got, ["Atomics by operation and type"])
    ops = sorted({r["params"].get("op") for r in measured if r["workload"] == "atomics" and r.get("params")} - {None})
    need("atomics", got, ops)


def occupancy(got):
    need("occupancy", got, ["SLM reserved per work-group", "copy throughput (TB/s)",
                            "Copy throughput against SLM reserved per work-group"])


def group_size(got):
    need("group_size", got, ["work-items per group", "Rate against work-group size"] +
         ["occupancy/" + v for v in variants("occupancy") if v in ("group_sweep", "barrier", "barrier_throughput")])


checks = {"roofline": roofline, "latency": latency, "bank": bank, "atomics": atomics, "occupancy": occupancy,
          "group_size": group_size}
for chart in sys.argv[3:]:
    got = texts(chart)
    if got:
        if not any(t.startswith(dev["device"]["name"] + " (") for t in got):
            problems.append("%s: no title naming %s" % (chart, dev["device"]["name"]))
        checks[chart](got)
for p in problems:
    print("FAIL:", p)
print("%s: %d problems" % (", ".join(sys.argv[3:]), len(problems)))
sys.exit(1 if problems else 0)
