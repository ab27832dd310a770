#!/bin/sh
# SPDX-License-Identifier: MIT
# The JSON Schema of the results document (share/schema/, written from the record
# tables by ze-slm-gendocs) holds: every committed results document validates against
# it; the documents this build writes (run --json on the device there is, merge --json
# of two of them, merge --json of a fixture, a rank's file, a run killed as its file
# grew) validate against the stricter schema of
# what this version writes; and a document with a member of the wrong type, or a
# member no row has, fails both.
# usage: json_schema.sh path/to/ze-slm-bench path/to/ze-slm-gendocs SOURCE_DIR
set -eu
bench=$1
gen=$2
src=$3
check=$src/tests/cli/run/schema_check.py
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
read_schema=$src/share/schema/ze-slm-results.schema.json
"$gen" schema --written "$tmp/written.schema.json"

# Every committed results document of this schema number: results/ and the fixtures.
docs=$(cd "$src" && find results tests/fixtures/documents -name '*.json' | sort)
n=0
for d in $docs; do
    version=$(python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
print(d.get("schema", 0) if isinstance(d, dict) and "devices" in d else "none")' "$src/$d")
    case $version in
    none) ;;
    3) set -- "$@" "$src/$d"; n=$((n + 1)) ;;
    *) echo "$d: schema $version, older than this JSON Schema's 3: not validated" ;;
    esac
done
shift 3
[ "$n" -ge 8 ] || { echo "only $n committed results documents found"; exit 1; }
python3 "$check" "$read_schema" "$@"

# What this build writes.
"$bench" run reduce hist --quick --reps 2 --json "$tmp/a.json" >/dev/null
"$bench" run reduce --quick --reps 2 --json "$tmp/b.json" >/dev/null
"$bench" merge --fail-on none --json "$tmp/ab.json" "$tmp/a.json" "$tmp/b.json" >/dev/null
"$bench" merge --fail-on none --json "$tmp/fixture.json" "$src/tests/fixtures/documents/h100-one-vs-two.json" >/dev/null
# A rank's file (run --json DIR/ under a launcher), and a run killed (SIGKILL) once its file
# had grown in place by a second and a third workload (run/run_file.c): whole documents too.
mkdir "$tmp/ranks"
SLURM_PROCID=1 SLURM_LOCALID=0 SLURM_NTASKS=2 "$bench" run reduce --quick --reps 2 --json "$tmp/ranks/" >/dev/null
set -- "$tmp/ranks/"*-1.json
[ -f "$1" ] || { echo "no rank file in: $(ls "$tmp/ranks")"; exit 1; }
rank_file=$1
"$bench" run --quick --reps 2 --json "$tmp/killed.json" >/dev/null 2>&1 &
pid=$!
grown=0
for _ in $(seq 1200); do
    # A read during a write may meet it under way: tried again.
    if python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
sys.exit(0 if len({r["workload"] for r in d["devices"][0]["results"]}) >= 3 and not d["complete"] else 1)' \
        "$tmp/killed.json" 2>/dev/null; then
        grown=1
        break
    fi
    kill -0 $pid 2>/dev/null || break
    sleep 0.05
done
kill -KILL $pid 2>/dev/null || true
wait $pid 2>/dev/null || true
[ $grown = 1 ] || { echo "the run's file never held three workloads while it ran"; exit 1; }
for s in "$read_schema" "$tmp/written.schema.json"; do
    python3 "$check" "$s" "$tmp/a.json" "$tmp/b.json" "$tmp/ab.json" "$tmp/fixture.json" "$rank_file" "$tmp/killed.json"
done

# Planted faults: each must fail against both.
python3 - "$tmp/a.json" "$tmp" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
measured = next(r for r in doc["devices"][0]["results"] if r["outcome"] == "measured")
measured["median_ns"] = str(measured["median_ns"])
json.dump(doc, open(sys.argv[2] + "/wrong_type.json", "w"))
doc = json.load(open(sys.argv[1]))
doc["devices"][0]["no_such_member"] = 1
json.dump(doc, open(sys.argv[2] + "/unknown_member.json", "w"))
doc = json.load(open(sys.argv[1]))
del doc["devices"][0]["results"][0]["workload"]
json.dump(doc, open(sys.argv[2] + "/missing_member.json", "w"))
PY
for s in "$read_schema" "$tmp/written.schema.json"; do
    for planted in wrong_type unknown_member missing_member; do
        if python3 "$check" "$s" "$tmp/$planted.json" >"$tmp/out" 2>&1; then
            echo "$planted.json passed $s"
            exit 1
        fi
        grep -E 'median_ns|no_such_member|workload' "$tmp/out" | head -1
    done
done
# A merged document without a member this version always writes: only the stricter fails.
python3 -c 'import json, sys
d = json.load(open(sys.argv[1])); del d["devices"][0]["size_scale"]; json.dump(d, open(sys.argv[2], "w"))' \
    "$tmp/ab.json" "$tmp/unwritten.json"
python3 "$check" "$read_schema" "$tmp/unwritten.json" >/dev/null
if python3 "$check" "$tmp/written.schema.json" "$tmp/unwritten.json" >/dev/null; then
    echo "a device without size_scale passed the written schema"
    exit 1
fi
echo ok
