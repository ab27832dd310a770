#!/bin/sh
# SPDX-License-Identifier: MIT
# ze-slm-plot's report page: a --quick run on PoCL (a CPU, no roofline) draws what it
# holds and warns about both; the page, rendered by headless Chromium, has its title,
# warnings, results tables, device facts as `devices` shows them, and every chart with
# its caption; a file of two devices gets a fleet page, and a merged one shows where each
# device ran, which are one device, and the busy share. Parameters are read from the
# typed `params` where present, else from the text split on blanks and '='. Without
# matplotlib the tool says what to install (and --help still works). Chromium
# missing: the rendering is skipped (exit 77) after the rest has passed.
# usage: plot_page.sh path/to/ze-slm-bench SOURCE_DIR
set -u
bench=$1
src=$2
script="$src/tools/ze-slm-plot/ze-slm-plot"
plot() { "$script" --bench "$bench" "$@"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
    echo "FAIL: $*"
    exit 1
}

# Without matplotlib (python3 -S: no site packages): --help works, drawing says what to install.
/usr/bin/python3 -S "$script" --help >"$tmp/help" 2>&1 || fail "--help without matplotlib: $(cat "$tmp/help")"
grep -q "^usage: ze-slm-plot" "$tmp/help" || fail "--help printed no usage"
/usr/bin/python3 -S "$script" "$src/tests/fixtures/documents/h100-run.json" "$tmp/none" >"$tmp/err" 2>&1
[ $? -eq 1 ] && grep -q "^ze-slm-plot: error: .*python3-matplotlib" "$tmp/err" && [ "$(wc -l <"$tmp/err")" -eq 1 ] ||
    fail "without matplotlib: $(cat "$tmp/err")"

# Parameters: typed first, the text without regular expressions otherwise.
/usr/bin/python3 -S - "$script" <<'PY' || fail "parameter reading"
import importlib.machinery, sys
tool = importlib.machinery.SourceFileLoader("plot", sys.argv[1]).load_module()
assert tool.params({"params": {"stride": 16}, "parameters": "stride=4"}) == {"stride": 16}
assert tool.params({"parameters": "pattern=one n=270336"}) == {"pattern": "one", "n": 270336}
assert tool.params({"parameters": "-"}) == {} and tool.params({}) == {}
assert "import re" not in open(sys.argv[1]).read()
PY

# A --quick run on a CPU of one workload without the roofline: its chart, its table,
# both warnings.
"$bench" run reduce --quick --reps 3 --backend cl --json "$tmp/run.json" >"$tmp/out" 2>&1 || fail "run: $(cat "$tmp/out")"
plot "$tmp/run.json" "$tmp/page" >"$tmp/out" 2>&1 || fail "ze-slm-plot: $(cat "$tmp/out")"
for f in rates.png rates.svg index.html; do
    [ -s "$tmp/page/$f" ] || fail "no $f: $(cat "$tmp/out")"
done
plot "$src/results/h200x2/run.json" "$tmp/fleet" >"$tmp/out" 2>&1 || fail "ze-slm-plot of two devices: $(cat "$tmp/out")"
for d in 0 1; do
    for f in roofline bank latency atomics occupancy; do
        [ -s "$tmp/fleet/device-$d/$f.png" ] && [ -s "$tmp/fleet/device-$d/$f.svg" ] || fail "no device-$d/$f chart"
    done
    grep -q "<h1>NVIDIA H200</h1>" "$tmp/fleet/device-$d/index.html" || fail "device-$d's page does not name it"
done
[ -s "$tmp/fleet/index.html" ] || fail "no fleet page"

