#!/bin/sh
# SPDX-License-Identifier: MIT
# abi_check.sh refuses a struct change that comes without a new SONAME: a copy of the
# baseline with one member of zeslm_kernel_props (preferred_multiple, its last) taken
# out is another ABI under the same SONAME as the library built here, as if a member had
# been added to the struct without raising the version. Passes when the check fails
# for that reason, naming the struct. Exit 77 where abi_check.sh skips.
# usage: planted_change.sh BASELINE LIBRARY HEADERS_DIR PLANTED_OUT
set -eu
baseline=$1
lib=$2
headers=$3
planted=$4
here=$(dirname "$0")
python3 - "$baseline" "$planted" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
block = re.search(r"<class-decl name='zeslm_kernel_props'.*?</class-decl>", text, re.S).group(0)
less = re.sub(r"\s*<data-member [^>]*>\s*<var-decl name='preferred_multiple'.*?</data-member>", "", block,
              count=1, flags=re.S)
assert less != block, "no member preferred_multiple in the baseline's zeslm_kernel_props"
open(sys.argv[2], "w").write(text.replace(block, less))
PY
rc=0
out=$("$here/abi_check.sh" "$planted" "$lib" "$headers" 2>&1) || rc=$?
[ "$rc" -ne 77 ] || { echo "$out"; exit 77; }
if [ "$rc" -ne 1 ] || ! printf '%s\n' "$out" | grep -q "ABI change without a SONAME change" ||
   ! printf '%s\n' "$out" | grep -q "zeslm_kernel_props"; then
    echo "the planted change of zeslm_kernel_props was not refused (exit $rc):" >&2
    printf '%s\n' "$out" >&2
    exit 1
fi
printf '%s\n' "$out" | head -n 12
echo "refused, as it should be"
