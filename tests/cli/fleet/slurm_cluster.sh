#!/bin/sh
# SPDX-License-Identifier: MIT
# The Slurm recipes of docs/cluster.md and docs/fleet-health.md on a real Slurm (Debian's
# slurm-wlm and munge), taken from the pages and run as written, in a folder where
# build/, docs/ and reference/ are this build's and the repository's:
#  - "A Slurm on one machine": one node, srun of four ranks; stopped; two nodes n1 and n2
#    (two slurmd on this host), srun of two ranks each;
#  - "One file a rank" (srun, then merge) and the same under mpiexec.mpich; the run --mpi
#    block: mpiexec.mpich, mpiexec.openmpi as root, srun --mpi=pmi2 (MPICH) and
#    srun --mpi=pmix (Open MPI, OMPI_MCA_btl=self,tcp);
#  - ReFrame through Slurm (reference/reframe/site_slurm.py, one task a node): it passes,
#    and fails on failed_gpus with n2's device slowed;
#  - fleet-health.md's drain list from a job: empty, then n2 with n2 slowed;
#  - fleet-health.md's epilog, run by slurmd (Epilog=DIR/*) after each job on both
#    nodes, and the same script as slurmd's HealthCheckProgram: a healthy node is never
#    drained; a slowed n2 is, with the check's line (verdict LOW, its reason code) as the
#    reason, and one with no device with ZESLM_FR_CHECK_RUN.
# The runs' workloads are narrowed to the health check's level 1 (reduce/many
# bank/strided; ReFrame runs its own), and merge and run --mpi given --ranks-per-device 4:
# each node here has one device, which its ranks share, and which is judged as one device
# (the best of its ranks' time slices: four ranks time-slicing one CPU device differ by
# half in a workload, which is contention, not a fault). Every route fails on a FAIL (the
# default --fail-on). The launch routes' two nodes, one device each, have one peer each
# (UNJUDGED under the default --min-peers 2): their ranks share this machine's two cores
# unpinned, and a node whose ranks all ran reduce while the other's waited read 0.21 of
# it (1 of 6 simulated runs). The slowed-node cases (drain list, ReFrame, epilog, health
# check) run each node on a core of its own and judge with --min-peers 1.
# n2 is slowed by building its kernels without optimization (PoCL's POCL_EXTRA_BUILD_FLAGS=-cl-opt-disable, about 15x slower): a
# competing load on its core lengthens the run but not the kernels' device times that the
# verdicts take (0.97 of the baseline at nice 15 beside a busy loop). Each node's ranks
# and checks run on a core of their own (n1 on CPU 0, n2 on CPU 1, one PoCL thread).
# Skipped (77), saying why, unless root with slurm-wlm and munge installed and no Slurm
# set up or running. Stops the daemons it started and leaves /etc/slurm, /var/lib/slurm,
# /var/log/slurm, /run and munged as it found them.
# usage: slurm_cluster.sh REPO_DIR BUILD_DIR
set -u
repo=$(cd "$1" && pwd)
build=$(cd "$2" && pwd)
export PATH="$PATH:/usr/sbin:/sbin"
skip() {
    echo "SKIPPED: $*"
    exit 77
}
[ "$(id -u)" -eq 0 ] || skip "not root (slurmd and munged run as root)"
for t in slurmctld slurmd srun sbatch scontrol sinfo munged munge taskset; do
    command -v $t >/dev/null || skip "no $t (apt-get install slurm-wlm munge)"
done
[ -e /etc/slurm/slurm.conf ] && skip "/etc/slurm/slurm.conf exists: a Slurm is set up here"
{ pgrep -x 'slurm(ctld|d)' || pgrep -x slurmstepd; } >/dev/null && skip "a Slurm daemon runs here"
[ -x "$build/tests/ze-slm-bench-openmpi" ] || skip "no Open MPI build of the tool (build/tests/ze-slm-bench-openmpi)"
command -v mpiexec.mpich >/dev/null && command -v mpiexec.openmpi >/dev/null || skip "no mpiexec.mpich or mpiexec.openmpi"
[ -x "$build/reframe/bin/reframe" ] || skip "no ReFrame in $build/reframe (the reframe test installs it)"
[ "$(nproc)" -ge 2 ] || skip "one CPU: the nodes run on a core each"

