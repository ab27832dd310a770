#!/bin/sh
# SPDX-License-Identifier: MIT
# The faults an operator meets, each on real ranks on PoCL under a real launcher (MPICH's
# Hydra), each a line that names its host, rank and reason code, and a non-zero exit
# (docs/fleet-health.md): the rank files of `run --json DIR/` (each rank writes
# DIR/HOST-RANK.start.json before it measures, then DIR/HOST-RANK.json), judged by merge.
#   lost_gpu     4 ranks on 1 device (the local rank wraps, as on a node that lost a GPU):
#                4 ERROR lines, ZESLM_FR_SHARED_DEVICE (also under run --mpi)
#   gpu_count    the launcher gave 4 devices (SLURM_GPUS_ON_NODE), the driver shows 1:
#                ERROR, ZESLM_FR_GPU_COUNT (also under run --mpi); merge and check
#                --expect-gpus
#   bad_device   rank 1 runs --device 5: ERROR, ZESLM_FR_NO_DEVICE, not MISSING
#   killed       rank 1 killed (SIGKILL) once its start file is there, before its first
#                results: ERROR, ZESLM_FR_RANK_LOST, with its host
#   crashed      the same with SIGSEGV
#   removed      rank 1's results file removed (its start file kept): RANK_LOST, its host
#   truncated    rank 1's file cut short: one ERROR, ZESLM_FR_BAD_FILE, its host and rank,
#                and no MISSING beside it
#   empty        rank 1's file empty: the same
#   duplicate    rank 1's file copied: one ERROR, ZESLM_FR_DUPLICATE, counted once (the
#                head's error count the verdicts', the copy in no median)
#   names        a host and device name with ESC, BEL, CR and U+009B: escaped in the
#                text, CSV, Markdown and JUnit; the notes of mixed settings name hosts; a
#                model absent from --baseline said in the text
#   limits       merge --expect 16777216: one error line, exit 2; merge --csv of one file
#                has the fleet's columns
# Each merge's verdicts then go through the drain-list pipeline of docs/fleet-health.md,
# taken from the page, which must print the host.
# MPI: 1 where the tool is built with MPI (run --mpi is then tried too, under MPIEXEC).
# Exit 77 (skipped) without the launcher.
# usage: fleet_faults.sh ZE_SLM_BENCH MPIEXEC FLEET_HEALTH_MD FAULT MPI
set -u
bench=$1 mpiexec=$2 page=$3 fault=$4 mpi=${5:-0}
if ! command -v "$mpiexec" >/dev/null; then
    echo "SKIPPED: no MPI launcher $mpiexec here"
    exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fleet_faults.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() {
    echo "FAIL: $*"
    exit 1
}
export OCL_ICD_VENDORS=/etc/OpenCL/vendors/pocl.icd POCL_MAX_PTHREAD_COUNT=1
host=$(hostname)
work="--backend cl --quick --reps 3 reduce/many"
# Two ranks share this machine's one CPU device on purpose, except where that is the fault.
share="--ranks-per-device 2"

# ranks N DIR [ARGS...]: N ranks under the launcher, a file each into DIR/.
ranks() {
    n=$1 dir=$2
    shift 2
    # shellcheck disable=SC2086
    timeout 300 "$mpiexec" -np "$n" "$bench" run $work --json "$dir/" "$@" >"$dir.ranks" 2>&1
}
# merged NAME WANT-STATUS ARGS...: merge's text (summary) into $tmp/NAME.out, its status WANT.
merged() {
    name=$1 want=$2
    shift 2
    "$bench" merge "$@" >"$tmp/$name.out" 2>&1
    rc=$?
    echo "-- $name: exit $rc: $(grep -E '^(PASS|UNJUDGED|SLOW|LOW|INCOMPLETE|ERROR|MISSING|NOTE) |^Verdicts' "$tmp/$name.out" | tr '\n' '|')"
    [ "$rc" = "$want" ] || fail "merge $*: exit $rc, not $want: $(cat "$tmp/$name.out")"
}
has() { grep -q -- "$2" "$1" || fail "no '$2' in: $(cat "$1")"; }
hasnt() { ! grep -q -- "$2" "$1" || fail "'$2' in: $(cat "$1")"; }
# The drain list of docs/fleet-health.md's recipe, run as written on OUT's verdicts: it
# must print this host.
drain() {
    recipe=$(grep -m1 "^grep -E '^(SLOW|" "$page") || fail "no drain-list pipeline in $page"
    mkdir -p "$tmp/drain"
    cp "$1" "$tmp/drain/verdicts.txt"
    got=$(dir="$tmp/drain" sh -c "$recipe")
    [ "$got" = "$host" ] || fail "the drain list of $page printed '$got', not '$host' ($recipe) for: $(cat "$1")"
}
# A good fleet of 2 ranks, the ground of the file faults.
good() {
    ranks 2 "$tmp/good" || fail "the ranks: $(cat "$tmp/good.ranks")"
    [ -s "$tmp/good/$host-1.start.json" ] && [ -s "$tmp/good/$host-1.json" ] || fail "files: $(ls "$tmp/good")"
}
line() { echo "^ERROR      $host, rank $1[:,].*\[$2, FAIL\]$"; }

