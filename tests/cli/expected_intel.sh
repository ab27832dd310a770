#!/bin/sh
# SPDX-License-Identifier: MIT
# The table of expected values for Intel GPUs: every entry keeps its source,
# `limits --target` shows each target's published values, and a device is matched to its
# family by what Intel's drivers report of it: its name on a real driver, and on the
# no-hardware driver (which names every device "Intel(R) Graphics [0xID]") its PCI id or
# the target the driver built for. A product's own entry (a memory rating) applies to
# that product only.
#   expected_intel.sh TOOL SOURCE_DIR   (the no-hardware driver's settings in the environment)
set -eu
tool=$1 src=$2
table=$src/share/expected/expected.json
run=$src/tests/fixtures/documents/h100-run.json
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export ZESLM_EXPECTED_FILE="$table"
fail() { echo "FAIL: $*"; exit 1; }

# 1. Every family can be matched, and every entry states its value, unit, tolerance,
#    conditions and a source; a property states a source.
python3 - "$table" <<'PY' || fail "the table has an entry without what it must state"
import json, sys
bad = []
for f in json.load(open(sys.argv[1]))["families"]:
    name = f.get("family") or "?"
    if not (f.get("match") or f.get("device_ids") or f.get("targets")):
        bad.append(f"{name}: nothing to match a device by")
    if f.get("device_ids") and not f.get("device_ids_source"):
        bad.append(f"{name}: device ids without a source")
    for key, p in f.get("properties", {}).items():
        if not p.get("source") or not p.get("value"):
            bad.append(f"{name}: property {key} without a value or a source")
    for e in f.get("published", []):
        what = f"{name}: {e.get('figure')} {e.get('value')}"
        for key in ("figure", "unit", "conditions", "source"):
            if not isinstance(e.get(key), str) or not e[key].strip():
                bad.append(f"{what}: no {key}")
        if not isinstance(e.get("value"), (int, float)) or e["value"] <= 0:
            bad.append(f"{what}: no value")
        if not isinstance(e.get("tolerance"), (int, float)) or not 0 <= e["tolerance"] < 1:
            bad.append(f"{what}: no tolerance in [0, 1)")
for b in bad:
    print(b)
sys.exit(1 if bad else 0)
PY

# 2. limits --target: every Intel target has a family; pvc, acm-g10 and bmg show their
#    memory ratings with sources, in the JSON and the text.
"$tool" limits --target all --json "$tmp/targets.json" > "$tmp/targets.txt"
python3 - "$tmp/targets.json" <<'PY' || fail "limits --target does not show the published values"
import json, sys
rows = {r["target"]: r["expected"] for r in json.load(open(sys.argv[1]))["targets"]}
bad = [t for t, e in rows.items() if not e.get("family") or not e.get("published")]
want = {"pvc": {3277, 1638, 1200}, "acm-g10": {560, 512, 186}, "bmg": {456}}
for t, values in want.items():
    got = {p["value"] for p in rows[t]["published"] if p["figure"] == "memory_read" and p.get("source")}
    if got != values:
        bad.append(f"{t}: memory_read {sorted(got)}, not {sorted(values)}")
for b in bad:
    print(b)
sys.exit(1 if bad else 0)
PY
grep -q "^Published values a run on each target is judged against" "$tmp/targets.txt" ||
    fail "limits --target's text has no published values"
grep -q "memory_read (only Max 1550): 3277 GB/s" "$tmp/targets.txt" || fail "the text does not show pvc's rating"

# plant FILE NAME ID MODULES: the H100 run made into a device of that name, PCI id (0:
# none) and module format ("native zebin (TARGET)", as the Level Zero backend says).
plant() {
    python3 - "$run" "$@" <<'PY'
import json, sys
src, out, name, dev_id, modules = sys.argv[1:6]
doc = json.load(open(src))
for dev in doc["devices"]:
    dev["device"]["name"] = name
    dev["device"]["device_id"] = int(dev_id, 16) or None
    dev["module_format"] = modules
json.dump(doc, open(out, "w"))
PY
}

