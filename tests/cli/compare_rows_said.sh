#!/bin/sh
# SPDX-License-Identifier: MIT
# compare says per row what a pair's results differ in and what no device can do, and
# reports the ratio its interval belongs to: the committed H100 run against a copy in
# which one result ran at another group size (a run's key leaves the group size out)
# and one barrier took 0.1 ns (under one 1980 MHz clock, 0.505 ns), all times of one
# result 10% longer. Each row's ratio lies inside its interval (--json).
# usage: compare_rows_said.sh ZE_SLM_BENCH FIXTURES_DOCUMENTS
set -u
bench=$1
docs=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
python3 - "$docs/h100-run.json" "$tmp/new.json" <<'PY' || fail "cannot write the changed copy"
import json, sys
doc = json.load(open(sys.argv[1]))
results = doc["devices"][0]["results"]
def first(workload, variant):
    return next(r for r in results if r["workload"] == workload and r["variant"] == variant and r.get("times_ns"))
r = first("reduce", "sequential")
r["group_size"] = 32
r["times_ns"] = [int(t * 1.1) for t in r["times_ns"]]
b = first("occupancy", "barrier")
b["rate"] = 0.1
json.dump(doc, open(sys.argv[2], "w"))
PY
"$bench" compare "$docs/h100-run.json" "$tmp/new.json" --verbose --markdown "$tmp/md" >/dev/null 2>"$tmp/err"
rc=$?
[ "$rc" -eq 0 ] || fail "compare: exit status $rc: $(cat "$tmp/err")"
grep -q "^| reduce sequential .*+10.0% slower (groups of 32, were 256) |" "$tmp/md" ||
    fail "no row saying the group sizes differ: $(grep 'reduce sequential' "$tmp/md")"
grep -q "^| occupancy barrier .*(new 0.1 ns/barrier is under one clock (0.505 ns): not a possible time) |" "$tmp/md" ||
    fail "no row flagging 0.1 ns a barrier: $(grep 'occupancy barrier' "$tmp/md" | head -3)"
"$bench" compare "$docs/h100-run.json" "$tmp/new.json" --json "$tmp/cmp.json" >/dev/null 2>&1 || fail "compare --json"
python3 - "$tmp/cmp.json" <<'PY' || exit 1
import json, sys
rows = [r for r in json.load(open(sys.argv[1]))["rows"] if r["ci_low"] is not None]
outside = [r["result"] for r in rows if not r["ci_low"] <= r["ratio"] <= r["ci_high"]]
print("%d rows with an interval, %d with the ratio outside it %s" % (len(rows), len(outside), outside[:3]))
sys.exit(1 if outside or not rows else 0)
PY
echo "ok: the group size and the impossible barrier said in their rows"
