#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Rank files of a synthetic fleet, made from one real results file (a template): what
`run --json DIR/` leaves on every rank of a job, with planted faults, for the tests of
merge's verdicts and of its scale.

usage: fleet_files.py TEMPLATE OUTDIR --ranks N [--per-host K] [--results R]
                      [--slow RANK:FACTOR]... [--killed RANK]... [--no-device RANK]...
                      [--drop RANK]... [--model RANK:NAME]...
                      [--slow-workload RANK:WORKLOAD:FACTOR]... [--share RANK:WITH]...

--slow r:f     rank r's device is f times as fast (f 0.7: 30% slower): its launch
               times divided by f, its rates times f.
--slow-workload r:w:f  rank r's results of workload w alone f times as fast.
--killed r     rank r's run was cut: complete false, a tenth of its results.
--no-device r  rank r's device did not open: no device, an error entry.
--drop r       rank r leaves no file.
--model r:n    rank r's device is of another model (name n).
--share r:s    rank r measured rank s's device (on s's host): its index and UUID.
--results R    repeat the template's results (new parameters) to R a device.
--jitter J     every rank's speed, and each of its results', also times 1 + a draw
               from [-J, J] (seeded by its rank), so that scores spread as a real
               fleet's do.
"""
import argparse
import copy
import json
import os
import random
import sys


def scaled(result, f):
    r = copy.deepcopy(result)
    for k in ("min_ns", "median_ns", "max_ns", "wall_median_ns", "mean_ns", "stddev_ns"):
        if isinstance(r.get(k), (int, float)):
            r[k] = r[k] / f if k != "stddev_ns" else r[k] / f
            if k != "mean_ns" and k != "stddev_ns":
                r[k] = int(round(r[k]))
    if isinstance(r.get("times_ns"), list):
        r["times_ns"] = [int(round(t / f)) for t in r["times_ns"]]
    if isinstance(r.get("rate"), (int, float)):
        unit = r.get("rate_unit") or ""
        r["rate"] = r["rate"] * f if not unit.startswith("ns/") else r["rate"] / f
    return r


def pairs(values, conv):
    out = {}
    for v in values or []:
        k, _, x = v.partition(":")
        out[int(k)] = conv(x)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("template")
    ap.add_argument("outdir")
    ap.add_argument("--ranks", type=int, required=True)
    ap.add_argument("--per-host", type=int, default=4)
    ap.add_argument("--results", type=int, default=0)
    ap.add_argument("--slow", action="append")
    ap.add_argument("--slow-workload", action="append", default=[])
    ap.add_argument("--killed", action="append", type=int, default=[])
    ap.add_argument("--no-device", action="append", type=int, default=[])
    ap.add_argument("--drop", action="append", type=int, default=[])
    ap.add_argument("--model", action="append")
    ap.add_argument("--jitter", type=float, default=0.0)
    ap.add_argument("--share", action="append")
    a = ap.parse_args()
    with open(a.template) as f:
        doc = json.load(f)
    dev = doc["devices"][0]
    results = dev["results"]
    if a.results:
        grown = []
        i = 0
        while len(grown) < a.results:
            r = copy.deepcopy(results[i % len(results)])
            if i >= len(results):
                r["parameters"] = r["parameters"] + " copy=%d" % (i // len(results))
            grown.append(r)
            i += 1
        results = grown
    slow = pairs(a.slow, float)
    model = pairs(a.model, str)
    share = pairs(a.share, int)
    one = {}
    for item in a.slow_workload:
        r, w, f = item.split(":")
        one[int(r)] = (w, float(f))
    os.makedirs(a.outdir, exist_ok=True)
    for rank in range(a.ranks):
        if rank in a.drop:
            continue
        host = "node%04d" % (rank // a.per_host)
        local = rank % a.per_host
        d = dict(doc)
        d["host"] = host
        d["complete"] = rank not in a.killed
        d.pop("aggregate", None)
        rank_obj = {"launcher": "Slurm", "rank": rank, "local_rank": local, "size": a.ranks, "host": host,
                    "device_choice": "local rank %d of %d devices" % (local, a.per_host)}
        if rank in a.no_device:
            d["devices"] = []
            d["errors"] = [{"device": local, "name": None, "host": host, "rank": rank, "size": a.ranks,
                            "status": "ZESLM_ERR_DEVICE", "message": "the device did not open"}]
        else:
            x = dict(dev)
            for k in ("peer_score", "slow", "busy_share", "peers_clock_mhz", "throttled", "same_device_as"):
                x.pop(k, None)
            x["host"] = host
            on = share.get(rank, rank)
            x["index"] = on % a.per_host
            x["rank"] = rank_obj
            facts = dict(x["device"])
            facts["uuid"] = "%08x-0000-0000-0000-%012x" % (on, on)
            if rank in model:
                facts["name"] = model[rank]
            x["device"] = facts
            f = slow.get(rank, 1.0)
            if a.jitter:
                draw = random.Random(rank)
                f *= 1 + draw.uniform(-a.jitter, a.jitter)
                rs = [scaled(r, f * (1 + draw.uniform(-a.jitter, a.jitter))) for r in results]
            else:
                rs = [scaled(r, f) for r in results] if f != 1.0 else results
            if rank in one:
                rs = [scaled(r, one[rank][1]) if r["workload"] == one[rank][0] else r for r in rs]
            if rank in a.killed:
                rs = rs[: max(1, len(rs) // 10)]
            x["results"] = rs
            x["errors"] = []
            d["devices"] = [x]
            d["errors"] = []
        with open(os.path.join(a.outdir, "%s-%d.json" % (host, rank)), "w") as f:
            json.dump(d, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
