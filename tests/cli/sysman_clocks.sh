#!/bin/sh
# The clock source of Intel's GPUs, Level Zero Sysman, on Intel's real driver with no GPU,
# for every product it can pretend to be: `run` turns Sysman on (ZES_ENABLE_SYSMAN=1
# before zeInit) and the document says why the clock was not sampled, the run goes on
# (exit 0), nothing crashes; a user's ZES_ENABLE_SYSMAN=0 stands, and is named.
# (Sysman's readings need a GPU: the unit test `clocks` covers the recomputation.)
# usage: sysman_clocks.sh ZE_SLM_BENCH
bench=$1
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
exit $fail
