#!/bin/sh
# SPDX-License-Identifier: MIT
# NVIDIA's libraries beside ze-slm-bench on the same GPU, in one session: CUB's reduction
# and histogram, CuPy's 1-D correlation, then the tool's variants at the same sizes, then
# one table of both (side_by_side.py).
# Needs nvcc (with CUB) and CuPy; usage: reference/nvidia/nvidia-compare.sh [ARCH] (sm_90).
# NVIDIA_REFERENCE=path runs a nvidia_reference built before (nvcc here, the binary there).
set -eu
here=$(dirname "$0")
bench=${ZESLM_BENCH:-"$here/../../build/ze-slm-bench"}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ref=${NVIDIA_REFERENCE:-}
if [ -z "$ref" ]; then
    ref=$work/nvidia_reference
    nvcc -O3 -std=c++17 -arch="${1:-sm_90}" -o "$ref" "$here/nvidia_reference.cu"
fi
"$ref" | tee "$work/vendor.txt"
python3 "$here/cupy_conv.py" | tee -a "$work/vendor.txt"
for e in 24 25 26 27 28; do
    "$bench" run roofline/read reduce/many --size $((1 << e)) --json "$work/reduce-$e.json"
done
"$bench" run roofline/read,imad conv/tiled hist/lanes,copies,count_only --json "$work/conv-hist.json"
python3 "$here/side_by_side.py" "$work/vendor.txt" "$work"/*.json
