#!/bin/sh
# SPDX-License-Identifier: MIT
# `profile hist/lanes --metrics` end to end against a Level Zero driver of ours: the
# real loader (Debian's libze1) loads tests/zedouble/ze_double.c in place of Intel's
# driver through ZE_ENABLE_ALT_DRIVERS. The double stands in for an Intel GPU with
# counters, which no machine here has: it runs hist_lanes as a C reimplementation, so
# ze-slm's check of the bins against its host reference is a real check, and counts
# ComputeBasic's metrics itself around the launches each query wraps. The values it
# must report are known: one launch a query; 8 SLM atomics a 64-bit word (one
# atomic_inc a byte in kernels/hist.cl), so 8000 for --size 1000; and 512 work-items
# (500 uint4 loads of 1000 words, in whole groups of 64: 8 groups). DOUBLE_DIR holds
# the empty libigdmd.so.1 that gets the tool past its check for Intel's metrics
# library.
# usage: metrics_double.sh ZE_SLM_BENCH LIBZE_DOUBLE DOUBLE_DIR list|values|bad_group|miscount|ordinary
bench=$1 driver=$2 double=$3 mode=$4
# i915 allowing counters to root only would refuse before the driver is asked.
if [ "$(cat /proc/sys/dev/i915/perf_stream_paranoid 2>/dev/null)" = 1 ] && [ "$(id -u)" != 0 ]; then
    echo "skipped: dev.i915.perf_stream_paranoid is 1"
    exit 77
fi
export ZE_ENABLE_ALT_DRIVERS="$driver" LD_LIBRARY_PATH="$double${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
unset ZET_ENABLE_METRICS
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() {
    echo "FAIL: $*"
    exit 1
}
profile() { # --metrics value, more options...
    "$bench" profile hist/lanes --backend ze --size 1000 --group-sizes 64 --metrics "$@" \
        >"$tmp/out" 2>"$tmp/err"
    rc=$?
    echo "exit $rc"
    cat "$tmp/out" "$tmp/err"
}
case $mode in
list)
    profile list
    [ "$rc" -eq 0 ] || fail "exit status $rc"
    grep -q "ComputeBasic *4 *event" "$tmp/out" || fail "no ComputeBasic group with 4 metrics sampled by events"
    ;;
values)
    profile ComputeBasic --json "$tmp/m.json"
    [ "$rc" -eq 0 ] || fail "exit status $rc"
    [ ! -s "$tmp/err" ] || fail "error output"
    # One row group per input (uniform, same, skewed), each with the known counts.
    [ "$(grep -c "Launches *1 *kernels" "$tmp/out")" -eq 3 ] || fail "not 3 results of one launch each"
    [ "$(grep -c "SlmAtomics *8000 *atomics" "$tmp/out")" -eq 3 ] || fail "not 8000 SLM atomics in each"
    [ "$(grep -c "WorkItems *512 *work-items" "$tmp/out")" -eq 3 ] || fail "not 512 work-items in each"
    grep -q "64  n=1000 input=skewed" "$tmp/out" || fail "no row for the skewed input at group size 64"
    python3 - "$tmp/m.json" <<'EOF' || fail "--json lacks the values"
import json, sys
rows = json.load(open(sys.argv[1]))["metric_values"]
assert [r["params"] for r in rows] == ["n=1000 input=" + i for i in ("uniform", "same", "skewed")], rows
for r in rows:
    assert (r["metric_group"], r["workload"], r["variant"], r["group_size"]) == ("ComputeBasic", "hist", "lanes", 64)
    # Every field of the schema's metric row (tools/ze-slm-bench/json/records.c), in its order.
    assert list(r) == ["metric_group", "workload", "variant", "params", "group_size", "metrics"], list(r)
    assert all(list(m) == ["name", "value", "unit", "description"] for m in r["metrics"]), r["metrics"]
    got = {m["name"]: (m["value"], m["unit"]) for m in r["metrics"]}
    assert got["Launches"] == (1, "kernels") and got["SlmAtomics"] == (8000, "atomics"), got
    assert got["WorkItems"] == (512, "work-items") and got["GpuTime"][0] > 0 and got["GpuTime"][1] == "ns", got
EOF
    ;;
bad_group)
    profile NoSuchGroup
    [ "$rc" -eq 2 ] || fail "exit status $rc, not 2"
    [ "$(grep -c . "$tmp/err")" -eq 1 ] || fail "not one error line"
    grep -q "no metric group 'NoSuchGroup'" "$tmp/err" || fail "the error does not name the group"
    ;;
miscount)
    ZESLM_DOUBLE_MISCOUNT=1 profile ComputeBasic
    [ "$rc" -eq 1 ] || fail "exit status $rc, not 1"
    grep -q "wrong result at index 0" "$tmp/err" || fail "the wrong bins are not named"
    ! grep -q SlmAtomics "$tmp/out" || fail "counters shown for a launch that failed its check"
    ;;
ordinary)
    # The double's zeInit fails whenever ZET_ENABLE_METRICS=1: run and profile without
    # --metrics must work (they never set it), --metrics must meet the failure.
    export ZESLM_DOUBLE_NO_METRICS=1
    "$bench" run hist/lanes --backend ze --size 1000 --quick >"$tmp/out" 2>&1 || fail "run: $(cat "$tmp/out")"
    # The rate scales to the double's host-timed speed (911 MB/s one time, GB/s another).
    [ "$(grep -Ec "^lanes +n=1000 input=[a-z]+ .* [0-9.]+ [KMGT]B/s +yes$" "$tmp/out")" -eq 3 ] ||
        fail "run measured nothing: $(cat "$tmp/out")"
    "$bench" profile hist/lanes --backend ze --size 1000 --group-sizes 64 >"$tmp/out" 2>&1 ||
        fail "profile: $(cat "$tmp/out")"
    profile ComputeBasic
    [ "$rc" -eq 1 ] || fail "exit status $rc, not 1"
    grep -q "zeInit with ZET_ENABLE_METRICS=1 failed: 0x70020000" "$tmp/err" || fail "--metrics did not set it"
    ;;
*) fail "unknown mode $mode" ;;
esac
echo ok
