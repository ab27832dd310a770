#!/bin/sh
# SPDX-License-Identifier: MIT
# No file of tools/ talks to a GPU runtime itself: Level Zero (ze*, zes*, zet* calls or
# headers), OpenCL (cl* calls or CL/ headers), NVML (nvml* calls) and libraries loaded
# by hand (dlopen, dlsym) belong to the library's backends (src/backends/<api>/), which
# the tools reach through include/zeslm/ alone. Usage: tools_no_runtime_calls.sh SOURCE_DIR
set -eu
root=$1
test -d "$root/tools" || { echo "no folder $root/tools" >&2; exit 1; }
# A call is the name and its opening parenthesis; a comment naming zeInit is no call.
calls='\b(ze|zes|zet|zel|cl|nvml)[A-Z][A-Za-z0-9_]*[[:space:]]*\(|\b(dlopen|dlsym)[[:space:]]*\('
headers='#[[:space:]]*include[[:space:]]*[<"](level_zero/|CL/|nvml\.h|dlfcn\.h)'
found=$(grep -rnE --include='*.c' --include='*.h' "$calls|$headers" "$root/tools" || true)
if [ -n "$found" ]; then
    echo "runtime calls in tools/ (they belong in src/backends/):" >&2
    echo "$found" >&2
    exit 1
fi
