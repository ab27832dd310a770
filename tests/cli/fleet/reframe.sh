#!/bin/sh
# SPDX-License-Identifier: MIT
# The ReFrame test shipped with the tool (reference/reframe/ze_slm.py) run by ReFrame
# itself with its local launcher on PoCL: it passes and reports its performance
# variables, and its sanity check fails a run that wrote nothing. ReFrame (reframe-hpc
# from PyPI, pinned) goes into a virtual environment under BUILD/reframe; where it
# cannot be installed (offline, no python3-venv), the test is skipped and says why.
# usage: reframe.sh path/to/ze-slm-bench path/to/ze_slm.py BUILD_DIR
set -u
bench=$1
check=$2
venv=$3/reframe
if [ ! -x "$venv/bin/reframe" ]; then
    rm -rf "$venv"
    if ! python3 -m venv "$venv" >"$3/reframe.log" 2>&1 ||
        ! "$venv/bin/pip" install -q reframe-hpc==4.10.4 >>"$3/reframe.log" 2>&1; then
        echo "SKIPPED: ReFrame could not be installed: $(tail -1 "$3/reframe.log")"
        rm -rf "$venv"
        exit 77
    fi
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
    echo "FAIL: $*"
    exit 1
}
export OCL_ICD_VENDORS=/etc/OpenCL/vendors/pocl.icd
# ReFrame imports the check file from where it lies, and Python would cache its bytecode
# beside it (reference/reframe/__pycache__/): a test writes only under a temporary folder.
export PYTHONDONTWRITEBYTECODE=1
# ReFrame keeps the log of a failed run in TMPDIR (rfm-*.log), and this test fails it on purpose.
export TMPDIR="$tmp"
cd "$tmp" || exit 1
"$venv/bin/reframe" -c "$check" -r -S bench="$bench" --prefix "$tmp/ok" >"$tmp/ok.out" 2>&1 ||
    fail "reframe: $(cat "$tmp/ok.out")"
cat "$tmp/ok.out"
# A busy CPU may let reduce/many beat its read ceiling (counted as 1, ceiling_exceeded).
for want in "PASSED .* Ran 1/1 test case" "P: reduce_many: [01][.0-9]* of ceiling" "P: conv_tiled: " "P: hist_lanes: " \
    "P: failed_gpus: 0 GPUs" "P: slow_gpus: 0 GPUs" "P: throttled_gpus: 0 GPUs"; do
    grep -q "$want" "$tmp/ok.out" || fail "no '$want' in ReFrame's report"
done
# After a pass the merged document and merge's verdicts are kept in the output folder.
for kept in fleet.json merge.txt fleet.xml verdicts.jsonl; do
    [ -n "$(find "$tmp/ok/output" -name "$kept")" ] || fail "ReFrame kept no $kept: $(find "$tmp/ok/output")"
done
# A job of two tasks of which one wrote its file (the local launcher starts one): the
# failure names the missing rank.
"$venv/bin/reframe" -c "$check" -r -S bench="$bench" -S num_nodes=2 --prefix "$tmp/two" >"$tmp/two.out" 2>&1 &&
    fail "ReFrame passed a job with a missing rank: $(cat "$tmp/two.out")"
grep -q "1 rank(s) of 2 left no results file: rank 1 MISSING" "$tmp/two.out" || fail "no missing rank in: $(cat "$tmp/two.out")"
# A job of two GPUs, one a quarter as fast as the other: its run stands for both ranks
# (one task's file made two by fleet_files.py, rank 1 at 0.25: 0.4 of the median of the
# two, merge's SLOW of level FAIL), and the reference's bound on failed_gpus fails it on
# any system (two GPUs: each one peer, --min-peers 1).
gen=$(cd "$(dirname "$0")" && pwd)/fleet_files.py
cat >"$tmp/slowbench" <<EOF
#!/bin/sh
if [ "\$1" = run ]; then
    for dir; do :; done
    "$bench" "\$@" >/dev/null || exit
    # Its results file, not the start file it wrote first (HOST-RANK.start.json).
    rm -f "\$dir"/*.start.json
    mv "\$dir"/*.json "$tmp/one-rank.json" && exec python3 "$gen" "$tmp/one-rank.json" "\$dir" --ranks 2 --slow 1:0.25
fi
exec "$bench" "\$@"
EOF
chmod 755 "$tmp/slowbench"
"$venv/bin/reframe" -c "$check" -r -S bench="$tmp/slowbench" -S num_nodes=2 -S min_peers=1 --prefix "$tmp/slow" >"$tmp/slow.out" 2>&1 &&
    fail "ReFrame passed a job with a GPU at a quarter speed: $(cat "$tmp/slow.out")"
grep -q "failed to meet reference(s): failed_gpus=1 GPUs" "$tmp/slow.out" ||
    fail "the failure is not failed_gpus' bound: $(cat "$tmp/slow.out")"
# A "benchmark" that writes nothing fails the sanity check.
"$venv/bin/reframe" -c "$check" -r -S bench=true --prefix "$tmp/bad" >"$tmp/bad.out" 2>&1 &&
    fail "ReFrame passed a run that wrote no results: $(cat "$tmp/bad.out")"
grep -q "no merged document" "$tmp/bad.out" || fail "no reason in: $(cat "$tmp/bad.out")"
echo "PASS"
