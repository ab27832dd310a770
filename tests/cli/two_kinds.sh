# SPDX-License-Identifier: MIT
# Sourced by the tests that run PoCL and Intel's OpenCL runtime for CPUs as two kinds
# of device, both visible through one vendors folder. Needs $intel (INTEL_CL_DIR);
# exits 77 (skipped) without Intel's runtime. Sets $tmp (removed on exit),
# OCL_ICD_VENDORS and fail.
if [ ! -f "$intel/env" ]; then
    echo "SKIPPED: Intel's OpenCL runtime is not available: $(cat "$intel/unavailable" 2>/dev/null || echo "scripts/intel-cl.sh has not run")"
    exit 77
fi
. "$intel/env"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/vendors"
cp /etc/OpenCL/vendors/pocl.icd "$intel/vendors/intel-cpu.icd" "$tmp/vendors/"
export OCL_ICD_VENDORS="$tmp/vendors"
fail() {
    echo "FAIL: $*"
    exit 1
}