# The H100 page tells what the run said: its columns described as computed,
# the flags, the sizes and the closing summary first, a contents list, tables without
# empty columns, each ceiling bar naming its ceiling, the latency levels the findings
# name marked, skipped variants listed with their reason, a best group size only where
# it is clear, and an axis from 0 in one unit.
h100="$src/tests/fixtures/documents/h100-run.json"
plot "$h100" "$tmp/h100" >"$tmp/out" 2>&1 || fail "ze-slm-plot of the H100 run: $(cat "$tmp/out")"
page="$tmp/h100/index.html"
in_page() {
    grep -q -- "$1" "$page" || fail "the H100 page lacks $2"
}
in_page "<b>spread</b> the slowest launch's time less the fastest's, over the median" "spread as computed"
! grep -q "standard deviation as a share of their mean" "$page" || fail "spread described as sd/mean"
in_page '<h2 id="summary">Summary</h2><table class="results"><tr><th>workload</th><th>best variant</th>' "the summary first"
in_page "<td>conv</td><td>tiled</td>" "conv's best variant"
in_page '<p class="flags">Flagged: 1 beat their ceiling (&gt;ceiling); 5 spread by more than 20%' "the flags"
in_page "Default sizes: the full ones" "the size rule"
in_page '<nav><h2>Contents</h2><ul><li><a href="#summary">Summary</a>' "a contents list"
in_page '<li><a href="#c-latency">latency</a></li>' "the charts in the contents"
python3 - "$page" <<'PY' || fail "an empty column in a table"
import re, sys
text = open(sys.argv[1]).read()
latency = text[text.index('<h3 id="w-latency">'):text.index('<h3 id="w-atomics">')]
assert "<th>of ceiling</th>" not in latency and "<th>vs document</th>" not in latency, "latency's empty columns kept"
assert "<th>of ceiling</th>" in text[text.index('<h3 id="w-hist">'):text.index('<h3 id="w-occupancy">')]
PY
in_page "Not measured: reduce/many_subgroup, reduce/many_sg16, reduce/many_sg32, hist/doc_private_sg16" "reduce's and hist's skipped variants"
in_page "Not measured: slm_add_f32, slm_min_f32, slm_max_f32" "atomics' skipped variants"
/usr/bin/python3 - "$script" "$h100" "$bench" <<'PY' || fail "the charts' rules"
import importlib.machinery, json, sys
tool = importlib.machinery.SourceFileLoader("plot", sys.argv[1]).load_module()
tool.need_matplotlib()
doc = tool.per_device(tool.load({"bench": sys.argv[3], "read_limit": None}, sys.argv[2]))[0][1]
find = lambda w, v: next(r for r in tool.measured(doc, w) if r["variant"] == v)
# Each bar's ceiling, from the fraction the file keeps.
assert tool.ceiling_of(doc, find("hist", "copies")) == "roofline/read"
assert tool.ceiling_of(doc, find("conv", "tiled")) == "roofline/imad"
assert tool.ceiling_of(doc, find("bank", "strided")) == "roofline/slm"
assert tool.ceiling_of(doc, find("occupancy", "slm_sweep")) == "roofline/copy"
# The latency levels the findings name, each a line with its name.
fig, (ax,) = tool.figure(doc, "t")
tool.levels(ax, doc)
names = [t.get_text() for t in ax.texts]
assert "first cache: 20.5 ns" in names and "L2: 139 ns" in names and "device memory: 330 ns" in names, names
# A best group size only clear of the runner-up's launches: group_sweep's 64 and 128 overlap.
sweep = sorted((r for r in tool.measured(doc, "occupancy") if r["variant"] == "group_sweep"), key=lambda r: r["group_size"])
assert tool.clear_best(sweep) is None
tput = [r for r in tool.measured(doc, "occupancy") if r["variant"] == "barrier_throughput"]
assert tool.clear_best(tput)["group_size"] == 32
# A linear axis from 0 carries one prefix, in its label, and bare numbers.
fig, (ax,) = tool.figure(doc, "t")
ax.plot([0, 1], [0, 1.5e8])
tool.value_axis(ax, "Gatomic/s", [(1.5e8, 1.4e8, 1.6e8), (2e7, 1e7, 3e7)])
assert ax.get_ylabel() == "atomics per second (Matomic/s)", ax.get_ylabel()
fmt = ax.yaxis.get_major_formatter()
assert fmt(0, 0) == "0" and fmt(1.5e8, 0) == "150", (fmt(0, 0), fmt(1.5e8, 0))
PY

