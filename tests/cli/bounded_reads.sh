#!/bin/sh
# SPDX-License-Identifier: MIT
# Every file the tool reads has a size limit: a device that never ends or a huge
# sparse file fails at once with one line naming the limit (once,
# `inspect /dev/zero` grew until the out-of-memory killer ended it). The address
# space is capped so that a read without a limit fails here rather than the machine.
# usage: bounded_reads.sh path/to/ze-slm-bench CASE
set -eu
bench=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# KiB: the limit's 256 MiB and the libraries, not an unbounded read. (AddressSanitizer
# reserves terabytes of address space up front: under it the tool runs uncapped.)
if (ulimit -v 4000000 && "$bench" --version) >/dev/null 2>&1; then
    ulimit -v 4000000
fi
case $2 in
inspect_zero) set -- inspect /dev/zero ;;
compare_zero) set -- compare /dev/zero /dev/zero ;;
sparse)
    truncate -s 10G "$tmp/big.zebin" || { echo "SKIP: no sparse files here"; exit 77; }
    set -- inspect "$tmp/big.zebin"
    ;;
*) echo "unknown case $2"; exit 1 ;;
esac
status=0
timeout 20 "$bench" "$@" >"$tmp/out.txt" 2>"$tmp/err.txt" || status=$?
[ $status = 1 ] || { echo "FAIL: $*: exit $status, not 1: $(cat "$tmp/err.txt")"; exit 1; }
[ "$(wc -l <"$tmp/err.txt")" = 1 ] || { echo "FAIL: $*: not one line: $(cat "$tmp/err.txt")"; exit 1; }
grep -q "larger than the 256 MiB a file read may be" "$tmp/err.txt" || { echo "FAIL: $(cat "$tmp/err.txt")"; exit 1; }
