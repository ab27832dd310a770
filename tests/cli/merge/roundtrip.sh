#!/bin/sh
# SPDX-License-Identifier: MIT
# Every path a run document takes keeps every field (the schema's one table of rows,
# tools/ze-slm-bench/json/records.c, reads and writes them all): `run` on one device
# (its clock sampled through NVML's test double, which knows Intel's CPU device by its
# UUID; slm_switch too, whose summary reads work_in_rate_unit back), `run --device
# all` (PoCL and Intel's runtime at once), `profile` (twice, then `compare` of the
# two), `run --mpi` (3 ranks: rank 0 keeps its own document, the
# others' come as JSON text), and 3 rank files then `merge`. For each document:
# `merge` of it alone writes it again byte for byte, and `compare` of it with itself
# pairs every device and result. The merged document holds each rank file's devices
# and results field for field; every measured result keeps converged, work and its
# launch times, every device size_scale and clocks.
# usage: roundtrip.sh ZE_SLM_BENCH MPIEXEC INTEL_CL_DIR FAKE_NVML
set -u
bench=$1
mpiexec=$2
intel=$3
nvml=$4
# shellcheck source=tests/cli/run/two_kinds.sh
. "$(dirname "$0")/../run/two_kinds.sh"
"$bench" devices --backend cl --json "$tmp/devices.json" >/dev/null 2>&1 || fail "devices"
# Intel's device: its index, and its UUID for the test double.
set -- $(python3 -c '
import json, sys
for i, d in enumerate(json.load(open(sys.argv[1]))["devices"]):
    if d["driver"].startswith("Intel"):
        print(i, d["uuid"]); break' "$tmp/devices.json")
[ $# = 2 ] || fail "no Intel device with a UUID: $(cat "$tmp/devices.json")"
export ZESLM_NVML_LIBRARY="$nvml" FAKE_NVML_UUID="$2" FAKE_NVML_MHZ=1980
intel_index=$1
work="--backend cl --quick --reps 3 roofline/read,slm reduce/many"
run() { # NAME, then the command's arguments: its output in $tmp/NAME.out. Exit 3 is a
    # fleet's verdict (SLOW: ranks time-sliced on this machine's CPU), not a failure; so
    # is 4 for one rank's file alone (its job's other ranks MISSING), with $verdicts=4.
    name=$1
    shift
    "$@" >"$tmp/$name.out" 2>&1
    rc=$?
    [ $rc = 0 ] || [ $rc = 3 ] || [ $rc = "${verdicts:-3}" ] || fail "$name: $* (exit $rc): $(tail -5 "$tmp/$name.out")"
}
# shellcheck disable=SC2086
run one "$bench" run $work slm_switch --device "$intel_index" --json "$tmp/one.json"
# shellcheck disable=SC2086
run all "$bench" run $work --device all --json "$tmp/all.json"
for p in p1 p2; do
    run "$p" "$bench" profile reduce/many --backend cl --quick --reps 3 --device "$intel_index" \
        --group-sizes 32,64 --json "$tmp/$p.json"
done
run compare_profiles "$bench" compare "$tmp/p1.json" "$tmp/p2.json"
grep -q "^[1-9][0-9]* results in both" "$tmp/compare_profiles.out" || fail "$(cat "$tmp/compare_profiles.out")"
docs="one all p1"
if command -v "$mpiexec" >/dev/null; then
    # Open MPI's launcher (a tool linked against it) wants --oversubscribe for 3 ranks
    # on 2 cores and, as root, its consent.
    opts=""
    ! "$mpiexec" --version 2>&1 | grep -q "Open MPI\|OpenRTE" || opts="--oversubscribe --allow-run-as-root"
    # shellcheck disable=SC2086
    # The 3 ranks share this machine's one device on purpose: --ranks-per-device 3.
    run mpi "$mpiexec" $opts -np 3 "$bench" run --mpi $work --ranks-per-device 3 --json "$tmp/mpi.json"
    # shellcheck disable=SC2086
    run ranks "$mpiexec" $opts -np 3 "$bench" run $work --json "$tmp/ranks/"
    run merged "$bench" merge "$tmp/ranks/"*.json --ranks-per-device 3 --json "$tmp/merged.json"
    docs="$docs mpi merged"
    # Each rank's results file, not its start file (HOST-RANK.start.json).
    for f in "$tmp/ranks/"*[0-9].json; do
        cp "$f" "$tmp/rank-$(basename "$f")"
        docs="$docs rank-$(basename "$f" .json)"
    done
else
    echo "(no MPI launcher $mpiexec: run --mpi and the rank files not tried)"
fi
for d in $docs; do
    # Judged as they were (the verdicts are written again): the ranks shared one device.
    verdicts=4 run "again-$d" "$bench" merge "$tmp/$d.json" --ranks-per-device 3 --json "$tmp/$d.again.json"
    cmp "$tmp/$d.json" "$tmp/$d.again.json" >/dev/null ||
        fail "$d.json written again differs: $(diff "$tmp/$d.json" "$tmp/$d.again.json" | head -10)"
    run "self-$d" "$bench" compare "$tmp/$d.json" "$tmp/$d.json"
    grep -q " results in both, 0 changed" "$tmp/self-$d.out" ||
        fail "compare of $d with itself: $(tail -3 "$tmp/self-$d.out")"
done
# shellcheck disable=SC2086
python3 - "$tmp" $docs <<'PY' || exit 1
import glob, json, sys
d, names = sys.argv[1], sys.argv[2:]
docs = {n: json.load(open("%s/%s.json" % (d, n))) for n in names}
# Every measured result keeps its launch times, its convergence and its work; every
# device its sizing and its clocks (sampled on Intel's device, said why not on PoCL's).
for n, doc in docs.items():
    assert doc["schema"] == 3 and doc["complete"], n
    for dev in doc["devices"]:
        assert 0 < dev["size_scale"] <= 1 and dev["clocks"], (n, dev["size_scale"], dev["clocks"])
        if dev["device"]["driver"].startswith("Intel"):
            assert dev["clocks"]["source"] == "NVML", (n, dev["clocks"])
            assert all(w["mhz_median"] == 1980 for w in dev["clocks"]["workloads"].values()), (n, dev["clocks"])
        measured = [r for r in dev["results"] if r["outcome"] == "measured"]
        assert measured, n
        for r in measured:
            for key in ("times_ns", "median_ns", "spread", "rate", "converged", "work", "verification"):
                assert key in r, (n, key, r)
        # roofline doubles its work until its figure holds (reduce's work is its input).
        if any(r["workload"] == "roofline" for r in measured):
            assert any(r["converged"] is not None and r.get("work_unit") for r in measured), n
# The merged document holds each rank file's devices field for field, less what is
# worked out against the peers of the document it is in, and where it came from.
if "merged" in docs:
    against_peers = {"peer_score", "slow", "busy_share", "clock_mhz", "peers_clock_mhz", "throttled",
                     "same_device_as", "source"}
    ranks = [json.load(open(f)) for f in sorted(glob.glob(d + "/ranks/*[0-9].json"))]
    own = [dev for doc in ranks for dev in doc["devices"]]
    merged = docs["merged"]["devices"]
    assert len(merged) == len(own) == 3, (len(merged), len(own))
    for a, b in zip(own, merged):
        for key in set(a) | set(b):
            if key not in against_peers:
                assert a.get(key) == b.get(key), ("merge changed", key)
    # run --mpi: the same fields on every rank's device, rank 0's (kept in memory) too.
    mpi = docs["mpi"]["devices"]
    assert sorted(dev["rank"]["rank"] for dev in mpi) == [0, 1, 2]
    for dev in mpi:
        assert set(dev) == set(merged[0]), set(dev) ^ set(merged[0])
print("every field of every device and result kept:", ", ".join(names))
PY
