#!/bin/sh
# SPDX-License-Identifier: MIT
# run --mpi under the MPI launcher (tools/ze-slm-bench/run/run_mpi.c): four ranks over PoCL and Intel's
# OpenCL runtime for CPUs (two kinds of device, as two kinds of node) in lock step into
# one document; the same ranks without --mpi, each writing DIR/HOST-RANK.json, then
# merge: both give 4 devices, each rank found through this launcher's variables. The
# failures: a rank whose device does not open (Level Zero's pvc with no override) and a
# rank killed mid-run are error entries beside the others' results, rank 0 exits non-zero
# and nothing hangs; MPICH's Hydra keeps the others running with -disable-auto-cleanup,
# Open MPI with --enable-recovery (without it, Open MPI ends them all: no document).
# MODE: all (the default: run --mpi, the ranks, the failures), mpi (run --mpi alone),
# ranks (the ranks without --mpi alone: a build linked against another MPI than the
# launcher's) or failures (the failures alone).
# Exit 77 (skipped) without Intel's runtime or without the launcher.
# usage: cluster_mpi.sh path/to/ze-slm-bench MPIEXEC INTEL_CL_DIR [all|mpi|ranks|failures]
set -u
bench=$1
mpiexec=$2
intel=$3
mode=${4:-all}
if ! command -v "$mpiexec" >/dev/null; then
    echo "SKIPPED: no MPI launcher $mpiexec here (Open MPI's: Debian's openmpi-bin)"
    exit 77
fi
# shellcheck source=tests/cli/run/two_kinds.sh
. "$(dirname "$0")/../run/two_kinds.sh"
# How each launcher keeps the other ranks running when one fails (keep), and how rank 3
# is killed during its first workload for the others to finish (victim): a script for
# sh -c, $0 its progress log, then its command. The progress log says when that began:
# a kill at a fixed time could, on a loaded machine, land inside MPI_Init. Open MPI
# needs --oversubscribe for 4 ranks on 2 cores (and, as root, its consent).
# shellcheck disable=SC2016
watch='i=0; while ! grep -q " roofline " "$0" 2>/dev/null && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done'
# shellcheck disable=SC2016
own='('"$watch"'; kill -9 $$) & ZESLM_PROGRESS_LOG=$0 exec "$@"'
if "$mpiexec" --version 2>&1 | grep -q HYDRA; then
    launcher="MPICH (Hydra)"
    opts=""
    keep="-disable-auto-cleanup"
    # Hydra keeps the others when a rank exits with an error, not when a signal kills
    # its process (4.0.2): that rank is a shell whose run is killed.
    # shellcheck disable=SC2016
    victim='ZESLM_PROGRESS_LOG=$0 "$@" & pid=$!; '"$watch"'; kill -9 $pid; wait $pid'
    ends=$keep
elif "$mpiexec" --version 2>&1 | grep -q "Open MPI\|OpenRTE"; then
    launcher="Open MPI"
    opts="--oversubscribe --allow-run-as-root"
    keep="--enable-recovery"
    victim=$own
    ends=""
else
    fail "$mpiexec is neither MPICH's Hydra nor Open MPI: $("$mpiexec" --version 2>&1 | head -3)"
fi
many="$opts -np 4"
work="--backend cl --quick --reps 3 roofline/read,slm reduce/many"

docs=""
if [ "$mode" = all ] || [ "$mode" = mpi ]; then
    # shellcheck disable=SC2086
    # Four ranks time-sliced on this machine's cores may score SLOW against each other:
    # the verdicts that fail here are the errors (fleet_verdicts tests SLOW).
    # Two ranks on each of the two CPU devices, on purpose: --ranks-per-device 2.
    "$mpiexec" $many "$bench" run --mpi $work --json "$tmp/fleet.json" --csv "$tmp/fleet.csv" \
        --markdown "$tmp/fleet.md" --rank-files "$tmp/mpi-ranks" --fail-on error,missing,incomplete --ranks-per-device 2 \
        >"$tmp/mpi.out" 2>&1 || fail "run --mpi: $(cat "$tmp/mpi.out")"
    # --rank-files: each rank's own document too, whole.
    for r in 0 1 2 3; do
        python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['complete'] and d['devices'][0]['results']" \
            "$tmp/mpi-ranks/$(hostname)-$r.json" || fail "--rank-files: rank $r's file: $(ls "$tmp/mpi-ranks")"
    done
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
if [ "$mode" = all ] || [ "$mode" = ranks ]; then
    # shellcheck disable=SC2086
    "$mpiexec" $many "$bench" run $work --json "$tmp/ranks/" >"$tmp/ranks.out" 2>&1 || fail "$(cat "$tmp/ranks.out")"
    # A file a rank, named by host and rank, and the start file each wrote first.
    host=$(hostname)
    [ "$(cd "$tmp/ranks" && echo *)" = "$host-0.json $host-0.start.json $host-1.json $host-1.start.json $host-2.json $host-2.start.json $host-3.json $host-3.start.json" ] ||
        fail "files: $(ls "$tmp/ranks")"
    "$bench" merge "$tmp/ranks/"*.json --json "$tmp/merged.json" --fail-on error,missing,incomplete --ranks-per-device 2 \
        >"$tmp/merge.out" 2>&1 ||
        fail "$(cat "$tmp/merge.out")"
    grep -q "4 devices on 1 host, from 4 runs; .* 0 errors" "$tmp/merge.out" || fail "$(cat "$tmp/merge.out")"
    docs="$docs $tmp/merged.json"
