#!/bin/sh
# SPDX-License-Identifier: MIT
# A chosen device that does not open among several (CTest sets the environment: Intel's
# Level Zero driver with no GPU as pvc and no overrides, whose maximum group size of 0
# makes the tool refuse it at open, src/core/usable.c; and PoCL, which opens and runs). The
# refused device is one error line and an entry of the file's `errors`, the others run
# and are written, and the exit status is 1; when none opens, nothing runs.
# usage: run_devices_open.sh path/to/ze-slm-bench
set -u
bench=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
    echo "FAIL: $*"
    exit 1
}
refused="^ze-slm-bench: error: device 0: .*maximum work-group size of 0"

# The order of devices: Level Zero's (refused) before OpenCL's.
"$bench" devices >"$tmp/out" 2>&1 || fail "devices: $(cat "$tmp/out")"
grep -q "^Backend  *Level Zero  *OpenCL *$" "$tmp/out" || fail "not Level Zero then OpenCL: $(head -3 "$tmp/out")"

for spec in all 0,1 1,0; do
    "$bench" run --quick --reps 2 --device "$spec" reduce --json "$tmp/r.json" --csv "$tmp/r.csv" \
        --markdown "$tmp/r.md" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ "$rc" -eq 1 ] || fail "--device $spec: exit status $rc: $(cat "$tmp/err")"
    [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "$refused" "$tmp/err" || fail "--device $spec: stderr: $(cat "$tmp/err")"
    for want in "1 device at once" "=== Device 1: " "=== All 1 device" "Device 0 (.*): not run, it did not open"; do
        grep -q "$want" "$tmp/out" || fail "--device $spec: no '$want' in $(cat "$tmp/out")"
    done
    python3 - "$tmp" <<'PY' || exit 1
import csv, json, sys
d = sys.argv[1]
doc = json.load(open(d + "/r.json"))
assert doc["complete"] is True
[e] = doc["errors"]
assert e["device"] == 0 and e["status"] == "ZESLM_ERR_UNSUPPORTED" and "maximum work-group size of 0" in e["message"], e
[dev] = doc["devices"]
assert dev["index"] == 1 and dev["errors"] == [], dev["index"]
measured = [r for r in dev["results"] if r["outcome"] == "measured"]
assert measured and all(r["verified"] for r in measured), dev["results"]
rows = list(csv.reader(open(d + "/r.csv")))
assert rows[0][:2] == ["device", "device_name"] and len(rows) == 1 + len(dev["results"])
assert all(r[0] == "1" for r in rows[1:]), rows
md = open(d + "/r.md").read()
assert "\n## Device 1: " in md and "\n## Device 0: " in md and "**Error**: not run: " in md, md
PY
    echo "ok: --device $spec: device 0 refused in one line and in errors, device 1 ran, exit status 1"
done

# None opens (the root device and its two tiles, all refused): each says why, nothing
# runs and no file is written.
CreateMultipleSubDevices=2 "$bench" run --backend ze --quick --device all reduce --json "$tmp/none.json" \
    >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 1 ] || fail "none opens: exit status $rc: $(cat "$tmp/err")"
[ "$(grep -c "^ze-slm-bench: error: device [0-2]: .*maximum work-group size of 0" "$tmp/err")" -eq 3 ] &&
    [ "$(wc -l <"$tmp/err")" -eq 3 ] || fail "none opens: stderr: $(cat "$tmp/err")"
[ -s "$tmp/out" ] && fail "none opens, yet: $(cat "$tmp/out")"
[ -e "$tmp/none.json" ] && fail "none opens, yet the file was written"
echo "ok: when no device opens, each says why and nothing runs"
