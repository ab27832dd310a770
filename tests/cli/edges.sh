#!/bin/sh
# SPDX-License-Identifier: MIT
# The edges, one case a run (CTest runs each as its own test), each named
# after what must hold: outputs that cannot alias, FIFOs that never hang the tool,
# signals that always count and leave no temporary, inspect's bounds, and the small
# refusals. Signals land at an exact point through tests/fixtures/signal_at.c
# (LD_PRELOAD), where one sent from outside would land only by luck. 77: skipped, with
# the reason.
# usage: edges.sh path/to/ze-slm-bench path/to/libsignal_at.so CASE
set -eu
bench=$1
signal_at=$2
what=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
# The smallest run that writes a whole results file, on whatever backend the
# environment names.
run() { "$bench" run reduce/sequential --size 5 --reps 1 --warmup 1 "$@"; }
fail() { echo "FAIL: $*" >&2; exit 1; }
# One line on stderr, an error.
one_error_line() {
    [ "$(wc -l <"$1")" = 1 ] && grep -q "^ze-slm-bench: error: " "$1" || fail "not one error line: $(cat "$1")"
}
# Whether a results file says the run was stopped.
incomplete() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["complete"] is False, d["complete"]' "$1"; }
# Nothing of a temporary left in this folder.
no_temporary() { ! ls -a | grep -q '\.tmp\.' || fail "a temporary was left: $(ls -a)"; }
# with_signal CALL:N:SIG COMMAND...: COMMAND with SIG raised at the Nth CALL.
with_signal() {
    spec=$1
    shift
    env LD_PRELOAD="$signal_at" SIGNAL_AT="$spec" "$@"
}
case $what in signal_*)
    # A sanitized build's runtime must come first: it refuses a preloaded library.
    env LD_PRELOAD="$signal_at" "$bench" --version >/dev/null 2>&1 || { echo "SKIP: LD_PRELOAD refused (sanitizers)"; exit 77; }
esac

case $what in
alias_symlink_to_absent)
    # The issue's case: l.json names a.json, which does not exist yet.
    ln -s a.json l.json
    status=0
    run --json a.json --csv l.json >out.txt 2>err.txt || status=$?
    [ $status = 2 ] || fail "exit $status, not 2"
    one_error_line err.txt
    grep -q "both name" err.txt || fail "$(cat err.txt)"
    [ ! -e a.json ] || fail "it ran and wrote a.json"
    ;;
alias_dangling_chain_and_spelling)
    # Two links deep, and one file spelled two ways through a folder.
    mkdir d
    ln -s d/x.json one.json
    ln -s one.json two.json
    for pair in "two.json d/x.json" "d/../d/x.json ./d/x.json"; do
        set -- $pair
        status=0
        run --json "$1" --markdown "$2" >/dev/null 2>err.txt || status=$?
        [ $status = 2 ] || fail "$1 and $2: exit $status"
        one_error_line err.txt
    done
    [ ! -e d/x.json ] || fail "it ran"
    ;;
alias_hard_link)
    echo old >a.json
    ln a.json h.json
    status=0
    run --json a.json --csv h.json >/dev/null 2>err.txt || status=$?
    [ $status = 2 ] || fail "exit $status"
    one_error_line err.txt
    [ "$(cat a.json)" = old ] || fail "a.json was written"
    ;;
fifo_without_reader)
    mkfifo ff
    status=0
    timeout 120 "$bench" run reduce/sequential --size 5 --reps 1 --warmup 1 --json ff >/dev/null 2>err.txt || status=$?
    [ $status = 1 ] || fail "exit $status (124: it hung)"
    one_error_line err.txt
    grep -q "no process is reading it" err.txt || fail "$(cat err.txt)"
    [ -p ff ] || fail "the FIFO was replaced"
    ;;
progress_log_fifo_without_reader)
    mkfifo ff
    status=0
    ZESLM_PROGRESS_LOG=ff timeout 60 "$bench" run reduce/sequential --size 5 --reps 1 --warmup 1 >out.txt \
        2>err.txt || status=$?
    [ $status = 1 ] || fail "exit $status (124: it hung)"
    one_error_line err.txt
    [ ! -s out.txt ] || fail "it ran before refusing: $(cat out.txt)"
    ;;