fi
# shellcheck disable=SC2086
[ -z "$docs" ] || python3 - "$launcher" $docs <<'PY' || exit 1
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

if [ "$mode" = all ] || [ "$mode" = failures ]; then
    # Rank 2 gets a device that does not open: its error, the others' results, exit 1
    # (under each launcher's defaults: that rank still ends through MPI_Finalize).
    nohw="NEOReadDebugKeys=1 SetCommandStreamReceiver=1 AUBDumpCaptureFileName=/dev/null ProductFamilyOverride=pvc"
    args="run --mpi $work --mpi-wait 30 --json $tmp/open.json"
    # shellcheck disable=SC2086
    "$mpiexec" $opts -np 2 "$bench" $args : -np 1 env $nohw "$bench" $args --backend ze : -np 1 "$bench" $args \
        >"$tmp/open.out" 2>&1 && fail "a rank whose device did not open, yet exit 0"
    # killed JSON VICTIM [LAUNCHER OPTIONS]: rank 3 killed as VICTIM says; the others
    # wait --mpi-wait at the next barrier, then finish without lock step, and rank 0
    # waits as long for their documents. A survivor further behind rank 0 than that is
    # lost too, so they all run on PoCL (with Intel's runtime beside it, one ran more
    # than 10 s behind on a loaded machine) and short (3 launches; rank 3 20, for its
    # kill to land in its first workload). Open MPI's mpirun exits 0 under
    # --enable-recovery whatever its ranks' exit statuses (4.1.4, even after an
    # MPI_Abort): there rank 0 writes its own to $tmp/rank0.rc. Returns the launcher's.
    killed() {
        args="run --mpi --backend cl --quick --reps 3 roofline/slm reduce/many --mpi-wait 10 --json $1"
        kill3=$2
        shift 2
        rm -f "$tmp/rank0.rc" "$tmp/killed-rank"
        if [ "$launcher" = "Open MPI" ]; then
            # shellcheck disable=SC2016
            set -- "$@" -np 1 sh -c '"$@"; echo $? >"$0"' "$tmp/rank0.rc"
        else
            set -- "$@" -np 1
        fi
        # shellcheck disable=SC2086
        OCL_ICD_VENDORS=/etc/OpenCL/vendors/pocl.icd timeout 120 "$mpiexec" $opts "$@" "$bench" $args \
            : -np 2 "$bench" $args : -np 1 sh -c "$kill3" "$tmp/killed-rank" "$bench" $args --reps 20 \
            >"$tmp/killed.out" 2>&1
    }
    # shellcheck disable=SC2086
    killed "$tmp/killed.json" "$victim" $keep
    rc=$?
    status=$rc
    [ "$launcher" != "Open MPI" ] || status=$(cat "$tmp/rank0.rc" 2>/dev/null)
    [ $rc -ne 124 ] && [ "${status:-0}" -ne 0 ] || fail "a killed rank: exit $rc, rank 0's ${status:-none}: $(cat "$tmp/killed.out")"
    # A rank that ends before it starts MPI: the others give up inside MPI_Init once
    # --mpi-wait is over, each saying so.
    # shellcheck disable=SC2086
    timeout 120 "$mpiexec" $opts $keep -np 3 "$bench" run --mpi --backend cl --quick roofline/slm --mpi-wait 4 \
        : -np 1 sh -c 'exit 3' >"$tmp/init.out" 2>&1
    rc=$?
    [ $rc -ne 124 ] && [ "$(grep -c "^ze-slm-bench: error: MPI_Init did not return within 4 s" "$tmp/init.out")" -eq 3 ] ||
        fail "a rank that never started MPI: exit $rc: $(cat "$tmp/init.out")"
    python3 - "$tmp/open.json" "$tmp/killed.json" <<'PY' || exit 1
import json, sys
for path, rank, status in zip(sys.argv[1:], (2, 3), ("RANK_NOT_RUN", "RANK_LOST")):
    doc = json.load(open(path))
    devs = doc["devices"]
    ranks = [d["rank"]["rank"] for d in devs]
    assert sorted(ranks) == sorted({0, 1, 2, 3} - {rank}), (path, ranks)
    # The others' results kept, every one measured verified against its host reference.
    assert all(d["results"] for d in devs), path
    measured = [x for d in devs for x in d["results"] if x["outcome"] == "measured"]
    assert measured and all(x["verified"] for x in measured), path
    errs = doc["errors"]
    assert [(e["rank"], e["status"]) for e in errs] == [(rank, status)], (path, errs)
    assert doc["complete"] is False and doc["aggregate"]["hosts"][0]["errors"] == 1, path
    # The reason the device did not open is in the entry.
    if status == "RANK_NOT_RUN":
        assert "before it wrote results: " in errs[0]["message"], errs
        assert "maximum work-group size of 0" in errs[0]["message"], errs
PY
    # A signal that kills a rank's own process ends every rank under Hydra (even with
    # -disable-auto-cleanup) and under Open MPI without --enable-recovery: no document,
    # a non-zero exit, no hang.
    # shellcheck disable=SC2086
    killed "$tmp/ended.json" "$own" $ends
    rc=$?
    [ $rc -ne 0 ] && [ $rc -ne 124 ] && [ ! -e "$tmp/ended.json" ] || fail "a killed rank's process: exit $rc: $(cat "$tmp/killed.out")"
fi
echo "PASS"
