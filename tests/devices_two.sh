#!/bin/sh
# `devices` with two devices (PoCL and Intel's OpenCL runtime for CPUs) fits 100
# columns and scales byte counts (PoCL's 512 KiB of SLM a group, never "524288 bytes").
# Exit 77 (skipped) without Intel's runtime.
# usage: devices_two.sh path/to/ze-slm-bench INTEL_CL_DIR
set -u
bench=$1
intel=$2
if [ ! -f "$intel/env" ]; then
    echo "SKIPPED: Intel's OpenCL runtime is not available: $(cat "$intel/unavailable" 2>/dev/null || echo "tools/intel-cl.sh has not run")"
    exit 77
fi
. "$intel/env"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/vendors"
cp /etc/OpenCL/vendors/pocl.icd "$intel/vendors/intel-cpu.icd" "$tmp/vendors/"
OCL_ICD_VENDORS="$tmp/vendors" "$bench" devices --backend cl >"$tmp/out" 2>&1 || { cat "$tmp/out"; exit 1; }
cat "$tmp/out"
grep -q "^fact  *Device 0  *Device 1" "$tmp/out" || { echo "FAIL: not two devices"; exit 1; }
awk 'length($0) > 100 { print "FAIL: " length($0) " columns: " $0; bad = 1 } END { exit bad }' "$tmp/out" || exit 1
grep -q "^SLM per work-group  *512 KiB " "$tmp/out" || { echo "FAIL: PoCL's SLM is not '512 KiB'"; exit 1; }
! grep -q "[0-9] bytes" "$tmp/out" || { echo "FAIL: an unscaled byte count"; exit 1; }
echo ok
