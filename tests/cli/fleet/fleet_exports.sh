#!/bin/sh
# SPDX-License-Identifier: MIT
# merge's files for other tools: --openmetrics parsed by the prometheus_client
# package's own text-format parser (every device's gauges, the verdict as a label, a
# hostile host name escaped), and --write-baseline's file taken back by --baseline: a
# fleet judged against the baseline of its healthy self passes, one 30% slower on
# every device (which peers alone cannot see) is LOW; a file of another format is
# refused. prometheus_client: Debian's python3-prometheus-client, else pinned from PyPI
# into BUILD/promvenv; where neither can be had the test is skipped and says why.
# usage: fleet_exports.sh ZE_SLM_BENCH TESTS_DIR BUILD_DIR
set -u
bench=$1 dir=$2 build=$3
gen="python3 $dir/cli/fleet/fleet_files.py"
py=python3
if ! python3 -c 'import prometheus_client' 2>/dev/null; then
    py=$build/promvenv/bin/python
    if ! "$py" -c 'import prometheus_client' 2>/dev/null; then
        rm -rf "$build/promvenv"
        if ! python3 -m venv "$build/promvenv" >"$build/promvenv.log" 2>&1 ||
            ! "$build/promvenv/bin/pip" install -q prometheus_client==0.21.1 >>"$build/promvenv.log" 2>&1; then
            echo "SKIPPED: prometheus_client could not be installed: $(tail -1 "$build/promvenv.log")"
            rm -rf "$build/promvenv"
            exit 77
        fi
    fi
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

OCL_ICD_VENDORS=/etc/OpenCL/vendors/pocl.icd "$bench" run --backend cl --quick --reps 3 reduce/many bank/strided \
    --json "$tmp/one.json" >"$tmp/one.out" 2>&1 || fail "the template run: $(cat "$tmp/one.out")"

# 8 ranks, rank 3 30% slow; a host name with a quote, a backslash and a newline.
$gen "$tmp/one.json" "$tmp/fleet" --ranks 8 --slow 3:0.7
python3 - "$tmp/fleet" <<'PY' || exit 1
import glob, json, sys
f = sorted(glob.glob(sys.argv[1] + "/*.json"))[5]
d = json.load(open(f))
def rename(o):
    if isinstance(o, dict):
        for k, v in o.items():
            if k == "host" and isinstance(v, str):
                o[k] = 'evil"\\\nhost'
            else:
                rename(v)
    elif isinstance(o, list):
        for v in o:
            rename(v)
rename(d)
json.dump(d, open(f, "w"))
PY
"$bench" merge "$tmp/fleet/"*.json --openmetrics "$tmp/fleet.prom" --fail-on warn >"$tmp/m.out" 2>&1
[ $? -eq 3 ] || fail "merge of a fleet with a SLOW rank did not exit 3: $(cat "$tmp/m.out")"
"$py" - "$tmp/fleet.prom" <<'PY' || exit 1
import sys
from prometheus_client.parser import text_string_to_metric_families
fams = {f.name: f for f in text_string_to_metric_families(open(sys.argv[1]).read())}
for name in ("zeslm_verdict_fails", "zeslm_device_score", "zeslm_device_workload_score"):
    assert name in fams and fams[name].type == "gauge", (name, list(fams))
fails = fams["zeslm_verdict_fails"].samples
assert len(fails) == 8, fails
bad = [s for s in fails if s.value == 1]
assert len(bad) == 1 and bad[0].labels["verdict"] == "SLOW" and bad[0].labels["rank"] == "3", bad
# The newline reaches no output: merge escapes it as text (\x0a), the format then the backslashes.
assert any(s.labels["host"] == 'evil"\\\\x0ahost' for s in fails), [s.labels["host"] for s in fails]
score = {s.labels["rank"]: s.value for s in fams["zeslm_device_score"].samples}
assert abs(score["3"] - 0.7) < 0.02 and abs(score["0"] - 1) < 0.02, score
workloads = {s.labels["workload"] for s in fams["zeslm_device_workload_score"].samples}
assert workloads == {"reduce", "bank"}, workloads
PY

