#!/bin/sh
# SPDX-License-Identifier: MIT
# What an output file may replace: a device, a FIFO and a symbolic link are written,
# never replaced; a link planted at a temporary's name is never followed; twenty runs
# writing one path each leave a whole file; a failed write to stdout is an error.
# One case a run (CTest runs each as its own test); 77: skipped, with the reason.
# usage: output_files.sh path/to/ze-slm-bench CASE
set -eu
bench=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
# The smallest run that writes a whole results file, on whatever backend the
# environment names.
run() { "$bench" run reduce/sequential --size 5 --reps 1 --warmup 1 "$@"; }
fail() { echo "FAIL: $*" >&2; exit 1; }
# Whether a file holds one whole results document.
whole() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["complete"] is True' "$1"; }

case $2 in
chardev)
    # /dev/full as root became a regular file; here a copy of it in our folder.
    [ "$(id -u)" = 0 ] || { echo "SKIP: mknod needs root"; exit 77; }
    mknod full c 1 7 || { echo "SKIP: mknod is not permitted here"; exit 77; }
    mknod null c 1 3
    if run --json full >/dev/null 2>err.txt; then fail "--json to a full device exited 0"; fi
    grep -q "cannot write full: No space left on device" err.txt || fail "no reason: $(cat err.txt)"
    run --json null >/dev/null
    [ -c full ] && [ -c null ] || fail "a device was replaced: $(ls -l)"
    [ "$(ls)" = "err.txt
full
null" ] || fail "files left behind: $(ls)"
    ;;
fifo)
    mkfifo pipe
    timeout 30 cat pipe >got.json &
    reader=$!
    run --json pipe >/dev/null
    [ -p pipe ] || { kill $reader; fail "the FIFO was replaced"; }
    wait $reader
    whole got.json
    # The reader saw one document, written once at the end.
    [ "$(grep -c '"schema"' got.json)" = 1 ] || fail "the FIFO got more than one document"
    ;;
symlink)
    mkdir data
    ln -s data/real.json link.json
    ln -s missing.json dangling.json
    run --json link.json >/dev/null
    run --json dangling.json --csv ../"$(basename "$tmp")"/link.csv >/dev/null
    [ -L link.json ] && [ -L dangling.json ] || fail "a link was replaced"
    whole data/real.json
    whole missing.json
    [ "$(ls data)" = real.json ] || fail "left in data/: $(ls data)"
    ;;
planted)
    echo precious >victim.txt
    ln -s victim.txt out.json.tmp
    echo mine >out.csv.tmp
    run --json out.json --csv out.csv >/dev/null
    [ "$(cat victim.txt)" = precious ] || fail "the planted link's target was written"
    [ -L out.json.tmp ] || fail "the planted link was removed"
    [ "$(cat out.csv.tmp)" = mine ] || fail "an existing .tmp file was replaced"
    whole out.json
    [ "$(ls | wc -l)" = 5 ] || fail "temporaries left: $(ls)"
    ;;
concurrent)
    # Twenty runs at once, three times over: `run --list` writes at once (the old
    # shared PATH.tmp lost one writer's rename in about one try in four), then twenty
    # runs that measure.
    for round in 1 2 3 4; do
        i=0
        pids=
        while [ $i -lt 20 ]; do
            if [ $round = 4 ]; then
                run --json out.json >/dev/null 2>"err$i.txt" &
            else
                "$bench" run --list --json out.json >/dev/null 2>"err$i.txt" &
            fi
            pids="$pids $!"
            i=$((i + 1))
        done
        status=0
        for pid in $pids; do wait "$pid" || status=1; done
        [ $status = 0 ] || fail "a writer failed in round $round: $(cat err*.txt)"
        python3 -c 'import json,sys; json.load(open(sys.argv[1]))' out.json
    done
    whole out.json
    [ "$(ls | grep -c tmp)" = 0 ] || fail "temporaries left: $(ls)"
    ;;
stdout_full)
    [ -w /dev/full ] || { echo "SKIP: no /dev/full"; exit 77; }
    for c in "run reduce/sequential --size 5 --reps 1 --warmup 1" "devices" "run --list" "help"; do
        # shellcheck disable=SC2086 # the command's words
        if "$bench" $c >/dev/full 2>err.txt; then fail "$c > /dev/full exited 0"; fi
        grep -q "cannot write to standard output: No space left on device" err.txt || fail "$c: $(cat err.txt)"
    done
    run --json a.json >/dev/null
    cp a.json b.json
    if "$bench" compare a.json b.json >/dev/full 2>err.txt; then fail "compare > /dev/full exited 0"; fi
    if run --json - >/dev/full 2>/dev/null; then fail "--json - > /dev/full exited 0"; fi
    ;;
*)
    fail "unknown case $2"
    ;;
esac