tmp=$(mktemp -d /tmp/slurm_cluster.XXXXXX)
chmod 755 "$tmp"
work=$tmp/work
mkdir "$work"
ln -s "$build" "$work/build"
ln -s "$repo/docs" "$work/docs"
ln -s "$repo/reference" "$work/reference"
# What was here before, to leave it so.
munge -n >/dev/null 2>&1 && had_munged=1 || had_munged=""
[ -d /run/munge ] && had_run_munge=1 || had_run_munge=""
before=$tmp/before
spots="/var/lib/slurm /var/log/slurm /tmp/slurm.n1 /tmp/slurm.n2 /run/slurmctld.pid /run/slurmd.pid /run/slurmd.n1.pid /run/slurmd.n2.pid"
# shellcheck disable=SC2086
find $spots -maxdepth 2 2>/dev/null | sort >"$before"
daemons_stop() {
    scontrol shutdown >/dev/null 2>&1
    i=0
    while pgrep -x 'slurm(ctld|d)' >/dev/null && [ $i -lt 30 ]; do
        sleep 1
        i=$((i + 1))
    done
}
restore() {
    daemons_stop
    if [ -z "$had_munged" ] && [ -f /run/munge/munged.pid ]; then
        pid=$(cat /run/munge/munged.pid)
        kill "$pid" 2>/dev/null
        i=0
        while kill -0 "$pid" 2>/dev/null && [ $i -lt 10 ]; do
            sleep 1
            i=$((i + 1))
        done
    fi
    rm -f /etc/slurm/slurm.conf
    # Whatever the daemons and the recipes made, deepest first (a folder after its files).
    # shellcheck disable=SC2086
    find $spots -maxdepth 2 2>/dev/null | sort |
        comm -13 "$before" - | sort -r | while read -r p; do rm -rf "$p"; done
    [ -n "$had_run_munge" ] || rm -rf /run/munge
    rm -rf "$tmp"
}
trap restore EXIT
trap 'exit 1' INT TERM
fail() {
    echo "FAIL: $*"
    for l in /var/log/slurm/*.log; do
        echo "--- $l"
        tail -5 "$l"
    done
    exit 1
}
block() { # FILE FIRST-LINE: the page's code block that opens with that line, without its fences
    sed -n "\\|^$2\$|,/^\`\`\`\$/p" "$1" | sed '$d'
}
narrowed() { # the recipe with its runs narrowed to level 1's workloads, and up to 4 ranks on
    # a device where merge and run --mpi judge (a node here has one, which its ranks share)
    sed 's|run --quick|run --quick reduce/many bank/strided|; s|run --mpi --quick|run --mpi --ranks-per-device 4 --quick reduce/many bank/strided|; s|ze-slm-bench merge |ze-slm-bench merge --ranks-per-device 4 |'
}
recipe() { # NAME TEXT: TEXT run in the work folder by sh -ex, within 300 s; its output in a log
    echo "== $1"
    [ -n "$2" ] || fail "$1: no such block in the docs"
    printf '%s\n' "$2" | (cd "$work" && timeout 300 sh -ex >"$tmp/recipe.log" 2>&1)
    rc=$?
    [ $rc -eq 0 ] || fail "$1: exit $rc: $(cat "$tmp/recipe.log")"
    grep '^+ ' "$tmp/recipe.log"
}
states() { # NODES...: waits until none is completing or unregistered (60 s); prints 'node state reason'
    i=0
    while [ $i -lt 60 ]; do
        busy=""
        for n; do
            sinfo -h -N -n "$n" -o %T | grep -Eqx 'idle|drained' || busy=1
        done
        [ -z "$busy" ] && break
        sleep 1
        i=$((i + 1))
    done
    for n; do
        echo "$n $(sinfo -h -N -n "$n" -o '%T %E')"
    done
}
ranks() { # DIR COUNT NODES: DIR holds COUNT rank files, which merge with exit 0 into COUNT devices on NODES
    [ "$(find "$work/$1" -name '*.json' ! -name '*.start.json' | wc -l)" -eq "$2" ] || fail "$1: not $2 rank files: $(ls "$work/$1")"
    "$build/ze-slm-bench" merge "$work/$1"/*.json --expect "$2" --ranks-per-device 4 --json "$tmp/merged.json" >"$tmp/merge.txt" 2>&1 ||
        fail "merge of $1: exit $?: $(cat "$tmp/merge.txt")"
    rm -rf "${work:?}/$1"
    document "$tmp/merged.json" "$2" "$3"
}
document() { # FILE COUNT NODES: a merged document of COUNT devices on NODES, no error
    python3 - "$1" "$2" "$3" <<'PY' || fail "$1"
import json, sys
doc = json.load(open(sys.argv[1]))
hosts = sorted({d["host"] for d in doc["devices"]})
if len(doc["devices"]) != int(sys.argv[2]) or hosts != sorted(sys.argv[3].split()) or doc.get("errors"):
    sys.exit(f"{len(doc['devices'])} devices on {hosts}, errors {doc.get('errors')}")
PY
    rm -f "$1"
}
export OCL_ICD_VENDORS=/etc/OpenCL/vendors/pocl.icd POCL_MAX_PTHREAD_COUNT=1 PYTHONDONTWRITEBYTECODE=1
t0=$(date +%s)

# One node.
recipe "one node" "$(block "$repo/docs/cluster.md" '# One node: docs/slurm-one-node.conf' | grep -v '^apt-get ' | narrowed)"
ranks fleet 4 "$(hostname -s)"
stop=$(block "$repo/docs/cluster.md" '# Stop: Slurm.s daemons (all of them), then munged')
[ -z "$had_munged" ] || stop=$(printf '%s\n' "$stop" | grep -v 'munged.pid')
recipe "stop" "$stop"
pgrep -x 'slurm(ctld|d)' >/dev/null && fail "the stop recipe left a daemon running"

# Two nodes.
recipe "two nodes" "$(block "$repo/docs/cluster.md" '# Two nodes, n1 and n2: docs/slurm-two-nodes.conf (after the stop above)' | narrowed)"
ranks fleet 4 "n1 n2"
recipe "one file a rank" "$(block "$repo/docs/cluster.md" 'srun --nodes 2 --ntasks-per-node 4 build/ze-slm-bench run --quick --json fleet/' | narrowed)"
[ -s "$work/fleet.json" ] || fail "no fleet.json"
rm -f "$work/fleet.json"
ranks fleet 8 "n1 n2"
recipe "mpiexec.mpich, one file a rank" "$(sed -n 's/^(`fleet\/` on a file system the nodes share; `\(mpiexec.mpich [^`]*\)`.*/\1/p' "$repo/docs/cluster.md" | narrowed)"
ranks fleet 4 "$(hostname)"
# The run --mpi block, a command at a time, each one document of its four ranks.
mpi=$(block "$repo/docs/cluster.md" 'mpiexec.mpich -np 4 build/ze-slm-bench run --mpi --quick --json fleet.json' | narrowed |
    sed -e ':a' -e '/\\$/N; s/\\\n *//; ta')
[ "$(printf '%s\n' "$mpi" | wc -l)" -eq 4 ] || fail "the run --mpi block is not 4 commands: $mpi"
printf '%s\n' "$mpi" | while read -r cmd; do
    recipe "$cmd" "$cmd"
    case $cmd in
    *srun*) document "$work/fleet.json" 4 "n1 n2" ;;
    *) document "$work/fleet.json" 4 "$(hostname)" ;;
    esac
