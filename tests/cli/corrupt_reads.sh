#!/bin/sh
# SPDX-License-Identifier: MIT
# Every variant of every workload under the fault injector (ZESLM_FAULT=corrupt-reads,
# src/core/fault.c: one word of each read from device memory changed) must end in its
# host check's error, never in a time: each variant is run alone (a workload stops at
# its first failed variant), and must exit 1 with a ZESLM_ERR_VERIFY error in its
# document and no measured result. A variant the device cannot run is skipped with its
# reason, and must be skipped with that reason without the fault too (memorder's
# OpenCL 2.0 variants on PoCL: the Level Zero test driver runs them).
# The environment picks the device (PoCL, or the Level Zero test driver).
# usage: corrupt_reads.sh ZE_SLM_BENCH BACKEND [WORKLOAD...]
set -u
bench=$1
backend=$2
shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bench" run --list --json "$tmp/variants.json" >/dev/null || { echo "FAIL: run --list"; exit 1; }
python3 -c '
import json, sys
want = set(sys.argv[2:])
for v in json.load(open(sys.argv[1]))["variants"]:
    if not want or v["bench"] in want:
        print("%s/%s" % (v["bench"], v["variant"]))' "$tmp/variants.json" "$@" >"$tmp/list"
[ -s "$tmp/list" ] || { echo "FAIL: no variants listed"; exit 1; }
fail=0 refused=0 skipped=0
while read -r spec; do
    rc=0
    ZESLM_FAULT=corrupt-reads "$bench" run --backend "$backend" --quick --reps 2 --json "$tmp/run.json" "$spec" \
        >"$tmp/out" 2>&1 </dev/null || rc=$?
    verdict=$(python3 - "$tmp/run.json" "$spec" "$rc" <<'PY'
import json, sys
path, spec, rc = sys.argv[1], sys.argv[2], int(sys.argv[3])
try:
    doc = json.load(open(path))
except (OSError, ValueError) as e:
    print("FAIL no document (%s), exit status %d" % (e, rc)); sys.exit()
(dev,) = doc["devices"]
workload, variant = spec.split("/")
mine = [r for r in dev["results"] if r["workload"] == workload and r["variant"] == variant]
measured = [r["parameters"] for r in mine if r["outcome"] == "measured"]
verify = [e["message"] for e in dev["errors"] if e["status"] == "ZESLM_ERR_VERIFY"]
skipped = [r.get("note", "") for r in mine if r["outcome"] == "skipped"]
if measured:
    print("FAIL measured under corrupted output: %s" % measured)
elif skipped and not verify and rc == 0:
    print("skipped %s" % skipped[0])
elif rc != 1 or not verify:
    print("FAIL exit status %d, errors %s" % (rc, dev["errors"]))
else:
    print("refused %s" % verify[0])
PY
)
    case $verdict in
        skipped*)
            "$bench" run --backend "$backend" --quick --reps 2 --json "$tmp/plain.json" "$spec" >/dev/null 2>&1 </dev/null
            if python3 -c 'import json, sys; r = json.load(open(sys.argv[1]))["devices"][0]["results"]
sys.exit(0 if r and all(x["outcome"] == "skipped" and "skipped " + x.get("note", "") == sys.argv[2] for x in r) else 1)' \
                "$tmp/plain.json" "$verdict"; then
                skipped=$((skipped + 1))
            else
                verdict="FAIL $verdict under the fault only"
            fi ;;
        refused*) refused=$((refused + 1)) ;;
    esac
    echo "$spec: $verdict"
    case $verdict in FAIL*) fail=1; sed 's/^/    /' "$tmp/out" ;; esac
done <"$tmp/list"
echo "$refused variants refused their corrupted output, $skipped skipped here as without the fault"
[ "$refused" -gt 0 ] || fail=1
exit "$fail"