owner_and_mode_kept)
    [ "$(id -u)" = 0 ] || { echo "SKIP: giving a file to another user needs root"; exit 77; }
    echo old >r.json
    chown 65534:65534 r.json
    chmod 640 r.json
    run --json r.json >/dev/null
    [ "$(stat -c '%u:%g %a' r.json)" = "65534:65534 640" ] || fail "kept $(stat -c '%u:%g %a' r.json)"
    ;;
signal_during_each_write)
    # The results file is synced before each rename: during the run (1), the final JSON
    # (2), the CSV (3), the Markdown (4). Each stop ends the run with 130 and a JSON
    # that says complete: false.
    for at in 1 2 3 4; do
        status=0
        with_signal "fsync:$at:INT" "$bench" run reduce/sequential --size 5 --reps 1 --warmup 1 --json r.json \
            --csv r.csv --markdown r.md >/dev/null 2>err.txt || status=$?
        [ $status = 130 ] || fail "SIGINT at write $at: exit $status: $(cat err.txt)"
        incomplete r.json
        no_temporary
        rm -f r.json r.csv r.md
    done
    ;;
signal_during_teardown)
    "$bench" devices 2>/dev/null | grep -q "^Backend  *OpenCL" || { echo "SKIP: no OpenCL device"; exit 77; }
    status=0
    with_signal "clReleaseContext:1:TERM" "$bench" run reduce/sequential --size 5 --reps 1 --warmup 1 --json r.json \
        >/dev/null 2>err.txt || status=$?
    [ $status = 143 ] || fail "SIGTERM in the device's teardown: exit $status, not 128 + 15"
    incomplete r.json
    ;;
signal_during_merge_write)
    run --json in.json >/dev/null
    echo old >out.json
    echo old >out.csv
    # At the JSON's sync, and at the CSV's with the JSON whole beside it: 130, and
    # neither file replaced (a command other than run renames its outputs together).
    for at in 1 2; do
        status=0
        with_signal "fsync:$at:INT" "$bench" merge in.json --json out.json --csv out.csv >/dev/null 2>&1 || status=$?
        [ $status = 130 ] || fail "SIGINT at sync $at: exit $status"
        [ "$(cat out.json)" = old ] && [ "$(cat out.csv)" = old ] || fail "SIGINT at sync $at: a file was replaced"
        no_temporary
    done
    # At the renames every output is whole: the signal comes after the command's work
    # and is not counted; both files are the merge's.
    status=0
    with_signal "rename:1:INT" "$bench" merge in.json --json out.json --csv out.csv >/dev/null 2>&1 || status=$?
    [ $status = 0 ] || fail "SIGINT at the renames: exit $status"
    grep -q '"complete": true' out.json && [ "$(cat out.csv)" != old ] || fail "SIGINT at the renames: not both written"
    no_temporary
    ;;
signal_during_devices_write)
    status=0
    with_signal "fsync:1:TERM" "$bench" devices --json d.json >/dev/null 2>&1 || status=$?
    [ $status = 143 ] || fail "exit $status, not 128 + SIGTERM"
    [ ! -e d.json ] || fail "d.json was written"
    no_temporary
    ;;
signal_during_inspect_compile)
    command -v ocloc >/dev/null || { echo "SKIP: no ocloc"; exit 77; }
    # A kernel of a name no other test uses, to find a copy of it wherever it is left.
    token=k$$_$(date +%s)
    printf '__kernel void %s(__global int *a) { a[0] = 1; }\n' "$token" >k.cl
    mkdir scratch
    status=0
    # The preload takes SIGNAL_AT from the first program it loads into: the tool itself.
    (TMPDIR="$tmp/scratch" && export TMPDIR && with_signal "waitpid:1:INT" "$bench" inspect --isa --target tgllp k.cl) \
        >/dev/null 2>err.txt || status=$?
    [ $status = 130 ] || fail "exit $status: $(cat err.txt)"
    [ -z "$(ls scratch)" ] || fail "left in TMPDIR: $(ls scratch)"
    ! grep -rqs "$token" /tmp/ze-slm-inspect-* || fail "a copy of the source was left under /tmp"
    ;;
inspect_fifo)
    mkfifo ff.cl
    status=0
    timeout 30 "$bench" inspect ff.cl >/dev/null 2>err.txt || status=$?
    [ $status = 1 ] || fail "exit $status (124: it hung)"
    one_error_line err.txt
    ;;