done || exit 1
t1=$(date +%s)

# The stand-in for the tool that the job steps, ReFrame and slurmd's scripts find: the
# tool on PoCL, a node's ranks and checks on a core of its own, and the fault planted on
# n2 while $tmp/plant says: its kernels built without optimization (slow), or no OpenCL
# platform (no-device).
mkdir "$tmp/bin"
echo none >"$tmp/plant"
cat >"$tmp/bin/ze-slm-bench" <<EOF
#!/bin/sh
export OCL_ICD_VENDORS=$OCL_ICD_VENDORS POCL_MAX_PTHREAD_COUNT=1
cpu=0
if [ "\${SLURMD_NODENAME:-}" = n2 ]; then
    cpu=1
    case \$(cat $tmp/plant) in
    slow) export POCL_EXTRA_BUILD_FLAGS=-cl-opt-disable ;;
    no-device) export OCL_ICD_VENDORS=/nonexistent ;;
    esac
fi
exec taskset -c \$cpu $build/ze-slm-bench "\$@"
EOF
chmod 755 "$tmp/bin/ze-slm-bench"

# ReFrame through Slurm, with the page's site configuration, a task a node.
reframe_cmd=$(block "$repo/docs/cluster.md" 'reframe -c reference/reframe/ze_slm.py -r -S bench=$PWD/build/ze-slm-bench' |
    sed -e ':a' -e '/\\$/N; s/\\\n *//; ta' | grep '^reframe -C reference/reframe/site_slurm.py ')
