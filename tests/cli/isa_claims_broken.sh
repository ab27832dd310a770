#!/bin/sh
# SPDX-License-Identifier: MIT
# The ISA claim checker can fail: tests/fixtures/isa/broken_claims.cl breaks each claim on purpose
# (kernels named as the bundled ones), compiled on the spot for tgllp; every one of the
# six claims it breaks must be reported, and the checker must exit 1.
# Usage: isa_claims_broken.sh ZE_SLM_BENCH TESTS_DIR
bench=$1 dir=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bench" inspect --isa --target tgllp "$dir/fixtures/isa/broken_claims.cl" --json - 2>/dev/null >"$tmp/claims.json" || {
    echo "inspect --isa failed on broken_claims.cl"; exit 1; }
python3 "$dir/cli/isa_claims.py" --present <"$tmp/claims.json" >"$tmp/claims.out"
rc=$?
cat "$tmp/claims.out"
failed=$(grep -c '^FAILED' "$tmp/claims.out")
[ "$rc" -eq 1 ] && [ "$failed" -eq 6 ] || { echo "expected exit 1 and 6 failed claims, got $rc and $failed"; exit 1; }
