#!/bin/bash
# SPDX-License-Identifier: MIT
# The bash completion offers the commands, each command's options, this build's
# backends, the devices, benches and their variants, targets, kernels, and files where
# an option takes a file.
# usage: completion.sh path/to/ze-slm-bench.bash path/to/ze-slm-bench
set -eu
shopt -s extglob
# shellcheck source=/dev/null
source "$1"
complete_words() {
    COMP_WORDS=("$@")
    COMP_CWORD=$(($# - 1))
    _ze_slm_bench
    echo "${COMPREPLY[*]}"
}
bench=$2
expect() {
    want=$1
    shift
    got=$(complete_words "$bench" "$@")
    [ "$got" = "$want" ] || { echo "FAIL ($*): '$got', want '$want'"; exit 1; }
    echo "ok   ($*): $got"
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
expect "help" h
expect "limits" help l
expect "roofline reduce bank conv hist occupancy latency atomics carveout memorder slm_switch" run ""
expect "--group-size --group-sizes" profile --group-s
expect "--fail-over" compare --f
expect "merge" mer
expect "--mpi --mpi-wait" run --mpi
expect "reduce" --backend cl run red
expect "--kernel" inspect --ker
backends=$("$bench" --version | sed -n 's/^backends in this build[^:]*: //p' | sed 's/ ([^)]*)//g; s/,//g')
expect "$backends auto" run --backend ""
# variants: of one bench after BENCH/, and the further ones of a list by name alone
expect "hist/doc_private hist/doc_private_sg16 hist/doc_private_sg32 hist/doc_slm hist/doc_slm_sg16 hist/doc_slm_sg32 hist/copies hist/lanes hist/count_only" run hist/
expect "hist/copies,lanes" run hist/copies,la
# a variant the list already names is not offered again
expect "hist/copies,count_only,lanes" run hist/copies,count_only,la
expect "hist/lanes,copies,count_only" run hist/lanes,copies,c
expect "hist/lanes,doc_private hist/lanes,doc_private_sg16 hist/lanes,doc_private_sg32 hist/lanes,doc_slm hist/lanes,doc_slm_sg16 hist/lanes,doc_slm_sg32 hist/lanes,copies hist/lanes,count_only" run hist/lanes,
expect "conv/doc_global conv/doc_slm conv/tiled carveout/l1_latency carveout/l1_bandwidth" profile c
# values: targets (the last of a list), kernels, devices; nothing to offer for a number
expect "pvc" inspect --target p
expect "tgllp,dg1 tgllp,dg2" inspect --target tgllp,d
expect "hist_lanes" inspect --kernel hist_la
expect "" run --size ""
expect "" run --timeout 1
expect "--timeout" run --ti
# -t is --timeout for run, --target for inspect: the letter is read per command
expect "" run -t ""
expect "pvc" inspect -t pv
# limits --target takes the same targets, or all
expect "adl-p acm-g10 acm-g11 acm-g12 arl all" limits --target a
expect "tgllp,bmg" limits --target tgllp,b
# devices: every index `devices` lists, and all
n=$("$bench" devices --csv - 2>/dev/null | tail -n +2 | wc -l)
want="$(seq 0 $((n - 1)) | tr '\n' ' ')all"
expect "$want" run --device ""
expect "all" --device a
# files after an output option, not bench names
touch "$tmp/out.json" "$tmp/out.md"
expect "$tmp/out.json $tmp/out.md" run --markdown "$tmp/out"
expect "$tmp/out.json" run --json "$tmp/out.j"
expect "$tmp/out.md" devices --csv "$tmp/out.m"
