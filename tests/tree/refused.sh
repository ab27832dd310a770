#!/bin/sh
# SPDX-License-Identifier: MIT
# A rule of the tree shown failing on its planted breach for the rule's own reason:
# exit status 1, REASON in what it printed, and the breaching file named (WILL_FAIL
# passed on any failure: a missing fixture, a crash, a typo in the script).
# usage: refused.sh REASON FILE COMMAND [ARG]...
set -u
reason=$1
file=$2
shift 2
out=$("$@" 2>&1)
rc=$?
printf '%s\n' "$out"
[ "$rc" -eq 1 ] || { echo "FAIL: exit status $rc, not 1"; exit 1; }
printf '%s\n' "$out" | grep -qF -- "$reason" || { echo "FAIL: not refused for '$reason'"; exit 1; }
printf '%s\n' "$out" | grep -qF -- "$file" || { echo "FAIL: the breach in $file not named"; exit 1; }
echo "ok: refused for '$reason', naming $file"
