# SPDX-License-Identifier: MIT
# ReFrame test of ze-slm on every GPU of the nodes it is given: one task per GPU (each
# rank takes the device of its local rank, tools/ze-slm-bench/run/rank.c), each writing its own results
# file, then `ze-slm-bench merge` into one document.
#
#   reframe -c reference/reframe/ze_slm.py -r -S bench=$PWD/build/ze-slm-bench
#   reframe -C site.py -c reference/reframe/ze_slm.py -r -S bench=... -S gpus_per_node=4 -S num_nodes=2
#
# Sanity: every rank wrote its file (a missing one is named, with merge's MISSING
# verdict), every result was verified against the host, no error anywhere. Performance
# variables: the improved variants' fractions of their ceilings (the lowest over the
# GPUs and inputs: the worst GPU is the one to find), the number of GPUs merge failed on
# speed (a SLOW or LOW of level FAIL: below half its peers' or its baseline's), of SLOW
# GPUs at any level, and of THROTTLED GPUs; `reference` holds them per
# system. The merged document, merge's text, its JUnit and its verdicts as JSON lines
# are kept in the output folder after a pass (keep_files).
import json
import os

import reframe as rfm
import reframe.utility.sanity as sn
from reframe.core.builtins import performance_function, run_before, sanity_function, variable
from reframe.core.exceptions import SanityError

# The improved variants whose fraction of a ceiling measured in the same run is a
# performance variable; the roofline variants are those ceilings.
FRACTIONS = {"reduce_many": ("reduce", "many"), "conv_tiled": ("conv", "tiled"), "hist_lanes": ("hist", "lanes")}
WORKLOADS = ["roofline/read,imad", "reduce/many", "conv/tiled", "hist/lanes"]


def _fleet(path):
    with open(path) as f:
        return json.load(f)


def _rank(device):
    """A device's rank (its `rank` object's, schema 3)."""
    return (device.get("rank") or {}).get("rank")


@sn.deferrable
def fleet_sane(path, tasks):
    """Every rank's device is in the merged document, with no error and every result verified."""
    if not os.path.exists(path):
        raise SanityError(f"no merged document {path}: did ze-slm-bench run?")
    doc = _fleet(path)
    devices = doc["devices"]
    # The devices that did not run, and each device's workload errors, with where.
    # The ranks that left no file, by merge's MISSING verdicts (it knows the job's size).
    missing = [e for e in (doc.get("verdicts") or {}).get("entries", []) if e["verdict"] == "MISSING"]
    if missing:
        ranks = ", ".join(str(e["rank"]) for e in missing)
        raise SanityError(f"{len(missing)} rank(s) of {tasks} left no results file: rank {ranks} MISSING")
    errors = doc["errors"] + [{**e, "host": d["host"], "rank": _rank(d)} for d in devices for e in d["errors"]]
    if errors:
        where = "; ".join(f"{e.get('host')} rank {e.get('rank')}: {e.get('message')}" for e in errors)
        raise SanityError(f"{len(errors)} error(s): {where}")
    if len(devices) != tasks:
        raise SanityError(f"{len(devices)} device(s) in the merged document, {tasks} task(s) launched")
    for d in devices:
        results = d["results"]
        if not results:
            raise SanityError(f"{d['host']} rank {_rank(d)}: no result")
        bad = [r for r in results if r["outcome"] not in ("measured", "skipped") or
               (r["outcome"] == "measured" and not r["verified"])]
        if bad:
            raise SanityError(f"{d['host']} rank {_rank(d)}: {bad[0]['workload']}/{bad[0]['variant']} "
                              f"{bad[0]['outcome']}")
    return True


@sn.deferrable
def lowest_fraction(path, workload, variant):
    """The lowest fraction of its ceiling of workload/variant over every device and input;
    a result that beat its ceiling (ceiling_exceeded: no fraction given) counts as 1."""
    got = [1.0 if r["ceiling_exceeded"] else r["fraction_of_ceiling"] for d in _fleet(path)["devices"]
           for r in d["results"] if r["workload"] == workload and r["variant"] == variant and
           (r["ceiling_exceeded"] or r["fraction_of_ceiling"] is not None)]
    if not got:
        raise SanityError(f"no fraction of a ceiling for {workload}/{variant}")
    return min(got)


@sn.deferrable
def flagged(path, key):
    return sum(1 for d in _fleet(path)["devices"] if d.get(key))


@sn.deferrable
def verdicts(path, verdict):
    """The devices merge gave this verdict (SLOW: below the median of its model's GPUs)."""
    return (_fleet(path).get("verdicts") or {}).get("counts", {}).get(verdict, 0)


@sn.deferrable
def failed_on_speed(path):
    """The devices merge failed on speed: a SLOW or LOW verdict of level FAIL (a WARN says look)."""
    return sum(1 for e in (_fleet(path).get("verdicts") or {}).get("entries", [])
               if e["verdict"] in ("SLOW", "LOW") and e.get("level") == "FAIL")


