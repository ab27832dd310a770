#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every figure that README.md, docs/*.md and results/*/README.md quote from a results
file is the file's. A figure is marked by a comment right after it:

    took 108<!-- fig results/h100/run.txt | grep(t, r"run exit 0 in (\\d+) s") -->
    reads 3.03<!-- fig results/h100/run.json | best(d, "reduce", "many")["rate"] / 1e3 | .2f --> TB/s

naming the file (from the tree's root), a Python expression over it (d: a JSON
file's document, t: any file's text; the helpers below) and, optionally, a format
(Python's format spec; none: the value as it is). The text before the comment must
end with the formatted value. A file missing, an expression that finds nothing or a
figure that differs fails, with one line naming the document, its line and both
figures.
usage: doc_figures.py ROOT"""
import glob
import json
import os
import re
import sys

MARK = re.compile(r"<!--\s*fig\s+(?P<file>[^|]+?)\s*\|\s*(?P<expr>.+?)\s*(?:\|\s*(?P<fmt>[^|]*?)\s*)?-->")


def dev(d, i=0):
    return d["devices"][i]


def results(d, workload=None, variant=None, params=None, i=0):
    return [r for r in dev(d, i)["results"]
            if (workload is None or r["workload"] == workload) and (variant is None or r["variant"] == variant)
            and (params is None or r["parameters"] == params)]


def best(d, workload, variant, params=None, i=0):
    """The one measured result of a variant (at its parameters)."""
    found = [r for r in results(d, workload, variant, params, i) if r["outcome"] == "measured"]
    if len(found) != 1:
        raise LookupError(f"{len(found)} measured results of {workload}/{variant} {params or ''}")
    return found[0]


def unconverged(d, i=0):
    return sum(1 for r in dev(d, i)["results"] if r.get("converged") is False)


def finding(d, workload, key, i=0):
    return dev(d, i)["findings"][workload][key]


def grep(t, pattern):
    m = re.search(pattern, t, re.M)
    if not m:
        raise LookupError(f"no {pattern!r}")
    return m.group(1)


def documents(root):
    yield os.path.join(root, "README.md")
    yield from sorted(glob.glob(os.path.join(root, "docs", "*.md")))
    yield from sorted(glob.glob(os.path.join(root, "results", "*", "README.md")))


def main(root):
    loaded, bad, checked = {}, 0, 0
    for doc in documents(root):
        if not os.path.exists(doc):
            continue
        name = os.path.relpath(doc, root)
        for n, line in enumerate(open(doc, encoding="utf-8"), 1):
            for m in MARK.finditer(line):
                checked += 1
                path = os.path.join(root, m["file"])
                try:
                    if path not in loaded:
                        text = open(path, encoding="utf-8").read()
                        loaded[path] = (json.loads(text) if path.endswith(".json") else None, text)
                    d, t = loaded[path]
                    value = eval(m["expr"], {"__builtins__": {"sum": sum, "len": len, "min": min, "max": max,
                                                              "round": round, "abs": abs, "int": int, "float": float},
                                             "d": d, "t": t, "dev": dev, "results": results, "best": best,
                                             "unconverged": unconverged, "finding": finding, "grep": grep})
                    if value is None:
                        raise LookupError("null")
                    want = format(value, m["fmt"] or "")
                except (OSError, ValueError, LookupError, TypeError, AttributeError, SyntaxError, ZeroDivisionError) as e:
                    print(f"{name}:{n}: {m['file']} has no {m['expr']!r}: {e}")
                    bad += 1
                    continue
                before = line[:m.start()].rstrip()
                if not before.endswith(want) or (len(before) > len(want) and before[-len(want) - 1].isdigit()):
                    got = re.search(r"[-+]?[0-9][0-9.,]*$", before)
                    print(f"{name}:{n}: says {got.group(0) if got else before[-20:]!r}, {m['file']} says {want!r} "
                          f"({m['expr']})")
                    bad += 1
    if checked == 0:
        print(f"no figure marked under {root}")
        return 1
    print(f"{checked} figures checked against their files, {bad} wrong")
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))
