#!/bin/sh
# SPDX-License-Identifier: MIT
# PoCL's CPU device in a second shape, unlike the host's own, for the device tests
# (.ci/run runs those labelled `pocl` on it): one compute unit instead of one a core
# (POCL_MAX_PTHREAD_COUNT, PoCL 3.1's pthread device), and another local memory size.
# PoCL 3.1 has no setting for that (POCL_CPU_LOCAL_MEM_SIZE came later) but takes
# CL_DEVICE_LOCAL_MEM_SIZE from the L2 cache hwloc reports, so it reads a topology of this
# machine (lstopo) whose L2 caches say 384 KiB, or 768 KiB where the host's already do
# (HWLOC_XMLFILE; HWLOC_THISSYSTEM=1: still this machine, for binding threads). Writes
# BUILD/pocl-shape/ and prints the environment that selects it:
#
#   eval "$(tests/device/pocl_shape.sh build)" && build/ze-slm-bench devices --backend cl
#
# Exit status 1, with the reason, where the topology cannot be written.
set -eu
build=${1:?usage: tests/device/pocl_shape.sh BUILD_DIR}
dir=$(cd "$build" && pwd)/pocl-shape
mkdir -p "$dir"
command -v lstopo-no-graphics >/dev/null || { echo "pocl_shape: no lstopo-no-graphics (Debian: hwloc-nox)" >&2; exit 1; }
lstopo-no-graphics --of xml >"$dir/host.xml"
grep -q 'type="L2Cache"' "$dir/host.xml" || { echo "pocl_shape: hwloc sees no L2 cache here" >&2; exit 1; }
l2=393216
grep -q "type=\"L2Cache\"[^>]* cache_size=\"$l2\"" "$dir/host.xml" && l2=786432
sed "s/\(type=\"L2Cache\"[^>]* cache_size=\"\)[0-9]*/\1$l2/" "$dir/host.xml" >"$dir/topology.xml"
cat <<ENV
export OCL_ICD_VENDORS=/etc/OpenCL/vendors/pocl.icd
export POCL_MAX_PTHREAD_COUNT=1
export HWLOC_XMLFILE='$dir/topology.xml'
export HWLOC_THISSYSTEM=1
ENV
