#!/bin/bash
# The bash completion offers the commands, this build's backends and the benches.
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
expect "help" h
expect "limits" help l
expect "roofline reduce bank conv hist occupancy latency atomics" run ""
expect "--group-size --group-sizes" profile --group-s
expect "--fail-over" compare --f
expect "merge" mer
expect "--mpi --mpi-wait" run --mpi
expect "reduce" --backend cl run red
backends=$("$bench" --version | sed -n 's/^backends in this build[^:]*: //p' | sed 's/ ([^)]*)//g; s/,//g')
expect "$backends auto" run --backend ""