case $fault in
lost_gpu)
    ranks 4 "$tmp/r" || fail "the ranks: $(cat "$tmp/r.ranks")"
    merged lost 4 "$tmp/r/"*.json
    for r in 0 1 2 3; do
        has "$tmp/lost.out" "^ERROR      $host, rank $r, d$r .*: SHARED_DEVICE: 4 ranks (0, 1, 2, 3) measured one device .*\[ZESLM_FR_SHARED_DEVICE, FAIL\]$"
    done
    has "$tmp/lost.out" "^Verdicts: 4 ERROR (4 ranks expected); exit status 4 (failed).$"
    drain "$tmp/lost.out"
    # The same ranks as planned (a CPU device shared on purpose) have no error. (Their
    # speeds are not judged: four ranks of reduce/many on PoCL differ by 4x and more.)
    merged shared 0 "$tmp/r/"*.json --ranks-per-device 4 --fail-on error,missing
    # run --mpi: rank 0 judges the same.
    [ "$mpi" = 1 ] || { echo "PASS: $fault (no run --mpi in this build)"; exit 0; }
    # shellcheck disable=SC2086
    timeout 300 "$mpiexec" -np 4 "$bench" run --mpi $work --json "$tmp/mpi.json" >"$tmp/mpi.out" 2>&1
    rc=$?
    [ $rc = 4 ] || fail "run --mpi of 4 ranks on 1 device: exit $rc, not 4: $(cat "$tmp/mpi.out")"
    [ "$(grep -c "^ERROR      $host, rank [0-3], d[0-3] .*\[ZESLM_FR_SHARED_DEVICE, FAIL\]$" "$tmp/mpi.out")" = 4 ] ||
        fail "run --mpi: $(cat "$tmp/mpi.out")"
    ;;
gpu_count)
    SLURM_GPUS_ON_NODE=4 ranks 2 "$tmp/r" || fail "the ranks: $(cat "$tmp/r.ranks")"
    merged count 4 "$tmp/r/"*.json $share
    has "$tmp/count.out" "$(line 0 ZESLM_FR_GPU_COUNT)"
    has "$tmp/count.out" "GPU_COUNT: 1 device found of 4 expected (SLURM_GPUS_ON_NODE)"
    drain "$tmp/count.out"
    merged expect 4 "$tmp/r/"*.json $share --expect-gpus 3 --summary-only
    has "$tmp/expect.out" "GPU_COUNT: 1 device found of 3 expected (--expect-gpus)"
    merged enough 0 "$tmp/r/"*.json $share --expect-gpus 1
    # The node's health check: its one line says the code, and it fails.
    "$bench" check --backend cl --expect-gpus 2 >"$tmp/check.out" 2>"$tmp/check.err"
    rc=$?
    [ $rc = 4 ] && grep -q "^ze-slm-check host=$host verdict=ERROR code=ZESLM_FR_GPU_COUNT " "$tmp/check.out" ||
        fail "check --expect-gpus 2: exit $rc: $(cat "$tmp/check.out" "$tmp/check.err")"
    # run --mpi: rank 0 judges the same.
    [ "$mpi" = 1 ] || { echo "PASS: $fault (no run --mpi in this build)"; exit 0; }
    # shellcheck disable=SC2086
    SLURM_GPUS_ON_NODE=4 timeout 300 "$mpiexec" -np 2 "$bench" run --mpi $work $share --json "$tmp/mpi.json" \
        >"$tmp/mpi.out" 2>&1
    rc=$?
    [ $rc = 4 ] && grep -q "$(line 0 ZESLM_FR_GPU_COUNT)" "$tmp/mpi.out" || fail "run --mpi: exit $rc: $(cat "$tmp/mpi.out")"
    ;;
bad_device)
    # shellcheck disable=SC2086
    timeout 300 "$mpiexec" -disable-auto-cleanup -np 1 "$bench" run $work --json "$tmp/r/" : -np 1 "$bench" run $work --device 5 \
        --json "$tmp/r/" >"$tmp/r.ranks" 2>&1 && fail "a rank with --device 5 passed: $(cat "$tmp/r.ranks")"
    merged bad 4 "$tmp/r/"*.json $share
    has "$tmp/bad.out" "$(line 1 ZESLM_FR_NO_DEVICE)"
    has "$tmp/bad.out" "ZESLM_ERR_NO_DEVICE: device index 5 out of range"
    hasnt "$tmp/bad.out" "^MISSING"
    drain "$tmp/bad.out"
    ;;
