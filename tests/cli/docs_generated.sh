#!/bin/sh
# SPDX-License-Identifier: MIT
# The checked-in man page and bash completion are what tools/ze-slm-bench/gendocs.c writes from the
# option tables now (`cmake --build build --target docs-update` rewrites them).
# usage: docs_generated.sh path/to/ze-slm-gendocs SOURCE_DIR
set -eu
gen=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$gen" man "$src/tools/ze-slm-bench/templates/ze-slm-bench.1.in" "$tmp/man"
"$gen" completion "$src/tools/ze-slm-bench/templates/ze-slm-bench.bash.in" "$tmp/bash"
rc=0
diff -u "$src/share/man/ze-slm-bench.1" "$tmp/man" || { echo "share/man/ze-slm-bench.1 is stale: build the docs-update target"; rc=1; }
diff -u "$src/share/completion/ze-slm-bench.bash" "$tmp/bash" || { echo "share/completion/ze-slm-bench.bash is stale: build the docs-update target"; rc=1; }
"$gen" zsh "$src/tools/ze-slm-bench/templates/_ze-slm-bench.in" "$tmp/zsh"
"$gen" fish "$src/tools/ze-slm-bench/templates/ze-slm-bench.fish.in" "$tmp/fish"
diff -u "$src/share/completion/_ze-slm-bench" "$tmp/zsh" || { echo "share/completion/_ze-slm-bench is stale: build the docs-update target"; rc=1; }
diff -u "$src/share/completion/ze-slm-bench.fish" "$tmp/fish" || { echo "share/completion/ze-slm-bench.fish is stale: build the docs-update target"; rc=1; }
# The README's example table (and reading-results.md's) is the tool's rendering of
# the reduce table of results/h100/run.json, as the text prints it at 100 columns.
"$gen" table "$src/results/h100/run.json" reduce "$tmp/table"
sed -i '1{/^$/d}' "$tmp/table"
for doc in README.md docs/reading-results.md; do
    awk '/^One workload.s table from / { on = 1 } on && /^```$/ { if (n++) exit; next } on && n' \
        "$src/$doc" >"$tmp/block"
    diff -u "$tmp/table" "$tmp/block" ||
        { echo "$doc: its example table is not what the tool prints for results/h100/run.json"; rc=1; }
done
[ "$rc" -eq 0 ] && echo ok
exit "$rc"
