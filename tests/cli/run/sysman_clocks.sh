#!/bin/sh
# SPDX-License-Identifier: MIT
# The clock source of Intel's GPUs, Level Zero Sysman, on Intel's real driver with no GPU,
# for every product it can pretend to be: `run` turns Sysman on (ZES_ENABLE_SYSMAN=1
# before zeInit) and the document says why the clock was not sampled, the run goes on
# (exit 0), nothing crashes; a user's ZES_ENABLE_SYSMAN=0 stands, and is named.
# Then its readings, through the real loader and our Level Zero test driver
# (tests/zedouble/, ZE_ENABLE_ALT_DRIVERS; it stands in for an Intel GPU, which no
# machine here has, and reports known readings: tests/zedouble/sysman.c): the clock,
# temperature, power and throttle reason in the file, and `merge` of two ranks at
# 2000 and 1500 MHz flags the slower THROTTLED (against their median, 1750 MHz).
# usage: sysman_clocks.sh ZE_SLM_BENCH LIBZE_DOUBLE
bench=$1
double=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { # product, expected not_sampled text, environment...
    product=$1 want=$2
    shift 2
    env NEOReadDebugKeys=1 SetCommandStreamReceiver=1 AUBDumpCaptureFileName=/dev/null ProductFamilyOverride="$product" \
        OverrideMaxWorkgroupSize=1024 OverrideNumComputeUnitsForScratch=4096 "$@" \
        "$bench" run --backend ze --quick roofline/slm --json "$tmp/$product.json" >"$tmp/out" 2>&1
    rc=$?
    got=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["devices"][0]["clocks"]["not_sampled"])' \
        "$tmp/$product.json" 2>&1)
    if [ "$rc" -ne 0 ] || [ "$got" != "$want" ]; then
        echo "FAIL $product ($*): exit $rc, not_sampled: $got"
        tail -3 "$tmp/out"
        fail=1
    else
        echo "ok   $product ($*): $got"
    fi
}
for p in skl tgllp dg1 adlp dg2 acm-g10 xe_hp_sdv pvc; do
    check "$p" "Level Zero Sysman did not start for this device (zesDeviceEnumFrequencyDomains: ZE_RESULT_ERROR_UNINITIALIZED: no GPU behind the driver, or no access to it)"
done
check tgllp "Level Zero Sysman is off (ZES_ENABLE_SYSMAN=0)" ZES_ENABLE_SYSMAN=0
[ $fail = 0 ] || exit 1

for r in 0 1; do
    mhz=2000
    [ $r = 1 ] && mhz=1500
    ZE_ENABLE_ALT_DRIVERS="$double" ZESLM_DOUBLE_MHZ=$mhz PMI_RANK=$r MPI_LOCALRANKID=0 PMI_SIZE=2 \
        "$bench" run --backend ze hist/lanes --size 1000 --json "$tmp/ranks/" >"$tmp/rank-$r.out" 2>&1 ||
        { echo "FAIL: the double, rank $r: $(cat "$tmp/rank-$r.out")"; exit 1; }
done
grep -q "The clock is sampled through Level Zero Sysman during each workload" "$tmp/rank-1.out" ||
    { echo "FAIL: the run does not say the clock was sampled: $(cat "$tmp/rank-1.out")"; exit 1; }
python3 - "$tmp/ranks" <<'PY' || exit 1
import glob, json, sys
docs = sorted(glob.glob(sys.argv[1] + "/*[0-9].json"))  # not the start files
assert len(docs) == 2, docs
for path in docs:
    d = json.load(open(path))["devices"][0]
    c, rank = d["clocks"], d["rank"]["rank"]
    assert c["source"] == "Level Zero Sysman" and c["max_mhz"] == 2000, c
    h = c["workloads"]["hist"]
    want = (2000.0, "") if rank == 0 else (1500.0, "thermal_limit")
    assert (h["mhz_median"], h["throttle_reasons"]) == want, (rank, h)
    assert h["samples"] >= 2 and h["temp_c_max"] == 61.5 and abs(h["power_w_mean"] - 75) < 0.5, h
    print("ok   the double, rank %d: %s" % (rank, h))
PY
# The double is one device (one UUID) for both ranks: --ranks-per-device 2.
"$bench" merge "$tmp/ranks/"*.json --fail-on error,missing,incomplete --ranks-per-device 2 >"$tmp/merge.out" 2>&1 || { echo "FAIL: merge: $(cat "$tmp/merge.out")"; exit 1; }
tr -s ' \n' '  ' <"$tmp/merge.out" | grep -q "THROTTLED: clock 1500 MHz, its peers' 1750 MHz" ||
    { echo "FAIL: merge flags no THROTTLED device: $(cat "$tmp/merge.out")"; exit 1; }
echo "ok   merge: the rank at 1500 MHz is THROTTLED"
