#!/bin/sh
# SPDX-License-Identifier: MIT
# inspect --isa at 100 columns (a file or a pipe): the columns left out to fit are
# loads, block reads, barriers and fences, never ALU or the global stores and atomics,
# so that no kernel's row is empty (roofline's multiply-adds, the global atomics).
# usage: isa_width.sh path/to/ze-slm-bench
set -u
bench=$1
unset COLUMNS
failures=0
for t in tgllp dg1 acm-g10 pvc; do
    out=$("$bench" inspect --isa --target "$t" 2>&1) || { echo "FAIL ($t): exit status $?"; failures=$((failures + 1)); continue; }
    echo "$out" | grep -q "^kernel .* ALU .* glob st  *glob at" || { echo "FAIL ($t): no ALU, glob st and glob at columns"; failures=$((failures + 1)); }
    empty=$(echo "$out" | awk '/^kernel /{t=1; next} /^\(left out|^$/{t=0} t && /^[^ ]/ && NF < 4')
    [ -z "$empty" ] || { echo "FAIL ($t): rows with nothing but kernel, lines and SIMD: $empty"; failures=$((failures + 1)); }
    echo "$out" | awk 'length($0) > 100 { exit 1 }' || { echo "FAIL ($t): a line wider than 100"; failures=$((failures + 1)); }
done
[ "$failures" -eq 0 ] && echo "isa_width: ok"
[ "$failures" -eq 0 ]
