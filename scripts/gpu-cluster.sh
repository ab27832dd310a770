#!/bin/sh
# SPDX-License-Identifier: MIT
# One GPU as a small cluster: one rank, then two ranks sharing it (the second run shows
# the contention in the busy-share table: each rank's kernels ran about half of its
# launches' wall time), each with run --mpi in lock step and the clock sampled through
# NVML; the same two ranks without --mpi, each writing its own file, then merge; and the
# one-rank and two-rank documents merged side by side. Default sizes: at --quick sizes
# launches of microseconds are mostly launch overhead. Everything goes into DIR.
# usage: scripts/gpu-cluster.sh DIR [BENCH...]   (MPIEXEC, default: the launcher of the MPI the
# tool was built against, ZESLM_MPIEXEC in build/CMakeCache.txt)
set -u
top="$(dirname "$0")/.."
bench=${ZESLM_BENCH:-"$top/build/ze-slm-bench"}
dir=${1:?usage: scripts/gpu-cluster.sh DIR [BENCH...]}
shift
[ $# -gt 0 ] || set -- roofline reduce latency/slm conv/tiled hist/lanes
mpiexec=${MPIEXEC:-$(sed -n 's/^ZESLM_MPIEXEC:FILEPATH=//p' "$top/build/CMakeCache.txt" 2>/dev/null)}
[ -n "$mpiexec" ] || { echo "error: no MPI launcher: build/ was configured without MPI (set MPIEXEC)" >&2; exit 2; }
mkdir -p "$dir"
# Each step's text and exit status are kept, the run goes on past a failing one.
step() {
    name=$1
    shift
    "$@" >"$dir/$name.txt" 2>&1
    echo "exit status $?" >>"$dir/$name.txt"
    tail -n 40 "$dir/$name.txt"
}
step devices "$bench" devices
nvidia-smi --query-gpu=name,pci.bus_id,uuid,clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv \
    >"$dir/nvidia-smi.csv" 2>&1
step one-rank "$mpiexec" -np 1 "$bench" run --mpi "$@" --json "$dir/one-rank.json"
step two-ranks "$mpiexec" -np 2 "$bench" run --mpi "$@" --json "$dir/two-ranks.json"
step two-ranks-files "$mpiexec" -np 2 "$bench" run "$@" --json "$dir/ranks/"
step two-ranks-merged "$bench" merge "$dir"/ranks/*.json --json "$dir/two-ranks-merged.json"
step one-vs-two "$bench" merge "$dir/one-rank.json" "$dir/two-ranks.json" --json "$dir/one-vs-two.json"
