#!/bin/sh
# SPDX-License-Identifier: MIT
# A slow kernel hits --timeout with its name in the error; SIGINT stops a run with exit
# status 130 and a results file that parses and says it is incomplete; compare gates on
# regressions with exit status 3.
# usage: faults.sh path/to/ze-slm-bench
set -u
bench=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# 80M rounds of SLM reads per work-item take minutes on any device here (PoCL: 2 s
# at 800k rounds); the deadline is 1 s. (100M outputs of conv/doc_global, used
# before, took 1.15 s on PoCL here: on a quiet machine they finished in time.)
"$bench" profile bank/strided --group-sizes 64 --size 10000000 --timeout 1 --reps 1 --warmup 1 \
    >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 1 ] || fail "timeout: exit status $rc: $(cat "$tmp/out" "$tmp/err")"
grep -q "error: bank: kernel bank_strided did not finish within 1.0 s" "$tmp/err" || fail "timeout: $(cat "$tmp/err")"
echo "ok: timeout names the kernel"

# The file appears once the first workload is done; interrupt the second one.
"$bench" run reduce bank --quick --reps 200 --json "$tmp/int.json" >"$tmp/out" 2>"$tmp/err" &
pid=$!
waited=0
while [ ! -f "$tmp/int.json" ] && [ "$waited" -lt 600 ]; do
    sleep 0.1
    waited=$((waited + 1))
done
kill -INT "$pid"
wait "$pid"
rc=$?
[ "$rc" -eq 130 ] || fail "SIGINT: exit status $rc"
python3 - "$tmp/int.json" <<'PY' || fail "SIGINT: results file"
import json, sys
doc = json.load(open(sys.argv[1]))
assert doc["complete"] is False, doc["complete"]
d = doc["devices"][0]
assert d["errors"][-1]["status"] == "ZESLM_ERR_INTERRUPTED", d["errors"]
assert any(r["outcome"] == "measured" for r in d["results"]), "nothing kept"
PY
ls "$tmp"/int.json.tmp 2>/dev/null && fail "SIGINT: temporary file left behind"
echo "ok: SIGINT keeps a readable, incomplete results file"

# 5 launches: one more than the fewest whose U test can call a change at alpha 0.05.
"$bench" run reduce --quick --reps 5 --json "$tmp/a.json" >/dev/null 2>&1 || fail "run a"
"$bench" compare "$tmp/a.json" "$tmp/a.json" --fail-over 0 >"$tmp/out" 2>&1 || fail "compare of a file with itself: $(cat "$tmp/out")"
grep -q " results in both, 0 changed" "$tmp/out" || fail "compare: $(cat "$tmp/out")"
# Make every launch of b ten times as slow as a's: beyond any spread a quick run has.
python3 - "$tmp/a.json" "$tmp/b.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for r in d["devices"][0]["results"]:
    if r["outcome"] == "measured":
        r["median_ns"] *= 10
        r["times_ns"] = [t * 10 for t in r["times_ns"]]
json.dump(d, open(sys.argv[2], "w"))
PY
"$bench" compare "$tmp/a.json" "$tmp/b.json" --fail-over 50 >"$tmp/out" 2>&1
rc=$?
[ "$rc" -eq 3 ] || fail "compare gate: exit status $rc"
grep -q "REGRESSION" "$tmp/out" || fail "compare gate: $(cat "$tmp/out")"
"$bench" compare "$tmp/b.json" "$tmp/a.json" --fail-over 50 >/dev/null 2>&1 || fail "a speed-up is no regression"
echo "ok: compare gates on regressions"
