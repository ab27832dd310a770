#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs a command on Intel's OpenCL runtime for x86 CPUs, which scripts/intel-cl.sh set up
# in DIR (the intel_cl_fetch test). Where it could not, exits 77 (CTest: skipped) and
# says why, so that no intel-cl test passes without having run.
set -eu
dir=$1
shift
if [ ! -f "$dir/env" ]; then
    reason=$(cat "$dir/unavailable" 2>/dev/null || echo "scripts/intel-cl.sh has not run")
    echo "SKIPPED: Intel's OpenCL runtime is not available: $reason"
    exit 77
fi
. "$dir/env"
exec "$@"
