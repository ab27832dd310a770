#!/bin/sh
# SIGINT a minute-long conv run (n = m = 200000: 4e10 multiply-adds a launch on a CPU
# device) a second in: the run ends within 2 s of the signal, exit status 130, and its
# file says `complete: false` and why. Before issue 18 the launch ran on to its end
# and the host check after it could not be stopped at all.
# usage: signal_run.sh path/to/ze-slm-bench
set -eu
bench=$1
tmp=$(mktemp -d)
"$bench" run conv/doc_global --size 200000 --taps 200000 --reps 1 --warmup 1 --json "$tmp/s.json" \
    >/dev/null 2>"$tmp/err.txt" &
pid=$!
trap 'kill $pid 2>/dev/null || true; rm -rf "$tmp"' EXIT
sleep 1
kill -INT $pid
sent=$(date +%s%N)
status=0
wait $pid || status=$?
took=$(( ($(date +%s%N) - sent) / 1000000 ))
[ $status = 130 ] || { echo "FAIL: exit $status, not 130: $(cat "$tmp/err.txt")"; exit 1; }
[ $took -lt 2000 ] || { echo "FAIL: ended $took ms after SIGINT"; exit 1; }
python3 - "$tmp/s.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["complete"] is False, d["complete"]
errors = [e for dev in d["devices"] for e in dev["errors"]]
assert any(e["status"] == "ZESLM_ERR_INTERRUPTED" and "signal" in e["message"] for e in errors), errors
PY
echo "ended $took ms after SIGINT"