# check NAME ID MODULES FAMILY [VALUES]: the device's family starts with FAMILY and the
# published values of its memory read are VALUES (space-separated; "" none).
check() {
    plant "$tmp/in.json" "$1" "$2" "$3"
    "$tool" merge "$tmp/in.json" --json "$tmp/out.json" > /dev/null
    python3 - "$tmp/out.json" "$@" <<'PY' || fail "$1 (id $2, $3) is not matched as it should be"
import json, sys
out, name, dev_id, modules, family = sys.argv[1:6]
want = sorted(float(v) for v in (sys.argv[6] if len(sys.argv) > 6 else "").split())
e = json.load(open(out))["devices"][0]["expected"]
got = [p["value"] for f in e["figures"] if f["figure"] == "memory_read" for p in f["published"]]
if not (e["family"] or "").startswith(family) or sorted(got) != want:
    print(f"{name}: family {e['family']!r}, memory_read published {sorted(got)}; want {family!r}, {want}")
    sys.exit(1)
PY
}

# 3. Real drivers' names: each product gets its family and only its own rating.
check "Intel(R) Arc(TM) A770 Graphics" 0x56a0 "native zebin (acm-g10)" "Intel Xe-HPG" "560"
check "Intel(R) Arc(TM) A380 Graphics" 0x56a5 "native zebin (acm-g11)" "Intel Xe-HPG" "186"
check "Intel(R) Data Center GPU Max 1550" 0x0bd5 "native zebin (pvc)" "Intel Xe-HPC" "3277 1638"
check "Intel(R) Data Center GPU Max 1100" 0x0bda "native zebin (pvc)" "Intel Xe-HPC" "1200"
check "Intel(R) Arc(TM) B580 Graphics" 0xe20b "SPIR-V" "Intel Xe2 (Battlemage" "456"
check "Intel(R) Arc(TM) 140V GPU (16GB)" 0x64a0 "SPIR-V" "Intel Xe2 (Lunar Lake" ""
check "Intel(R) Iris(R) Xe Graphics" 0x9a49 "native zebin (tgllp)" "Intel Xe-LP" ""

# 4. The no-hardware driver: its name and id for each product, with what its modules
#    are there (a native zebin of the target the backend loads, or SPIR-V where no
#    bundled zebin is of the product's family): "PRODUCT|MODULES|FAMILY".
for case in "pvc|native zebin (pvc)|Intel Xe-HPC" "dg2|native zebin (acm-g10)|Intel Xe-HPG" \
    "tgllp|native zebin (tgllp)|Intel Xe-LP" "dg1|native zebin (dg1)|Intel Xe-LP" "adlp|SPIR-V|Intel Xe-LP" \
    "skl|SPIR-V|Intel Gen9"; do
    product=${case%%|*} rest=${case#*|}
    modules=${rest%%|*} family=${rest#*|}
    ProductFamilyOverride=$product "$tool" --backend ze devices --json "$tmp/dev.json" > /dev/null ||
        fail "$product: devices failed on the no-hardware driver"
    name=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["devices"][0]["name"])' "$tmp/dev.json")
    id=$(python3 -c 'import json,sys; print(hex(json.load(open(sys.argv[1]))["devices"][0]["device_id"] or 0))' "$tmp/dev.json")
    check "$name" "$id" "$modules" "$family" ""
    echo "ok   $product: \"$name\" ($id, $modules) is $family"
done
# pvc's id alone, with no target built, is enough.
ProductFamilyOverride=pvc "$tool" --backend ze devices --json "$tmp/dev.json" > /dev/null
name=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["devices"][0]["name"])' "$tmp/dev.json")
id=$(python3 -c 'import json,sys; print(hex(json.load(open(sys.argv[1]))["devices"][0]["device_id"] or 0))' "$tmp/dev.json")
check "$name" "$id" "SPIR-V" "Intel Xe-HPC" ""
echo "ok   pvc's id $id alone"
echo "ok   every Intel entry has its source, limits --target shows them, and each device gets its family"
