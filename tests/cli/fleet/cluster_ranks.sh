#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs across a cluster with no MPI: each launcher's variables simulated (Slurm, Open
# MPI, MPICH's Hydra, PALS), four ranks at once writing DIR/HOST-RANK.json, then
# `merge` of those files as from two hosts, with an error kept with its host and rank,
# and `compare` of merged documents. With Intel's OpenCL runtime for CPUs beside PoCL
# (INTEL_CL_DIR/env present), local ranks alternate between the two devices, and two
# ranks on Intel's runtime with NVML's test double (FAKE_NVML, tests/fake_nvml.c) at two
# clocks show the clock sampled beside the numbers and the slower one THROTTLED.
# usage: cluster_ranks.sh path/to/ze-slm-bench INTEL_CL_DIR FAKE_NVML
set -u
bench=$1
intel=$2
fake_nvml=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
    echo "FAIL: $*"
    exit 1
}
two=0
if [ -f "$intel/env" ]; then
    . "$intel/env"
    mkdir "$tmp/vendors"
    cp /etc/OpenCL/vendors/pocl.icd "$intel/vendors/intel-cpu.icd" "$tmp/vendors/"
    export OCL_ICD_VENDORS="$tmp/vendors"
    two=1
fi
work="roofline/read,slm reduce/many"
host=$(hostname)

# One launcher each rank: what each sets (and mpirun inside Slurm: PMI beats SLURM_PROCID).
run_rank() {
    rank=$1
    shift
    # shellcheck disable=SC2086
    env "$@" "$bench" run --backend cl --quick --reps 3 $work --json "$tmp/fleet/" >"$tmp/out-$rank" 2>&1 ||
        fail "rank $rank: $(cat "$tmp/out-$rank")"
}
run_rank 0 SLURM_PROCID=0 SLURM_LOCALID=0 SLURM_NTASKS=4 &
run_rank 1 OMPI_COMM_WORLD_RANK=1 OMPI_COMM_WORLD_LOCAL_RANK=1 OMPI_COMM_WORLD_SIZE=4 &
run_rank 2 SLURM_PROCID=0 SLURM_LOCALID=0 SLURM_NTASKS=1 PMI_RANK=2 MPI_LOCALRANKID=0 PMI_SIZE=4 &
run_rank 3 PALS_RANKID=3 PALS_LOCAL_RANKID=1 PALS_NRANKS=4 &
wait
for r in 0 1 2 3; do
    [ -s "$tmp/fleet/$host-$r.json" ] || fail "no $tmp/fleet/$host-$r.json: $(ls "$tmp/fleet"; cat "$tmp/out-$r")"
done
python3 - "$tmp/fleet" "$host" "$two" <<'PY' || exit 1
import json, sys
d, host, two = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
want = {0: ("Slurm", 0), 1: ("Open MPI", 1), 2: ("MPICH (Hydra)", 0), 3: ("PALS", 1)}
for r, (launcher, local) in want.items():
    doc = json.load(open(f"{d}/{host}-{r}.json"))
    assert doc["schema"] == 3 and len(doc["devices"]) == 1, doc.keys()
    dev = doc["devices"][0]
    rk = dev["rank"]
    assert rk["launcher"] == launcher and rk["rank"] == r and rk["local_rank"] == local and rk["size"] == 4, rk
    assert rk["host"] == host, rk
    assert rk["device_choice"].startswith(f"local rank {local} of "), rk
    assert all(x["verified"] for x in dev["results"] if x["outcome"] == "measured"), r
    assert "uuid" in dev["device"] and "pci_address" in dev["device"], dev["device"]
    if two:
        # Local rank 0 takes the first OpenCL CPU device, 1 the second.
        assert rk["device_choice"] == f"local rank {local} of 2 devices", rk
        drv = dev["device"]["driver"]
        assert drv.startswith("Portable" if local == 0 else "Intel(R)"), (r, drv)
PY

# An affinity variable or --device wins over the local rank.
PMI_RANK=1 MPI_LOCALRANKID=1 PMI_SIZE=2 ZE_AFFINITY_MASK=0 "$bench" run --backend cl --quick --reps 3 roofline/slm \
    --json "$tmp/aff/" >/dev/null 2>&1 || fail "run under ZE_AFFINITY_MASK"
