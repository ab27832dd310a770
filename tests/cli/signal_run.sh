#!/bin/sh
# SPDX-License-Identifier: MIT
# SIGINT a long conv run (n = m = 200000: 4e10 multiply-adds a launch on a CPU device)
# once its first launch began: the run ends within 2 s of the signal, exit status 130,
# and its file says `complete: false` and why. Once the launch ran on to its
# end and the host check after it could not be stopped at all. The signal waits for
# the progress log's first line, written after the tool's handler is in place: a
# background job of a non-interactive shell starts with SIGINT ignored, so a signal a
# fixed second in could land before the handler on a loaded machine and be lost.
# usage: signal_run.sh path/to/ze-slm-bench
set -eu
bench=$1
tmp=$(mktemp -d)
ZESLM_PROGRESS_LOG="$tmp/progress.log" "$bench" run conv/doc_global --size 200000 --taps 200000 --reps 1 \
    --warmup 1 --json "$tmp/s.json" >/dev/null 2>"$tmp/err.txt" &
pid=$!
trap 'kill $pid 2>/dev/null || true; rm -rf "$tmp"' EXIT
tries=0
until [ -s "$tmp/progress.log" ]; do
    tries=$((tries + 1))
    [ $tries -lt 600 ] || { echo "FAIL: no launch began within 60 s"; exit 1; }
    kill -0 $pid 2>/dev/null || { echo "FAIL: the run ended before its first launch: $(cat "$tmp/err.txt")"; exit 1; }
    sleep 0.1
done
sleep 0.2
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
