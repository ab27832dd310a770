#!/bin/sh
# SPDX-License-Identifier: MIT
# One question, one answer (issue 31): the occupancy of the same group asked of the device
# (the no-hardware driver's tgllp, through Level Zero) and of the target table (limits
# --target tgllp) takes the same SIMD width (the smallest sub-group size) and gives the
# same resident groups and limiter. Run with the no-hardware driver's environment.
#   limits_paths_agree.sh TOOL TARGET
set -eu
tool=$1 target=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for shape in "16384 256" "4096 128" "65536 512" "1024 64"; do
    set -- $shape
    "$tool" --backend ze limits --slm-per-group $1 --group-size $2 --json "$tmp/dev.json" > /dev/null
    "$tool" limits --target "$target" --slm-per-group $1 --group-size $2 --json "$tmp/tgt.json" > /dev/null
    python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))["occupancy"]
t = json.load(open(sys.argv[2]))["targets"][0]
dev = (d["simd"], d["resident_groups"], d["limited_by"])
tgt = (t["simd"], t["groups_per_subslice"], t["limited_by"])
assert dev == tgt, "%s: device says %s, target %s" % (sys.argv[3], dev, tgt)' "$tmp/dev.json" "$tmp/tgt.json" "$*" ||
        exit 1
done
echo "device and target agree on $target"