grep -q '"device_choice": "ZE_AFFINITY_MASK"' "$tmp/aff/$host-1.json" || fail "ZE_AFFINITY_MASK was not the choice"
PMI_RANK=1 MPI_LOCALRANKID=1 PMI_SIZE=2 "$bench" run --backend cl --device 0 --quick --reps 3 roofline/slm \
    --json "$tmp/dev/" >/dev/null 2>&1 || fail "run with --device"
grep -q '"device_choice": "--device"' "$tmp/dev/$host-1.json" || fail "--device was not the choice"
# A launcher variable that is not a rank: one error line, exit 2, nothing written.
SLURM_PROCID=x "$bench" run --quick roofline/slm --json "$tmp/bad/" >"$tmp/bad.out" 2>&1
rc=$?
[ $rc -eq 2 ] || fail "SLURM_PROCID=x: exit $rc, not 2"
[ "$(wc -l <"$tmp/bad.out")" -eq 1 ] && grep -q "SLURM_PROCID='x'" "$tmp/bad.out" || fail "$(cat "$tmp/bad.out")"
[ ! -e "$tmp/bad" ] || fail "SLURM_PROCID=x created the output folder"

# Two of the files as from another host, one of them with a workload's error.
python3 - "$tmp/fleet" "$host" <<'PY' || exit 1
import json, sys
d, host = sys.argv[1], sys.argv[2]
for r in (2, 3):
    p = f"{d}/{host}-{r}.json"
    doc = json.load(open(p))
    dev = doc["devices"][0]
    doc["host"] = dev["host"] = dev["rank"]["host"] = "node-b"
    if r == 3:
        dev["errors"].append({"workload": "bank", "status": "ZESLM_ERR_TIMEOUT", "message": "simulated"})
    json.dump(doc, open(f"{d}/node-b-{r}.json", "w"))
    import os; os.remove(p)
PY
"$bench" merge "$tmp/fleet/"*.json --json "$tmp/merged.json" >"$tmp/merge.out" 2>&1
rc=$?
cat "$tmp/merge.out"
[ $rc -eq 4 ] || fail "merge of files with an error: exit $rc, not 4 (failed)"
for want in "4 devices on 2 hosts, from 4 runs" "=== All 4 devices" "node-b, rank 3: bank: simulated" \
    "$host: 2 device(s)" "node-b: 2 device(s), " " 1 error(s)"; do
    grep -qF "$want" "$tmp/merge.out" || fail "no '$want' in merge's output"
done
python3 - "$tmp/merged.json" "$host" <<'PY' || exit 1
import json, sys
doc = json.load(open(sys.argv[1]))
host = sys.argv[2]
assert doc["schema"] == 3 and len(doc["merged_from"]) == 4, doc.keys()
devs = doc["devices"]
where = [(d["host"], d["rank"]["rank"]) for d in devs]
assert sorted(where) == sorted([(host, 0), (host, 1), ("node-b", 2), ("node-b", 3)]), where
assert all(d["source"].endswith(f"{d['host']}-{d['rank']['rank']}.json") for d in devs), devs
assert all(isinstance(d["peer_score"], float) and isinstance(d["slow"], bool) for d in devs)
# Ranks on one device (one UUID, as Intel's runtime reports it for its one CPU) are marked, the
# later ones pointing at the first; PoCL reports no UUID and so is never the same as another.
uuids = [d["device"].get("uuid") for d in devs]
for k, d in enumerate(devs):
    same = [j for j in range(k) if uuids[k] and uuids[j] == uuids[k]]
    assert d["same_device_as"] == (same[0] if same else None), (k, d["same_device_as"], uuids)
agg = doc["aggregate"]["results"]
assert agg and all(len(r["rates"]) == 4 and len(r["ratios"]) == 4 for r in agg), agg
# Each ratio is the device's rate over the row's median (a throughput here).
for r in agg:
    for rate, ratio in zip(r["rates"], r["ratios"]):
        assert abs(rate / r["median_rate"] - ratio) < 1e-9, r
