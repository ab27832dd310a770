#!/bin/sh
# NVIDIA's libraries beside ze-slm-bench on the same GPU, in one session: CUB's reduction
# and histogram, CuPy's 1-D correlation, then the tool's variants at the same sizes.
# Needs nvcc (with CUB) and CuPy; usage: reference/nvidia/nvidia-compare.sh [ARCH] (sm_90).
set -eu
here=$(dirname "$0")
bench=${ZESLM_BENCH:-"$here/../../build/ze-slm-bench"}
bin=$(mktemp -d)/nvidia_reference
trap 'rm -rf "$(dirname "$bin")"' EXIT
nvcc -O3 -std=c++17 -arch="${1:-sm_90}" -o "$bin" "$here/nvidia_reference.cu"
"$bin"
python3 "$here/cupy_conv.py"
for e in 24 25 26 27 28; do
    "$bench" run roofline/read reduce/many --size $((1 << e))
done
"$bench" run roofline/read,imad conv/tiled hist/lanes,copies
