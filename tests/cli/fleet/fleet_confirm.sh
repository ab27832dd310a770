#!/bin/sh
# SPDX-License-Identifier: MIT
# The confirmation of a FAIL on speed (docs/fleet-health.md, "Confirmation"), where the run
# is live, on PoCL:
#   mpi    four ranks of `run --mpi` under MPICH's launcher, bank/strided at 15 repetitions
#          (fleet_noise.sh's head says why that workload), one rank under a test fault
#          (src/core/fault.h): slow:bank:4 (every run of bank slowed) must stay
#          ZESLM_FR_SLOW_FLOOR, confirmed, exit 4; slow-once:bank:4 (its first run alone)
#          must become ZESLM_FR_UNCONFIRMED, a WARN, exit 0 under the default --fail-on;
#          and with --no-confirm the same transient fault stays a FAIL, exit 4.
#   check  `check --level 1` against a baseline of this node's own run: slow:bank:4 stays
#          ZESLM_FR_LOW_FLOOR, confirmed, exit 4; slow-once:bank:4 is ZESLM_FR_UNCONFIRMED,
#          exit 3 (check counts a WARN); with --no-confirm, LOW_FLOOR and exit 4.
# Each run --mpi case reads the JSON entry too: confirmed true or false, the first measurement's code
# and a figure below the floor, the final figure its second measurement's.
# Exit 77 (skipped) without the launcher (mpi).
# usage: fleet_confirm.sh mpi ZE_SLM_BENCH MPIEXEC | fleet_confirm.sh check ZE_SLM_BENCH
set -u
mode=$1 bench=$2 mpiexec=${3:-}
if [ "$mode" = mpi ] && ! command -v "$mpiexec" >/dev/null; then
    echo "SKIPPED: no MPI launcher $mpiexec here"
    exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fleet_confirm.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() {
    echo "FAIL: $*"
    exit 1
}
export OCL_ICD_VENDORS=/etc/OpenCL/vendors/pocl.icd POCL_MAX_PTHREAD_COUNT=1
# run --mpi: four PoCL devices (POCL_DEVICES: a pthread device each), a rank each by its
# local rank, four peers (ranks on one device would be that one device, with no peer).
[ "$mode" = mpi ] && export POCL_DEVICES="pthread pthread pthread pthread"
cat >"$tmp/rank.sh" <<'SH'
#!/bin/sh
# The rank CONFIRM_RANK runs under CONFIRM_FAULT; the others as they are.
rank=${PMI_RANK:-${OMPI_COMM_WORLD_RANK:-0}}
[ "$rank" = "${CONFIRM_RANK:--1}" ] && export ZESLM_FAULT="$CONFIRM_FAULT"
exec "$@"
SH
chmod +x "$tmp/rank.sh"

# entry JSON CODE CONFIRMED FIRST-CODE: the one entry of code CODE in JSON's verdicts (a
# run --mpi document, or check's --jsonl lines) has confirmed CONFIRMED (true, false), its
# first measurement's code FIRST-CODE and figure below 0.5; prints its figures.
entry() {
    python3 - "$@" <<'PY'
import json, sys
path, code, confirmed, first = sys.argv[1:5]
text = open(path).read()
try:
    entries = json.loads(text)["verdicts"]["entries"]
except ValueError:
    entries = [json.loads(line) for line in text.splitlines() if line.strip()]
hits = [e for e in entries if e.get("code") == code]
if len(hits) != 1:
    sys.exit("%d entries of %s: %s" % (len(hits), code, [e.get("code") for e in entries]))
e = hits[0]
if e.get("confirmed") is not (confirmed == "true"):
    sys.exit("confirmed is %r, not %s" % (e.get("confirmed"), confirmed))
f = e.get("first") or {}
was = f.get("baseline_score") if first == "ZESLM_FR_LOW_FLOOR" else f.get("score")
if f.get("code") != first or not was or was >= 0.5:
    sys.exit("its first measurement is %r" % f)
now = e.get("baseline_score") if first == "ZESLM_FR_LOW_FLOOR" else e.get("score")
print("first %.3f, second %.3f" % (was, now or 0))
PY
}

