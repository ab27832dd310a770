#!/bin/sh
# SPDX-License-Identifier: MIT
# limits --target after issue 31: a source for every target's figures and for the
# sub-group sizes, where sources disagree (Xe-LP, BMG), Xe2's barriers, --simd refused
# where the target has no such sub-group, and --bytes-per-item answered from the table.
#   limits_targets.sh TOOL
set -eu
tool=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$tool" limits --target all --json "$tmp/all.json" > "$tmp/all.txt"
for t in skl icllp tgllp rkl adl-p dg1 acm-g10 acm-g11 acm-g12 pvc lnl bmg; do
    grep -q "^$t source: ." "$tmp/all.txt" || fail "$t cites no source"
done
grep -q "^sub-groups source: compute-runtime GfxCoreHelperHw::getDeviceSubGroupSizes" "$tmp/all.txt" ||
    fail "the sub-group sizes cite no source"
# The notes as one line (the text wraps them).
tr '\n' ' ' < "$tmp/all.txt" | sed 's/  */ /g' > "$tmp/flat.txt"
grep -q "tgllp note: sources disagree on SLM a subslice: 64 KiB .* 128 KiB" "$tmp/flat.txt" || fail "Xe-LP's disagreement"
grep -q "bmg note: sources disagree on SLM a Xe-core: 160 KiB .*release_helper_preferred_slm_xe2_hpg_160k.inl.* 128 KiB" \
    "$tmp/flat.txt" || fail "BMG's disagreement"
python3 -c '
import json, sys
t = {r["target"]: r for r in json.load(open(sys.argv[1]))["targets"]}
for x in ("lnl", "bmg"):
    assert t[x]["barrier_registers"] == 64, (x, t[x]["barrier_registers"])
    assert "64 barriers" in t[x]["source"], t[x]["source"]
assert t["bmg"]["slm_per_subslice"] == 160 * 1024 and t["lnl"]["slm_per_subslice"] == 128 * 1024
for x in ("pvc", "lnl", "bmg"):
    assert t[x]["subgroup_sizes"] == [16, 32], (x, t[x]["subgroup_sizes"])
assert t["tgllp"]["subgroup_sizes"] == [8, 16, 32]
assert "0caa8d52" in t["bmg"]["source"] and "compiler_product_helper" not in t["bmg"]["source"]' "$tmp/all.json" ||
    fail "the targets' JSON"

# --simd 8 where the target has no sub-group of 8: one line, exit 2.
for t in pvc bmg lnl all; do
    if "$tool" limits --target $t --slm-per-group 16384 --group-size 256 --simd 8 > "$tmp/out" 2>&1; then
        fail "--simd 8 accepted on $t"
    else
        rc=$?
    fi
    [ $rc -eq 2 ] || fail "--simd 8 on $t: exit $rc"
    [ "$(wc -l < "$tmp/out")" -eq 1 ] || fail "--simd 8 on $t: not one line: $(cat "$tmp/out")"
    grep -q "no sub-group of that size on .*pvc\|no sub-group of that size on .*bmg\|no sub-group of that size on .*lnl" \
        "$tmp/out" || fail "--simd 8 on $t: $(cat "$tmp/out")"
done
"$tool" limits --target tgllp --slm-per-group 16384 --group-size 256 --simd 8 > /dev/null || fail "--simd 8 on tgllp"

# --bytes-per-item from the table: BMG's 128 KiB a group at 256 bytes an item is 512.
"$tool" limits --target bmg --bytes-per-item 256 --json "$tmp/b.json" > /dev/null || fail "--bytes-per-item on bmg"
python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["targets"][0]
assert r["max_group_for_bytes_per_item"] == 512, r' "$tmp/b.json" || fail "--bytes-per-item 256 on bmg"
echo "limits --target: sources, disagreements, Xe2 barriers, --simd and --bytes-per-item"
