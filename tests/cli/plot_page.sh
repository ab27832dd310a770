#!/bin/sh
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
plot="$src/tools/ze-slm-plot/ze-slm-plot"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
    echo "FAIL: $*"
    exit 1
}

# Without matplotlib (python3 -S: no site packages): --help works, drawing says what to install.
/usr/bin/python3 -S "$plot" --help >"$tmp/help" 2>&1 || fail "--help without matplotlib: $(cat "$tmp/help")"
grep -q "^usage: ze-slm-plot" "$tmp/help" || fail "--help printed no usage"
/usr/bin/python3 -S "$plot" "$src/results/h100/run.json" "$tmp/none" >"$tmp/err" 2>&1
[ $? -eq 1 ] && grep -q "^ze-slm-plot: error: .*python3-matplotlib" "$tmp/err" && [ "$(wc -l <"$tmp/err")" -eq 1 ] ||
    fail "without matplotlib: $(cat "$tmp/err")"

# Parameters: typed first, the text without regular expressions otherwise.
/usr/bin/python3 -S - "$plot" <<'PY' || fail "parameter reading"
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
"$plot" "$tmp/run.json" "$tmp/page" >"$tmp/out" 2>&1 || fail "ze-slm-plot: $(cat "$tmp/out")"
for f in rates.png rates.svg index.html; do
    [ -s "$tmp/page/$f" ] || fail "no $f: $(cat "$tmp/out")"
done
"$plot" "$src/results/h200x2/run.json" "$tmp/fleet" >"$tmp/out" 2>&1 || fail "ze-slm-plot of two devices: $(cat "$tmp/out")"
for d in 0 1; do
    for f in roofline bank latency atomics occupancy; do
        [ -s "$tmp/fleet/device-$d/$f.png" ] && [ -s "$tmp/fleet/device-$d/$f.svg" ] || fail "no device-$d/$f chart"
    done
    grep -q "<h1>NVIDIA H200</h1>" "$tmp/fleet/device-$d/index.html" || fail "device-$d's page does not name it"
done
[ -s "$tmp/fleet/index.html" ] || fail "no fleet page"

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
has "<h1>pthread-" "the device's name as its title"
has 'class="warning">This run used <code>--quick</code>' "the --quick warning"
has 'class="warning">pthread-[^<]* is not a GPU' "the CPU warning"
has '<table class="results"><tbody><tr><th>variant</th>' "a results table"
has '<td>doc_tree</td>' "the doc_tree row"
has '<th>SLM per work-group</th><td>512 KiB</td>' "the device's SLM as devices shows it"
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
"$plot" "$src/tests/fixtures/documents/h100-one-vs-two.json" "$tmp/merged" >"$tmp/out" 2>&1 || fail "ze-slm-plot of a merged file: $(cat "$tmp/out")"
render "$tmp/merged/index.html" "$tmp/dom"
has '<a href="device-2/index.html">d2: vm, rank 1</a>' "where each device ran"
has "the same device as d0" "which devices are one"
has "<th>total</th>" "the total column"
has "<h2>The share of each launch's wall time its kernel ran</h2>" "the busy share table"
has "<td>latency</td><td>93%</td><td>44%</td><td>44%</td>" "latency's busy share on each device"
has "<td>footprint=1&nbsp;KiB</td>" "byte counts scaled"
has '<figure id="c-fleet"><img src="fleet.svg"' "the fleet chart"
echo ok