killed | crashed)
    # Rank 1 ends by the signal once its start file is there, before its first results
    # (the first workload builds its kernel first: far more than the 10 ms polled).
    sig=KILL
    [ "$fault" = crashed ] && sig=SEGV
    cat >"$tmp/victim.sh" <<EOF
#!/bin/sh
"\$@" &
pid=\$!
i=0
while [ ! -e "$tmp/r/$host-1.start.json" ] && [ \$i -lt 3000 ]; do sleep 0.01; i=\$((i + 1)); done
kill -$sig \$pid
wait \$pid
EOF
    chmod +x "$tmp/victim.sh"
    # shellcheck disable=SC2086
    timeout 300 "$mpiexec" -disable-auto-cleanup -np 1 "$bench" run $work --json "$tmp/r/" : -np 1 "$tmp/victim.sh" \
        "$bench" run $work --json "$tmp/r/" >"$tmp/r.ranks" 2>&1
    [ ! -e "$tmp/r/$host-1.json" ] || fail "rank 1 wrote results before the $sig: $(ls "$tmp/r")"
    merged lost 4 "$tmp/r/"*.json $share
    has "$tmp/lost.out" "$(line 1 ZESLM_FR_RANK_LOST)"
    has "$tmp/lost.out" "RANK_LOST: rank 1 started at 20[0-9-]*T[0-9:]*Z (device: local rank 1) and left no results"
    hasnt "$tmp/lost.out" "^MISSING"
    drain "$tmp/lost.out"
    ;;
removed | truncated | empty)
    good
    f="$tmp/good/$host-1.json"
    case $fault in
    removed) rm "$f" ;;
    truncated) head -c 2000 "$f" >"$f.cut" && mv "$f.cut" "$f" ;;
    empty) : >"$f" ;;
    esac
    merged file 4 "$tmp/good/"*.json --summary-only
    if [ "$fault" = removed ]; then
        has "$tmp/file.out" "$(line 1 ZESLM_FR_RANK_LOST)"
    else
        has "$tmp/file.out" "$(line 1 ZESLM_FR_BAD_FILE)"
        # Without the start files, its name (HOST-RANK.json) still gives its host and rank.
        rm "$tmp/good/"*.start.json
        merged named 4 "$tmp/good/"*.json
        has "$tmp/named.out" "$(line 1 ZESLM_FR_BAD_FILE)"
        hasnt "$tmp/named.out" "^MISSING"
    fi
    # One fault, one verdict: no MISSING beside it.
    hasnt "$tmp/file.out" "^MISSING"
    has "$tmp/file.out" "^Verdicts: 1 [A-Z]*, 1 ERROR (2 ranks expected); exit status 4 (failed).$"
    drain "$tmp/file.out"
    ;;
duplicate)
    good
    cp "$tmp/good/$host-1.json" "$tmp/copy.json"
    merged dup 4 "$tmp/good/"*.json "$tmp/copy.json" --ranks-per-device 2 --jsonl "$tmp/dup.jsonl" --json "$tmp/dup.json"
    has "$tmp/dup.out" "^ERROR      $host, rank 1, d2 .*: DUPLICATE: rank 1's device 0 is also in $tmp/good/$host-1.json .*\[ZESLM_FR_DUPLICATE, FAIL\]$"
    # The head's errors are the verdicts' ERROR entries.
    has "$tmp/dup.out" "^3 devices on 1 host, from 3 runs; [0-9]* slow, 0 throttled, 1 error.$"
    has "$tmp/dup.out" "^Verdicts: [0-9] [A-Z]*, .*1 ERROR (2 ranks expected); exit status 4 (failed).$"
    # The copy is in no median: the original ranks are scored against each other alone.
    python3 - "$tmp/dup.jsonl" "$tmp/dup.json" <<'PY' || exit 1
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
dup = [l for l in lines if l["code"] == "ZESLM_FR_DUPLICATE"]
assert len(dup) == 1 and dup[0]["score"] is None, dup
assert all(w is None for w in dup[0]["workloads"].values()), dup
# The merged document's medians and totals across the devices count it once too.
rows = json.load(open(sys.argv[2]))["aggregate"]["results"]
assert rows and all(r["rates"][2] is None and r["rates"][1] is not None for r in rows), rows
PY
    drain "$tmp/dup.out"
    ;;
