#!/bin/sh
# The ISA claim checker can fail: tests/fixtures/isa/broken_claims.cl breaks each claim on purpose
# (kernels named as the bundled ones), compiled on the spot for tgllp; every one of the
# six claims it breaks must be reported, and the checker must exit 1.
# Usage: isa_claims_broken.sh ZE_SLM_BENCH TESTS_DIR
bench=$1 dir=$2
"$bench" inspect --isa --target tgllp "$dir/fixtures/isa/broken_claims.cl" --json - 2>/dev/null >broken_claims.json || {
    echo "inspect --isa failed on broken_claims.cl"; exit 1; }
python3 "$dir/cli/isa_claims.py" --present <broken_claims.json >broken_claims.out
rc=$?
cat broken_claims.out
failed=$(grep -c '^FAILED' broken_claims.out)
[ "$rc" -eq 1 ] && [ "$failed" -eq 6 ] || { echo "expected exit 1 and 6 failed claims, got $rc and $failed"; exit 1; }
