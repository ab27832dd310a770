#!/bin/sh
# SPDX-License-Identifier: MIT
# Intel's driver with no GPU behind it, for one product (CTest sets the environment):
# devices, limits, run --quick and inspect never die by a signal. Where the driver
# reports a property no working GPU has, limits and run refuse the device before any
# launch, in one error line that names the property, and devices still lists it.
# usage: ze_nohw_product.sh path/to/ze-slm-bench [REFUSAL LABEL]
#   REFUSAL: what the error line must say; none: the device must be usable.
#   LABEL: the row of the devices table that must read "unknown".
bench=$1
refusal=${2:-}
label=${3:-}
failures=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Runs a command; sets rc, fails on a signal (or the shell's 128+N for one).
try() {
    "$bench" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ "$rc" -ge 128 ]; then
        echo "FAIL ($*): killed, exit status $rc"
        failures=$((failures + 1))
        return 1
    fi
}

try devices && {
    if [ "$rc" -ne 0 ]; then
        echo "FAIL (devices): exit status $rc: $(cat "$tmp/err")"
        failures=$((failures + 1))
    elif [ -n "$label" ] && ! grep -q "^$label  *unknown" "$tmp/out"; then
        echo "FAIL (devices): $label is not listed as unknown"
        failures=$((failures + 1))
    else
        echo "ok   (devices)"
    fi
}

for cmd in "limits --kernels" "run --quick"; do
    # shellcheck disable=SC2086 # the command's words
    try $cmd || continue
    if [ -z "$refusal" ]; then
        if [ "$rc" -ne 0 ]; then
            echo "FAIL ($cmd): exit status $rc: $(cat "$tmp/err")"
            failures=$((failures + 1))
            continue
        fi
    elif [ "$rc" -eq 0 ] || [ "$(wc -l <"$tmp/err")" -ne 1 ] ||
        ! grep -q "^ze-slm-bench: error: .*$refusal.*NEOReadDebugKeys=1" "$tmp/err"; then
        echo "FAIL ($cmd): exit status $rc, stderr:"
        cat "$tmp/err"
        failures=$((failures + 1))
        continue
    elif [ -s "$tmp/out" ]; then
        echo "FAIL ($cmd): refused only after it started:"
        cat "$tmp/out"
        failures=$((failures + 1))
        continue
    fi
    echo "ok   ($cmd): exit status $rc $(cat "$tmp/err")"
done

try inspect && {
    if [ "$rc" -ne 0 ]; then
        echo "FAIL (inspect): exit status $rc: $(cat "$tmp/err")"
        failures=$((failures + 1))
    else
        echo "ok   (inspect)"
    fi
}

if [ "$failures" -ne 0 ]; then
    echo "$failures command(s) failed"
    exit 1
fi