[ -n "$reframe_cmd" ] || fail "no ReFrame command through Slurm in docs/cluster.md"
# Two healthy nodes are two peers: each SLOW (a WARN) below 0.9 of their median, which
# this machine's noise gives (0.87 of it in CI's run); the check and the drain list fail
# a node on a FAIL alone (below half its peer's median), as merge's exit status does.
# ReFrame writes its log to TMPDIR on a failure.
for plant in none slow; do
    echo "$plant" >"$tmp/plant"
    cmd=$(printf '%s\n' "$reframe_cmd" | sed "s|^reframe |$build/reframe/bin/reframe |; s|bench=\$PWD/build/ze-slm-bench|bench=$tmp/bin/ze-slm-bench|; s|gpus_per_node=4|gpus_per_node=1 -S min_peers=1|")
    echo "== ReFrame, n2: $plant"
    (cd "$work" && TMPDIR=$tmp timeout 300 sh -c "$cmd --prefix $tmp/rf-$plant") >"$tmp/rf.out" 2>&1
    rc=$?
    grep -E '^P: |PASSED|FAILED|Reason|Retrying' "$tmp/rf.out"
    case $plant in
    none) [ $rc -eq 0 ] && grep -q 'P: failed_gpus: 0 GPUs' "$tmp/rf.out" || fail "ReFrame, no fault: exit $rc: $(cat "$tmp/rf.out")" ;;
    slow) [ $rc -ne 0 ] && grep -q 'failed to meet reference(s): failed_gpus=1 GPUs' "$tmp/rf.out" ||
        fail "ReFrame with n2 slowed: exit $rc, not failed on failed_gpus=1: $(cat "$tmp/rf.out" \
            "$(find "$tmp/rf-slow" -name merge.txt | head -1)")" ;;
    esac
done
t2=$(date +%s)

# fleet-health.md's drain list, from a job of one task a node.
pipeline=$(block "$repo/docs/fleet-health.md" 'srun --ntasks-per-node="$GPUS" ze-slm-bench run --quick --json "$dir/"' | narrowed |
    sed 's|ze-slm-bench merge |ze-slm-bench merge --min-peers 1 |')
for plant in none slow; do
    echo "$plant" >"$tmp/plant"
    rm -rf "$tmp/job"
    printf '#!/bin/sh\nPATH=%s:$PATH GPUS=1 dir=%s\n%s\n' "$tmp/bin" "$tmp/job" "$pipeline" >"$tmp/job.sh"
    echo "== the drain list, n2: $plant"
    (cd "$work" && timeout 300 sbatch -N 2 --ntasks-per-node 1 --wait -o "$tmp/job.out" "$tmp/job.sh" >/dev/null) ||
        fail "the drain-list job: $(cat "$tmp/job.out")"
    # The job's output is the ranks' (their tables) then the list: its lines of a name alone.
    list=$(grep -Ex '[A-Za-z0-9_.-]+' "$tmp/job.out")
    echo "drain list: ${list:-(empty)}"
    case $plant in
    none) [ -z "$list" ] || fail "a drain list with no fault: $list: $(cat "$tmp/job/verdicts.txt")" ;;
    slow) [ "$list" = n2 ] || fail "the drain list is not n2: $list: $(cat "$tmp/job/verdicts.txt")" ;;
    esac
