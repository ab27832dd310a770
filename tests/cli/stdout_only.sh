#!/bin/sh
# SPDX-License-Identifier: MIT
# With --json -, --csv - or --markdown -, stdout holds that format and nothing else, in every
# command that writes one; tables, launch lines and compiler logs go to stderr.
# usage: stdout_only.sh path/to/ze-slm-bench
bench=$1
failures=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# check STATUS FORMAT command...: the command must exit with STATUS and its stdout
# parse as FORMAT (json, csv, or empty).
check() {
    status=$1
    format=$2
    shift 2
    "$bench" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ "$rc" -ne "$status" ]; then
        echo "FAIL ($*): exit status $rc, not $status: $(tail -n 1 "$tmp/err")"
        failures=$((failures + 1))
    elif ! python3 - "$format" "$tmp/out" <<'PY'; then
import csv, json, sys
fmt, path = sys.argv[1], sys.argv[2]
text = open(path).read()
if fmt == "json":
    json.loads(text)
elif fmt == "csv":
    rows = list(csv.reader(text.splitlines()))
    assert rows and rows[0][0] in ("workload", "source", "old_device", "backend", "file"), rows[:1]
    assert all(len(r) == len(rows[0]) for r in rows), "ragged rows"
elif fmt == "markdown":
    assert text.startswith("# ze-slm-bench ") and "\n| ---" in text, text[:80]
else:
    assert text == "", "stdout is not empty"
PY
        echo "FAIL ($*): stdout is not only $format:"
        head -5 "$tmp/out"
        failures=$((failures + 1))
    else
        echo "ok   ($*): $format"
    fi
}

small="--size 1000 --reps 2 --warmup 1"
check 0 json devices --json -
check 0 json limits --json -
check 0 json inspect --target tgllp --json -
# $small is split into its words on purpose.
check 0 json run reduce $small --json -
check 0 csv run reduce $small --csv -
check 0 csv run reduce $small --csv - --json "$tmp/run.json"
check 0 json profile reduce/many --group-sizes 64,128 $small --json -
check 0 csv profile reduce/many --group-sizes 64,128 $small --csv -
check 0 markdown run reduce $small --markdown -
check 0 markdown profile reduce/many --group-sizes 64,128 $small --markdown - --json "$tmp/profile.json"
check 0 json run --list --json -
check 0 markdown devices --markdown -
check 0 csv devices --csv -
check 0 markdown limits --markdown -
check 0 csv limits --csv -
check 0 markdown inspect --target tgllp --markdown -
check 0 csv inspect --target tgllp --csv -
"$bench" run reduce $small --json "$tmp/old.json" >/dev/null 2>&1
check 0 markdown compare "$tmp/old.json" "$tmp/old.json" --markdown -
check 0 json compare "$tmp/old.json" "$tmp/old.json" --json -
check 0 csv compare "$tmp/old.json" "$tmp/old.json" --csv -
# ocloc's log of a kernel that does not compile.
printf 'kernel void f(global int *x) { x[0] = undeclared; }\n' >"$tmp/bad.cl"
check 1 empty inspect --target tgllp --json - "$tmp/bad.cl"

if [ "$failures" -ne 0 ]; then
    echo "$failures case(s) failed"
    exit 1
fi
