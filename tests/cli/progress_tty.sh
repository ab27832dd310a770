#!/bin/sh
# SPDX-License-Identifier: MIT
# The progress line: on a terminal (a pty through script(1)) the counter, elapsed time
# and estimate; through a pipe and in files, none of it; ZESLM_PROGRESS_LOG's record of
# the estimate, rewritten during a long measurement too.
set -eu
bench=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
command -v script >/dev/null || { echo "script(1) missing"; exit 77; }
# stderr a terminal: the line is there, with its counter over the variants chosen.
script -qfec "$bench run --quick --backend cl bank/strided,swizzled reduce --json $tmp/r.json" /dev/null \
  >"$tmp/tty" 2>&1
grep -q '\[1/[0-9]* #1\] bank strided stride=[0-9]*  elapsed 0:[0-9][0-9]  left ~' "$tmp/tty" ||
  { echo "no progress line on a terminal"; cat "$tmp/tty"; exit 1; }
# The result counter moves with each stride, within the variant.
grep -q '\[1/[0-9]* #3\] bank strided stride=' "$tmp/tty" ||
  { echo "the result counter did not move within a variant"; cat "$tmp/tty"; exit 1; }
grep -q '\[2/[0-9]* #[0-9]*\] bank swizzled .* left ~[0-9]' "$tmp/tty" ||
  { echo "no estimate once a variant finished"; cat "$tmp/tty"; exit 1; }
total=$(grep -o '\[1/[0-9]* ' "$tmp/tty" | head -1 | tr -dc 0-9 | cut -c2-)
want=$(( 2 + $($bench run --list --json | python3 -c 'import json,sys; print(sum(1 for v in json.load(sys.stdin)["variants"] if v["bench"]=="reduce"))') ))
[ "$total" = "$want" ] || { echo "counter total $total, want $want"; exit 1; }
# The file named as output holds none of it.
if grep -q 'elapsed' "$tmp/r.json"; then echo "progress in the JSON"; exit 1; fi
# A pipe (stdout and stderr): none of it.
"$bench" run --quick --backend cl bank/strided >"$tmp/out" 2>"$tmp/err"
if grep -q 'elapsed\|left ~' "$tmp/out" "$tmp/err"; then echo "progress in a pipe"; exit 1; fi
# ZESLM_PROGRESS_LOG: each estimate (elapsed, predicted end) and the run's end, in the
# file named, through a pipe too.
ZESLM_PROGRESS_LOG="$tmp/log" "$bench" run --quick --backend cl bank/strided >/dev/null 2>&1
grep -q '^[0-9.]* [0-9.]* bank strided stride=[0-9]*$' "$tmp/log" || { echo "no estimate in the log"; cat "$tmp/log"; exit 1; }
tail -1 "$tmp/log" | grep -q '^end [0-9.]*$' || { echo "no end in the log"; cat "$tmp/log"; exit 1; }
# Ranks of one launch share the variable: "%r" is each one's rank (Open MPI's rank 3
# of 4 here), so that their lines do not interleave in one file.
OMPI_COMM_WORLD_RANK=3 OMPI_COMM_WORLD_LOCAL_RANK=0 OMPI_COMM_WORLD_SIZE=4 ZESLM_PROGRESS_LOG="$tmp/rank-%r.log" \
    "$bench" run --quick --backend cl bank/strided --device 0 >/dev/null 2>&1
tail -1 "$tmp/rank-3.log" | grep -q '^end [0-9.]*$' || { echo "no log of rank 3"; ls "$tmp"; exit 1; }
# A measurement of 3 s (--min-time): the line, here its log, is rewritten every second
# during it, not only between measurements.
ZESLM_PROGRESS_LOG="$tmp/long" "$bench" run --quick --min-time 3 --backend cl reduce/doc_tree >/dev/null 2>&1
awk '$1 != "end" { if (n && $1 - t > gap) gap = $1 - t; t = $1; n++ } END { exit !(n >= 3 && gap < 1.8) }' "$tmp/long" ||
  { echo "the line froze during a long measurement"; cat "$tmp/long"; exit 1; }
# One that cannot be created: an error naming it and a failed run, before any launch.
if ZESLM_PROGRESS_LOG="$tmp/no/log" "$bench" run --quick --backend cl bank/strided >"$tmp/out" 2>"$tmp/err"; then
    echo "a log that cannot be created was accepted"; exit 1
fi
grep -q "ZESLM_PROGRESS_LOG: cannot create $tmp/no/log" "$tmp/err" || { echo "no error for the log"; cat "$tmp/err"; exit 1; }
echo ok
