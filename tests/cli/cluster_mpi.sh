#!/bin/sh
# run --mpi under the MPI launcher (cli/run_mpi.c): four ranks over PoCL and Intel's
# OpenCL runtime for CPUs (two kinds of device, as two kinds of node) in lock step into
# one document; the same ranks without --mpi, each writing DIR/HOST-RANK.json, then
# merge: both give 4 devices, each rank found through this launcher's variables. Under
# MPICH's Hydra, a rank whose device does not open (Level Zero's pvc with no override)
# and a rank killed mid-run are error entries beside the others' results, with a
# non-zero exit and no hang. MODE: all (the default), mpi (run --mpi alone) or ranks
# (the ranks without --mpi alone: a build linked against another MPI than the launcher's).
# Exit 77 (skipped) without Intel's runtime or without the launcher.
# usage: cluster_mpi.sh path/to/ze-slm-bench MPIEXEC INTEL_CL_DIR [all|mpi|ranks]
set -u
bench=$1
mpiexec=$2
intel=$3
mode=${4:-all}
if ! command -v "$mpiexec" >/dev/null; then
    echo "SKIPPED: no MPI launcher $mpiexec here (Open MPI's: Debian's openmpi-bin)"
    exit 77
fi
# shellcheck source=tests/cli/two_kinds.sh
. "$(dirname "$0")/two_kinds.sh"
# MPICH's Hydra leaves the other ranks running when one dies with -disable-auto-cleanup;
# Open MPI needs --oversubscribe for 4 ranks on 2 cores (and, as root, its consent).
if "$mpiexec" --version 2>&1 | grep -q HYDRA; then
    hydra=1
    launcher="MPICH (Hydra)"
    many="-np 4"
elif "$mpiexec" --version 2>&1 | grep -q "Open MPI\|OpenRTE"; then
    hydra=0
    launcher="Open MPI"
    many="-np 4 --oversubscribe --allow-run-as-root"
else
    fail "$mpiexec is neither MPICH's Hydra nor Open MPI: $("$mpiexec" --version 2>&1 | head -3)"
fi
work="--backend cl --quick --reps 3 roofline/read,slm reduce/many"

docs=""
if [ "$mode" != ranks ]; then
    # shellcheck disable=SC2086
    "$mpiexec" $many "$bench" run --mpi $work --json "$tmp/fleet.json" --csv "$tmp/fleet.csv" \
        --markdown "$tmp/fleet.md" >"$tmp/mpi.out" 2>&1 || fail "run --mpi: $(cat "$tmp/mpi.out")"
    grep -q "4 devices on 1 host, from 4 runs; .* 0 errors" "$tmp/mpi.out" || fail "$(cat "$tmp/mpi.out")"
    # The one document in every format: the CSV's devices by place, a Markdown heading each.
    [ "$(cut -d, -f1 "$tmp/fleet.csv" | sed 1d | sort -u | tr '\n' ' ')" = "0 1 2 3 " ] || fail "$(cat "$tmp/fleet.csv")"
    [ "$(grep -c '^## d[0-3]: .*, rank [0-3]: ' "$tmp/fleet.md")" -eq 4 ] || fail "$(cat "$tmp/fleet.md")"
    # One device a rank: --device all is refused before MPI starts.
    "$bench" run --mpi --device all --quick >"$tmp/all.out" 2>&1
    [ $? -eq 2 ] && grep -q -- "--mpi: one device a rank" "$tmp/all.out" || fail "run --mpi --device all: $(cat "$tmp/all.out")"
    # Started by srun with no --mpi=pmi2 (Slurm's variables, no PMI): MPI makes each
    # process rank 0 of 1, which would run alone and write --json; refused instead.
    # shellcheck disable=SC2086
    SLURM_PROCID=1 SLURM_LOCALID=1 SLURM_NTASKS=2 "$bench" run --mpi $work --json "$tmp/alone.json" \
        >"$tmp/alone.out" 2>&1
    [ $? -eq 1 ] && grep -q -- "--mpi: MPI sees 1 process where Slurm started 2" "$tmp/alone.out" &&
        [ ! -e "$tmp/alone.json" ] || fail "run --mpi as a singleton of srun: $(cat "$tmp/alone.out")"
    docs="$tmp/fleet.json"
