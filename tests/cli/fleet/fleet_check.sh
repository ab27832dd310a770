#!/bin/sh
# SPDX-License-Identifier: MIT
# `check`, the node's health check, on PoCL: one line on stdout in its documented form
# and exit 0 on a healthy node; LOW of level FAIL (ZESLM_FR_LOW_FLOOR, below half) with
# exit 4 against a baseline 4x its speed (a
# baseline file from merge --write-baseline of a run of its own, its rates scaled);
# --timeout kills a long run within a second or two of the bound, prints the TIMEOUT
# line, exits 4 and leaves no temporary; a bad level is a usage error; the judging
# options merge has (--min-peers: a node of two devices judged; --low-fail, a bad share a
# usage error). Then the epilog
# of docs/fleet-health.md as the page has it, run as slurmd runs it (env -i: no HOME,
# no PATH), with scontrol stood in for and its paths pointed at the test's: the healthy
# node is not drained, the slow one is, with the check's line as the reason, its host
# Slurm's name of the node (SLURMD_NODENAME), not the host name.
# usage: fleet_check.sh ZE_SLM_BENCH REPO_DIR
set -u
bench=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
repo=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
export OCL_ICD_VENDORS=/etc/OpenCL/vendors/pocl.icd TMPDIR="$tmp/t"
mkdir "$tmp/t"
form='^ze-slm-check host=[^ ]* verdict=[A-Z]* code=[A-Z_]* worst=(none|[0-9.]*) level=[123] seconds=[0-9.]*$'

"$bench" check --level 1 >"$tmp/ok.out" 2>"$tmp/ok.err"
rc=$?
cat "$tmp/ok.out"
[ "$rc" -eq 0 ] || fail "check on a healthy node: exit $rc: $(cat "$tmp/ok.out" "$tmp/ok.err")"
[ "$(wc -l <"$tmp/ok.out")" -eq 1 ] || fail "stdout is not one line: $(cat "$tmp/ok.out")"
grep -Eq "$form" "$tmp/ok.out" || fail "not the documented form: $(cat "$tmp/ok.out")"
# One device alone and no --baseline: nothing to judge it against, UNJUDGED (exit 0: level WARN, not counted by the check).
grep -Eq " verdict=(PASS|UNJUDGED) " "$tmp/ok.out" || fail "not PASS or UNJUDGED: $(cat "$tmp/ok.out")"

# A baseline of this node, then one 4x as fast.
"$bench" run --quick reduce/many bank/strided --json "$tmp/run.json" >/dev/null 2>&1 || fail "the baseline run"
"$bench" merge "$tmp/run.json" --write-baseline "$tmp/base.json" >/dev/null 2>&1 || fail "merge --write-baseline"
python3 - "$tmp/base.json" "$tmp/fast.json" <<'PY' || exit 1
import json, sys
b = json.load(open(sys.argv[1]))
for m in b["models"]:
    for r in m["results"]:
        r["rate"] = r["rate"] / 4 if r["lower_is_better"] else r["rate"] * 4
json.dump(b, open(sys.argv[2], "w"))
PY
"$bench" check --level 1 --baseline "$tmp/base.json" --low-below 0.3 >"$tmp/b.out" 2>"$tmp/b.err"
rc=$?
[ "$rc" -eq 0 ] || fail "check against its own baseline: exit $rc: $(cat "$tmp/b.out" "$tmp/b.err")"
grep -Eq ' worst=[0-9.]+ ' "$tmp/b.out" || fail "no worst figure against a baseline: $(cat "$tmp/b.out")"
"$bench" check --level 1 --baseline "$tmp/fast.json" >"$tmp/f.out" 2>"$tmp/f.err"
rc=$?
cat "$tmp/f.out"
[ "$rc" -eq 4 ] || fail "check against a baseline 4x as fast: exit $rc, not 4: $(cat "$tmp/f.out" "$tmp/f.err")"
grep -Eq "$form" "$tmp/f.out" && grep -q " verdict=LOW code=ZESLM_FR_LOW_FLOOR " "$tmp/f.out" ||
    fail "not LOW below its floor: $(cat "$tmp/f.out")"
awk '{ split($5, w, "="); exit !(w[2] < 0.5) }' "$tmp/f.out" || fail "worst is not below 0.5: $(cat "$tmp/f.out")"

# The judging options, as merge's: against the baseline 4x as fast with --low-fail 0.1,
# LOW of level WARN (exit 3), not below its floor.
"$bench" check --level 1 --baseline "$tmp/fast.json" --low-fail 0.1 >"$tmp/lf.out" 2>"$tmp/lf.err"
rc=$?
[ "$rc" -eq 3 ] && grep -q " verdict=LOW code=ZESLM_FR_LOW " "$tmp/lf.out" ||
    fail "check --low-fail 0.1 against a baseline 4x as fast: exit $rc: $(cat "$tmp/lf.out" "$tmp/lf.err")"
