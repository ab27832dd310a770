#!/bin/sh
# SPDX-License-Identifier: MIT
# inspect on a user's OpenCL C: a compile error shows ocloc's own diagnostics (not only
# an exit status), --options passes a file's build options to the compiler as
# zeslm_program.options does (a kernel that needs -cl-std=CL3.0), and --slm BYTES (the __local arguments' SLM a group takes) enters
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

# Without its options the OpenCL C 3.0 kernel fails to build; with them it is shown.
rc=0
"$bench" inspect --target tgllp "$dir/fixtures/kernels/needs_cl30.cl" >"$tmp/out" 2>"$tmp/err" || rc=$?
test "$rc" -eq 1 || { echo "needs_cl30.cl without options: exit status $rc, expected 1" >&2; exit 1; }
"$bench" inspect --target tgllp --options '-cl-std=CL3.0' "$dir/fixtures/kernels/needs_cl30.cl" >"$tmp/out" 2>"$tmp/err" ||
    { cat "$tmp/err"; echo "--options '-cl-std=CL3.0' did not build needs_cl30.cl" >&2; exit 1; }
grep -q "copy30" "$tmp/out" || { cat "$tmp/out"; echo "copy30 not shown" >&2; exit 1; }
# --options with no file would be ignored: an error says so.
rc=0
"$bench" inspect --options '-cl-std=CL3.0' >"$tmp/out" 2>"$tmp/err" || rc=$?
test "$rc" -eq 2 && grep -q "^ze-slm-bench: error: --options: give the FILE.cl" "$tmp/err" ||
    { cat "$tmp/err"; echo "--options without a file: exit status $rc" >&2; exit 1; }

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