fi
if [ "$mode" != mpi ]; then
    # shellcheck disable=SC2086
    "$mpiexec" $many "$bench" run $work --json "$tmp/ranks/" >"$tmp/ranks.out" 2>&1 || fail "$(cat "$tmp/ranks.out")"
    # A file a rank, named by host and rank.
    host=$(hostname)
    [ "$(cd "$tmp/ranks" && echo *)" = "$host-0.json $host-1.json $host-2.json $host-3.json" ] ||
        fail "files: $(ls "$tmp/ranks")"
    "$bench" merge "$tmp/ranks/"*.json --json "$tmp/merged.json" >"$tmp/merge.out" 2>&1 || fail "$(cat "$tmp/merge.out")"
    grep -q "4 devices on 1 host, from 4 runs; .* 0 errors" "$tmp/merge.out" || fail "$(cat "$tmp/merge.out")"
    docs="$docs $tmp/merged.json"
fi
# shellcheck disable=SC2086
python3 - "$launcher" $docs <<'PY' || exit 1
import json, sys
for path in sys.argv[2:]:
    doc = json.load(open(path))
    devs = doc["devices"]
    assert doc["schema"] == 3 and len(devs) == 4 and doc["errors"] == [], (path, doc["errors"])
    assert sorted(d["rank"]["rank"] for d in devs) == [0, 1, 2, 3], path
    by_rank = {d["rank"]["rank"]: d for d in devs}
    # Local ranks alternate between the two OpenCL CPU devices.
    for r, d in by_rank.items():
        assert d["device"]["driver"].startswith("Portable" if r % 2 == 0 else "Intel(R)"), (path, r)
        assert d["rank"]["launcher"] == sys.argv[1], (d["rank"], sys.argv[1])
        assert d["results"] and all(x["verified"] for x in d["results"] if x["outcome"] == "measured"), (path, r)
    rows = doc["aggregate"]["results"]
    assert len(rows) == 5 and all(len(x["rates"]) == 4 and None not in x["rates"] for x in rows), rows
    hosts = doc["aggregate"]["hosts"]
    assert len(hosts) == 1 and hosts[0]["devices"] == 4, hosts
PY

if [ "$hydra" = 1 ] && [ "$mode" != ranks ]; then
    # Rank 2 gets a device that does not open: its error, the others' results, exit 1.
    nohw="NEOReadDebugKeys=1 SetCommandStreamReceiver=1 AUBDumpCaptureFileName=/dev/null ProductFamilyOverride=pvc"
    args="run --mpi $work --mpi-wait 30 --json $tmp/open.json"
    # shellcheck disable=SC2086
    "$mpiexec" -np 2 "$bench" $args : -np 1 env $nohw "$bench" $args --backend ze : -np 1 "$bench" $args \
        >"$tmp/open.out" 2>&1 && fail "a rank whose device did not open, yet exit 0"
    # A rank killed with SIGKILL during its first workload (the others wait --mpi-wait, then
    # finish). Its progress log says when that began: a kill at a fixed time could, on a
    # loaded machine, land inside MPI_Init, where Hydra's PMI barrier waits for it unbounded
    # (once: the run hung until the 120 s timeout).
    args="run --mpi --backend cl --quick --reps 20 roofline/slm reduce/many --mpi-wait 4 --json $tmp/killed.json"
    # shellcheck disable=SC2016
    timeout 120 "$mpiexec" -disable-auto-cleanup -np 3 "$bench" $args : -np 1 sh -c \
        'log=$0.progress; ZESLM_PROGRESS_LOG=$log "$@" & pid=$!; i=0
         while ! grep -q " roofline " "$log" 2>/dev/null && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
         kill -9 $pid; wait $pid' "$tmp/killed-rank" "$bench" $args >"$tmp/killed.out" 2>&1
    rc=$?
    [ $rc -ne 0 ] && [ $rc -ne 124 ] || fail "a killed rank: exit $rc: $(cat "$tmp/killed.out")"
    python3 - "$tmp/open.json" "$tmp/killed.json" <<'PY' || exit 1
import json, sys
for path, rank, status in zip(sys.argv[1:], (2, 3), ("RANK_NOT_RUN", "RANK_LOST")):
    doc = json.load(open(path))
    devs = doc["devices"]
    ranks = [d["rank"]["rank"] for d in devs]
    assert sorted(ranks) == sorted({0, 1, 2, 3} - {rank}), (path, ranks)
    assert all(d["results"] for d in devs), path
    errs = doc["errors"]
    assert [(e["rank"], e["status"]) for e in errs] == [(rank, status)], (path, errs)
    assert doc["complete"] is False and doc["aggregate"]["hosts"][0]["errors"] == 1, path
    # The reason the device did not open is in the entry.
    if status == "RANK_NOT_RUN":
        assert "before it wrote results: " in errs[0]["message"], errs
        assert "maximum work-group size of 0" in errs[0]["message"], errs
PY
fi
echo "PASS"
