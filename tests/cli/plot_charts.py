#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every chart of a results file (a full run: results/h100/run.json, or one given),
checked as matplotlib objects, not pixels: each value axis names its unit with one SI
prefix for the chart (ns, us, ms; never "kns/launch") and its tick labels are plain
numbers; no axes holds more series than the palette has colours (carveout's 17
reservations split over panels); the rates caption says which end is fastest by each
panel's unit (a time: farthest left).

usage: plot_charts.py path/to/ze-slm-plot path/to/ze-slm-bench RESULTS.json [WANT_CHARTS]
WANT_CHARTS: the charts the file must give, comma-separated (default: all eight)."""
import importlib.machinery
import importlib.util
import os
import re
import sys
import tempfile

plot_path, bench, results = sys.argv[1:4]
want = (sys.argv[4] if len(sys.argv) > 4 else
        "roofline,rates,bank,occupancy,group_size,latency,carveout,atomics").split(",")
loader = importlib.machinery.SourceFileLoader("ze_slm_plot", plot_path)
spec = importlib.util.spec_from_loader("ze_slm_plot", loader)
plot = importlib.util.module_from_spec(spec)
loader.exec_module(plot)
try:
    plot.need_matplotlib()
except plot.Failed as err:
    print(err)
    sys.exit(77)

failures = []
drawn = {}
original_save = plot.save
# A unit in an axis label: "(us)", "(TB/s)", "(Gatomic/s)", "(ms)".
UNIT = re.compile(r"\(([pnumkMGTP]?)([A-Za-z/]+)\)$")
TIME_PREFIXES = {"p", "n", "u", "m", ""}


def shown_ticks(labels, limits, i):
    """The labels of the ticks inside the axis' limits (matplotlib labels some outside);
    i: 0 for x, 1 for y."""
    lo, hi = min(limits), max(limits)
    return [t.get_text() for t in labels if lo - abs(lo) * 1e-9 <= t.get_position()[i] <= hi + abs(hi) * 1e-9]


def record(fig, outdir, stem, made, caption):
    fig.canvas.draw()
    axes = []
    for ax in fig.axes:
        texts = [t.get_text() for t in ax.get_legend().get_texts()] if ax.get_legend() else []
        axes.append({
            "xlabel": ax.get_xlabel(), "ylabel": ax.get_ylabel(),
            "xticks": shown_ticks(ax.get_xticklabels(), ax.get_xlim(), 0),
            "yticks": shown_ticks(ax.get_yticklabels(), ax.get_ylim(), 1),
            "series": len(texts), "title": ax.get_title(),
        })
    drawn[stem] = {"axes": axes, "caption": caption}
    return original_save(fig, outdir, stem, made, caption)


plot.save = record
with tempfile.TemporaryDirectory() as tmp:
    rc = plot.main(["ze-slm-plot", "--bench", bench, results, os.path.join(tmp, "plots")])
    if rc != 0:
        failures.append(f"ze-slm-plot: exit status {rc}")

for stem in want:
    if stem not in drawn:
        failures.append(f"{stem}: not drawn (drawn: {', '.join(drawn)})")
for stem, chart in drawn.items():
    for i, ax in enumerate(chart["axes"]):
        where = f"{stem} axes {i} ({ax['title'] or ax['ylabel']})"
        if ax["series"] > plot.PALETTE:
            failures.append(f"{where}: {ax['series']} series, more than the {plot.PALETTE} colours")
        for label, ticks in ((ax["xlabel"], ax["xticks"]), (ax["ylabel"], ax["yticks"])):
            m = UNIT.search(label)
            if not m:
                continue
            prefix, base = m.groups()
            if base.startswith("s") and prefix not in TIME_PREFIXES or re.search(r"[kMG]ns", label):
                failures.append(f"{where}: a time axis labelled '{label}'")
            odd = [t for t in ticks if t and not re.fullmatch(r"[-\u2212]?[0-9.]+(e[-+]?[0-9]+)?", t)]
            if odd:
                failures.append(f"{where}: ticks of '{label}' are not plain numbers: {odd[:3]}")
            # One prefix for the chart, chosen for its values: the largest tick under 1000.
            values = [float(t.replace("\u2212", "-")) for t in ticks if t and t not in odd]
            if values and max(values) >= 1000:
                failures.append(f"{where}: '{label}' has a tick of {max(values)}: the prefix is too small")
rates = drawn.get("rates")
if rates:
    time_panels = [ax["title"] for ax in rates["axes"] if re.search(r"time per .*\((?:[pnum]?)s\)$", ax["xlabel"])]
    rate_panels = [ax["title"] for ax in rates["axes"] if ax["title"] not in time_panels]
    if time_panels and "farthest left" not in rates["caption"]:
        failures.append(f"rates: panels of a time ({', '.join(time_panels)}) but the caption says: {rates['caption']}")
    if rate_panels and "farthest right" not in rates["caption"]:
        failures.append(f"rates: panels of a rate but the caption says: {rates['caption']}")

for f in failures:
    print("FAIL:", f)
print("plot_charts:", f"{len(drawn)} charts,", "FAILED" if failures else "ok")
sys.exit(1 if failures else 0)
