#!/bin/sh
# SPDX-License-Identifier: MIT
# ze-slm-plot held to the C tool's rules, by the C tool itself: it
# reads every document through ze-slm-bench, so each hostile input of the issue ends
# with ze-slm-bench's own reason relayed in one error line and exit status 1, and the
# plot folder drawn before it is left byte for byte as it was, with nothing beside it;
# 100k results draw a summary chart of bounded size instead of dying in matplotlib. A
# full file system is a 200 KiB tmpfs where this machine may mount one, else a write
# made to fail (ZESLM_PLOT_FAIL_WRITE). 77: skipped, with the reason.
# usage: plot_edges.sh SOURCE_DIR CASE ZE_SLM_BENCH
set -eu
src=$1
what=$2
bench=$3
plot() { "$src/tools/ze-slm-plot/ze-slm-plot" --bench "$bench" "$@"; }
/usr/bin/python3 -c 'import matplotlib' 2>/dev/null || { echo "SKIP: no matplotlib"; exit 77; }
tmp=$(mktemp -d)
mounted=
trap '[ -z "$mounted" ] || umount "$mounted"; rm -rf "$tmp"' EXIT
cd "$tmp"
fail() { echo "FAIL: $*" >&2; exit 1; }

# A results file of `n` measured reduce results (one variant each unless `variants`),
# with `patch` (Python run on its first result r; the strings "@NAN@", "@INF@" and
# "@BIG@" become NaN, Infinity and 1e400 in the text): the hostile inputs are small
# edits of one good document.
doc() {
    /usr/bin/python3 - "$@" <<'PY'
import json, sys
out, n, patch = sys.argv[1], int(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else ""
results = [{"workload": "reduce", "variant": f"v{i % 40}", "outcome": "measured", "parameters": f"n={1024 + i}",
            "group_size": 256, "median_ns": 1000 + i, "min_ns": 900 + i, "max_ns": 1100 + i, "spread": 0.01,
            "rate": 4.0 + i % 7, "rate_unit": "GB/s", "verified": True} for i in range(n)]
r = results[0]
exec(patch)
doc = {"schema": 1, "tool": "ze-slm-bench test", "date": "2026-11-25T00:00:00Z", "command": ["ze-slm-bench"],
       "device": {"backend": "cl", "name": "test device", "gpu": False}, "results": results}
text = json.dumps(doc, allow_nan=True)
for marker, spelling in (("NAN", "NaN"), ("INF", "Infinity"), ("BIG", "1e400")):
    text = text.replace(f'"@{marker}@"', spelling)
open(out, "w").write(text)
PY
}
# The plot folder's every name and byte, to compare before and after.
snapshot() { (cd "$1" && find . -print | sort && find . -type f -exec sha256sum {} + | sort) }

# A good plot folder to keep.
doc good.json 3
plot good.json plots >/dev/null || fail "the good document did not draw"
snapshot plots >before.txt

# A hostile document: one error line, exit 1, the folder as it was, nothing beside it.
# The line holds `why`, the C tool's reason (json/records.c, model/run_doc.c).
refused() {
    why=$1
    shift
    status=0
    plot "$@" plots >out.txt 2>err.txt || status=$?
    [ $status = 1 ] || fail "exit $status: $(tail -3 err.txt)"
    [ "$(wc -l <err.txt)" = 1 ] && grep -q "^ze-slm-plot: error: " err.txt || fail "not one error line: $(cat err.txt)"
    grep -qF "$why" err.txt || fail "not ze-slm-bench's reason ($why): $(cat err.txt)"
    snapshot plots >after.txt
    cmp -s before.txt after.txt || fail "the plot folder changed: $(diff before.txt after.txt | head -5)"
    [ "$(ls -A | grep -c '^\.plots')" = 0 ] || fail "left beside it: $(ls -A)"
}

case $what in
huge_rate) doc bad.json 3 'r["rate"] = 1e308'; refused "rate 1e+308 is not between 0 and 1e+12" bad.json ;;
negative_median) doc bad.json 3 'r["median_ns"] = -5'; refused '"median_ns" is not a whole number' bad.json ;;
zero_median) doc bad.json 3 'r["median_ns"] = 0'; refused "lacks a positive median_ns" bad.json ;;
nan) doc bad.json 3 'r["rate"] = "@NAN@"'; refused "not JSON: invalid token near 'NaN'" bad.json ;;
infinity) doc bad.json 3 'r["median_ns"] = "@INF@"'; refused "not JSON: invalid token near 'Infinity'" bad.json ;;
overflowing_number) doc bad.json 3 'r["spread"] = "@BIG@"'; refused "not JSON: real number overflow" bad.json ;;
deep_nesting)
    /usr/bin/python3 -c 'open("bad.json", "w").write("[" * 100000)'
    refused "maximum parsing depth" bad.json
    ;;
