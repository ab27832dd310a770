#!/bin/sh
# SPDX-License-Identifier: MIT
# merge --summary-only --openmetrics of 10,000 rank files (fleet_files.py, from a real
# run on PoCL) within 20 s, every device's gauges in the file as prometheus_client's
# parser reads it (fleet_exports.sh installs the parser; skipped where it could not).
# usage: openmetrics_scale.sh ZE_SLM_BENCH TESTS_DIR BUILD_DIR
set -u
bench=$1 dir=$2 build=$3
py=python3
python3 -c 'import prometheus_client' 2>/dev/null || py=$build/promvenv/bin/python
"$py" -c 'import prometheus_client' 2>/dev/null || { echo "SKIPPED: no prometheus_client (fleet_exports installs it)"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
OCL_ICD_VENDORS=/etc/OpenCL/vendors/pocl.icd "$bench" run --backend cl --quick --reps 3 reduce/many bank/strided \
    --json "$tmp/one.json" >"$tmp/one.out" 2>&1 || fail "the template run: $(cat "$tmp/one.out")"
python3 "$dir/cli/fleet/fleet_files.py" "$tmp/one.json" "$tmp/big" --ranks 10000 --per-host 8 --slow 4321:0.5
now() { python3 -c "import time; print(time.time())"; }
start=$(now)
"$bench" merge "$tmp/big/"*.json --summary-only --fail-on warn --openmetrics "$tmp/big.prom" >"$tmp/m.out" 2>&1
rc=$?
took=$(python3 -c "print(round($(now) - $start, 1))")
echo "10,000 rank files to --openmetrics: $took s"
[ "$rc" -eq 3 ] || fail "merge exited $rc, not 3: $(tail -3 "$tmp/m.out")"
python3 -c "import sys; sys.exit(not $took < 20)" || fail "took $took s, over 20"
"$py" - "$tmp/big.prom" <<'PY' || exit 1
import sys
from prometheus_client.parser import text_string_to_metric_families
fams = {f.name: f for f in text_string_to_metric_families(open(sys.argv[1]).read())}
fails = fams["zeslm_verdict_fails"].samples
assert len(fails) == 10000, len(fails)
bad = [s.labels["rank"] for s in fails if s.value == 1]
assert bad == ["4321"], bad
assert len(fams["zeslm_device_score"].samples) == 10000
PY
echo ok
