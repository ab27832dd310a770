#!/bin/sh
# SPDX-License-Identifier: MIT
# merge --summary-only reads a fleet one file at a time: 2000 rank files of 185 results
# each (fleet_files.py from a real run on PoCL, its results repeated) give the planted
# SLOW devices their verdicts, and the peak memory stays a small part of the bytes read
# (it grows with the devices, not with the files' size); the whole document (--json)
# keeps the results on disk, below half the bytes read. No time is measured here: the
# figure at 10,000 files is the README's, from a run.
# usage: fleet_scale.sh ZE_SLM_BENCH TESTS_DIR
bench=$1 dir=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
OCL_ICD_VENDORS=/etc/OpenCL/vendors/pocl.icd "$bench" run --backend cl --quick --reps 20 reduce/many \
    --json "$tmp/one.json" >"$tmp/one.out" 2>&1 || fail "the template run: $(cat "$tmp/one.out")"
python3 "$dir/cli/fleet/fleet_files.py" "$tmp/one.json" "$tmp/fleet" --ranks 2000 --per-host 8 --results 185 \
    --slow 17:0.7 --slow 1234:0.5 --slow 1999:0.8 || fail "fleet_files.py"
python3 - "$bench" "$tmp" <<'PY' || exit 1
import glob, os, resource, subprocess, sys
bench, tmp = sys.argv[1], sys.argv[2]
files = sorted(glob.glob(tmp + "/fleet/*.json"))
read = sum(os.path.getsize(f) for f in files)
p = subprocess.run([bench, "merge", "--summary-only", "--fail-on", "warn", "--jsonl", tmp + "/v.jsonl"] + files,
                   capture_output=True, text=True)
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
out = p.stdout + p.stderr
assert p.returncode == 3, (p.returncode, out[-2000:])
slow = [l for l in out.splitlines() if l.startswith("SLOW")]
assert len(slow) == 3 and all(f"rank {r}," in "".join(slow) for r in (17, 1234, 1999)), slow
assert "Verdicts: 1997 PASS, 3 SLOW (2000 ranks expected); exit status 3 (degraded)." in out, out[-500:]
assert sum(1 for _ in open(tmp + "/v.jsonl")) == 2000
# About 2 KiB a device: the files' bytes are not held.
assert peak < read / 4 and peak < 256 << 20, f"peak {peak >> 20} MiB for {read >> 20} MiB read"
print(f"2000 files, {read >> 20} MiB read, peak {peak >> 20} MiB")
# The whole document too: each device's results wait on disk (io/spool.c), so its peak
# stays below the bytes read (held in memory, 2000 devices' results took about 460 MB).
p = subprocess.run([bench, "merge", "--fail-on", "warn", "--json", tmp + "/m.json"] + files, capture_output=True, text=True)
full = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
assert p.returncode == 3, (p.returncode, (p.stdout + p.stderr)[-2000:])
assert [l for l in p.stdout.splitlines() if l.startswith("SLOW")] == slow, p.stdout[:2000]
assert full < read / 2, f"merge --json: peak {full >> 20} MiB for {read >> 20} MiB read"
print(f"merge --json of the same: peak {full >> 20} MiB, {os.path.getsize(tmp + '/m.json') >> 20} MiB written")
PY
echo "fleet scale: ok"
