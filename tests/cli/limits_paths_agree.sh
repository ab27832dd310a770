#!/bin/sh
# SPDX-License-Identifier: MIT
# One question, one answer: the occupancy of the same group asked of the device (a
# no-hardware driver's tgllp, dg2 or pvc, through Level Zero) and of the target table
# (limits --target) takes the same SIMD width (the smallest sub-group size) and gives the
# same resident groups and limiter, with SLM and without (no barrier then, on both
# paths), where threads, SLM, its allocation sizes or the barrier registers limit. Run
# with the no-hardware driver's environment.
#   limits_paths_agree.sh TOOL TARGET
set -eu
tool=$1 target=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# SLM a group (bytes), work-items a group, --simd (0: the default rule).
limiters=""
for shape in "0 8 0" "0 16 16" "0 256 0" "0 512 0" "16384 256 0" "4096 128 0" "65536 512 0" "1024 64 0" \
    "3000 64 0" "512 8 0" "512 16 16" "1 1 0"; do
    set -- $shape
    simd=""
    [ "$3" = 0 ] || simd="--simd $3"
    # shellcheck disable=SC2086
    "$tool" --backend ze limits --slm-per-group $1 --group-size $2 $simd --json "$tmp/dev.json" > /dev/null
    # shellcheck disable=SC2086
    "$tool" limits --target "$target" --slm-per-group $1 --group-size $2 $simd --json "$tmp/tgt.json" > /dev/null
    limiters="$limiters$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))["occupancy"]
t = json.load(open(sys.argv[2]))["targets"][0]
dev = (d["simd"], d["resident_groups"], d["limited_by"])
tgt = (t["simd"], t["groups_per_subslice"], t["limited_by"])
assert dev == tgt, "%s on %s: device says %s, target %s" % (sys.argv[3], sys.argv[4], dev, tgt)
print(dev[2])' "$tmp/dev.json" "$tmp/tgt.json" "-S $1 -g $2 $simd" "$target")
"
done
# The table reaches more than one limiter, or it would show nothing about their order.
n=$(printf '%s' "$limiters" | sort -u | grep -c .)
[ "$n" -ge 2 ] || { echo "only one limiter reached on $target: $limiters"; exit 1; }
echo "device and target agree on $target ($(printf '%s' "$limiters" | sort | uniq -c | tr -s ' \n' ' '))"