names)
    good
    # ESC [2J (clear the screen), BEL, CR (overwrite the line), U+009B (a CSI).
    python3 - "$tmp/good/$host-1.json" <<'PY' || exit 1
import json, sys
d = json.load(open(sys.argv[1]))
evil = "ev\x1b[2J\x07\rl\u009b31m"
d["host"] = d["devices"][0]["host"] = d["devices"][0]["rank"]["host"] = evil
d["devices"][0]["device"]["name"] = "dev\x1b]0;x\x07"
json.dump(d, open(sys.argv[1], "w"))
PY
    merged names 0 "$tmp/good/"*.json $share --csv "$tmp/n.csv" --markdown "$tmp/n.md" --junit "$tmp/n.xml"
    for f in "$tmp/names.out" "$tmp/n.csv" "$tmp/n.md" "$tmp/n.xml"; do
        ! grep -q "$(printf '[\033\007\r]')" "$f" || fail "a control character in $f: $(od -c "$f" | grep -m3 '033\|007\|\\r')"
        ! grep -q "$(printf '\302\233')" "$f" || fail "U+009B in $f"
    done
    has "$tmp/names.out" 'ev\\x1b\[2J\\x07\\x0dl\\u009b31m'
    has "$tmp/n.csv" 'ev\\x1b\[2J\\x07\\x0dl\\u009b31m'
    # Mixed settings: the note names each file's host.
    ranks 1 "$tmp/other" --reps 4 || fail "the rank: $(cat "$tmp/other.ranks")"
    cp "$tmp/other/$host-0.json" "$tmp/good/other-7.json"
    merged mixed 4 "$tmp/good/$host-0.json" "$tmp/good/other-7.json" $share
    has "$tmp/mixed.out" "^NOTE       mixed settings: $host ($tmp/good/$host-0.json) ran quick=true reps=3 .*, $host ($tmp/good/other-7.json) quick=true reps=4"
    # A model the baseline lacks: said in the text.
    python3 - "$tmp/good/$host-0.json" "$tmp/base.json" <<'PY' || exit 1
import json, sys
d = json.load(open(sys.argv[1]))
d["devices"][0]["device"]["name"] = "Another Model"
json.dump(d, open(sys.argv[2], "w"))
PY
    # Two devices (two PoCL pthread devices, a rank each): each judged against its one
    # peer (--min-peers 1), not the baseline.
    POCL_DEVICES="pthread pthread" ranks 2 "$tmp/b" || fail "the ranks: $(cat "$tmp/b.ranks")"
    merged base 0 "$tmp/b/"*.json --baseline "$tmp/base.json" --min-peers 1 --fail-on error,missing
    has "$tmp/base.out" "^NOTE       the baseline has no device of pthread-.*: 2 devices judged against their peers alone \[ZESLM_FR_NO_BASELINE\]$"
    ;;
limits)
    good
    start=$(date +%s)
    "$bench" merge "$tmp/good/"*.json --expect 16777216 >"$tmp/x.out" 2>&1
    rc=$?
    [ $rc = 2 ] && [ "$(wc -l <"$tmp/x.out")" = 1 ] && [ $(($(date +%s) - start)) -lt 10 ] ||
        fail "merge --expect 16777216: exit $rc: $(cat "$tmp/x.out")"
    has "$tmp/x.out" "^ze-slm-bench: error: --expect: 16777216 is out of range \[1, 262144\]$"
    # A rank file that says a size past the bound is not believed (no 16M MISSING).
    python3 - "$tmp/good/$host-0.json" <<'PY' || exit 1
import json, sys
d = json.load(open(sys.argv[1]))
d["devices"][0]["rank"]["size"] = 16777216
json.dump(d, open(sys.argv[1], "w"))
PY
    merged big 0 "$tmp/good/"*.json $share --summary-only
    # One file's CSV leads with the fleet's columns, as two files' does.
    "$bench" merge "$tmp/good/$host-1.json" --csv "$tmp/one.csv" >/dev/null 2>&1
    "$bench" merge "$tmp/good/$host-1.json" "$tmp/good/$host-0.json" $share --csv "$tmp/two.csv" >/dev/null 2>&1
    head -1 "$tmp/one.csv" | grep -q '^device,device_name,host,rank,verdict,' || fail "one file's CSV: $(head -2 "$tmp/one.csv")"
    [ "$(head -1 "$tmp/one.csv")" = "$(head -1 "$tmp/two.csv")" ] || fail "one file's CSV header is not two files'"
    grep -q "^0,\"[^\"]*\",$host,1,[A-Z]*," "$tmp/one.csv" || fail "one file's CSV row: $(sed -n 2p "$tmp/one.csv")"
    ;;
*) fail "no fault $fault" ;;
esac
echo "PASS: $fault"
