#!/bin/sh
# SPDX-License-Identifier: MIT
# `profile --metrics list` and `--metrics ComputeBasic` on Intel's real driver with no
# GPU, for every product the driver can pretend to be: one line saying why there are no counters, exit status 1,
# never a signal; first without the metrics library (Debian 12 has none), then with a
# test double of it (DOUBLE_DIR/libigdmd.so.1) so the driver itself is asked, in the
# tool's child process (pvc's driver segfaults there).
# usage: metrics_refusals.sh ZE_SLM_BENCH DOUBLE_DIR
bench=$1 double=$2
fail=0
check() { # product, expected text, environment...
    product=$1 want=$2
    shift 2
    for spec in list ComputeBasic; do
        err=$(env NEOReadDebugKeys=1 SetCommandStreamReceiver=1 AUBDumpCaptureFileName=/dev/null \
            ProductFamilyOverride="$product" "$@" "$bench" profile hist/lanes --metrics $spec 2>&1 >/dev/null)
        rc=$?
        lines=$(printf '%s\n' "$err" | grep -c .)
        if [ "$rc" -ne 1 ] || [ "$lines" -ne 1 ] || ! printf '%s' "$err" | grep -q -- "$want"; then
            echo "FAIL $product --metrics $spec ($*): exit $rc, $lines lines: $err"
            fail=1
        else
            echo "ok   $product --metrics $spec: $err"
        fi
    done
}
for p in skl tgllp dg1 adlp dg2 acm-g10 xe_hp_sdv pvc; do
    extra=""
    case $p in dg2|acm-g10|xe_hp_sdv|pvc) extra="OverrideMaxWorkgroupSize=1024 OverrideNumComputeUnitsForScratch=4096" ;; esac
    # shellcheck disable=SC2086
    check "$p" "libigdmd.so.1 cannot be loaded" $extra
    # shellcheck disable=SC2086
    check "$p" "no hardware counters: \(zeInit with ZET_ENABLE_METRICS=1 failed\|the Level Zero driver died of signal\|the Level Zero driver offers no metric group\)" \
        LD_LIBRARY_PATH="$double" $extra
done
exit $fail
