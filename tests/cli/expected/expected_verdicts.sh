#!/bin/sh
# SPDX-License-Identifier: MIT
# Expected values beside the headline figures, through the tool's rendering of a
# results file (merge): the project's committed H100 run (results/h100/, schema 3) planted
# as three devices. Each case says what the text and the JSON must show.
#   expected_verdicts.sh TOOL SOURCE_DIR
set -eu
tool=$1 src=$2
run=$src/tests/fixtures/documents/h100-run.json
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export ZESLM_EXPECTED_FILE="$src/share/expected/expected.json"
fail() { echo "FAIL: $*"; exit 1; }

# plant KIND OUT: the H100's run made into another device.
#   low:  every rate 30% low, every time per access 30% longer (1 / 0.7): a throttled device
#   high: memory clock and bus width, and half the compute units, that give peaks below
#         what it measured (properties or method wrong)
#   none: a device the table does not know
plant() {
    python3 - "$run" "$1" "$2" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
kind = sys.argv[2]
for dev in doc["devices"]:
    if kind == "low":
        for r in dev["results"]:
            if not isinstance(r.get("rate"), (int, float)):
                continue
            slower = r["rate_unit"].startswith("ns/")
            r["rate"] = r["rate"] / 0.7 if slower else r["rate"] * 0.7
            if isinstance(r.get("extra"), (int, float)) and "bytes per clock" in (r.get("extra_name") or ""):
                r["extra"] *= 0.7
    elif kind == "high":
        dev["device"]["memory_clock_mhz"] = 1000
        dev["device"]["memory_bus_bits"] = 4096
        dev["device"]["compute_units"] = 66
    else:
        dev["device"]["name"] = "Planted GPU 9000"
json.dump(doc, open(sys.argv[3], "w"))
PY
}

# verdict FILE FIGURE: the JSON's verdict of one figure of the first device.
verdict() {
    python3 -c '
import json, sys
e = json.load(open(sys.argv[1]))["devices"][0]["expected"]
print({f["figure"]: f["verdict"] for f in e["figures"]}.get(sys.argv[2], "absent"))' "$1" "$2"
}

# 1. The real run: every figure with a published value is as expected, none HIGH.
"$tool" merge "$run" --json "$tmp/real.json" > "$tmp/real.txt"
grep -q "Is this device normal?" "$tmp/real.txt" || fail "no expected-values table in the text"
! grep -Eq " (LOW|HIGH)$" "$tmp/real.txt" || fail "the H100's own run shows LOW or HIGH: $(grep -E ' (LOW|HIGH)$' "$tmp/real.txt")"
for f in memory_read slm_latency l1_latency l2_latency memory_latency banks; do
    [ "$(verdict "$tmp/real.json" $f)" = "as expected" ] || fail "real run: $f is $(verdict "$tmp/real.json" $f)"
done
# Every figure the table publishes is a workload's headline (zeslm_workload.headlines),
# which this run of every workload judges: a headline renamed on one side only leaves its
# published values judging nothing.
python3 - "$tmp/real.json" "$ZESLM_EXPECTED_FILE" <<'PY' || fail "the table publishes figures no workload has"
import json, sys
judged = {x["figure"] for x in json.load(open(sys.argv[1]))["devices"][0]["expected"]["figures"]}
published = {p["figure"] for fam in json.load(open(sys.argv[2]))["families"] for p in fam.get("published", [])}
if published - judged:
    sys.exit("published, never judged: " + ", ".join(sorted(published - judged)))
PY

# 2. 30% low: LOW against the published values, in the text and the JSON.
plant low "$tmp/low-in.json"
"$tool" merge "$tmp/low-in.json" --json "$tmp/low.json" > "$tmp/low.txt"
for f in memory_read memory_copy slm_latency l1_latency l2_latency memory_latency; do
    [ "$(verdict "$tmp/low.json" $f)" = LOW ] || fail "30% low: $f is $(verdict "$tmp/low.json" $f), not LOW"
