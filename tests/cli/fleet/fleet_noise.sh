#!/bin/sh
# SPDX-License-Identifier: MIT
# Verdicts that hold on a noisy host (docs/fleet-health.md, "Levels and floors"): N times,
# four ranks on PoCL under MPICH's launcher on this (loaded, 2-core) machine, each writing
# DIR/HOST-RANK.json, judged by merge under the default --fail-on (fail):
#   clean   no fault: no verdict of level FAIL, exit 0 (a SLOW, a WARN, may come and
#           goes uncounted: four ranks time-sliced on two cores differ)
#   slowed  one rank (the run's number modulo 4) under ZESLM_FAULT=slow:WORKLOAD:FACTOR
#           (src/core/fault.h: each timed repetition of WORKLOAD launches its kernels
#           FACTOR times): that rank's device SLOW of level FAIL, ZESLM_FR_SLOW_FLOOR (its
#           one workload's floor is its median's), with its host and rank, no other
#           FAIL, exit 4
# The work is bank/strided alone (7 results at --quick), the one workload whose four
# fault-free ranks on this 2-core machine agree within 20%: roofline, conv, hist and
# reduce/many swing by 2x and more from rank to rank (roofline/slm,imad beside it gave a
# fault-free rank at 0.46 in 1 of 20 runs, and a rank slowed 4x on it passed in 3 of 20),
# which a FAIL floor of 0.5 cannot tell from a fault.
# Why 15 repetitions: a rank's launches take 12 to 400 us at --quick, its start (PoCL
# building the kernels) most of its 0.25 s, so each rank's few ms of launches meet
# whatever the other three are doing then: on two cores a rank that times its launches
# while the others are idle reads up to 2x fast. At 5 repetitions a fault-free rank read
# 0.517 in 1 of 80 runs here, and a rank slowed 4x read 0.62 in 1 of 20 on CI. At 15 (the
# median of 15 launches), in 60 runs of each kind with CI's stages running beside them,
# the fault-free lowest was 0.685 and a slowed rank's highest 0.360; 30 did no better
# (0.680 and 0.407 in 60 more). Those ranks shared one PoCL device; a device each
# (POCL_DEVICES, below), 20 of each: 0.805 and 0.259.
# Prints each run's FAIL lines and the counts (clean runs with a FAIL; slowed runs found),
# the lowest score of a workload in the clean runs and the highest of a slowed rank (how
# near each came to the floor). Fails unless every clean run passes and every slowed run is found.
# Exit 77 (skipped) without the launcher.
# usage: fleet_noise.sh ZE_SLM_BENCH MPIEXEC N [WORKLOAD FACTOR]
set -u
bench=$1 mpiexec=$2 runs=$3 slow=${4:-bank} factor=${5:-4}
if ! command -v "$mpiexec" >/dev/null; then
    echo "SKIPPED: no MPI launcher $mpiexec here"
    exit 77
fi
case $runs in '' | *[!0-9]*) echo "FAIL: N '$runs' is not a number"; exit 1 ;; esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fleet_noise.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() {
    echo "FAIL: $*"
    exit 1
}
# Four PoCL devices (POCL_DEVICES: a pthread device each), a rank each by its local rank:
# four peers on this machine's cores. Ranks on one device would be judged as that one
# device (the best of their time slices), not against each other.
export OCL_ICD_VENDORS=/etc/OpenCL/vendors/pocl.icd POCL_MAX_PTHREAD_COUNT=1 POCL_DEVICES="pthread pthread pthread pthread"
work="--backend cl --quick --reps 15 bank/strided"
cat >"$tmp/rank.sh" <<'EOF'
#!/bin/sh
# The rank FLEET_SLOW_RANK runs under the slow fault; the others as they are.
rank=${PMI_RANK:-${OMPI_COMM_WORLD_RANK:-0}}
[ "$rank" = "${FLEET_SLOW_RANK:--1}" ] && export ZESLM_FAULT="$FLEET_SLOW_FAULT"
exec "$@"
EOF
chmod +x "$tmp/rank.sh"

# launch DIR [SLOW-RANK]: four ranks, a file each into DIR/.
launch() {
    mkdir -p "$1"
    # shellcheck disable=SC2086
    FLEET_SLOW_RANK=${2:--1} FLEET_SLOW_FAULT="slow:$slow:$factor" timeout 300 "$mpiexec" -np 4 \
        "$tmp/rank.sh" "$bench" run $work --json "$1/" >"$1.ranks" 2>&1 || fail "the ranks: $(cat "$1.ranks")"
}
# judge DIR: merge's text in DIR.out, its JSON lines in DIR.jsonl, its status in $rc.
judge() {
    "$bench" merge "$1"/*.json --summary-only --jsonl "$1.jsonl" >"$1.out" 2>&1
    rc=$?
    [ "$rc" -le 4 ] && [ "$rc" != 1 ] && [ "$rc" != 2 ] || fail "merge exited $rc: $(cat "$1.out")"
    grep -q "(4 ranks expected)" "$1.out" || fail "not 4 ranks: $(cat "$1.out")"
}

clean_fails=0 found=0 start=$(date +%s)
i=0
while [ "$i" -lt "$runs" ]; do
    launch "$tmp/clean-$i"
    judge "$tmp/clean-$i"
    if [ "$rc" != 0 ] || grep -q ', FAIL\]$' "$tmp/clean-$i.out"; then
        clean_fails=$((clean_fails + 1))
        echo "clean $i: exit $rc: $(grep ', FAIL\]$' "$tmp/clean-$i.out")"
    fi
    r=$((i % 4))
    launch "$tmp/slow-$i" "$r"
    judge "$tmp/slow-$i"
    fails=$(grep -c ', FAIL\]$' "$tmp/slow-$i.out")
    if [ "$rc" = 4 ] && [ "$fails" = 1 ] &&
        grep -q "^SLOW       [^ ,]*, rank $r, d[0-9]* .*: 0\.[0-9]* of the median of 4 devices .*(FAIL below 0\.50) \[ZESLM_FR_SLOW_FLOOR, FAIL\]$" \
            "$tmp/slow-$i.out"; then
        found=$((found + 1))
    else
        echo "slowed $i (rank $r): exit $rc, $fails FAIL: $(grep -E '^(SLOW|ERROR|LOW|UNJUDGED|Verdicts)' "$tmp/slow-$i.out")"
    fi
    i=$((i + 1))
done
# score min|max FILE...: the lowest workload score of a clean run's device, or the
# highest of a slowed rank's (a FAIL line: the slowed rank's, in a run that found it).
score() {
    how=$1
    shift
    cat "$@" | python3 -c '
import json, sys
how = sys.argv[1]
rows = [json.loads(line) for line in sys.stdin]
if how == "max":
    rows = [r for r in rows if r.get("level") == "FAIL"]
s = [v for r in rows for v in (r.get("workloads") or {}).values() if v]
print("%.3f" % (min(s) if how == "min" else max(s)) if s else "none")' "$how"
}
echo "fault-free: $clean_fails of $runs runs with a FAIL (lowest workload score $(score min "$tmp"/clean-*.jsonl))"
echo "slowed ${factor}x on $slow: FAIL (SLOW_FLOOR) in $found of $runs runs (highest score of a slowed rank $(score max "$tmp"/slow-*.jsonl)); $(($(date +%s) - start)) s in all"
[ "$clean_fails" = 0 ] || fail "$clean_fails fault-free runs of $runs gave a FAIL"
[ "$found" = "$runs" ] || fail "the slowed rank was found in $found runs of $runs"
echo "PASS"
