#!/bin/sh
# SPDX-License-Identifier: MIT
# A build of test_ze_exec against backend_ze.c with a fault planted (plant_fault.cmake)
# must fail, and fail in the case that specifies what the fault breaks; the same test
# against the real code (ze_exec_driver) passes.
# usage: planted_fault.sh TEST_BINARY CASE
set -u
binary=$1
case=$2
out=$("$binary" 2>&1)
rc=$?
printf '%s\n' "$out"
[ "$rc" -ne 0 ] || { echo "FAIL: the planted fault went unnoticed (exit 0)" >&2; exit 1; }
if printf '%s\n' "$out" | grep -q "^\[  FAILED  \] $case$"; then
    echo "caught: $case failed"
# A fault can also kill the case (a kernel writing past SLM that is too small for it
# takes the process with it): the case that was running when a signal ended it.
elif [ "$rc" -gt 128 ] && [ "$(printf '%s\n' "$out" | grep '^\[ RUN      \]' | tail -n 1)" = "[ RUN      ] $case" ]; then
    echo "caught: $case died by signal $((rc - 128))"
else
    echo "FAIL: $case did not fail (exit $rc)" >&2
    exit 1
fi