# A baseline from a healthy fleet, then that fleet against it, and a slower one.
$gen "$tmp/one.json" "$tmp/good" --ranks 4
"$bench" merge "$tmp/good/"*.json --write-baseline "$tmp/base.json" >"$tmp/w.out" 2>&1 || fail "write-baseline: $(cat "$tmp/w.out")"
python3 - "$tmp/base.json" <<'PY' || exit 1
import json, sys
b = json.load(open(sys.argv[1]))
assert b["format"] == "ze-slm-baseline/2", b
assert b["thresholds"] == {"slow_below": 0.9, "low_below": 0.9, "slow_fail": 0.5, "low_fail": 0.5, "workload_floor": 0.5}, b
m = b["models"]
assert len(m) == 1 and m[0]["devices"] == 4 and m[0]["name"] and "driver" in m[0], m
assert all(r["rate"] > 0 and r["devices"] == 4 for r in m[0]["results"]) and len(m[0]["results"]) >= 2, m
PY
"$bench" merge "$tmp/good/"*.json --baseline "$tmp/base.json" >"$tmp/g.out" 2>&1 || fail "the healthy fleet against its baseline: $(cat "$tmp/g.out")"
grep -q "^Verdicts: 4 PASS" "$tmp/g.out" || fail "$(cat "$tmp/g.out")"
$gen "$tmp/one.json" "$tmp/slower" --ranks 4 --slow 0:0.7 --slow 1:0.7 --slow 2:0.7 --slow 3:0.7
"$bench" merge "$tmp/slower/"*.json --baseline "$tmp/base.json" --fail-on warn >"$tmp/s.out" 2>&1
[ $? -eq 3 ] || fail "a fleet 30% below its baseline did not exit 3: $(cat "$tmp/s.out")"
grep -q "^Verdicts: 4 LOW" "$tmp/s.out" || fail "$(cat "$tmp/s.out")"
# The file's threshold is the default; --low-below overrides it.
sed 's/"low_below": 0.9/"low_below": 0.5/' "$tmp/base.json" >"$tmp/base5.json"
"$bench" merge "$tmp/slower/"*.json --baseline "$tmp/base5.json" >"$tmp/s5.out" 2>&1 || fail "low_below 0.5: $(cat "$tmp/s5.out")"
"$bench" merge "$tmp/slower/"*.json --baseline "$tmp/base5.json" --low-below 0.9 --fail-on warn >/dev/null 2>&1
[ $? -eq 3 ] || fail "--low-below did not override the file's threshold"
# Every threshold is the file's where no option says one: its low_fail of 0.8 makes the
# fleet at 0.7 LOW of level FAIL, --low-fail 0.5 a WARN again; its slow_below of 0.6 and
# slow_fail of 0.55 leave a rank at 0.7 of its peers unflagged, then one at 0.5 below the floor.
sed 's/"low_fail": 0.5/"low_fail": 0.8/' "$tmp/base.json" >"$tmp/base8.json"
"$bench" merge "$tmp/slower/"*.json --baseline "$tmp/base8.json" >"$tmp/s8.out" 2>&1
[ $? -eq 4 ] && grep -q '^LOW .*(FAIL below 0.80) \[ZESLM_FR_LOW_FLOOR, FAIL\]$' "$tmp/s8.out" ||
    fail "the file's low_fail 0.8 did not judge 0.7 a FAIL: $(cat "$tmp/s8.out")"
"$bench" merge "$tmp/slower/"*.json --baseline "$tmp/base8.json" --low-fail 0.5 >"$tmp/s8o.out" 2>&1 ||
    fail "--low-fail did not override the file's: $(cat "$tmp/s8o.out")"