"$bench" check --slow-fail 2 >"$tmp/usage.out" 2>&1
rc=$?
[ "$rc" -eq 2 ] && [ "$(wc -l <"$tmp/usage.out")" -eq 1 ] && grep -q -- "--slow-fail: '2' is not a share" "$tmp/usage.out" ||
    fail "check --slow-fail 2: exit $rc: $(cat "$tmp/usage.out")"
# A node of two devices of one model (two PoCL pthread devices) and no baseline: each has
# one peer, UNJUDGED under the default --min-peers 2; judged against each other with
# --min-peers 1 (their SLOW thresholds set low: the two devices share this machine's
# cores, and their noise is not what is tested here).
POCL_DEVICES="pthread pthread" "$bench" check --backend cl --level 1 >"$tmp/two.out" 2>"$tmp/two.err"
rc=$?
cat "$tmp/two.out"
[ "$rc" -eq 0 ] && grep -q " verdict=UNJUDGED code=ZESLM_FR_FEW_PEERS " "$tmp/two.out" ||
    fail "two devices, no --min-peers: exit $rc: $(cat "$tmp/two.out" "$tmp/two.err")"
POCL_DEVICES="pthread pthread" "$bench" check --backend cl --level 1 --min-peers 1 --slow-below 0.2 --slow-fail 0.1 \
    --workload-floor 0.1 >"$tmp/two1.out" 2>"$tmp/two1.err"
rc=$?
cat "$tmp/two1.out"
[ "$rc" -eq 0 ] && grep -Eq " verdict=PASS code=ZESLM_FR_(OK|THROTTLED) worst=[0-9.]+ " "$tmp/two1.out" ||
    fail "two devices, --min-peers 1: exit $rc: $(cat "$tmp/two1.out" "$tmp/two1.err")"

# The bound: level 3 runs for minutes; a 2 s timeout ends it.
start=$(date +%s)
"$bench" check --level 3 --timeout 2 >"$tmp/t.out" 2>/dev/null
rc=$?
took=$(($(date +%s) - start))
cat "$tmp/t.out"
[ "$rc" -eq 4 ] || fail "a timed-out check exited $rc, not 4"
grep -q "^ze-slm-check host=[^ ]* verdict=ERROR code=ZESLM_FR_CHECK_TIMEOUT " "$tmp/t.out" || fail "no timeout line: $(cat "$tmp/t.out")"
[ "$took" -le 5 ] || fail "a 2 s bound took $took s"
sleep 1
[ -z "$(ls -A "$tmp/t")" ] || fail "temporaries left: $(ls -A "$tmp/t")"
pgrep -f "$bench check --level 3 --timeout 2$" >/dev/null && fail "the timed-out run is still running"

"$bench" check --level 4 >/dev/null 2>&1
[ $? -eq 2 ] || fail "--level 4 was not a usage error"

# The epilog, from the page.
recipe=$(sed -n '/^# \/etc\/slurm\/epilog.d\/ze-slm.sh$/,/^```$/p' "$repo/docs/fleet-health.md" | sed '$d')
[ -n "$recipe" ] || fail "no epilog in docs/fleet-health.md"
mkdir "$tmp/bin" "$tmp/home"
ln -s "$bench" "$tmp/bin/ze-slm-bench"
printf '#!/bin/sh\necho "$@" >>%s/drained\n' "$tmp" >"$tmp/bin/scontrol"
chmod 755 "$tmp/bin/scontrol"
epilog() { # BASELINE: the recipe with the test's tool, scontrol, baseline and log, as slurmd runs it
    { echo '#!/bin/sh'; printf '%s\n' "$recipe"; } |
        sed "s|PATH=/usr/local/bin:|PATH=$tmp/bin:|; s|^baseline=.*|baseline=$1|; s|^log=.*|log=$tmp/log|" >"$tmp/epilog"
    env -i SLURM_JOB_ID=7 SLURMD_NODENAME=n2 OCL_ICD_VENDORS="$OCL_ICD_VENDORS" sh "$tmp/epilog" ||
        fail "the epilog exited non-zero (slurmd drains it as 'Epilog error')"
}
# A loaded machine's own runs differ by 20% and more: the healthy node's baseline file
# says LOW below 0.3 (its own threshold, which caps the FAIL floor too), the slow node's is
# 4x as fast.
sed 's/"low_below": 0.9/"low_below": 0.3/' "$tmp/base.json" >"$tmp/loose.json"
rm -f "$tmp/drained"
epilog "$tmp/loose.json"
grep -q "job 7 exit 0: ze-slm-check host=" "$tmp/log" || fail "the epilog's log: $(cat "$tmp/log")"
[ ! -e "$tmp/drained" ] || fail "a healthy node was drained: $(cat "$tmp/drained")"
epilog "$tmp/fast.json"
cat "$tmp/drained"
grep -q '^update nodename=n2 state=drain reason=ze-slm exit 4: host=n2 verdict=LOW code=ZESLM_FR_LOW_FLOOR ' "$tmp/drained" ||
    fail "the slow node was not drained with its line: $(cat "$tmp/drained" "$tmp/log" 2>&1)"
echo ok
