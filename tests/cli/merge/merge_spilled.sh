#!/bin/sh
# SPDX-License-Identifier: MIT
# merge sets each device's results aside in a temporary file once read and reads them
# back to write (io/spool.c): what it writes must be what the rank files hold. 24 rank
# files made from the committed H100 run (every workload, fleet_files.py) with one slow:
#   - each merged device's results, summaries and findings equal its rank file's;
#   - the merged document written again as one file (nothing set aside) is the same bytes;
#   - the CSV has every result of every device, the Markdown every device's tables;
#   - a TMPDIR that cannot hold the file: one error line, exit 1, the output untouched.
# usage: merge_spilled.sh ZE_SLM_BENCH SOURCE_DIR
set -eu
bench=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
python3 "$src/tests/cli/fleet/fleet_files.py" "$src/results/h100/run.json" "$tmp/fleet" --ranks 24 --per-host 4 \
    --slow 5:0.7 || fail "fleet_files.py"
set +e
"$bench" merge --fail-on warn "$tmp"/fleet/*.json --json "$tmp/m.json" --csv "$tmp/m.csv" --markdown "$tmp/m.md" >"$tmp/out" 2>&1
rc=$?
set -e
[ "$rc" = 3 ] || fail "merge: exit $rc, not 3 (one SLOW): $(tail -5 "$tmp/out")"
grep -q '^SLOW .*rank 5,' "$tmp/out" || fail "no SLOW line for rank 5: $(head -5 "$tmp/out")"
python3 - "$tmp" <<'PY'
import csv, glob, json, sys
tmp = sys.argv[1]
merged = json.load(open(tmp + "/m.json"))
ranks = {}
for path in glob.glob(tmp + "/fleet/*.json"):
    doc = json.load(open(path))
    for d in doc["devices"]:
        ranks[path] = d
devices = merged["devices"]
assert len(devices) == 24, len(devices)
n_results = 0
for d in devices:
    mine = ranks[d["source"]]
    # The slowed rank's summaries are the template's (fleet_files.py scales results
    # alone); a reader works them out again from the results.
    keys = ("results", "device", "errors") + (() if d["rank"]["rank"] == 5 else ("summaries", "findings"))
    for key in keys:
        assert d[key] == mine[key], (d["source"], key)
    n_results += len(d["results"])
assert n_results > 24 * 100, n_results
rows = list(csv.DictReader(open(tmp + "/m.csv")))
assert len(rows) == n_results, (len(rows), n_results)
assert {r["verdict"] for r in rows} == {"PASS", "SLOW"}, {r["verdict"] for r in rows}
md = open(tmp + "/m.md").read()
assert md.count("\n## d") == 24 and md.count("\n### ") >= 24 * 10, md[:500]
print(f"24 devices, {n_results} results: as their rank files hold them")
PY
"$bench" merge --fail-on warn "$tmp/m.json" --json "$tmp/again.json" >/dev/null 2>&1 || true
cmp -s "$tmp/m.json" "$tmp/again.json" || fail "the merged document written again is not the same bytes"
cp "$tmp/m.json" "$tmp/before.json"
set +e
TMPDIR="$tmp/none" "$bench" merge "$tmp"/fleet/*.json --json "$tmp/m.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
set -e
[ "$rc" = 1 ] || fail "no TMPDIR: exit $rc, not 1"
[ "$(wc -l <"$tmp/err")" = 1 ] && grep -q "TMPDIR" "$tmp/err" || fail "no TMPDIR: not one line naming it: $(cat "$tmp/err")"
cmp -s "$tmp/m.json" "$tmp/before.json" || fail "a failed merge replaced its output"
echo "merge sets results aside and writes them back whole"