assert doc["errors"] == [], doc["errors"]
errs = [(d["host"], d["rank"]["rank"], e["workload"]) for d in devs for e in d["errors"]]
assert errs == [("node-b", 3, "bank")], errs
hosts = {h["host"]: h for h in doc["aggregate"]["hosts"]}
assert hosts[host]["devices"] == 2 and hosts["node-b"]["devices"] == 2 and hosts["node-b"]["errors"] == 1, hosts
PY
# A merged document merges again unchanged in its devices and errors, and compare reads it.
"$bench" merge "$tmp/merged.json" --json "$tmp/again.json" >/dev/null 2>&1
python3 -c "
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
assert a['devices'] == b['devices'] and a['errors'] == b['errors'] and a['merged_from'] == b['merged_from']
" "$tmp/merged.json" "$tmp/again.json" || fail "a merged document did not merge again unchanged"
"$bench" compare "$tmp/merged.json" "$tmp/again.json" >"$tmp/cmp.out" 2>&1 || fail "compare: $(cat "$tmp/cmp.out")"
grep -q "node-b\|pthread\|EPYC" "$tmp/cmp.out" || fail "compare named no device: $(cat "$tmp/cmp.out")"

if [ "$two" = 1 ]; then
    # Intel's runtime alone reports a UUID, by which the test double knows it.
    uuid=$(OCL_ICD_VENDORS="$intel/vendors" "$bench" devices --json - | python3 -c \
        'import json, sys; print(json.load(sys.stdin)["devices"][0]["uuid"])')
    for r in 0 1 2; do
        mhz=1980
        [ $r = 1 ] && mhz=1500
        OCL_ICD_VENDORS="$intel/vendors" ZESLM_NVML_LIBRARY="$fake_nvml" FAKE_NVML_UUID="$uuid" FAKE_NVML_MHZ=$mhz \
            PMI_RANK=$r MPI_LOCALRANKID=$r PMI_SIZE=3 "$bench" run --quick --reps 3 roofline/slm reduce/many \
            --json "$tmp/clk/" >"$tmp/clk-$r.out" 2>&1 || fail "clock rank $r: $(cat "$tmp/clk-$r.out")"
    done
    grep -q "The clock is sampled through NVML during each workload" "$tmp/clk-0.out" || fail "$(cat "$tmp/clk-0.out")"
    # The three ranks measured one device on purpose: --ranks-per-device 3.
    "$bench" merge "$tmp/clk/"*.json --fail-on error,missing,incomplete --ranks-per-device 3 --json "$tmp/clk.json" \
        >"$tmp/clk.out" 2>&1 || fail "$(cat "$tmp/clk.out")"
    # Read as one line: the device's line wraps where it is also SLOW, as it may be on a busy CPU.
    tr -s ' \n' '  ' <"$tmp/clk.out" | grep -q "THROTTLED: clock 1500 MHz, its peers' 1980 MHz" ||
        fail "$(cat "$tmp/clk.out")"
    python3 - "$tmp/clk.json" <<'PY' || exit 1
import json, sys
doc = json.load(open(sys.argv[1]))
got = {d["rank"]["rank"]: (d["throttled"], d["clock_mhz"]) for d in doc["devices"]}
assert got == {0: (False, 1980), 1: (True, 1500), 2: (False, 1980)}, got
for d in doc["devices"]:
    assert d["clocks"]["source"] == "NVML" and set(d["clocks"]["workloads"]) == {"roofline", "reduce"}, d["clocks"]
assert doc["aggregate"]["hosts"][0]["throttled"] == 1, doc["aggregate"]["hosts"]
PY
fi

# Bad input: an ERROR entry naming the file and a non-zero exit; under --strict one
# error line.
echo '{"schema": 7}' >"$tmp/bad.json"
"$bench" merge "$tmp/bad.json" >"$tmp/e" 2>&1 && fail "merge took schema 7"
grep -q "^ERROR .*BAD_FILE: not a ze-slm results file .* in $tmp/bad.json" "$tmp/e" || fail "$(cat "$tmp/e")"
"$bench" merge --strict "$tmp/bad.json" >"$tmp/e" 2>&1 && fail "merge --strict took schema 7"
grep -q "bad.json: not a ze-slm results file" "$tmp/e" || fail "$(cat "$tmp/e")"
"$bench" merge >"$tmp/e" 2>&1
[ $? -eq 2 ] || fail "merge with no file is not a usage error"
"$bench" merge "$tmp/none.json" >"$tmp/e" 2>&1 && fail "merge took a missing file"
echo "PASS"
