#!/bin/sh
# SPDX-License-Identifier: MIT
# A results file is read a device at a time (json/doc_reader.h), so memory grows with
# one device and not with the file; no device is needed, the file is made
# here: a document of 1500 devices of 185 results (about 80 MB).
#   summary: merge --summary-only of it finds every device, its peak memory above that
#            of a file of one device a small part of the file's size (the whole file
#            parsed at once took 13x it: 740 MB for 54 MB);
#   limit:   --read-limit below its size refuses it with one line naming the limit, on
#            merge and on compare; a size that is not one is a usage error;
#   compare: compare of it with itself reads it and finds every result unchanged.
# usage: doc_stream.sh path/to/ze-slm-bench CASE
set -eu
bench=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; cat "$tmp/err.txt" 2>/dev/null | head -5; exit 1; }
python3 - "$tmp" <<'PY'
import json, sys
# big.json, and one.json of its first device alone.
for name, n in (("big", 1500), ("one", 1)):
  with open("%s/%s.json" % (sys.argv[1], name), "w") as f:
    f.write('{"schema": 2, "complete": true, "devices": [')
    for d in range(n):
        rows = [{"workload": "w%d" % (i % 7), "variant": "v%d" % (i % 13), "parameters": "n=%d" % i,
                 "outcome": "measured", "median_ns": 1000 + i % 97, "spread": 0.01, "rate": 1.0 + i % 5,
                 "rate_unit": "GB/s", "times_ns": [1000 + i % 97 + k for k in range(-2, 3)]} for i in range(185)]
        f.write((", " if d else "") + json.dumps({"index": d % 8, "host": "node%d" % (d // 8),
                                                  "device": {"name": "gpu", "uuid": "u%d" % d}, "results": rows}))
    f.write("]}")
PY
size=$(wc -c <"$tmp/big.json")
case $2 in
summary)
    python3 - "$bench" "$tmp" "$size" <<'PY' || exit 1
import resource, subprocess, sys
bench, tmp, size = sys.argv[1], sys.argv[2], int(sys.argv[3])
# The peak of a file of one device: the program's own.
subprocess.run([bench, "merge", "--summary-only", tmp + "/one.json"], capture_output=True, check=True)
base = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
p = subprocess.run([bench, "merge", "--summary-only", "--jsonl", tmp + "/v.jsonl", tmp + "/big.json"],
                   capture_output=True, text=True)
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
out = p.stdout + p.stderr
assert p.returncode == 0, (p.returncode, out[-2000:])
assert "1500 devices and 0 errors, from 1 file." in out, out[-500:]
assert sum(1 for _ in open(tmp + "/v.jsonl")) == 1500
assert peak - base < size / 4, f"peak {peak >> 20} MiB (one device: {base >> 20}) for a file of {size >> 20} MiB"
print(f"{size >> 20} MiB read, peak {peak >> 20} MiB (one device: {base >> 20} MiB)")
PY
    ;;
limit)
    # merge --strict and compare: one line; merge without --strict: an ERROR entry that says it.
    status=0
    "$bench" merge --read-limit 1M "$tmp/big.json" >"$tmp/out.txt" 2>"$tmp/err.txt" || status=$?
    [ $status = 4 ] || fail "merge: exit $status, not 4"
    grep -q "^ERROR.*larger than the 1 MiB a file read may be" "$tmp/out.txt" || fail "merge: no ERROR line"
    for cmd in merge compare; do
        status=0
        if [ $cmd = merge ]; then
            "$bench" merge --strict --read-limit 1M "$tmp/big.json" >"$tmp/out.txt" 2>"$tmp/err.txt" || status=$?
        else
            "$bench" compare --read-limit 1M "$tmp/big.json" "$tmp/big.json" >"$tmp/out.txt" 2>"$tmp/err.txt" || status=$?
        fi
        [ $status = 1 ] || fail "$cmd: exit $status, not 1"
        [ "$(wc -l <"$tmp/err.txt")" = 1 ] || fail "$cmd: not one line"
        grep -q "big.json: larger than the 1 MiB a file read may be (--read-limit SIZE raises it)" "$tmp/err.txt" ||
            fail "$cmd: no limit named"
    done
    status=0
    "$bench" merge --read-limit 1X "$tmp/big.json" >"$tmp/out.txt" 2>"$tmp/err.txt" || status=$?
    [ $status = 2 ] || fail "--read-limit 1X: exit $status, not 2"
    grep -q "is not a size" "$tmp/err.txt" || fail "--read-limit 1X: no reason"
    # At the limit exactly, it is read.
    "$bench" merge --summary-only --read-limit "$size" "$tmp/big.json" >"$tmp/out.txt" 2>"$tmp/err.txt" ||
        fail "--read-limit of its size: refused"
    ;;
compare)
    "$bench" compare "$tmp/big.json" "$tmp/big.json" >"$tmp/out.txt" 2>"$tmp/err.txt" || fail "exit $?"
    grep -q "All devices: 277500 results in both, 0 changed" "$tmp/out.txt" || fail "not every result compared"
    ;;
*) echo "unknown case $2"; exit 1 ;;
esac
echo "doc_stream $2: ok"
