#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""NVIDIA's libraries and ze-slm-bench at the same sizes, one row each: reads what
nvidia_reference and cupy_conv.py printed (VENDOR, a file) and the JSON files of the
tool's runs (TOOL.json ...) and prints both medians and how many times faster the tool is.
usage: side_by_side.py VENDOR TOOL.json [TOOL.json ...]
A size the vendor measured and the tool did not (or the reverse) is printed with '-'."""
import json
import re
import sys

# vendor line -> the tool's workload/variant at the same work
TOOL_VARIANT = {"reduce": "many", "hist": "lanes", "conv": "tiled"}
LINE = re.compile(r"^(reduce|hist|conv)\s+(.+?)\s+n=(\d+)(?: input=(\w+))?(?: m=(\d+))?\s+([\d.]+) us")


def vendor_rows(path):
    rows = []
    with open(path) as f:
        for line in f:
            m = LINE.match(line)
            if m:
                workload, name, n, dist, taps, us = m.groups()
                key = (workload, int(n), dist, int(taps) if taps else None)
                rows.append((key, name.strip(), float(us)))
    return rows


def tool_medians(paths):
    """(workload, n, input, m) -> (median us, device name) of the variant in TOOL_VARIANT."""
    found = {}
    for path in paths:
        with open(path) as f:
            doc = json.load(f)
        for dev in doc["devices"]:
            name = dev["device"]["name"] if isinstance(dev.get("device"), dict) else str(dev.get("device"))
            for r in dev["results"]:
                if r.get("outcome") != "measured" or TOOL_VARIANT.get(r["workload"]) != r["variant"]:
                    continue
                p = r.get("params", {})
                key = (r["workload"], int(p.get("n", 0)), p.get("input"), p.get("m"))
                found[key] = (r["median_ns"] / 1e3, name)
    return found


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: side_by_side.py VENDOR TOOL.json [TOOL.json ...]")
    vendor = vendor_rows(sys.argv[1])
    tool = tool_medians(sys.argv[2:])
    if not vendor:
        sys.exit("side_by_side: no vendor result in %s" % sys.argv[1])
    devices = sorted({name for _, name in tool.values()})
    print("vendor library against ze-slm-bench on %s (medians of device times; the vendor's from CUDA events"
          % (", ".join(devices) or "no tool result"))
    print("around its call, which include its launch; the tool's from OpenCL profiling of its one kernel)")
    print("%-8s %-40s %-26s %11s %11s %8s" % ("workload", "vendor", "size", "vendor us", "tool us", "tool x"))
    for (workload, n, dist, taps), name, us in vendor:
        size = "n=%d" % n + (" input=%s" % dist if dist else "") + (" m=%d" % taps if taps else "")
        mine = tool.get((workload, n, dist, taps))
        variant = "%s/%s" % (workload, TOOL_VARIANT[workload])
        if mine:
            print("%-8s %-40s %-26s %11.1f %11.1f %7.2fx" % (workload, name, size, us, mine[0], us / mine[0]))
        else:
            print("%-8s %-40s %-26s %11.1f %11s %8s" % (workload, name, size, us, "-", "-"))
    print("tool x: the vendor's time over the tool's (%s); above 1.00x the tool is faster."
          % ", ".join("%s/%s" % kv for kv in TOOL_VARIANT.items()))


if __name__ == "__main__":
    main()
