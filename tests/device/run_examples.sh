#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs the examples that tests/cli/install.sh built against the installed tree (both
# builds of each) on one backend, with the environment CTest gives. EXPECT is `ran`
# (exit 0, output checked and timed) or `nothing-executed` (a driver with no GPU:
# exit 3 saying so, after building from OpenCL C source and launching).
# usage: run_examples.sh WORK BACKEND EXPECT
set -eu
work=$1
backend=$2
expect=$3
for example in slm_reverse slm_transpose; do
    for how in by-cmake by-pkg-config; do
        echo "== $how/$example $backend"
        rc=0
        out=$("$work/$how/$example" "$backend" 2>&1) || rc=$?
        printf '%s\n' "$out"
        case $expect in
        ran) test "$rc" -eq 0 || { echo "exit status $rc, expected 0" >&2; exit 1; } ;;
        nothing-executed)
            test "$rc" -eq 3 || { echo "exit status $rc, expected 3 (nothing executed)" >&2; exit 1; }
            printf '%s\n' "$out" | grep -q "built and launched; the device executed nothing" ||
                { echo "no 'executed nothing' line" >&2; exit 1; }
            ! printf '%s\n' "$out" | grep -qi "source" || { echo "an error about the source" >&2; exit 1; }
            ;;
        *) echo "unknown EXPECT $expect" >&2; exit 2 ;;
        esac
    done
done
# The measuring engine through the public API: the workload list and one verified result.
if [ "$expect" = ran ]; then
    for how in by-cmake by-pkg-config; do
        out=$("$work/$how/list_run" "$backend" reduce/many)
        printf '%s\n' "$out"
        printf '%s\n' "$out" | grep -q "^  reduce  *doc_tree sequential many" || { echo "list_run: no workload list" >&2; exit 1; }
        printf '%s\n' "$out" | grep -q "^  many n=[0-9]*: median [0-9]* ns over 3 launches, .* verified" ||
            { echo "list_run: no verified result" >&2; exit 1; }
    done
fi
