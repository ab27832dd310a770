#!/bin/sh
# SPDX-License-Identifier: MIT
# ze-slm-plot keeps the plot folder: a stop at any rename leaves OUTDIR
# whole, the old charts or the new, never missing, and exits 128 + the signal (raised
# at an exact call by tests/fixtures/signal_at.c, preloaded into python); the folder and
# files are made as the umask says, not private; a key given twice in what it reads is
# refused with one line. 77: skipped, with the reason.
# usage: plot_kept.sh SOURCE_DIR ZE_SLM_BENCH path/to/libsignal_at.so CASE
set -eu
src=$1
bench=$2
signal_at=$3
what=$4
plot() { /usr/bin/python3 "$src/tools/ze-slm-plot/ze-slm-plot" --bench "$bench" "$@"; }
/usr/bin/python3 -c 'import matplotlib' 2>/dev/null || { echo "SKIP: no matplotlib"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
fail() { echo "FAIL: $*" >&2; exit 1; }
# A results file of three measured reduce results, its rates times `scale`: two scales
# draw two plot folders that differ.
doc() {
    /usr/bin/python3 - "$1" "$2" <<'PY'
import json, sys
out, scale = sys.argv[1], float(sys.argv[2])
results = [{"workload": "reduce", "variant": f"v{i}", "outcome": "measured", "parameters": f"n={1024 + i}",
            "group_size": 256, "median_ns": 1000 + i, "min_ns": 900 + i, "max_ns": 1100 + i, "spread": 0.01,
            "rate": scale * (4.0 + i), "rate_unit": "GB/s", "verified": True} for i in range(3)]
doc = {"schema": 1, "tool": "ze-slm-bench test", "date": "2026-11-25T00:00:00Z", "command": ["ze-slm-bench"],
       "device": {"backend": "cl", "name": "test device", "gpu": False}, "results": results}
json.dump(doc, open(out, "w"))
PY
}
# A folder's names and bytes; an SVG's names alone (matplotlib draws its ids at random).
snapshot() { (cd "$1" && find . -print | sort && find . -type f ! -name '*.svg' -exec sha256sum {} + | sort); }

case $what in
signal_at_each_rename)
    # The tool the plotter runs inherits the preload: a sanitized build's runtime must
    # come first, and refuses it.
    env LD_PRELOAD="$signal_at" "$bench" --version >/dev/null 2>&1 || { echo "SKIP: LD_PRELOAD refused (sanitizers)"; exit 77; }
    doc old.json 1
    doc new.json 2
    plot old.json kept >/dev/null || fail "the old document did not draw"
    cp -a kept plots
    snapshot plots >old.txt
    plot new.json fresh >/dev/null || fail "the new document did not draw"
    snapshot fresh >new.txt
    cmp -s old.txt new.txt && fail "the two folders are alike"
    # A signal at each rename the plot makes (its files, then the folder), SIGINT and
    # SIGTERM: OUTDIR is the old folder or the new one, whole, and nothing is left beside it.
    at=1
    while [ $at -le 16 ]; do
        for sig in INT TERM; do
            status=0
            env LD_PRELOAD="$signal_at" SIGNAL_AT="rename:$at:$sig" /usr/bin/python3 \
                "$src/tools/ze-slm-plot/ze-slm-plot" --bench "$bench" new.json plots >out.txt 2>err.txt || status=$?
            want=$([ $sig = INT ] && echo 130 || echo 143)
            [ $status = 0 ] || [ $status = "$want" ] || fail "SIG$sig at rename $at: exit $status: $(cat err.txt)"
            [ -d plots ] || fail "SIG$sig at rename $at: the folder is gone"
            snapshot plots >now.txt
            if cmp -s now.txt new.txt; then
                [ $status = 0 ] || fail "SIG$sig at rename $at: exit $status, but the new folder is in place"
            else
                cmp -s now.txt old.txt || fail "SIG$sig at rename $at: the folder is neither the old nor the new one"
                [ $status = "$want" ] || fail "SIG$sig at rename $at: exit $status, the old folder kept"
            fi
            [ "$(ls -A | grep -c '^\.plots')" = 0 ] || fail "SIG$sig at rename $at: left beside it: $(ls -A)"
            # Back to the old folder for the next stop.
            rm -rf plots
            cp -a kept plots
        done
        # Past the last rename: no signal came.
        [ $status != 0 ] || break
        at=$((at + 1))
    done
    [ $at -ge 3 ] || fail "stopped at rename $at: fewer renames than the files"
    echo "stops at each of the $at renames"
    ;;
umask)
    doc one.json 1
    for mask in 022 002 077; do
        (umask $mask && plot one.json "plots$mask" >/dev/null) || fail "umask $mask: no plot"
        dir=$(printf '%o' $((0777 & ~0$mask)))
        file=$(printf '%o' $((0666 & ~0$mask)))
        [ "$(stat -c %a "plots$mask")" = "$dir" ] || fail "umask $mask: folder $(stat -c %a "plots$mask"), not $dir"
        for f in "plots$mask"/*; do
            [ "$(stat -c %a "$f")" = "$file" ] || fail "umask $mask: $f $(stat -c %a "$f"), not $file"
        done
    done
    ;;
duplicate_keys)
    # What the plotter reads comes from ze-slm-bench, which refuses a key given twice; a
    # ze-slm-bench that wrote one anyway is refused too, not read as its first or last.
    doc one.json 1
    cat >fake-bench <<EOF
#!/bin/sh
"$bench" "\$@" | sed 's/"verdict":/"verdict":"PASS","verdict":/'
EOF
    chmod +x fake-bench
    status=0
    /usr/bin/python3 "$src/tools/ze-slm-plot/ze-slm-plot" --bench ./fake-bench one.json plots >out.txt 2>err.txt ||
        status=$?
    [ $status = 1 ] || fail "exit $status: $(cat err.txt)"
    [ "$(wc -l <err.txt)" = 1 ] && grep -q "^ze-slm-plot: error: .*duplicate object key 'verdict'" err.txt ||
        fail "not one error line: $(cat err.txt)"
    [ ! -e plots ] || fail "plots drawn"
    ;;
*) fail "no case $what" ;;
esac
echo "ok: $what"