done
t3=$(date +%s)

# The epilog: a baseline made as the page makes one, of a healthy job of the check's level
# 1 on both nodes at once; the page's script with its paths pointed at this test's.
echo none >"$tmp/plant"
timeout 120 srun -N 2 --ntasks-per-node 1 "$tmp/bin/ze-slm-bench" run --quick reduce/many bank/strided --json "$tmp/base/" \
    >/dev/null 2>&1 || fail "the baseline's runs"
make=$(grep '^ze-slm-bench merge /shared/ze-slm/healthy/\*.json --write-baseline /etc/ze-slm/baseline.json$' "$repo/docs/fleet-health.md" |
    sed "s|/shared/ze-slm/healthy/|$tmp/base/|; s|/etc/ze-slm/baseline.json|$tmp/baseline.json|")
recipe "a baseline file" "$(printf 'PATH=%s:$PATH\n%s\n' "$tmp/bin" "$make")"
[ -s "$tmp/baseline.json" ] || fail "no baseline file"
# Healthy checks of this loaded machine measured 0.73 to 1.04 of it, the slowed n2 near
# 0.07: LOW below 0.5 here (at 0.9 a healthy node was drained once in 27 checks).
sed -i 's/"low_below": [0-9.]*/"low_below": 0.5/' "$tmp/baseline.json"
# A node alone against the baseline, by hand: passes, and fails LOW slowed.
alone=$(block "$repo/docs/fleet-health.md" 'ze-slm-bench run --quick --json /var/tmp/ze-slm.json && \\' | narrowed |
    sed "s|/var/tmp/ze-slm.json|$tmp/alone.json|g; s|/etc/ze-slm/baseline.json|$tmp/baseline.json|")
