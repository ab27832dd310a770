#!/bin/sh
# SPDX-License-Identifier: MIT
# One version everywhere: ze-slm-bench --version and ze-slm-plot --version say the
# version of include/zeslm/version.h, the man page's title carries it, and CHANGELOG.md
# has its section.
# usage: versions_agree.sh SOURCE_DIR ZE_SLM_BENCH MAN_PAGE
set -eu
src=$1
bench=$2
page=$3
v=$(sed -n 's/^#define ZESLM_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\)$/\2/p' "$src/include/zeslm/version.h" |
    paste -sd.)
fail() { echo "FAIL: $*" >&2; exit 1; }
"$bench" --version | grep -q "^ze-slm-bench $v\b" || fail "ze-slm-bench --version: $("$bench" --version), not $v"
out=$(python3 "$src/tools/ze-slm-plot/ze-slm-plot" --version)
[ "$out" = "ze-slm-plot $v" ] || fail "ze-slm-plot --version: $out, not $v"
head -n 1 "$page" | grep -qF "\"ze-slm $v\"" || fail "the man page's title: $(head -n 1 "$page")"
grep -q "^## $v\$" "$src/CHANGELOG.md" || fail "CHANGELOG.md has no section ## $v"
echo "version $v everywhere"
