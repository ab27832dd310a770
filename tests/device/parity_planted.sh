#!/bin/sh
# SPDX-License-Identifier: MIT
# parity's own check of the documents' literal kernels, shown to catch a planted fault:
# each literal kernel in turn made to do nothing (its body emptied, in a copy of
# documents.cl), `parity --small --only` that kernel must exit 1 naming its wrong result,
# where the unchanged kernel passes.
# usage: parity_planted.sh PARITY DOCUMENTS_CL
set -eu
parity=$1
documents=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
for kernel in $(sed -n 's/^__kernel void \(lit_[a-z_]*\)(.*/\1/p' "$documents"); do
    python3 - "$documents" "$kernel" "$tmp/planted.cl" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
start = text.index("__kernel void %s(" % sys.argv[2])
body = text.index("{", start)
depth, end = 0, body
for end in range(body, len(text)):
    depth += {"{": 1, "}": -1}.get(text[end], 0)
    if depth == 0:
        break
open(sys.argv[3], "w").write(text[:body] + "{\n}" + text[end + 1:])
PY
    rc=0
    "$parity" --small --only "$kernel" "$tmp/planted.cl" >"$tmp/out" 2>&1 || rc=$?
    if [ "$rc" -eq 1 ] && grep -q "^parity: .*: $kernel: wrong result at index" "$tmp/out"; then
        echo "ok: $kernel doing nothing is refused: $(grep "^parity: " "$tmp/out")"
    else
        echo "FAIL: $kernel doing nothing: exit status $rc"; cat "$tmp/out"; fail=1
    fi
done
[ -n "${kernel:-}" ] || { echo "FAIL: no literal kernel found in $documents"; exit 1; }
exit "$fail"
