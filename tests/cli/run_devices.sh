#!/bin/sh
# SPDX-License-Identifier: MIT
# Two OpenCL devices at once: PoCL and Intel's OpenCL runtime for CPUs, both visible
# through one vendors folder. `run --device all` runs both, each on its own thread
# (their runs overlap in time), and writes one results file of schema 3 holding
# each device's verified results and the aggregate; compare reads it, against itself
# and against a single-device file. `devices` lists both in 100 columns. Exit 77 (skipped) without Intel's runtime.
# usage: run_devices.sh path/to/ze-slm-bench INTEL_CL_DIR
set -u
bench=$1
intel=$2
# shellcheck source=tests/cli/two_kinds.sh
. "$(dirname "$0")/two_kinds.sh"

# `devices` with both fits 100 columns and scales byte counts: each device's SLM a
# group as that device reports it (devices --json: CL_DEVICE_LOCAL_MEM_SIZE, which PoCL
# takes from the host CPU's L2), in KiB or MiB, never "524288 bytes".
"$bench" devices --backend cl >"$tmp/out" 2>&1 || fail "devices: $(cat "$tmp/out")"
"$bench" devices --backend cl --json >"$tmp/devices.json" 2>&1 || fail "devices --json: $(cat "$tmp/devices.json")"
grep -q "^fact  *Device 0  *Device 1" "$tmp/out" || fail "devices does not show two devices"
awk 'length($0) > 100 { print "FAIL: " length($0) " columns: " $0; bad = 1 } END { exit bad }' "$tmp/out" || exit 1
python3 - "$tmp/out" "$tmp/devices.json" <<'PY' || exit 1
import json, re, sys
row = next(l for l in open(sys.argv[1]) if l.startswith("SLM per work-group "))
shown = re.split(r"\s{2,}", row.strip())[1:]
units = {"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30}
asked = [d["slm_per_group"] for d in json.load(open(sys.argv[2]))["devices"]]
for text, want in zip(shown, asked, strict=True):
    number, unit = text.split()
    assert unit in units and float(number) * units[unit] == want, f"SLM shown as {text!r}, the device says {want} bytes"
print("ok: SLM a group as each device reports it:", ", ".join(shown))
PY
! grep -q "[0-9] bytes" "$tmp/out" || fail "an unscaled byte count in devices"

# Small and few: two CPU runtimes share the machine's cores.
"$bench" run --backend cl --device all --quick --reps 3 roofline reduce --json "$tmp/all.json" >"$tmp/out" 2>&1 ||
    fail "run --device all: $(cat "$tmp/out")"
cat "$tmp/out"
for want in "2 devices at once" "=== Device 0: " "=== Device 1: " "=== All 2 devices" \
    "no result that another device of its model also measured"; do
    grep -q "$want" "$tmp/out" || fail "no '$want' in the output"
done
python3 - "$tmp/all.json" <<'PY' || exit 1
import json, sys
doc = json.load(open(sys.argv[1]))
assert doc["schema"] == 3 and doc["complete"] is True, doc.get("schema")
devs = doc["devices"]
assert [d["index"] for d in devs] == [0, 1], devs
drivers = sorted(d["device"]["driver"].split()[0] for d in devs)
assert drivers == ["Intel(R)", "Portable"], drivers
for d in devs:
    measured = [r for r in d["results"] if r["outcome"] == "measured"]
    assert measured and all(r["verified"] for r in measured), d["device"]["name"]
    assert d["errors"] == [], d["errors"]
    # PoCL and Intel's runtime are two models: each is scored only against its own.
    assert d["slow"] is False and d["peer_score"] is None, d["peer_score"]
# A thread each: the two runs overlap in time.
a, b = devs
assert a["started_s"] < b["finished_s"] and b["started_s"] < a["finished_s"], (a["started_s"], a["finished_s"], b["started_s"], b["finished_s"])
agg = doc["aggregate"]
assert agg["slow_below"] == 0.9
both = [r for r in agg["results"] if None not in r["rates"]]
assert both, "no result measured on both devices"
for r in both:
    lo, hi = sorted(r["rates"])
    assert abs(r["median_rate"] - (lo + hi) / 2) <= 1e-9 * hi, r
print("ok: one file of schema 3, both devices measured, their runs overlapped")
PY

"$bench" compare "$tmp/all.json" "$tmp/all.json" >"$tmp/cmp" 2>&1 || fail "compare of the file with itself: $(cat "$tmp/cmp")"
grep -q "new: $tmp/all.json device 1 " "$tmp/cmp" || fail "compare: no device 1 in $(cat "$tmp/cmp")"
grep -q " results in both, 0 changed" "$tmp/cmp" || fail "compare: $(cat "$tmp/cmp")"
# A single-device file pairs with the device of the same name.
"$bench" run --backend cl --device 1 --quick --reps 3 roofline --json "$tmp/one.json" >/dev/null 2>&1 ||
    fail "run --device 1"
"$bench" compare "$tmp/one.json" "$tmp/all.json" >"$tmp/cmp" 2>&1 || fail "compare of one device with two: $(cat "$tmp/cmp")"
grep -q "only in new: device 0 " "$tmp/cmp" || fail "compare: device 0 should be unpaired: $(cat "$tmp/cmp")"
echo "ok: compare reads the file of two devices"

# Bad lists: one clear line, exit status 2.
for spec in 0,0 0,1,0 0,,1 0,9; do
    "$bench" run --backend cl --device "$spec" reduce >"$tmp/out" 2>&1
    rc=$?
    [ "$rc" -eq 2 ] && [ "$(wc -l <"$tmp/out")" -eq 1 ] && grep -q "error: --device $spec" "$tmp/out" ||
        fail "--device $spec: exit status $rc, $(cat "$tmp/out")"
done
"$bench" limits --device all >"$tmp/out" 2>&1
[ $? -eq 2 ] || fail "limits --device all: $(cat "$tmp/out")"
echo "ok: bad device lists are refused"

# CSV and Markdown of both: a row per result led by its device, a heading per device.
"$bench" run --backend cl --device all --quick --reps 3 reduce --csv "$tmp/all.csv" --markdown "$tmp/all.md" \
    >"$tmp/out" 2>&1 || fail "run --device all --csv --markdown: $(cat "$tmp/out")"
head -1 "$tmp/all.csv" | grep -q "^device,device_name,host,rank,verdict,workload,variant," || fail "CSV header: $(head -1 "$tmp/all.csv")"
for d in 0 1; do
    grep -q "^$d,.*,reduce,many,.*,measured," "$tmp/all.csv" || fail "no measured row of device $d in the CSV"
    grep -q "^## Device $d: " "$tmp/all.md" || fail "no heading of device $d in the Markdown"
done
grep -q "^## All 2 devices" "$tmp/all.md" || fail "no table across the devices in the Markdown"
echo "ok: CSV and Markdown of both devices"

# SIGINT stops every device at its next launch; the file keeps what each measured.
"$bench" run --backend cl --device all --quick --json "$tmp/int.json" >"$tmp/out" 2>&1 &
pid=$!
sleep 2
kill -INT "$pid"
wait "$pid"
rc=$?
[ "$rc" -eq 130 ] || fail "interrupted run: exit status $rc, $(cat "$tmp/out")"
python3 - "$tmp/int.json" <<'PY' || exit 1
import json, sys
doc = json.load(open(sys.argv[1]))
assert doc["schema"] == 3 and doc["complete"] is False, doc["complete"]
assert len(doc["devices"]) == 2
assert any(e["status"] == "ZESLM_ERR_INTERRUPTED" for d in doc["devices"] for e in d["errors"]), doc["devices"]
print("ok: SIGINT stops both devices and keeps the file")
PY

# Binaries dumped by two devices at once go to a folder each.
ZESLM_DUMP_BINARIES="$tmp" "$bench" run --backend cl --device all --quick --reps 1 reduce >"$tmp/out" 2>&1 ||
    fail "run with ZESLM_DUMP_BINARIES: $(cat "$tmp/out")"
for d in 0 1; do
    ls "$tmp/device-$d/"reduce.* >/dev/null 2>&1 || fail "no binaries in $tmp/device-$d"
done
echo "ok: each device dumps into its own folder"
