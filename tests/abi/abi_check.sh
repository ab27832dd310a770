#!/bin/sh
# SPDX-License-Identifier: MIT
# The ABI policy (docs/library.md, "ABI and versions"): the library built here against
# reference/abi/libzeslm.abi, the abidw baseline of its release. Any ABI change that abidiff
# reports (a type's layout, a function or variable added, removed or changed) must come
# with a new SONAME; the same SONAME with another ABI fails. A new SONAME passes, saying
# that the baseline is to be written again for the release (`abi_baseline` target).
# Exit 77 (CTest: skipped) without abidiff or without debug information to compare.
# usage: abi_check.sh BASELINE LIBRARY HEADERS_DIR
set -eu
baseline=$1
lib=$2
headers=$3
command -v abidiff >/dev/null || { echo "SKIP: no abidiff (Debian: abigail-tools)"; exit 77; }
readelf -S "$lib" | grep -q '\.debug_info' || { echo "SKIP: $lib has no debug information"; exit 77; }
old=$(sed -n "s/.*<abi-corpus [^>]*soname='\([^']*\)'.*/\1/p" "$baseline" | head -n 1)
new=$(readelf -d "$lib" | sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p')
[ -n "$old" ] && [ -n "$new" ] || { echo "no SONAME in $baseline or $lib" >&2; exit 1; }
rc=0
report=$(abidiff --headers-dir2 "$headers" "$baseline" "$lib" 2>&1) || rc=$?
# abidiff's status is a bit field: 1 its own error, 2 usage, 4 an ABI change, 8 an
# incompatible one.
if [ $((rc & 3)) -ne 0 ]; then
    echo "abidiff failed (status $rc):" >&2
    echo "$report" >&2
    exit 1
fi
if [ "$rc" -eq 0 ]; then
    echo "ABI of $new unchanged from $baseline"
    exit 0
fi
if [ "$old" = "$new" ]; then
    echo "ABI change without a SONAME change ($new): raise the minor version (include/zeslm/version.h)" >&2
    echo "$report" >&2
    exit 1
fi
echo "ABI changed with the SONAME ($old -> $new): write the baseline again for the release (abi_baseline target)"
echo "$report"
