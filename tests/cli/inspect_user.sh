#!/bin/sh
# inspect on a user's OpenCL C: a compile error shows ocloc's own diagnostics (not only
# an exit status), and --slm BYTES (the __local arguments' SLM a group takes) enters
# the occupancy figures: groups per subslice limited by SLM, or none past the limit.
# usage: inspect_user.sh ZE_SLM_BENCH TESTS_DIR
set -eu
bench=$1
dir=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

rc=0
"$bench" inspect --target tgllp "$dir/fixtures/kernels/syntax_error.cl" >"$tmp/out" 2>"$tmp/err" || rc=$?
cat "$tmp/err"
test "$rc" -eq 1 || { echo "exit status $rc, expected 1" >&2; exit 1; }
grep -q "error: expected ';' after expression" "$tmp/err" || { echo "no compiler message" >&2; exit 1; }
! grep -q "Command was" "$tmp/err" || { echo "ocloc's command line shown" >&2; exit 1; }
test ! -s "$tmp/out" || { echo "stdout not empty" >&2; exit 1; }

# tgllp: 64 KiB of SLM a subslice, 64 KiB a group (src/intel/targets.c).
fit() {
    "$bench" inspect --target tgllp --group-size 256 --slm "$1" --json - "$dir/fixtures/kernels/dynamic_slm.cl" 2>/dev/null |
        python3 -c 'import json,sys; k=json.load(sys.stdin)["kernels"][0]; print(k["dynamic_slm"], k["slm_size"], k["groups_per_subslice"], k["limited_by"])'
}
fit 0 | grep -qx "0 0 14 hardware threads" || { fit 0; exit 1; }
fit 16384 | grep -qx "16384 0 4 SLM" || { fit 16384; exit 1; }
fit 65536 | grep -qx "65536 0 1 SLM" || { fit 65536; exit 1; }
fit 65537 | grep -qx "65537 0 None None" || { fit 65537; exit 1; }
echo "inspect_user: ok"
