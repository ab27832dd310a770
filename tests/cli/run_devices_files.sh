#!/bin/sh
# SPDX-License-Identifier: MIT
# Several devices at once into --csv and --markdown (CTest sets the environment: here
# Level Zero's root device and its two tiles, with no GPU behind them). The CSV has a
# single-device run's header led by `device` and `device_name` and the rows of every
# device; the Markdown has a heading per device holding its workloads, then the table
# across the devices; `--csv -` leaves standard output to the CSV alone.
# usage: run_devices_files.sh path/to/ze-slm-bench N   (N: the devices `all` runs)
set -u
bench=$1
n=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
    echo "FAIL: $*"
    exit 1
}

"$bench" run --quick --reps 2 --device all reduce roofline --json "$tmp/all.json" --csv "$tmp/all.csv" \
    --markdown "$tmp/all.md" >"$tmp/out" 2>&1 || fail "run --device all: $(cat "$tmp/out")"
"$bench" run --quick --reps 2 --device 0 reduce --csv "$tmp/one.csv" >"$tmp/out" 2>&1 ||
    fail "run --device 0: $(cat "$tmp/out")"
python3 - "$tmp" "$n" <<'PY' || exit 1
import csv, json, re, sys
d, n = sys.argv[1], int(sys.argv[2])
doc = json.load(open(d + "/all.json"))
devices = doc["devices"]
assert len(devices) == n, [x["index"] for x in devices]
rows = list(csv.reader(open(d + "/all.csv")))
one = next(csv.reader(open(d + "/one.csv")))
assert rows[0] == ["device", "device_name", "host", "rank", "verdict"] + one, rows[0]
for dev in devices:
    mine = [r for r in rows[1:] if r[0] == str(dev["index"])]
    # Every result of the device's JSON, in order, each row naming the device.
    assert len(mine) == len(dev["results"]) > 0, (dev["index"], len(mine), len(dev["results"]))
    assert all(r[1] == dev["device"]["name"] for r in mine), mine[0]
    assert [(r[5], r[6], r[7]) for r in mine] == [(x["workload"], x["variant"], x["parameters"]) for x in dev["results"]]
assert len(rows) == 1 + sum(len(x["results"]) for x in devices)
print("ok: the CSV has the single-device header after device, device_name, host, rank and verdict, and every device's results")

md = open(d + "/all.md").read()
heads = re.findall(r"^(#+) (.*)$", md, re.M)
assert heads[0] == ("#", "ze-slm-bench run: %d devices at once" % n), heads[0]
# Each device's heading, then its workloads one level under it, in the order run.
want = []
for dev in devices:
    want += [("##", "Device %d: %s" % (dev["index"], dev["device"]["name"])), ("###", "reduce"), ("###", "roofline")]
assert heads[1:1 + len(want)] == want, heads
assert heads[1 + len(want)][1].startswith("All %d devices" % n), heads[1 + len(want)]
assert md.count("\n| variant |") >= 2 * n, "a workload's table is missing"
print("ok: the Markdown has a heading per device with its workloads, then the table across the devices")
PY

"$bench" run --quick --reps 2 --device all reduce --csv - >"$tmp/csv" 2>"$tmp/err" || fail "--csv -: $(cat "$tmp/err")"
head -1 "$tmp/csv" | grep -q "^device,device_name,host,rank,verdict,workload," || fail "--csv -: $(head -3 "$tmp/csv")"
grep -q "devices at once" "$tmp/err" || fail "--csv -: the tables are not on stderr"
grep -v '^[0-9][0-9]*,' "$tmp/csv" | sed 1d | grep . && fail "--csv -: standard output holds more than the CSV"
echo "ok: --csv - writes the CSV alone on standard output"
