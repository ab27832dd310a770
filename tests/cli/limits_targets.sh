#!/bin/sh
# SPDX-License-Identifier: MIT
# limits --target: a source for every target's figures, the sub-group sizes and the
# barrier registers, where sources disagree (Xe-LP, BMG, Arc A, Xe-LPG, barriers), Xe2's
# barriers, no line cut, --simd refused where the target has no such sub-group, and
# --bytes-per-item answered from the table.
#   limits_targets.sh TOOL
set -eu
tool=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$tool" limits --target all --json "$tmp/all.json" > "$tmp/all.txt"
for t in skl icllp tgllp rkl adl-p dg1 acm-g10 acm-g11 acm-g12 pvc lnl bmg mtl arl; do
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

# No line cut: every target's source and note, and the sub-group and barrier sources, stand
# whole in the text (wrapped lines joined) as the JSON has them.
python3 -c '
import json, re, sys
doc = json.load(open(sys.argv[1]))
text = re.sub(r"\s+", " ", open(sys.argv[2]).read())
want = [(r["target"] + " source: " + r["source"]) for r in doc["targets"]]
want += [(r["target"] + " note: " + r["note"]) for r in doc["targets"] if r["note"]]
want += ["sub-groups source: " + doc["subgroup_sizes_source"], "barriers source: " + doc["barrier_registers_source"]]
for w in want:
    w = re.sub(r"\s+", " ", w)
    assert w in text, "cut or missing: %s... (%d characters)" % (w[:60], len(w))
assert any(len(w) > 512 for w in want), "no line longer than 512 characters to show the bound gone"' \
    "$tmp/all.json" "$tmp/all.txt" || fail "a line of limits --target all is cut"
grep -q "barriers source: .*getMaxBarrierRegisterPerSlice() returns 32 for every family" "$tmp/flat.txt" ||
    fail "the barrier registers' disagreement (NEO 32, the calculator 32/64/128) is not disclosed"
grep -q "no public Xe2" "$tmp/flat.txt" && fail "the false 'no public Xe2 figure' note is back"

# Arc A's SLM a Xe-core from NEO's tables: acm-g11 96 KiB, with its file; Xe-LPG answers.
"$tool" limits --target acm-g11 --slm-per-group 65536 --group-size 64 --json "$tmp/g11.json" > /dev/null ||
    fail "limits --target acm-g11"
"$tool" limits --target mtl,arl --slm-per-group 16384 --group-size 64 --json "$tmp/lpg.json" > /dev/null ||
    fail "limits --target mtl,arl"
python3 -c '
import json, sys
g = json.load(open(sys.argv[1]))["targets"][0]
assert g["slm_per_subslice"] == 96 * 1024, g["slm_per_subslice"]
assert "release_helper_dg2_g11.cpp line 24" in g["source"] and "xe_hpg_96k.inl" in g["source"], g["source"]
assert "128 KiB per the calculator" in g["note"], g["note"]
assert g["groups_per_subslice"] == 1 and g["limited_by"] == "SLM", g
t = {r["target"]: r for r in json.load(open(sys.argv[2]))["targets"]}
assert t["mtl"]["slm_per_subslice"] == 96 * 1024 and t["arl"]["slm_per_subslice"] == 128 * 1024
for x in ("mtl", "arl"):
    r = t[x]
    assert (r["eus_per_subslice"], r["threads_per_eu"], r["barrier_registers"], r["max_group_size"]) == (16, 8, 128, 1024), r
    assert r["generation"] == "Xe-LPG" and "xe_lpg entry" in r["source"]
assert (t["mtl"]["groups_per_subslice"], t["arl"]["groups_per_subslice"]) == (6, 8), (t["mtl"], t["arl"])' \
    "$tmp/g11.json" "$tmp/lpg.json" || fail "acm-g11's 96 KiB or Xe-LPG"

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
