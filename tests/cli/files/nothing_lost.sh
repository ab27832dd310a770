#!/bin/sh
# SPDX-License-Identifier: MIT
# Nothing lost: an output never costs an input, one case a run (CTest runs each as its own test), each named
# after what must hold: an output never names an input (compared by file identity,
# before any work), a key given twice is refused, a file that is not a results file
# still writes its CSV and Markdown, names of 245-255 bytes are written, standard
# output that fails says so once, 0.0 read and written stays 0.0, a stopped command
# exits 128 + its signal, `-` is standard input to compare and merge, and a run whose disk
# fills as its file grows keeps a whole document. The reader
# of a file that changes under it is tests/unit/test_doc_reader.c's. 77: skipped, with
# the reason.
# usage: nothing_lost.sh path/to/ze-slm-bench FIXTURES_DIR path/to/libsignal_at.so CASE
set -eu
bench=$1
fixtures=$2
signal_at=$3
what=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
fail() { echo "FAIL: $*" >&2; exit 1; }
# One line on stderr, an error.
one_error_line() {
    [ "$(wc -l <"$1")" = 1 ] && grep -q "^ze-slm-bench: error: " "$1" || fail "not one error line: $(cat "$1")"
}
no_temporary() { ! ls -a | grep -q '\.tmp\.' || fail "a temporary was left: $(ls -a)"; }
cp "$fixtures/documents/h100-run.json" a.json
# The same run from another host: merged beside a.json, no duplicate.
python3 -c '
import json
d = json.load(open("a.json"))
d["host"] = "other"
json.dump(d, open("b.json", "w"), indent=2)'
# refused WHAT COMMAND...: exit 2, one error line saying an output names WHAT, and
# every file here as it was.
refused() {
    named=$1
    shift
    sums=$(sha256sum ./* | sort)
    status=0
    "$@" >out.txt 2>err.txt || status=$?
    [ $status = 2 ] || fail "$*: exit $status, not 2: $(cat err.txt)"
    one_error_line err.txt
    grep -qF "names $named" err.txt || fail "$*: $(cat err.txt)"
    grep -q "an output never replaces what the command reads" err.txt || fail "$*: $(cat err.txt)"
    rm -f out.txt err.txt
    [ "$(sha256sum ./* | sort)" = "$sums" ] || fail "$*: a file changed"
    no_temporary
}

case $what in
output_names_input)
    ln -s a.json link.json
    ln a.json hard.json
    printf '__kernel void k(__global int *a) { a[0] = 1; }\n' >k.cl
    # The issue's cases, each output option, through a symbolic and a hard link.
    refused "the input a.json" "$bench" compare a.json b.json --json a.json
    refused "the input b.json" "$bench" compare a.json b.json --csv b.json
    refused "the input a.json" "$bench" compare a.json b.json --markdown link.json
    refused "the input a.json" "$bench" merge a.json b.json --csv a.json
    refused "the input a.json" "$bench" merge a.json b.json --json hard.json
    refused "the input link.json" "$bench" merge link.json --markdown ./a.json
    refused "--baseline b.json" "$bench" merge a.json --baseline b.json --junit b.json
    refused "--baseline b.json" "$bench" merge a.json --baseline b.json --jsonl ./b.json
    refused "the input a.json" "$bench" merge a.json --summary-only --junit a.json
    refused "the kernel source k.cl" "$bench" inspect k.cl --json k.cl
    refused "the kernel source k.cl" "$bench" inspect --target tgllp k.cl --markdown ./k.cl
    # Standard input redirected from the file an output names.
    refused "the input (standard input)" sh -c '"$1" merge - --json a.json <a.json' sh "$bench"
    refused "the input (standard input)" sh -c '"$1" compare - b.json --csv a.json <a.json' sh "$bench"
    # An input not there (yet): an output of the same place is refused all the same.
    refused "the input gone.json" "$bench" merge gone.json --csv ./gone.json
    # run's progress log is written apart from the plan: it may not name an output either.
    refused "the progress log (ZESLM_PROGRESS_LOG) r.json" env ZESLM_PROGRESS_LOG=r.json "$bench" run reduce/sequential \
        --json ./r.json
    # A neighbour is no target: an output beside the inputs is written.
    "$bench" compare a.json b.json --json c.json >/dev/null || fail "compare beside its inputs"
    [ -s c.json ] || fail "c.json not written"
    ;;
duplicate_keys)
    # A key given twice, at the root, in a device, in a result, in a nested object: one
    # error line, the same for every command that reads the file, and merge's ERROR entry.
    for where in root device result nested; do
        python3 - "$where" <<'PY'
import json, sys
where = sys.argv[1]
text = open("a.json").read()
if where == "root":
    # The issue's case: a second "devices", which the C tool read as the first.
    i = text.rindex("\n}")
    text = text[:i] + ',\n  "devices": []' + text[i:]
elif where == "device":
    text = text.replace('"module_format":', '"host": "x",\n      "module_format":', 1)
elif where == "result":
    text = text.replace('"outcome": "measured"', '"outcome": "measured", "outcome": "failed"', 1)
else:
    text = text.replace('"params": {', '"params": {"n": 1, "n": 2, ', 1)
open("dup.json", "w").write(text)
PY
        grep -q '"devices"' dup.json || fail "no document"
        for cmd in "merge dup.json --strict --json m.json" "compare dup.json b.json" "compare b.json dup.json" \
                   "merge dup.json a.json --strict --summary-only"; do
            status=0
            # shellcheck disable=SC2086
            "$bench" $cmd >out.txt 2>err.txt || status=$?
            [ $status = 1 ] || fail "$where: $cmd: exit $status: $(cat err.txt)"
            one_error_line err.txt
            grep -q "dup.json: .*duplicate" err.txt || fail "$where: $cmd: $(cat err.txt)"
        done
        [ ! -e m.json ] || fail "$where: m.json written"
        # Without --strict, merge makes it an ERROR entry that says why.
        status=0
        "$bench" merge dup.json a.json --json m.json >out.txt 2>err.txt || status=$?
        [ $status = 4 ] || fail "$where: merge: exit $status: $(cat err.txt)"
        grep -q '"BAD_FILE"' m.json && grep -q 'duplicate' m.json || fail "$where: no ERROR entry for dup.json"
        rm -f m.json
    done
    ;;
not_a_results_file)
    # A single input that is no results file (or none at all): an ERROR entry alone,
    # whose CSV and Markdown are written, not a segfault that leaves temporaries.
    echo '{"schema": 9}' >nine.json
    for input in gone.json nine.json; do
        for out in --csv --markdown; do
            status=0
            "$bench" merge $input $out x.out >out.txt 2>err.txt || status=$?
            [ $status = 4 ] || fail "merge $input $out: exit $status: $(cat err.txt)"
            [ -s x.out ] || fail "merge $input $out: nothing written"
            no_temporary
            rm -f x.out
        done
        # Its verdicts alone: an ERROR entry and no device (UBSan in CI: no sort of none).
        status=0
        "$bench" merge $input --summary-only >out.txt 2>err.txt || status=$?
        [ $status = 4 ] || fail "merge $input --summary-only: exit $status: $(cat err.txt)"
    done
    ;;
long_names)
    # Names of 245 to 255 bytes, the most a name may have: each output is written (its
    # temporary a short name in the same folder), and one of 256 is refused before any work.
    for n in 245 250 255; do
        name=$(python3 -c "import sys; print('n' * (int(sys.argv[1]) - 5) + '.json')" $n)
        "$bench" merge a.json b.json --fail-on none --json "$name" >/dev/null 2>err.txt || fail "$n bytes: $(cat err.txt)"
        [ -s "$name" ] || fail "$n bytes: not written"
        "$bench" compare a.json b.json --csv "$name" >/dev/null 2>err.txt || fail "compare, $n bytes: $(cat err.txt)"
        head -1 "$name" | grep -q "^old_device,new_device," || fail "compare, $n bytes: not its CSV"
        no_temporary
        rm -f "$name"
    done
    name=$(python3 -c "print('n' * 251 + '.json')")
    status=0
    "$bench" merge a.json --json "$name" >out.txt 2>err.txt || status=$?
    [ $status = 1 ] || fail "256 bytes: exit $status"
    one_error_line err.txt
    grep -q "File name too long" err.txt || fail "256 bytes: $(cat err.txt)"
    ;;
stdout_fails)
    [ -w /dev/full ] || { echo "SKIP: no /dev/full"; exit 77; }
    # --json - on a full device: one error, with the device's reason; merge's summary
    # says the exit status it gives.
    for cmd in "merge a.json b.json --fail-on none --json -" "merge a.json --json -" "compare a.json b.json --json -" \
               "merge a.json b.json --fail-on none --jsonl -" "merge a.json b.json --fail-on none --summary-only --junit -"; do
        status=0
        # shellcheck disable=SC2086
        "$bench" $cmd >/dev/full 2>err.txt || status=$?
        [ $status = 1 ] || fail "$cmd: exit $status"
        [ "$(grep -c "^ze-slm-bench: error" err.txt)" = 1 ] || fail "$cmd: not one error: $(cat err.txt)"
        grep -q "^ze-slm-bench: error: cannot write to standard output: No space left on device$" err.txt ||
            fail "$cmd: $(cat err.txt)"
        ! grep -q "exit status [02-9]" err.txt || fail "$cmd: says another exit status: $(grep "exit status" err.txt)"
    done
    ;;
zero_kept)
    # Every number of a device and of a result that is read and written again (merge of
    # one file) set to 0.0, those a run left null too: 0.0 comes back 0.0, never null.
    # (A device's peer_score, busy_share and clocks are worked out again on reading.)
    python3 - <<'PY'
import json
d = json.load(open("a.json"))
dev = d["devices"][0]
r = next(r for r in dev["results"] if r.get("outcome") == "measured")
for rec, skip in ((dev, {"peer_score", "busy_share", "clock_mhz", "peers_clock_mhz", "probe_bytes_per_s"}),
                  (r, {"median_ns", "rate", "mean_ns", "stddev_ns"})):
    for k, v in list(rec.items()):
        if k not in skip and (isinstance(v, float) or v is None) and k != "converged":
            rec[k] = 0.0
json.dump(d, open("z.json", "w"), indent=2)
PY
    "$bench" merge z.json --json z2.json >/dev/null 2>err.txt || fail "merge: $(cat err.txt)"
    python3 - <<'PY' || fail "a 0.0 came back otherwise"
import json
a, b = json.load(open("z.json"))["devices"][0], json.load(open("z2.json"))["devices"][0]
ra = next(r for r in a["results"] if r.get("outcome") == "measured")
rb = next(r for r in b["results"] if r.get("outcome") == "measured")
pairs = [("device " + k, a[k], b.get(k)) for k in a] + [("result " + k, ra[k], rb.get(k)) for k in ra]
zeros = [k for k, x, _ in pairs if isinstance(x, float) and x == 0.0]
assert {"device finished_s", "result speedup_vs_baseline", "result fraction_of_ceiling"} <= set(zeros), zeros
bad = [(k, y) for k, x, y in pairs if isinstance(x, float) and x == 0.0 and y != 0.0]
assert not bad, bad
PY
    ;;
signal_status)
    env LD_PRELOAD="$signal_at" "$bench" --version >/dev/null 2>&1 || { echo "SKIP: LD_PRELOAD refused (sanitizers)"; exit 77; }
    # A stopped command exits 128 + the signal's number, as shells give it.
    for sig in INT:130 TERM:143 HUP:129; do
        status=0
        env LD_PRELOAD="$signal_at" SIGNAL_AT="fsync:1:${sig%:*}" "$bench" merge a.json b.json --json m.json \
            >/dev/null 2>&1 || status=$?
        [ $status = "${sig#*:}" ] || fail "SIG${sig%:*}: exit $status, not ${sig#*:}"
        [ ! -e m.json ] || fail "SIG${sig%:*}: m.json written"
        no_temporary
    done
    ;;
stdin_input)
    # "-" reads standard input, as every output writes standard output.
    "$bench" compare a.json b.json --json ab.json >/dev/null
    "$bench" compare - b.json --json sb.json <a.json >/dev/null 2>err.txt || fail "compare -: $(cat err.txt)"
    cat a.json | "$bench" compare b.json - --json bs.json >/dev/null 2>err.txt || fail "compare from a pipe: $(cat err.txt)"
    python3 -c '
import json
a, b = json.load(open("ab.json")), json.load(open("sb.json"))
same = ("rows", "matched", "slower", "faster", "unchanged", "geomean_ratio")
assert all(a[k] == b[k] for k in same), "compare - read otherwise"' || fail "compare -"
    "$bench" merge a.json --json m1.json >/dev/null
    cat a.json | "$bench" merge - --json m2.json >/dev/null 2>err.txt || fail "merge -: $(cat err.txt)"
    cmp m1.json m2.json || fail "merge - wrote otherwise"
    cat a.json | "$bench" merge - b.json --fail-on none --json m3.json >/dev/null 2>err.txt || fail "merge - b.json: $(cat err.txt)"
    [ "$(python3 -c 'import json; print(len(json.load(open("m3.json"))["devices"]))')" = 2 ] || fail "merge - b.json"
    # Bounded: an endless standard input is refused at the bound, one line.
    status=0
    "$bench" merge - --strict --read-limit 1M </dev/zero >out.txt 2>err.txt || status=$?
    [ $status = 1 ] || fail "/dev/zero: exit $status"
    one_error_line err.txt
    grep -q "larger than" err.txt || fail "/dev/zero: $(cat err.txt)"
    ;;
disk_full)
    # A run whose disk fills as its file grows in place (run/run_file.c): one error line
    # with the disk's reason, exit 1, and the file still the last whole document it held
    # (room is reserved before a write, so the write that finds none changes nothing).
    # A tmpfs of 24 KiB: root only.
    mkdir full
    mount -t tmpfs -o size=24k tmpfs full 2>/dev/null || { echo "SKIP: cannot mount a tmpfs here (root only)"; exit 77; }
    trap 'umount "$tmp/full" 2>/dev/null; rm -rf "$tmp"' EXIT
    status=0
    OCL_ICD_VENDORS=/etc/OpenCL/vendors/pocl.icd "$bench" run --backend cl --quick --reps 2 reduce hist bank conv \
        --json full/run.json >out.txt 2>err.txt || status=$?
    [ $status = 1 ] || fail "exit $status, not 1: $(cat err.txt)"
    grep -q "^ze-slm-bench: error: cannot write full/run.json: No space left on device$" err.txt ||
        fail "no error line with the disk's reason: $(cat err.txt)"
    python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
assert d["complete"] is False and d["devices"][0]["results"], "not a run stopped short"' full/run.json ||
        fail "the file is not a whole document: $(tail -c 300 full/run.json)"
    ;;
*) fail "no case $what" ;;
esac
echo "ok: $what"