recipe "a node alone" "$(printf 'PATH=%s:$PATH\n%s\n' "$tmp/bin" "$alone")"
echo slow >"$tmp/plant"
printf 'export PATH=%s:$PATH SLURMD_NODENAME=n2\n%s\n' "$tmp/bin" "$alone" | (cd "$work" && sh >"$tmp/alone.out" 2>&1)
rc=$?
grep '^LOW ' "$tmp/alone.out"
[ $rc -ne 0 ] && grep -q '^LOW .*\[ZESLM_FR_LOW' "$tmp/alone.out" || fail "a slowed node alone: exit $rc, not LOW: $(tail -5 "$tmp/alone.out")"
echo none >"$tmp/plant"
epilog=$(block "$repo/docs/fleet-health.md" '# /etc/slurm/epilog.d/ze-slm.sh')
[ -n "$epilog" ] || fail "no epilog in docs/fleet-health.md"
conf_line=$(sed -n 's/.*In `slurm.conf`: `\(Epilog=[^`]*\)`.*/\1/p' "$repo/docs/fleet-health.md")
[ "$conf_line" = 'Epilog=/etc/slurm/epilog.d/*' ] || fail "no Epilog= line in docs/fleet-health.md: '$conf_line'"
mkdir "$tmp/epilog.d"
{
    echo '#!/bin/sh'
    printf '%s\n' "$epilog" |
        sed "s|PATH=/usr/local/bin:|PATH=$tmp/bin:/usr/local/bin:|; s|^baseline=.*|baseline=$tmp/baseline.json|; s|^log=.*|log=$tmp/check.log|"
} >"$tmp/epilog.d/ze-slm.sh"
chmod 755 "$tmp/epilog.d/ze-slm.sh"
echo "Epilog=$tmp/epilog.d/*" >>/etc/slurm/slurm.conf
scontrol reconfigure || fail "scontrol reconfigure"
failed=""
after() { # WHAT PLANT: after WHAT (a job, slurmd started) with PLANT on n2: n1 idle, n2 as the plant says
    sinfo_out=$(states n1 n2)
    echo "$sinfo_out"
    echo "$sinfo_out" | grep -q '^n1 idle' || failed="$failed; n1 not left idle after $1 ($2 on n2)"
    case $2 in
    none) echo "$sinfo_out" | grep -q '^n2 idle' || failed="$failed; n2 drained after $1 with no fault" ;;
    slow) echo "$sinfo_out" | grep -Eq '^n2 drained ze-slm exit [34]: host=n2 verdict=LOW code=ZESLM_FR_LOW[A-Z_]* worst=0' ||
        failed="$failed; slowed n2 not drained LOW, with its code, after $1" ;;
    no-device) echo "$sinfo_out" | grep -q '^n2 drained ze-slm exit 4: host=n2 verdict=ERROR code=ZESLM_FR_CHECK_RUN ' ||
        failed="$failed; n2 with no device not drained ERROR after $1" ;;
    esac
}
logged() { # COUNT: waits (120 s) until the check's log has COUNT lines
    i=0
    while [ "$(grep -c ' exit [0-9]*: ' "$tmp/check.log" 2>/dev/null)" -lt "$1" ] && [ $i -lt 120 ]; do
        sleep 1
        i=$((i + 1))
    done
}
lines=0
for plant in none slow none no-device; do
    echo "$plant" >"$tmp/plant"
    scontrol update nodename=n1,n2 state=resume 2>/dev/null
    echo "== the epilog, n2: $plant"
    timeout 120 srun -N 2 --ntasks-per-node 1 true || fail "srun"
    lines=$((lines + 2))
    logged $lines
    after "a job's epilog" $plant
done
t4=$(date +%s)
# The same script as HealthCheckProgram, which slurmd runs as it starts (then each
# HealthCheckInterval), with neither HOME nor SLURM_JOB_ID.
hc=$(sed -n 's/^`\(HealthCheckProgram=\)\/etc\/slurm\/epilog.d\/ze-slm.sh`, `\(HealthCheckInterval=[0-9]*\)`, `\(HealthCheckNodeState=[A-Z]*\)`.$/\1 \2 \3/p' "$repo/docs/fleet-health.md")
[ -n "$hc" ] || fail "no HealthCheckProgram line in docs/fleet-health.md"
for l in $hc; do
    case $l in HealthCheckProgram=) l=$l$tmp/epilog.d/ze-slm.sh ;; esac
    echo "$l" >>/etc/slurm/slurm.conf
done
scontrol reconfigure || fail "scontrol reconfigure"
for plant in slow none; do
    echo "$plant" >"$tmp/plant"
    scontrol update nodename=n1,n2 state=resume 2>/dev/null
    echo "== the health check as slurmd starts, n2: $plant"
    for n in n1 n2; do
        kill "$(cat /run/slurmd.$n.pid)"
    done
    i=0
    while pgrep -x slurmd >/dev/null; do
        [ $i -lt 120 ] || fail "slurmd did not stop within 120 s"
        sleep 1
        i=$((i + 1))
    done
    echo "$(date +%T) slurmd stopped"
    slurmd -N n1 && slurmd -N n2 || fail "slurmd"
    echo "$(date +%T) slurmd started"
    lines=$((lines + 2))
    logged $lines
    # slurmctld saw no node go (slurmd came back within SlurmdTimeout): n2 is idle until
    # the script's scontrol, just after its log line.
    sleep 2
    after "slurmd's health check" $plant
done
t5=$(date +%s)
grep ' exit [0-9]*: ' "$tmp/check.log"
echo "took: recipes $((t1 - t0)) s, ReFrame $((t2 - t1)) s, drain list $((t3 - t2)) s, epilog $((t4 - t3)) s, health check $((t5 - t4)) s"
[ -z "$failed" ] || fail "${failed#; }"
echo "PASS"