sed 's/"slow_below": 0.9/"slow_below": 0.6/; s/"slow_fail": 0.5/"slow_fail": 0.55/' "$tmp/base.json" >"$tmp/base6.json"
$gen "$tmp/one.json" "$tmp/one-slow" --ranks 4 --slow 3:0.7
"$bench" merge "$tmp/one-slow/"*.json --baseline "$tmp/base6.json" --fail-on warn --low-below 0.5 >"$tmp/s6.out" 2>&1 ||
    fail "the file's slow_below 0.6 flagged a rank at 0.7: $(cat "$tmp/s6.out")"
$gen "$tmp/one.json" "$tmp/half" --ranks 4 --slow 3:0.52
"$bench" merge "$tmp/half/"*.json --baseline "$tmp/base6.json" --low-below 0.5 >"$tmp/s55.out" 2>&1
[ $? -eq 4 ] && grep -q '^SLOW .*(FAIL below 0.55) \[ZESLM_FR_SLOW_FLOOR, FAIL\]$' "$tmp/s55.out" ||
    fail "the file's slow_fail 0.55 did not judge 0.52 a FAIL: $(cat "$tmp/s55.out")"
# A file of format /1 (low_below alone) still reads: its other thresholds the defaults.
python3 - "$tmp/base.json" "$tmp/base1.json" <<'PY' || exit 1
import json, sys
b = json.load(open(sys.argv[1]))
b["format"], b["thresholds"] = "ze-slm-baseline/1", {"low_below": 0.8}
json.dump(b, open(sys.argv[2], "w"))
PY
"$bench" merge "$tmp/slower/"*.json --baseline "$tmp/base1.json" >"$tmp/s1.out" 2>&1 &&
    grep -q '^LOW .*(LOW below 0.80) \[ZESLM_FR_LOW, WARN\]$' "$tmp/s1.out" || fail "a /1 file: $(cat "$tmp/s1.out")"
# A threshold that is not a share, or one /2 lacks: one error line, exit 1.
for bad in '"low_fail": 1.5' '"low_fail": "half"' '"low_fail": 0'; do
    sed "s/\"low_fail\": 0.5/$bad/" "$tmp/base.json" >"$tmp/bad.json"
    "$bench" merge "$tmp/good/"*.json --baseline "$tmp/bad.json" >"$tmp/bad.out" 2>&1
    [ $? -eq 1 ] && [ "$(wc -l <"$tmp/bad.out")" -eq 1 ] &&
        grep -q "^ze-slm-bench: error: $tmp/bad.json: not a baseline file of format ze-slm-baseline/2: thresholds.low_fail is not a share above 0 and at most 1$" "$tmp/bad.out" ||
        fail "a low_fail of $bad: $(cat "$tmp/bad.out")"
done
python3 - "$tmp/base.json" "$tmp/bad.json" <<'PY' || exit 1
import json, sys
b = json.load(open(sys.argv[1]))
del b["thresholds"]["workload_floor"]
json.dump(b, open(sys.argv[2], "w"))
PY
"$bench" merge "$tmp/good/"*.json --baseline "$tmp/bad.json" >"$tmp/bad.out" 2>&1
[ $? -eq 1 ] && grep -q "thresholds.workload_floor is not a share" "$tmp/bad.out" || fail "no workload_floor: $(cat "$tmp/bad.out")"
# Another format is refused by name, with one line.
sed 's#ze-slm-baseline/2#ze-slm-baseline/9#' "$tmp/base.json" >"$tmp/base9.json"
"$bench" merge "$tmp/good/"*.json --baseline "$tmp/base9.json" >"$tmp/b9.out" 2>&1
[ $? -eq 1 ] || fail "a baseline of format 9 was taken: $(cat "$tmp/b9.out")"
grep -q "format 'ze-slm-baseline/9': this tool reads ze-slm-baseline/2 and ze-slm-baseline/1" "$tmp/b9.out" || fail "$(cat "$tmp/b9.out")"
echo "ok"
