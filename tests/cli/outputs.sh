#!/bin/sh
# SPDX-License-Identifier: MIT
# One result, many writers: `run --list --json` names every variant; `run BENCH/VARIANT`
# runs that variant alone, `run BENCH/A,B` those two alone; `--markdown -` writes tables
# holding what the JSON holds; the CSV's header is the JSON's keys; summaries come as
# findings the plot can read.
# usage: outputs.sh path/to/ze-slm-bench
set -eu
bench=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
small="--quick --reps 2 --warmup 1"

"$bench" run --list --json >"$tmp/list.json"
"$bench" run --list >"$tmp/list.txt"
"$bench" run --list hist/copies --json - >"$tmp/one.json"
"$bench" run --list hist/copies,lanes --json - >"$tmp/two.json"
"$bench" run --list hist/copies,lanes >"$tmp/two.txt"
"$bench" run --list reduce/many_sg16,sequential --json - >"$tmp/whole1.json"
"$bench" run --list reduce/many,many_sg16 --json - >"$tmp/whole2.json"
"$bench" run reduce/many,sequential $small --json "$tmp/pair.json" >/dev/null
"$bench" run hist/copies $small --json "$tmp/copies.json" >"$tmp/copies.txt"
"$bench" run bank reduce $small --markdown - --json "$tmp/md.json" --csv "$tmp/md.csv" >"$tmp/md.md" 2>"$tmp/md.txt"
python3 - "$tmp" <<'PY'
import csv, json, sys
d = sys.argv[1]
listing = json.load(open(d + "/list.json"))
names = [v["name"] for v in listing["variants"]]
assert len(names) == len(set(names)), "a variant listed twice"
for want in ("roofline/read", "reduce/doc_tree", "bank/strided", "conv/tiled", "hist/copies", "occupancy/barrier",
             "latency/slm_atomic", "atomics/global_max_f32"):
    assert want in names, want
baselines = {v["bench"] for v in listing["variants"] if v["baseline"]}
assert baselines == {"reduce", "bank", "conv", "hist"}, baselines
# A header, then one line a variant (then, where columns were left out to fit, the note
# that names them).
text = [l for l in open(d + "/list.txt").read().splitlines() if not l.startswith(("(", " "))]
assert len(text) == len(names) + 1, (len(text), len(names))
assert [v["name"] for v in json.load(open(d + "/one.json"))["variants"]] == ["hist/copies"]
assert [v["name"] for v in json.load(open(d + "/two.json"))["variants"]] == ["hist/copies", "hist/lanes"]
two = [l for l in open(d + "/two.txt").read().splitlines() if not l.startswith(("(", " "))]
assert [l.split()[0] for l in two[1:]] == ["hist/copies", "hist/lanes"], two
# Names match whole: many is no prefix of many_sg16, nor one name twice.
for f, want in (("whole1", ["reduce/sequential", "reduce/many_sg16"]), ("whole2", ["reduce/many", "reduce/many_sg16"])):
    got = [v["name"] for v in json.load(open(d + "/" + f + ".json"))["variants"]]
    assert got == want, (f, got)

run = json.load(open(d + "/copies.json"))["devices"][0]
assert {(r["workload"], r["variant"]) for r in run["results"]} == {("hist", "copies")}, run["results"]
assert len(run["results"]) == 3 and all(r["verified"] for r in run["results"])
assert "copies   n=" in open(d + "/copies.txt").read()
pair = json.load(open(d + "/pair.json"))["devices"][0]
assert {(r["workload"], r["variant"]) for r in pair["results"]} == {("reduce", "many"), ("reduce", "sequential")}, \
    pair["results"]
assert all(r["verified"] for r in pair["results"]) and not pair["errors"], pair["errors"]

md = open(d + "/md.md").read()
doc = json.load(open(d + "/md.json"))["devices"][0]
assert md.startswith("# ze-slm-bench run: "), md[:80]
assert "\n## bank\n" in md and "\n## reduce\n" in md
# The results tables, before the closing summary (a table of its own, a row a workload).
tables, summary = md.split("\n### Summary\n")
assert "| bank | " in summary and "| reduce | " in summary, summary
rows = [l for l in tables.splitlines() if l.startswith("| ") and not l.startswith("| variant") and not l.startswith("| ---")]
assert len(rows) == len(doc["results"]), (len(rows), len(doc["results"]))
for head in ("| variant |", "| median |", "| min |", "| max |", "| verification |", "| ---: |"):
    assert head in md, head
assert "# ze-slm-bench" not in open(d + "/md.txt").read(), "Markdown went to the text stream"

header = next(csv.reader(open(d + "/md.csv")))
keys = [k for r in doc["results"] for k in r if k not in ("times_ns", "params")]
assert set(keys) <= set(header), set(keys) - set(header)
assert len(list(csv.DictReader(open(d + "/md.csv")))) == len(doc["results"])

f = doc["findings"]["bank"]
assert "banks_strided" in f and "banks_throughput" in f, f
assert doc["summaries"]["bank"].startswith("Banks (strided): "), doc["summaries"]
print("ok:", len(names), "variants,", len(doc["results"]), "results in Markdown")
PY
