# SPDX-License-Identifier: MIT
"""A run on the test driver, judged from its --json document and the tool's variant list:
every variant of the workloads run has results, every result measured and verified
(none skipped, none failed), and every device time within the launch's wall time (a
timestamp converted in the wrong unit, or across the counter's wrap without its valid
bits, is thousands of times longer). Prints the count of variants and results.
usage: check_run.py RUN_JSON VARIANTS_JSON [WORKLOAD...]"""
import json
import sys

run = json.load(open(sys.argv[1]))
listed = json.load(open(sys.argv[2]))["variants"]
workloads = set(sys.argv[3:])
want = {(v["bench"], v["variant"]) for v in listed if not workloads or v["bench"] in workloads}
problems = []
if run["errors"]:
    problems.append("errors: %s" % run["errors"])
(dev,) = run["devices"]
if dev["device"]["gpu"] is not False or "test driver" not in dev["device"]["name"]:
    problems.append("device not marked as a test driver and no GPU: %s" % dev["device"])
if dev["errors"]:
    problems.append("device errors: %s" % dev["errors"])
seen = set()
tick_ns = 1e9 / dev["device"]["timer_hz"]
for r in dev["results"]:
    name = "%s/%s %s" % (r["workload"], r["variant"], r["parameters"])
    seen.add((r["workload"], r["variant"]))
    if r["outcome"] != "measured" or r["verified"] is not True:
        problems.append("%s: %s, verified %s: %s" % (name, r["outcome"], r["verified"], r.get("verification")))
        continue
    if not 0 < r["median_ns"] <= r["wall_median_ns"] + 2 * tick_ns:
        problems.append("%s: device time %s ns against %s ns of wall time" % (name, r["median_ns"], r["wall_median_ns"]))
for missing in sorted(want - seen):
    problems.append("no result of %s/%s" % missing)
print("%d variants, %d results, every one measured and verified on %s" % (len(seen), len(dev["results"]), dev["device"]["name"]))
for p in problems:
    print("FAIL:", p)
sys.exit(1 if problems or not seen else 0)