if [ "$mode" = mpi ]; then
    # launch NAME FAULT RANK [OPTION]: four ranks, RANK under FAULT; NAME.out, NAME.json, $rc.
    launch() {
        CONFIRM_RANK=$3 CONFIRM_FAULT=$2 timeout 300 "$mpiexec" -np 4 "$tmp/rank.sh" "$bench" run --mpi --backend cl \
            --quick --reps 15 bank/strided ${4:-} --json "$tmp/$1.json" >"$tmp/$1.out" 2>&1
        rc=$?
        grep -E '^(Confirming|SLOW|LOW|ERROR|UNJUDGED|Verdicts)' "$tmp/$1.out"
    }
    launch slow slow:bank:4 0
    [ "$rc" = 4 ] || fail "a rank slowed on every run: exit $rc, not 4: $(cat "$tmp/slow.out")"
    grep -q "^SLOW       [^ ,]*, rank 0, .*(FAIL below 0\.50); confirmed on a second measurement (the first: 0\.[0-9]*, ZESLM_FR_SLOW_FLOOR) \[ZESLM_FR_SLOW_FLOOR, FAIL\]$" \
        "$tmp/slow.out" || fail "rank 0 not SLOW_FLOOR confirmed: $(cat "$tmp/slow.out")"
    entry "$tmp/slow.json" ZESLM_FR_SLOW_FLOOR true ZESLM_FR_SLOW_FLOOR || fail "the JSON of the confirmed FAIL"
    launch once slow-once:bank:4 1
    [ "$rc" = 0 ] || fail "a rank slowed once: exit $rc, not 0: $(cat "$tmp/once.out")"
    grep -q "^SLOW       [^ ,]*, rank 1, .*: UNCONFIRMED: 0\.[0-9]* on its first measurement (ZESLM_FR_SLOW_FLOOR), .* \[ZESLM_FR_UNCONFIRMED, WARN\]$" \
        "$tmp/once.out" || fail "rank 1 not UNCONFIRMED: $(cat "$tmp/once.out")"
    ! grep -q ', FAIL\]$' "$tmp/once.out" || fail "a FAIL left: $(cat "$tmp/once.out")"
    entry "$tmp/once.json" ZESLM_FR_UNCONFIRMED false ZESLM_FR_SLOW_FLOOR || fail "the JSON of the unconfirmed FAIL"
    launch one slow-once:bank:4 3 --no-confirm
    [ "$rc" = 4 ] || fail "--no-confirm, a rank slowed once: exit $rc, not 4: $(cat "$tmp/one.out")"
    grep -q "^SLOW       [^ ,]*, rank 3, .*(FAIL below 0\.50) \[ZESLM_FR_SLOW_FLOOR, FAIL\]$" "$tmp/one.out" &&
        ! grep -q "^Confirming" "$tmp/one.out" || fail "--no-confirm measured again: $(cat "$tmp/one.out")"
    echo ok
    exit 0
fi

# check against a baseline of this node's own run of level 1.
"$bench" run --quick reduce/many bank/strided --json "$tmp/run.json" >/dev/null 2>&1 || fail "the baseline run"
"$bench" merge "$tmp/run.json" --write-baseline "$tmp/base.json" >/dev/null 2>&1 || fail "merge --write-baseline"
# check NAME FAULT [OPTION]: NAME.out (the node's line), NAME.err, NAME.jsonl, $rc.
check() {
    ZESLM_FAULT=$2 "$bench" check --level 1 --baseline "$tmp/base.json" ${3:-} --openmetrics "$tmp/$1.prom" \
        >"$tmp/$1.out" 2>"$tmp/$1.err"
    rc=$?
    cat "$tmp/$1.out"
}
check slow slow:bank:4
[ "$rc" = 4 ] || fail "check slowed on every run: exit $rc, not 4: $(cat "$tmp/slow.out" "$tmp/slow.err")"
grep -q " verdict=LOW code=ZESLM_FR_LOW_FLOOR " "$tmp/slow.out" &&
    grep -q "^LOW .*(FAIL below 0\.50); confirmed on a second measurement (the first: 0\.[0-9]*, ZESLM_FR_LOW_FLOOR) \[ZESLM_FR_LOW_FLOOR, FAIL\]$" \
        "$tmp/slow.err" || fail "not LOW_FLOOR confirmed: $(cat "$tmp/slow.out" "$tmp/slow.err")"
check once slow-once:bank:4
[ "$rc" = 3 ] || fail "check slowed once: exit $rc, not 3: $(cat "$tmp/once.out" "$tmp/once.err")"
grep -q " verdict=LOW code=ZESLM_FR_UNCONFIRMED " "$tmp/once.out" &&
    grep -q "^LOW .*: UNCONFIRMED: 0\.[0-9]* on its first measurement (ZESLM_FR_LOW_FLOOR), .* \[ZESLM_FR_UNCONFIRMED, WARN\]$" \
        "$tmp/once.err" || fail "not UNCONFIRMED: $(cat "$tmp/once.out" "$tmp/once.err")"
grep -q 'code="ZESLM_FR_UNCONFIRMED"' "$tmp/once.prom" || fail "the OpenMetrics lack the code: $(cat "$tmp/once.prom")"
check one slow-once:bank:4 --no-confirm
[ "$rc" = 4 ] && grep -q " verdict=LOW code=ZESLM_FR_LOW_FLOOR " "$tmp/one.out" &&
    ! grep -q "confirming" "$tmp/one.err" || fail "--no-confirm: exit $rc: $(cat "$tmp/one.out" "$tmp/one.err")"
echo ok
