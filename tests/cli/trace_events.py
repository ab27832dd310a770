#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""run --trace and profile --trace: the file is the Chrome trace event format that
Perfetto and chrome://tracing open (an object with a traceEvents array; complete
events of ph "X" with a name, numeric ts and dur in microseconds, pid and tid; a
process_name metadata event a device), with one event for every timed launch of the
results file, once, in the order they ran (a device's events one after another, none
overlapping the next), each carrying its workload, variant, parameters and group size,
and device times equal to the result's times_ns. A trace that names the results file,
or the same file as --json, is refused before anything runs.

usage: trace_events.py path/to/ze-slm-bench"""
import json
import os
import subprocess
import sys
import tempfile

bench = sys.argv[1]
failures = []


def check(label, results_path, trace_path):
    doc = json.load(open(results_path))
    trace = json.load(open(trace_path))
    if not isinstance(trace, dict) or not isinstance(trace.get("traceEvents"), list):
        failures.append(f"{label}: no traceEvents array")
        return
    events = trace["traceEvents"]
    for e in events:
        if e.get("ph") not in ("X", "M") or not isinstance(e.get("pid"), int) or not isinstance(e.get("tid"), int):
            failures.append(f"{label}: not an event of the format: {e}")
            return
    launches = [e for e in events if e["ph"] == "X"]
    names = [e for e in events if e["ph"] == "M" and e.get("name") == "process_name"]
    if len(names) != len(doc["devices"]):
        failures.append(f"{label}: {len(names)} process names for {len(doc['devices'])} devices")
    for e in launches:
        if not all(isinstance(e.get(k), (int, float)) for k in ("ts", "dur")) or not e.get("name"):
            failures.append(f"{label}: an event without name, ts or dur: {e}")
            return
    want = 0
    for pid, device in enumerate(doc["devices"]):
        mine = [e for e in launches if e["pid"] == pid]
        # In the order they ran: each ends before the next begins (the us of ts and dur
        # rounded to the ns: a ns of slack).
        for a, b in zip(mine, mine[1:]):
            if a["ts"] + a["dur"] > b["ts"] + 1e-3:
                failures.append(f"{label}: device {pid}: {a['name']} launch {a['args']['launch']} ends at "
                                f"{a['ts'] + a['dur']} us, after the next begins ({b['ts']} us)")
                break
        pos = 0
        for r in device["results"]:
            times = r.get("times_ns") or []
            want += len(times)
            key = (r["workload"], r["variant"], r["parameters"])
            # The result's launches are the next len(times) events, launch 0, 1, ...
            got = mine[pos:pos + len(times)]
            pos += len(times)
            keys = {(e["args"]["workload"], e["args"]["variant"], e["args"]["parameters"]) for e in got}
            if keys != ({key} if times else set()):
                failures.append(f"{label}: {key}: the events in its place are {sorted(keys)}")
                continue
            if [e["args"]["launch"] for e in got] != list(range(len(times))):
                failures.append(f"{label}: {key}: launches out of order or missing")
            if sorted(e["args"]["device_ns"] for e in got) != sorted(times):
                failures.append(f"{label}: {key}: device times {sorted(e['args']['device_ns'] for e in got)} "
                                f"are not the file's {sorted(times)}")
            if any(abs(e["dur"] * 1e3 - e["args"]["device_ns"]) > 1 for e in got):
                failures.append(f"{label}: {key}: dur is not the device time in us")
            if any(e["args"]["group_size"] != r["group_size"] for e in got):
                failures.append(f"{label}: {key}: group size not the file's {r['group_size']}")
            if any(e["name"] != f"{r['workload']}/{r['variant']}" for e in got):
                failures.append(f"{label}: {key}: named {got[0]['name']}")
        if pos != len(mine):
            failures.append(f"{label}: device {pid}: {len(mine) - pos} events of no result")
    if want == 0 or len(launches) != want:
        failures.append(f"{label}: {len(launches)} launch events, the file has {want} launch times")


with tempfile.TemporaryDirectory() as tmp:
    r, t = os.path.join(tmp, "r.json"), os.path.join(tmp, "t.json")
    for label, args in (("run", ["run", "--quick", "reduce", "bank/strided,swizzled", "latency/slm"]),
                        ("profile", ["profile", "reduce/many", "--quick", "--group-sizes", "64,128"])):
        p = subprocess.run([bench, *args, "--json", r, "--trace", t], capture_output=True, text=True)
        if p.returncode != 0:
            failures.append(f"{label}: exit status {p.returncode}: {p.stderr.strip()}")
            continue
        check(label, r, t)
        os.remove(t)
    # The trace file names the results file, or the results file the trace: refused
    # before any launch, and the file left alone.
    with open(r, "w") as f:
        f.write("keep")
    p = subprocess.run([bench, "run", "--quick", "reduce/many", "--json", r, "--trace", r], capture_output=True,
                       text=True)
    if p.returncode != 2 or "--trace" not in p.stderr or open(r).read() != "keep":
        failures.append(f"--trace naming the --json file: exit {p.returncode}, {p.stderr.strip()!r}")
    missing = os.path.join(tmp, "no", "t.json")
    p = subprocess.run([bench, "run", "--quick", "reduce/many", "--trace", missing], capture_output=True, text=True)
    if p.returncode == 0 or missing not in p.stderr or "Device" in p.stdout:
        failures.append(f"--trace into a missing folder: exit {p.returncode}, {p.stderr.strip()!r}")

for f in failures:
    print("FAIL:", f)
print("trace_events:", "FAILED" if failures else "ok")
sys.exit(1 if failures else 0)
