#!/bin/sh
# SPDX-License-Identifier: MIT
# Intel's OpenCL runtime for x86 CPUs as a test device (Intel's compiler and its
# sub-group extensions, no Intel GPU needed). Fetches the pinned wheels from PyPI with
# `pip download`, unpacks them under BUILD/intel-cl (nothing outside it, nothing into
# any Python), registers the runtime in an ICD file of its own and prints the
# environment that selects it:
#
#   eval "$(scripts/intel-cl.sh build)" && build/ze-slm-bench devices
#
# Exit status 0: ready (a second call reuses what the first unpacked). 77: the runtime
# could not be fetched or unpacked; the reason goes to stderr and BUILD/intel-cl/unavailable,
# and the intel-cl tests report themselves skipped with it (CTest SKIP_RETURN_CODE).
set -eu
build=${1:?usage: scripts/intel-cl.sh BUILD_DIR}
mkdir -p "$build"
dir=$(cd "$build" && pwd)/intel-cl
wheels="intel-opencl-rt==2026.2.0 intel-cmplr-lib-rt==2026.2.0 tbb==2023.2.0"
# Where each wheel keeps its libraries.
ocl_lib=$dir/root/intel_opencl_rt-2026.2.0.data/data/lib
cmplr_lib=$dir/root/intel_cmplr_lib_rt-2026.2.0.data/data/lib
tbb_lib=$dir/root/tbb-2023.2.0.data/data/lib

unavailable() {
    echo "$1" >"$dir/unavailable"
    echo "intel-cl: $1" >&2
    exit 77
}

print_env() {
    cat "$dir/env"
}

if [ -f "$dir/env" ]; then
    print_env
    exit 0
fi
rm -rf "$dir"
mkdir -p "$dir/wheels"
python3 -m pip --version >/dev/null 2>&1 || unavailable "pip is not installed (python3 -m pip; Debian: python3-pip)"
# shellcheck disable=SC2086
if ! PIP_DISABLE_PIP_VERSION_CHECK=1 python3 -m pip download --no-cache-dir --no-deps --only-binary=:all: \
        --dest "$dir/wheels" $wheels >"$dir/pip.log" 2>&1; then
    unavailable "pip download $wheels failed: $(tail -n 1 "$dir/pip.log")"
fi
for w in "$dir"/wheels/*.whl; do
    python3 -m zipfile -e "$w" "$dir/root" || unavailable "cannot unpack $w"
done
rm -rf "$dir/wheels"
[ -f "$ocl_lib/libintelocl.so" ] || unavailable "the wheels hold no $ocl_lib/libintelocl.so"
mkdir -p "$dir/vendors"
echo "$ocl_lib/libintelocl.so" >"$dir/vendors/intel-cpu.icd"
# The runtime finds its own compiler beside it ($ORIGIN); TBB and the compiler
# runtime come from the other two wheels. The runtime's wheel also carries a
# libOpenCL.so.1, left off the path so that the system's ICD loader, the one every
# other OpenCL test goes through, is the one tested. The vendors folder holds this
# runtime alone, so it is the only OpenCL device these tests see.
cat >"$dir/env.tmp" <<EOF
export OCL_ICD_VENDORS='$dir/vendors'
export LD_LIBRARY_PATH='$tbb_lib:$cmplr_lib'
EOF
mv "$dir/env.tmp" "$dir/env"
print_env