done
grep -Eq "^memory read .* LOW$" "$tmp/low.txt" || fail "30% low: the text has no LOW memory read"
grep -q "memory read LOW: worse than the published value past its tolerance" "$tmp/low.txt" ||
    fail "30% low: the text does not say why"

# 3. Properties whose peak is below the measurement: HIGH, in the text and the JSON.
plant high "$tmp/high-in.json"
"$tool" merge "$tmp/high-in.json" --json "$tmp/high.json" > "$tmp/high.txt"
for f in memory_read slm_bandwidth slm_atomics int32_mad; do
    [ "$(verdict "$tmp/high.json" $f)" = HIGH ] || fail "peak below: $f is $(verdict "$tmp/high.json" $f), not HIGH"
done
grep -Eq "^memory read .* HIGH$" "$tmp/high.txt" || fail "peak below: the text has no HIGH memory read"
grep -q "1000 MHz x 4096 bits x 2 / 8" "$tmp/high.txt" || fail "peak below: the memory peak's formula is not shown"

# 4. A device with no entry says so; its paper peaks are still worked out.
plant none "$tmp/none-in.json"
"$tool" merge "$tmp/none-in.json" --json "$tmp/none.json" > "$tmp/none.txt"
grep -q "no entry for this device in the table of expected values" "$tmp/none.txt" || fail "unknown device: no note"
python3 -c '
import json, sys
e = json.load(open(sys.argv[1]))["devices"][0]["expected"]
assert e["family"] is None and "no entry" in e["note"], e
slm = [f for f in e["figures"] if f["figure"] == "slm_bandwidth"][0]
assert slm["verdict"] == "no published value" and slm["paper_peak"] > 0, slm' "$tmp/none.json" || fail "unknown device: JSON"
# 5. The report page shows the verdicts (where matplotlib is there to draw the rest).
if /usr/bin/python3 -c "import matplotlib" 2> /dev/null; then
    /usr/bin/python3 "$src/tools/ze-slm-plot/ze-slm-plot" --bench "$tool" "$tmp/low.json" "$tmp/page" > /dev/null ||
        fail "ze-slm-plot on the 30% low file"
    grep -q "<h2>Is this device normal?</h2>" "$tmp/page/index.html" || fail "the page has no expected values"
    grep -q '<td class="flag" title="worse than the published value[^"]*">LOW</td>' "$tmp/page/index.html" ||
        fail "the page shows no LOW"
fi
# 6. What the READMEs say of the committed run (results/h100/run.json) against the H100 SXM
#    sample: L1 and SLM as expected in cycles, L2 over 222 cycles (LOW past the
#    tolerance, as the ratio says), memory judged in ns; the SLM atomics' peak labelled the tool's assumption.
"$tool" merge "$src/results/h100/run.json" --json "$tmp/h100.json" > "$tmp/h100.txt"
python3 -c '
import json, sys
f = {x["figure"]: x for x in json.load(open(sys.argv[1]))["devices"][0]["expected"]["figures"]}
l2 = f["l2_latency"]["published"]
assert [p["value"] for p in l2] == [222] and "NVIDIA H100 80GB HBM3.json" in l2[0]["source"], l2
# The verdict follows the ratio to the sample and its tolerance, whichever run is committed.
assert f["l2_latency"]["verdict"] == ("LOW" if l2[0]["ratio"] > 1 + l2[0]["tolerance"] else "as expected"), l2
assert f["l1_latency"]["verdict"] == "as expected" and f["slm_latency"]["verdict"] == "as expected"
m = f["memory_latency"]["published"]
assert [(p["value"], p["unit"]) for p in m] == [(370, "ns")] and f["memory_latency"]["verdict"] == "as expected", m' \
    "$tmp/h100.json" || fail "the committed H100 run against the SXM sample"
tr '\n' ' ' < "$tmp/h100.txt" | sed 's/  */ /g' |
    grep -q "SLM atomics peak: .* one atomic a bank a clock, this tool's assumption (no published rate)" ||
    fail "the SLM atomics' paper peak is not labelled the tool's own assumption"
echo "expected verdicts: as expected, LOW, HIGH and no entry, in text and JSON"