@rfm.simple_test
class ze_slm_fleet(rfm.RunOnlyRegressionTest):
    descr = "ze-slm: SLM and memory workloads verified on every GPU; fractions of ceilings; SLOW and THROTTLED GPUs"
    valid_systems = ["*"]
    valid_prog_environs = ["*"]
    bench = variable(str, value="ze-slm-bench")
    gpus_per_node = variable(int, value=1)
    num_nodes = variable(int, value=1)
    quick = variable(bool, value=True)
    # merge --min-peers: a GPU is judged against its peers where it has this many (a
    # job of two GPUs of one model needs 1, or a baseline).
    min_peers = variable(int, value=2)
    tags = {"gpu", "slm"}
    # Per system ("SYSTEM:PARTITION"): (reference, lower, upper, unit), the bounds
    # relative. "*" is any system (reference/reframe/site_slurm.py's "cluster:gpu"
    # among them): it records the fractions and the SLOW GPUs, and fails the test where
    # merge failed a GPU on speed or one was THROTTLED (upper bound 0), as merge's exit
    # status does: a SLOW WARN (0.5 to 0.9 of its peers) is noise on a loaded host, where
    # two healthy nodes read 0.87 of each other. A site adds its own rows, for example
    # from one run of results/h100 (an H100's reduce/many reads at 0.9 of its read ceiling).
    reference = {
        "*": {
            "reduce_many": (0, None, None, "of ceiling"),
            "conv_tiled": (0, None, None, "of ceiling"),
            "hist_lanes": (0, None, None, "of ceiling"),
            "failed_gpus": (0, None, 0, "GPUs"),
            "slow_gpus": (0, None, None, "GPUs"),
            "throttled_gpus": (0, None, 0, "GPUs"),
        },
        # The GPUs this project has measured (results/): the lowest fraction over the
        # inputs at default sizes, 5% below what the committed run gave; no GPU slower
        # than its peers (healthy GPUs of one model lie within a few percent), none throttled.
        "h100:gpu": {
            "reduce_many": (0.9, -0.15, None, "of ceiling"),
            "conv_tiled": (0.85, -0.1, None, "of ceiling"),
            "hist_lanes": (0.85, -0.1, None, "of ceiling"),
            "failed_gpus": (0, None, 0, "GPUs"),
            "slow_gpus": (0, None, 0, "GPUs"),
            "throttled_gpus": (0, None, 0, "GPUs"),
        },
        "h200:gpu": {
            "reduce_many": (0.9, -0.15, None, "of ceiling"),
            "conv_tiled": (0.85, -0.1, None, "of ceiling"),
            "hist_lanes": (0.75, -0.1, None, "of ceiling"),
            "failed_gpus": (0, None, 0, "GPUs"),
            "slow_gpus": (0, None, 0, "GPUs"),
            "throttled_gpus": (0, None, 0, "GPUs"),
        },
    }
    # What a site looks at after a run, pass or fail.
    keep_files = ["fleet.json", "merge.txt", "fleet.xml", "verdicts.jsonl"]

    @run_before("run")
    def one_task_per_gpu(self):
        self.num_tasks_per_node = self.gpus_per_node
        self.num_tasks = self.gpus_per_node * self.num_nodes
        self.executable = self.bench
        self.executable_opts = ["run", "--quick"] if self.quick else ["run"]
        self.executable_opts += WORKLOADS + ["--json", "ranks/"]
        # The merge runs once, after every task, knowing the job's size (a rank that left
        # no file is MISSING); its exit status is the fleet's verdict (0 pass, 3 degraded,
        # 4 failed), which the sanity check and the performance variables then read from
        # the document, so it does not stop the test here.
        self.postrun_cmds = [f"{self.bench} merge ranks/*.json --expect {self.num_tasks} --min-peers {self.min_peers} --json fleet.json "
                             f"--junit fleet.xml --jsonl verdicts.jsonl > merge.txt 2>&1 || true"]

    @sanity_function
    def every_result_verified(self):
        return fleet_sane(os.path.join(self.stagedir, "fleet.json"), self.num_tasks)

    @performance_function("of ceiling")
    def reduce_many(self):
        return lowest_fraction(os.path.join(self.stagedir, "fleet.json"), *FRACTIONS["reduce_many"])

    @performance_function("of ceiling")
    def conv_tiled(self):
        return lowest_fraction(os.path.join(self.stagedir, "fleet.json"), *FRACTIONS["conv_tiled"])

    @performance_function("of ceiling")
    def hist_lanes(self):
        return lowest_fraction(os.path.join(self.stagedir, "fleet.json"), *FRACTIONS["hist_lanes"])

    @performance_function("GPUs")
    def failed_gpus(self):
        return failed_on_speed(os.path.join(self.stagedir, "fleet.json"))

    @performance_function("GPUs")
    def slow_gpus(self):
        return verdicts(os.path.join(self.stagedir, "fleet.json"), "SLOW")

    @performance_function("GPUs")
    def throttled_gpus(self):
        return flagged(os.path.join(self.stagedir, "fleet.json"), "throttled")
