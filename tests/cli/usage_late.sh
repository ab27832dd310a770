#!/bin/sh
# SPDX-License-Identifier: MIT
# Late usage errors and small refusals, a case a run:
#   group_size: a group size a chosen variant can never take exits 2 before any file
#               is written (it exited 1 and wrote a results file);
#   non_utf8:   an argument that is not UTF-8 stays in the file's "command", each
#               stray byte as \xNN (it was dropped);
#   device:     --device 999 is a usage error, exit 2 (it was 1);
#   dump_dir:   ZESLM_DUMP_BINARIES naming no writable folder is an error up front,
#               exit 2 (it only warned, binary by binary).
# usage: usage_late.sh path/to/ze-slm-bench CASE
set -eu
bench=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
fail() { echo "FAIL: $*"; cat err.txt 2>/dev/null; exit 1; }
status=0
case $2 in
group_size)
    "$bench" run reduce/doc_tree --size 1000 --reps 1 --group-size 3 --json x.json --csv x.csv >out.txt 2>err.txt ||
        status=$?
    [ $status = 2 ] || fail "exit $status, not 2"
    [ ! -e x.json ] && [ ! -e x.csv ] || fail "a results file was written"
    grep -q "not a power of two" err.txt || fail "no reason"
    ;;
non_utf8)
    name=$(printf 'caf\351-\303\251.json')
    "$bench" run reduce/sequential --size 5 --reps 1 --warmup 1 --json "$name" >/dev/null
    python3 - <<'PY'
import json, os
name = [f for f in os.listdir(".") if f.endswith(".json")][0]
cmd = json.load(open(name, encoding="utf-8"))["command"]
assert "caf\\xe9-\u00e9.json" in cmd, cmd
PY
    ;;
device)
    "$bench" run reduce --device 999 >out.txt 2>err.txt || status=$?
    [ $status = 2 ] || fail "exit $status, not 2"
    grep -q "device index 999 out of range" err.txt || fail "no reason"
    ;;
dump_dir)
    echo file >not-a-folder
    for dir in "$tmp/missing" "$tmp/not-a-folder"; do
        status=0
        ZESLM_DUMP_BINARIES=$dir "$bench" run reduce/sequential --size 5 --reps 1 --json d.json >out.txt 2>err.txt ||
            status=$?
        [ $status = 2 ] || fail "$dir: exit $status, not 2"
        [ ! -e d.json ] || fail "$dir: a results file was written"
        grep -q "ZESLM_DUMP_BINARIES: cannot write binaries into $dir" err.txt || fail "$dir: no reason"
    done
    ;;
*) fail "unknown case $2" ;;
esac