over_read_limit)
    # A file of 5 GiB (sparse: no disk) against ze-slm-bench's default bound of 4 GiB, and
    # a small file against --read-limit (refused before the C tool starts, and passed on).
    truncate -s 5G bad.json
    refused "larger than the 4 GiB" bad.json
    doc bad.json 3
    refused "larger than 100 (--read-limit)" --read-limit 100 bad.json
    ;;
full_disk)
    mkdir small
    if mount -t tmpfs -o size=200k tmpfs small 2>/dev/null; then
        mounted=$tmp/small
        cp -r plots small/plots
        snapshot small/plots >before.txt
        # Four times the results: its charts and page outgrow 200 KiB.
        doc bad.json 400
        status=0
        plot bad.json small/plots >out.txt 2>err.txt || status=$?
        snapshot small/plots >after.txt
        [ "$(ls -A small)" = plots ] || fail "left beside it: $(ls -A small)"
    else
        echo "(no tmpfs here: a forced write error)"
        doc bad.json 3 'r["rate"] = 5.5'
        status=0
        ZESLM_PLOT_FAIL_WRITE=3 plot bad.json plots >out.txt 2>err.txt || status=$?
        snapshot plots >after.txt
    fi
    [ $status = 1 ] || fail "exit $status: $(tail -3 err.txt)"
    [ "$(wc -l <err.txt)" = 1 ] && grep -q "No space left on device" err.txt || fail "$(cat err.txt)"
    cmp -s before.txt after.txt || fail "the plot folder changed: $(diff before.txt after.txt | head -5)"
    ;;
forced_write_error)
    # Whatever the machine: the third file written fails; the folder is as it was.
    doc bad.json 3 'r["rate"] = 5.5'
    status=0
    ZESLM_PLOT_FAIL_WRITE=3 plot bad.json plots >out.txt 2>err.txt || status=$?
    [ $status = 1 ] || fail "exit $status"
    [ "$(wc -l <err.txt)" = 1 ] || fail "$(cat err.txt)"
    snapshot plots >after.txt
    cmp -s before.txt after.txt || fail "the plot folder changed"
    [ "$(ls -A | grep -c '^\.plots')" = 0 ] || fail "left beside it: $(ls -A)"
    ;;
many_results)
    # 100k results: a summary chart (each variant's best), an image of bounded size.
    doc big.json 100000
    plot big.json big-plots >out.txt 2>err.txt || fail "exit $?: $(tail -3 err.txt)"
    /usr/bin/python3 - big-plots/rates.png <<'PY'
import struct, sys
with open(sys.argv[1], "rb") as f:
    head = f.read(24)
w, h = struct.unpack(">II", head[16:24])
assert w <= 6600 and h <= 6600, (w, h)
PY
    grep -q "100000 results as each variant" big-plots/index.html || fail "the caption does not say the chart is a summary"
    ;;
replaced_whole)
    # A good redraw replaces the folder: no chart of the old run is left beside the new.
    touch plots/bank.png plots/bank.svg
    doc good2.json 3 'r["rate"] = 5.5'
    plot good2.json plots >/dev/null
    [ ! -e plots/bank.png ] || fail "an old chart was left"
    # A folder of other files is the user's: refused.
    mkdir mine && echo keep >mine/notes.txt
    status=0
    plot good2.json mine >/dev/null 2>err.txt || status=$?
    [ $status = 1 ] && [ "$(cat mine/notes.txt)" = keep ] || fail "a folder of other files was replaced"
    ;;
*) fail "unknown case $what" ;;
esac
echo "ok: $what"
