#!/bin/sh
# SPDX-License-Identifier: MIT
# profile takes several devices as run does (one run path): --device all profiles
# each device at every group size into one results file of schema 3, with the
# table across the devices; --device 0 writes the same schema for one device.
bench="$1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$bench" profile reduce/many --device all --group-sizes 64,128 --quick --reps 2 --json "$tmp/all.json" \
    --markdown "$tmp/all.md" >"$tmp/out" 2>"$tmp/err" || fail "profile --device all: $(cat "$tmp/err")"
grep -q "devices* at once" "$tmp/out" || fail "no devices heading: $(head -3 "$tmp/out")"
grep -q "^=== All [0-9]* device" "$tmp/out" || fail "no table across the devices: $(cat "$tmp/out")"
grep -q "^## All [0-9]* device" "$tmp/all.md" || fail "no table across the devices in the Markdown"
"$bench" profile reduce/many --device 0 --group-sizes 64,128 --quick --reps 2 --json "$tmp/one.json" \
    >"$tmp/out" 2>"$tmp/err" || fail "profile --device 0: $(cat "$tmp/err")"
# PoCL runs on the CPU: the run says so (from the device's facts in the document).
grep -q "^This device is not a GPU" "$tmp/out" || fail "no 'not a GPU' line: $(head -4 "$tmp/out")"
python3 - "$tmp" <<'PY' || fail "results files"
import json, sys
for name in ("all", "one"):
    doc = json.load(open(sys.argv[1] + "/" + name + ".json"))
    assert doc["schema"] == 3 and doc["complete"] is True and doc["devices"], (name, doc.get("schema"))
    for d in doc["devices"]:
        got = sorted(r["group_size"] for r in d["results"] if r["outcome"] == "measured")
        assert got == [64, 128], (name, d["index"], got)
        assert all(r["params"] == {"n": int(r["parameters"].split("=")[1])} for r in d["results"]), d["results"]
    assert "aggregate" in doc
print("ok: profile on every device and on one, one schema")
PY