chromium=$(command -v chromium || command -v chromium-browser)
if [ -z "$chromium" ]; then
    echo "SKIPPED: no chromium to render the page (Debian: apt-get install chromium)"
    exit 77
fi
render() {
    timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --dump-dom "file://$1" 2>/dev/null >"$2" ||
        fail "chromium could not render $1"
}
render "$tmp/page/index.html" "$tmp/dom"
has() {
    grep -q -- "$1" "$tmp/dom" || fail "the page lacks $2"
}
# The device's name and SLM a group as the device reports them and `devices` shows them
# (PoCL's name and local memory follow its version and the host CPU).
"$bench" devices --backend cl >"$tmp/devices.txt" 2>&1 && "$bench" devices --backend cl --json >"$tmp/devices.json" ||
    fail "devices: $(cat "$tmp/devices.txt")"
python3 - "$tmp/run.json" "$tmp/devices.txt" "$tmp/devices.json" >"$tmp/asked" <<'PY' || fail "the run's device is not among those devices lists"
import json, re, sys
name = json.load(open(sys.argv[1]))["devices"][0]["device"]["name"]
column = [d["name"] for d in json.load(open(sys.argv[3]))["devices"]].index(name)
row = next(l for l in open(sys.argv[2]) if l.startswith("SLM per work-group "))
print(name)
print(re.split(r"\s{2,}", row.strip())[1 + column])
PY
name=$(sed -n 1p "$tmp/asked")
slm=$(sed -n 2p "$tmp/asked")
has "<h1>$name</h1>" "the device's name ($name) as its title"
has 'class="warning">This run used <code>--quick</code>' "the --quick warning"
has "class=\"warning\">$name is not a GPU" "the CPU warning"
has '<h3 id="w-reduce">reduce</h3><table class="results"><tbody><tr><th>variant</th>' "a results table"
has '<td>doc_tree</td>' "the doc_tree row"
has "<th>SLM per work-group</th><td>$slm</td>" "the device's SLM ($slm) as devices shows it"
has '<th>GPU</th><td>no</td>' "yes/no facts"
! grep -q ">False<\|>\[\]<\|<th>vendor_id</th>" "$tmp/dom" || fail "a raw key or Python value among the facts"
figures=$(grep -o '<figure id="c-[a-z_]*"><img src="[a-z_]*.svg"[^>]*><figcaption>[^<]\{40,\}' "$tmp/dom" | wc -l)
[ "$figures" -eq "$(ls "$tmp/page"/*.svg | wc -l)" ] || fail "$figures captioned figures for $(ls "$tmp/page"/*.svg | wc -l) charts"
render "$tmp/fleet/index.html" "$tmp/dom"
has "<h1>2 devices</h1>" "the fleet page's title"
has 'href="device-1/index.html"' "a link to each device's report"
has "<td>roofline/read</td>" "the results across the devices"
# A merged document (two ranks sharing the device of a third run): where each device
# ran, which are one physical device, the total, the busy share of each workload as
# merge prints it, byte counts scaled, and the side-by-side chart shown on the page.
plot "$src/tests/fixtures/documents/h100-one-vs-two.json" "$tmp/merged" >"$tmp/out" 2>&1 || fail "ze-slm-plot of a merged file: $(cat "$tmp/out")"
render "$tmp/merged/index.html" "$tmp/dom"
has '<a href="device-2/index.html">d2: vm, rank 1</a>' "where each device ran"
has "the same device as d0" "which devices are one"
has "<th>total</th>" "the total column"
has "<h2>The share of each launch's wall time its kernel ran</h2>" "the busy share table"
has "<td>latency</td><td>93%</td><td>44%</td><td>44%</td>" "latency's busy share on each device"
has "<td>footprint=1&nbsp;KiB</td>" "byte counts scaled"
has '<figure id="c-fleet"><img src="fleet.svg"' "the fleet chart"
echo ok
