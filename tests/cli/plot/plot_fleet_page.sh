#!/bin/sh
# SPDX-License-Identifier: MIT
# ze-slm-plot's fleet page of many devices: a merged document of 300 ranks
# (tests/cli/fleet/fleet_files.py, from the H100 run fixture cut to a few results of each
# workload, scores spread by --jitter) with planted faults draws a page that opens with
# the failing entries, the worst first (MISSING, ERROR, INCOMPLETE, then SLOW by score),
# and nothing else before them; then a score histogram per model and workload and a box
# per host, of bounded size; then every entry in a table. No device's report is drawn
# unless --per-device asks (a fleet of 12: each device's report, linked from the page).
# No time is measured here (the figures at 1000 devices are a benchmark's).
# usage: plot_fleet_page.sh ZE_SLM_BENCH SOURCE_DIR
set -u
bench=$1
src=$2
plot="$src/tools/ze-slm-plot/ze-slm-plot"
/usr/bin/python3 -c 'import matplotlib' 2>/dev/null || { echo "SKIP: no matplotlib"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# A rank file's template: the H100 run with its first 4 results of each workload.
/usr/bin/python3 - "$src/tests/fixtures/documents/h100-run.json" "$tmp/template.json" <<'PY' || fail "template"
import json, sys
doc = json.load(open(sys.argv[1]))
kept, seen = [], {}
for r in doc["devices"][0]["results"]:
    if r.get("outcome") == "measured" and seen.get(r["workload"], 0) < 4:
        seen[r["workload"]] = seen.get(r["workload"], 0) + 1
        kept.append(r)
doc["devices"][0]["results"] = kept
json.dump(doc, open(sys.argv[2], "w"))
PY

# 300 ranks, 4 a host: rank 5 at 0.6 and 211 at 0.8 of the others' speed, rank 100 cut
# short, rank 150 without its device, rank 299 with no file; three devices of another model (each
# with two peers, --min-peers' default: judged).
python3 "$src/tests/cli/fleet/fleet_files.py" "$tmp/template.json" "$tmp/ranks" --ranks 300 --per-host 4 --jitter 0.02 \
    --slow 5:0.6 --slow 211:0.8 --killed 100 --no-device 150 --drop 299 --model 40:other --model 41:other --model 42:other ||
    fail "fleet_files.py"
"$bench" merge "$tmp/ranks/"*.json --json "$tmp/fleet.json" >"$tmp/merge.out" 2>&1
[ $? -eq 4 ] || fail "merge: $(tail -3 "$tmp/merge.out")"

"$plot" --bench "$bench" "$tmp/fleet.json" "$tmp/page" >"$tmp/out" 2>&1 || fail "ze-slm-plot: $(cat "$tmp/out")"
/usr/bin/python3 - "$tmp/page" <<'PY' || exit 1
import os, struct, sys
page = sys.argv[1]
text = open(os.path.join(page, "index.html")).read()
body = text[text.index("<body>"):]
# Nothing but the title and the file's name before the failing entries.
failing, distributions = body.index('<h2 id="failing">'), body.index('<h2 id="distributions">')
assert body.index("<h1>298 devices on 75 hosts</h1>") < failing, body[:400]
assert "<table" not in body[:failing] and "<img" not in body[:failing], "something before the failing entries"
table = body[failing:distributions]
# Entries, as many as the heading's devices and those without one (the rank that left
# nothing, the device that did not open).
# Those at level FAIL (merge's default --fail-on counts them) first, then the two SLOW
# devices, at 0.6 and 0.8 above the FAIL floor of 0.5: WARN, to look at. Each with its
# level and reason code.
assert "Failing: 3 of 300 entries (298 devices and 2 entries without one); 2 more to look at" in table, table[:200]
rows = table.split("<tr>")[2:]
planted = [("MISSING", "FAIL", "<td>299</td>", "ZESLM_FR_MISSING"), ("ERROR", "FAIL", "<td>150</td>", "ZESLM_FR_"),
           ("INCOMPLETE", "FAIL", "<td>100</td>", "ZESLM_FR_INCOMPLETE"), ("SLOW", "WARN", "<td>5</td>", "ZESLM_FR_SLOW"),
           ("SLOW", "WARN", "<td>211</td>", "ZESLM_FR_SLOW")]
assert len(rows) == len(planted), f"{len(rows)} failing rows: {rows}"
for row, (verdict, level, rank, code) in zip(rows, planted):
    assert f">{verdict}<" in row and f"<td>{level}</td>" in row and rank in row and code in row, \
        (verdict, level, rank, code, row)
assert "PASS" not in table.split("</p>", 1)[1], "a passing device among the failing"
# The two SLOW devices by score, each near its planted factor (the jitter is 2%).
scores = [float(r.split("<td>")[-1].split("</td>")[0]) for r in rows[3:]]
assert abs(scores[0] - 0.6) < 0.05 and abs(scores[1] - 0.8) < 0.05, scores
# The distributions: both charts, each of bounded size (no chart wider than a screen's
# few thousand pixels, whatever the number of devices), the histogram of both models.
for stem in ("scores", "hosts"):
    assert os.path.getsize(os.path.join(page, f"{stem}.svg")) > 0
    with open(os.path.join(page, f"{stem}.png"), "rb") as f:
        w, h = struct.unpack(">II", f.read(24)[16:24])
    assert w <= 2000 and h <= 6600, (stem, w, h)
svg = open(os.path.join(page, "scores.svg")).read()
assert "other" in svg and "every workload: 3 devices" in svg, "the second model has no histogram"
# The host chart draws the worst hosts and says how many it left out.
assert "first, of 75; the other 35 hosts" in text, "the host chart's summary"
# Every entry in the table, no device's report.
every = body[body.index('<h2 id="devices">'):]
assert every.count("<tr>") == 1 + 300, every.count("<tr>")
# A score per workload (merge's JSON lines carry them): rank 5's all near its 0.6.
assert "<th>roofline</th>" in every and "<th>reduce</th>" in every, every[:600]
row5 = next(r for r in every.split("<tr>") if r.startswith("<td>node0001</td><td>5</td>"))
cells = [c.split("</td>")[0] for c in row5.split("<td>")[6:]]
assert len(cells) >= 4 and all(abs(float(c) - 0.6) < 0.05 for c in cells if c), row5
assert not [n for n in os.listdir(page) if n.startswith("device-")], "reports drawn without --per-device"
print("fleet page of 300 ranks: ok")
PY

# --per-device on a fleet of 12 (more than a page draws by default): each device's report,
# linked from the failing entries and the table.
python3 "$src/tests/cli/fleet/fleet_files.py" "$tmp/template.json" "$tmp/twelve" --ranks 12 --per-host 4 --slow 7:0.5 ||
    fail "fleet_files.py"
"$bench" merge "$tmp/twelve/"*.json --json "$tmp/twelve.json" --fail-on warn >"$tmp/merge.out" 2>&1
[ $? -eq 3 ] || fail "merge of 12: $(tail -3 "$tmp/merge.out")"
"$plot" --bench "$bench" "$tmp/twelve.json" "$tmp/few" >"$tmp/out" 2>&1 || fail "ze-slm-plot: $(cat "$tmp/out")"
[ "$(ls "$tmp/few" | grep -c '^device-')" -eq 0 ] || fail "reports drawn without --per-device"
"$plot" --per-device --bench "$bench" "$tmp/twelve.json" "$tmp/each" >"$tmp/out" 2>&1 ||
    fail "ze-slm-plot --per-device: $(cat "$tmp/out")"
[ "$(ls -d "$tmp/each"/device-*/ | wc -l)" -eq 12 ] || fail "$(ls "$tmp/each")"
for d in "$tmp/each"/device-*/; do
    [ -s "$d/index.html" ] && ls "$d"/*.svg >/dev/null 2>&1 || fail "$d has no report or chart"
done
grep -q '<td class="flag">SLOW</td><td>[A-Z]*</td><td>node0001</td><td>7</td><td><a href="device-7/index.html">d7</a>' \
    "$tmp/each/index.html" || fail "the slow device's failing entry links no report"
echo "fleet page: ok"
