#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The no-spill gate: reads `ze-slm-bench inspect --json -` on stdin and fails when a
bundled kernel spills registers (.ze_info spill_size > 0) on any Intel AOT target,
unless the kernel is listed below and its comment in kernels/ says why the spill is
accepted. Private arrays the compiler places in scratch (hist_doc_private's 256 bins)
are private memory, not spills, and pass."""
import json
import os
import re
import sys

TARGETS = {"tgllp", "dg1", "acm-g10", "pvc"}

# Accepted spills: kernel name -> the .cl file whose comment above the kernel says why
# (the comment must mention the spill). None today.
EXCEPTIONS = {}

KERNELS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "kernels")


def comment_accepts_spill(kernel, cl):
    text = open(os.path.join(KERNELS, cl)).read()
    at = text.find("__kernel void " + kernel + "(")
    if at < 0:
        return False
    # The // lines (and attribute lines) right above the kernel.
    above = text[:at].rstrip("\n").split("\n")
    comment = []
    for line in reversed(above):
        if line.startswith("//"):
            comment.append(line)
        elif not line.startswith("__attribute__"):
            break
    return re.search(r"spill", " ".join(comment), re.IGNORECASE) is not None


def main():
    rows = json.load(sys.stdin)["kernels"]
    seen = {t: set() for t in TARGETS}
    failures = []
    for r in rows:
        if r["target"] not in TARGETS:
            continue
        seen[r["target"]].add(r["kernel"])
        if r["spill_size"] == 0:
            continue
        cl = EXCEPTIONS.get(r["kernel"])
        if cl and comment_accepts_spill(r["kernel"], cl):
            print(f"accepted: {r['kernel']} spills {r['spill_size']} bytes on {r['target']} (see kernels/{cl})")
            continue
        failures.append(f"{r['kernel']} spills {r['spill_size']} bytes on {r['target']}")
    for t, kernels in sorted(seen.items()):
        if not kernels:
            failures.append(f"no kernel inspected for {t}")
    if len({frozenset(k) for k in seen.values()}) != 1:
        failures.append("the targets were not inspected for the same kernels")
    for f in failures:
        print("error: " + f)
    if not failures:
        print(f"no spills: {len(seen['pvc'])} kernels on {', '.join(sorted(TARGETS))}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
