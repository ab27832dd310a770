#!/bin/sh
# SPDX-License-Identifier: MIT
# A Data Center GPU Max 1550 results document (tests/fixtures/documents/pvc-run.json, a
# synthetic fixture: its L1 and L2 latencies placed near the published measurements, its
# memory latency 30% past them) shows the published PVC figures beside its own, each with
# its verdict: the measured latencies (colleeneb/abc-pvc-deepdive) and Intel's guide's
# 150/300 cycles side by side, judged in cycles of the clock the run sampled.
#   expected_pvc.sh TOOL SOURCE_DIR
set -eu
tool=$1 src=$2
run=$src/tests/fixtures/documents/pvc-run.json
table=${ZESLM_EXPECTED_FILE:-$src/share/expected/expected.json}
export ZESLM_EXPECTED_FILE="$table"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

grep -q '(synthetic: ' "$run" || fail "the fixture does not say it is synthetic"
"$tool" merge "$run" --json "$tmp/out.json" > "$tmp/out.txt" || fail "merge of the PVC document"
python3 - "$tmp/out.json" "$table" "$run" <<'PY' || fail "the PVC document's figures against the published ones"
import json, sys
e = json.load(open(sys.argv[1]))["devices"][0]["expected"]
assert e["family"].startswith("Intel Xe-HPC"), e["family"]
figs = {f["figure"]: f for f in e["figures"]}
table = [f for f in json.load(open(sys.argv[2]))["families"] if f["family"] == e["family"]][0]
doc = json.load(open(sys.argv[3]))["devices"][0]
mhz = doc["clocks"]["workloads"]["latency"]["mhz_median"]
# Every latency the table publishes for the Max 1550 is shown beside the figure, with
# its source; the measured ones cite the study's file, the guide's its page.
for fig, ns_key in (("l1_latency", "level1_ns"), ("l2_latency", "level2_ns"), ("memory_latency", "level3_ns")):
    want = sorted(p["value"] for p in table["published"] if p["figure"] == fig
                  and any("Max 1550" in d for d in p.get("devices", ["Max 1550"])))
    f = figs[fig]
    got = sorted(p["value"] for p in f["published"])
    assert got == want and want, (fig, got, want)
    # judged in cycles of the clock sampled: ns x MHz / 1000
    assert abs(f["measured_cycles"] - doc["findings"]["latency"][ns_key] * mhz / 1000) < 1e-6, f
    for p in f["published"]:
        assert p["unit"] == "cycles" and abs(p["ratio"] - f["measured_cycles"] / p["value"]) < 1e-9, p
        lim = p["value"] * (1 + p["tolerance"])
        assert p["verdict"] == ("LOW" if f["measured_cycles"] > lim else "as expected"), p
    assert any("abc-pvc-deepdive" in p["source"] and ".csv" in p["source"] for p in f["published"]), fig
by = lambda fig: {p["value"]: p for p in figs[fig]["published"]}
# The study and the guide side by side, 2.8x apart, the gap said in the entries.
l2 = by("l2_latency")
assert l2[426]["verdict"] == "as expected" and l2[150]["verdict"] == "LOW", l2
assert "2.8x" in l2[426]["conditions"] and "Optimization Guide" in l2[150]["source"], l2
assert figs["l2_latency"]["verdict"] == "as expected"   # within one source's tolerance
mem = by("memory_latency")
assert set(mem) == {858.6, 300} and figs["memory_latency"]["verdict"] == "LOW", mem
assert figs["l1_latency"]["verdict"] == "as expected"
PY
# The text: each figure's published values and verdict on its row, the gap and method below.
grep -Eq "^L1 latency +38\.4 ns \(61 cycles\) +61 cycles +as expected$" "$tmp/out.txt" || fail "the L1 row: $(grep '^L1' "$tmp/out.txt")"
grep -Eq "^L2 latency .* 426 cycles; 150 cycles \(LOW\) +as expected$" "$tmp/out.txt" || fail "the L2 row: $(grep '^L2' "$tmp/out.txt")"
grep -Eq "^memory latency .* 859 cycles \(LOW\); 300 cycles \(LOW\) +LOW$" "$tmp/out.txt" ||
    fail "the memory row: $(grep '^memory latency' "$tmp/out.txt")"
tr '\n' ' ' < "$tmp/out.txt" | sed 's/  */ /g' > "$tmp/flat.txt"
grep -q "intel_get_cycle_counter()" "$tmp/flat.txt" || fail "the study's method is not shown"
grep -q "the measurement is 2.8x the guide's figure" "$tmp/flat.txt" || fail "the 2.8x gap is not said"
echo "the PVC document beside the published PVC figures, with verdicts"
