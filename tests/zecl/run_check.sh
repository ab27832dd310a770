#!/bin/sh
# SPDX-License-Identifier: MIT
# `ze-slm-bench run --backend ze` on the test driver (the environment names it), judged
# by check_run.py, and its text: no error, and the device called a test driver and not
# a GPU, so no reader takes these numbers for an Intel GPU's.
# usage: run_check.sh ZE_SLM_BENCH [FLAG | WORKLOAD]... (flags without values: the rest are
# the workloads whose every variant must have results)
set -eu
bench=$1
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bench" run --list --json "$tmp/variants.json" >/dev/null
rc=0
"$bench" run --backend ze --json "$tmp/run.json" "$@" >"$tmp/out" 2>&1 || rc=$?
cat "$tmp/out"
[ "$rc" -eq 0 ] || { echo "FAIL: exit status $rc" >&2; exit 1; }
! grep -qi "error" "$tmp/out" || { echo "FAIL: an error in the output" >&2; exit 1; }
grep -q "^Device 0: ze-slm test driver (not a GPU)" "$tmp/out" || { echo "FAIL: not named a test driver" >&2; exit 1; }
grep -q "^This device is not a GPU" "$tmp/out" || { echo "FAIL: not called 'not a GPU'" >&2; exit 1; }
workloads=
for a in "$@"; do
    case $a in -*) ;; *) workloads="$workloads $a" ;; esac
done
# shellcheck disable=SC2086
python3 "$(dirname "$0")/check_run.py" "$tmp/run.json" "$tmp/variants.json" $workloads