inspect_empty_source)
    : >e.cl
    status=0
    "$bench" inspect --target tgllp e.cl >/dev/null 2>err.txt || status=$?
    [ $status = 1 ] || fail "exit $status"
    one_error_line err.txt
    grep -q "e.cl is empty" err.txt || fail "$(cat err.txt)"
    ;;
inspect_source_without_kernel)
    echo 'int twice(int x) { return 2 * x; }' >n.cl
    status=0
    "$bench" inspect --target tgllp n.cl >/dev/null 2>err.txt || status=$?
    [ $status = 1 ] || fail "exit $status"
    one_error_line err.txt
    grep -q "defines no kernel" err.txt || fail "$(cat err.txt)"
    ;;
inspect_compile_timeout)
    # An ocloc that never finishes, first on PATH.
    mkdir bin
    printf '#!/bin/sh\nexec sleep 60\n' >bin/ocloc
    chmod +x bin/ocloc
    echo '__kernel void k(__global int *a) { a[0] = 1; }' >k.cl
    mkdir scratch
    status=0
    PATH="$tmp/bin:$PATH" TMPDIR="$tmp/scratch" timeout 30 "$bench" inspect --target tgllp --compile-timeout 1 k.cl \
        >/dev/null 2>err.txt || status=$?
    [ $status = 1 ] || fail "exit $status (124: no bound)"
    one_error_line err.txt
    grep -q "did not finish compiling for tgllp within 1 s (--compile-timeout)" err.txt || fail "$(cat err.txt)"
    [ -z "$(ls scratch)" ] || fail "left in TMPDIR: $(ls scratch)"
    ;;
group_sizes_empty)
    status=0
    "$bench" profile reduce/many --group-sizes "" >/dev/null 2>err.txt || status=$?
    [ $status = 2 ] || fail "exit $status"
    one_error_line err.txt
    ;;
list_csv)
    status=0
    "$bench" run --list --csv x.csv >/dev/null 2>err.txt || status=$?
    [ $status = 2 ] || fail "exit $status"
    one_error_line err.txt
    "$bench" run --list --markdown x.md >/dev/null
    grep -q "reduce/many" x.md || fail "the list's Markdown lacks reduce/many"
    ;;
merge_injection)
    # The issue's case: a device name with '|' and a line break, a parameter that is a
    # spreadsheet formula, through merge into Markdown and CSV.
    run --json in.json >/dev/null
    python3 - <<'PY'
import json
d = json.load(open("in.json"))
dev = d["devices"][0]
dev["device"]["name"] = "gpu|x\n| injected | row |"
for r in dev["results"]:
    r["parameters"] = '=HYPERLINK("http://x","y")'
json.dump(d, open("evil.json", "w"))
PY
    "$bench" merge evil.json --markdown m.md --csv m.csv >/dev/null 2>&1 || true
    ! grep -q '^ *| injected' m.md || fail "a row was injected into the Markdown: $(grep -n injected m.md)"
    ! grep -q '[",]=HYPERLINK' m.csv || fail "a formula was written as it is: $(grep HYPERLINK m.csv)"
    grep -q "'=HYPERLINK" m.csv || fail "the formula cell is missing: $(cat m.csv)"
    ;;
cpu_buffer_over_address_limit)
    # 512 MiB of input under a 1.3 GB address space: PoCL aborted in an assertion
    # (exit 134) when its buffer could not be had.
    "$bench" devices 2>/dev/null | grep -q "^Backend  *OpenCL" || { echo "SKIP: no OpenCL device"; exit 77; }
    (ulimit -v 1300000 && "$bench" --version) >/dev/null 2>&1 || { echo "SKIP: ulimit -v is not usable here (ASan)"; exit 77; }
    status=0
    (ulimit -v 1300000 && exec "$bench" run hist/doc_slm --size 67108863 --quick) >/dev/null 2>err.txt || status=$?
    [ $status = 1 ] || fail "exit $status: $(tail -2 err.txt)"
    grep -q "ze-slm-bench: error: hist: " err.txt || fail "$(cat err.txt)"
    ;;
*)
    fail "unknown case $what"
    ;;
esac
echo "ok: $what"
