#!/bin/sh
# SPDX-License-Identifier: MIT
# compare of two fleets' merged documents leads with the devices that changed most:
# of 8 ranks, one planted 2x slower, one 1.43x slower and one 1.3x faster rank in that
# order first, the unchanged after them, before every pair's own section; --top N
# keeps N rows, --top 0 none.
# usage: compare_fleet.sh ZE_SLM_BENCH TESTS_DIR
bench=$1 dir=$2
gen="python3 $dir/cli/fleet_files.py"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
OCL_ICD_VENDORS=/etc/OpenCL/vendors/pocl.icd "$bench" run --backend cl --quick --reps 5 reduce/many bank/strided \
    --json "$tmp/one.json" >"$tmp/one.out" 2>&1 || fail "the template run: $(cat "$tmp/one.out")"
$gen "$tmp/one.json" "$tmp/old" --ranks 8
$gen "$tmp/one.json" "$tmp/new" --ranks 8 --slow 3:0.7 --slow 5:0.5 --slow 6:1.3
for s in old new; do
    "$bench" merge "$tmp/$s/"*.json --fail-on none --json "$tmp/$s.json" >/dev/null 2>&1 || fail "merge $s"
done
"$bench" compare "$tmp/old.json" "$tmp/new.json" >"$tmp/c.out" 2>&1
cat "$tmp/c.out" | head -12
grep -q "^The 8 of 8 devices that changed most" "$tmp/c.out" || fail "no ranking: $(head -5 "$tmp/c.out")"
# The ranks of the first three rows, and the table before the first pair's section.
ranks=$(sed -n '/^#  *host/,/^$/p' "$tmp/c.out" | awk 'NR > 1 && NF { print $3 }' | tr '\n' ' ')
[ "$ranks" = "5 3 6 0 1 2 4 7 " ] || fail "ranked order: $ranks"
sed -n '/^#  *host/,/^$/p' "$tmp/c.out" | grep -q '^1  *node0001  *5 .* 2\.000 ' || fail "rank 5 is not 2.000 first"
first_pair=$(grep -n '^old: ' "$tmp/c.out" | head -1 | cut -d: -f1)
table=$(grep -n '^The 8 of 8' "$tmp/c.out" | cut -d: -f1)
[ "$table" -lt "$first_pair" ] || fail "the ranking does not lead"
"$bench" compare "$tmp/old.json" "$tmp/new.json" --top 2 2>&1 | grep -q "^The 2 of 8 devices" || fail "--top 2"
"$bench" compare "$tmp/old.json" "$tmp/new.json" --top 0 2>&1 | grep -q "changed most" && fail "--top 0 printed a ranking"
echo ok
