#!/bin/sh
# SPDX-License-Identifier: MIT
# profile on a driver with no hardware behind it (Level Zero's no-hardware mode): the
# first group size executes nothing, and the profile stops there with one error and
# exit status 1, not a "no results" line a group size and exit 0.
# usage: profile_no_timestamps.sh path/to/ze-slm-bench
bench=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rc=0
"$bench" profile reduce/many --quick --group-sizes 32,64,128,256,512 >"$tmp/out" 2>"$tmp/err" || rc=$?
fail() {
    cat "$tmp/out" "$tmp/err"
    echo "FAIL: $*"
    exit 1
}
[ "$rc" -eq 1 ] || fail "exit status $rc, not 1"
[ "$(grep -c 'no results' "$tmp/out")" -eq 1 ] || fail "not one 'no results' line"
[ "$(grep -c '^ze-slm-bench: error: profile: device 0 .* executed nothing' "$tmp/err")" -eq 1 ] || fail "not one error"
echo "profile_no_timestamps: ok"
