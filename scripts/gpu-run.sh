#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs the whole suite on the best device present and keeps what it printed and the
# JSON it wrote, named after the device and the date, under DIR (default results/).
# usage: scripts/gpu-run.sh [DIR] [extra `run` options...]
set -eu
top="$(dirname "$0")/.."
bench=${ZESLM_BENCH:-"$top/build/ze-slm-bench"}
dir=${1:-results}
[ $# -gt 0 ] && shift
mkdir -p "$dir"
name=$("$bench" devices --json - | python3 -c '
import json, re, sys
d = json.load(sys.stdin)
print(re.sub(r"[^A-Za-z0-9]+", "-", d["devices"][d["best_device"]]["name"]).strip("-").lower())')
stem="$dir/$name-$(date -u +%Y-%m-%d)"
# Each step's text goes to a file first so that its exit status is not lost in a pipe.
step() {
    file=$1
    shift
    rc=0
    "$@" >"$file" || rc=$?
    cat "$file"
    return "$rc"
}
step "$stem-devices.txt" "$bench" devices
step "$stem-limits.txt" "$bench" limits --kernels --json "$stem-limits.json"
# The document baselines must be as fast as the documents' own kernels (within 5%).
step "$stem-parity.txt" "$top/build/tests/parity" --judge "$top/tests/fixtures/literal/documents.cl"
step "$stem.txt" "$bench" run --json "$stem.json" --csv "$stem.csv" "$@"
echo "wrote $stem.json"
