#!/bin/sh
# SPDX-License-Identifier: MIT
# A workload joins by its own files: a copy of the source tree gets a toy workload
# (tests/fixtures/toy_workload/: its source src/workloads/wl_toy.c, its kernel
# kernels/toy.cl, its test tests/workloads/toy.c) and nothing else, and its build lists
# it, runs it on the OpenCL device, and passes its test and the workloads test. Then
# what a registered workload must bring is refused without it: without its test the
# configure step fails, without its cost or its kernel the workloads test does.
# Builds the library, the tool and two tests alone (no zebins, no Level Zero).
# usage: workload_toy.sh SOURCE_DIR WITH_OPENCL(ON|OFF)
set -eu
src=$1
with_cl=$2
# One backend is enough to build: OpenCL where the build has it (the toy then runs on
# PoCL), else Level Zero (CI's build without OpenCL).
with_ze=OFF
[ "$with_cl" = ON ] || with_ze=ON
tmp=$(mktemp -d "${TMPDIR:-/tmp}/workload_toy.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
tree=$tmp/tree
b=$tmp/build
mkdir "$tree"
fail() {
    echo "workload_toy: $*" >&2
    exit 1
}

# The tree as it is, committed or not, without builds: git's files where it is a clone.
if git -C "$src" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    (cd "$src" && git ls-files -z --cached --others --exclude-standard | xargs -0 sh -c \
        'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh | tar --null -T - -cf -) | tar -C "$tree" -xf -
else
    (cd "$src" && tar --exclude=./.git --exclude='./build*' -cf - .) | tar -C "$tree" -xf -
fi
(cd "$tree" && find . -type f | sort | xargs md5sum) >"$tmp/before"

toy=$src/tests/fixtures/toy_workload
cp "$toy/wl_toy.c" "$tree/src/workloads/wl_toy.c"
cp "$toy/toy.cl" "$tree/kernels/toy.cl"
mkdir -p "$tree/tests/workloads"
cp "$toy/toy_test.c" "$tree/tests/workloads/toy.c"

# Only its three files are new, and no file of the tree changed.
(cd "$tree" && find . -type f | sort | xargs md5sum) >"$tmp/after"
diff "$tmp/before" "$tmp/after" | sed -n 's/^[<>] [0-9a-f]*  //p' >"$tmp/changed"
printf '%s\n' ./kernels/toy.cl ./src/workloads/wl_toy.c ./tests/workloads/toy.c >"$tmp/own"
diff "$tmp/own" "$tmp/changed" || fail "the toy touched more than its own three files"

configure() {
    cmake -S "$tree" -B "$b" -DCMAKE_BUILD_TYPE=Debug -DZESLM_AOT_TARGETS= -DZESLM_WITH_LEVEL_ZERO="$with_ze" \
        -DZESLM_WITH_MPI=OFF -DZESLM_WITH_OPENCL="$with_cl" >"$tmp/configure.log" 2>&1
}
build() {
    cmake --build "$b" -j2 --target "$@" >"$tmp/build.log" 2>&1 || { tail -n 30 "$tmp/build.log" >&2; return 1; }
}
configure || { tail -n 30 "$tmp/configure.log" >&2; fail "the tree with the toy did not configure"; }
targets="ze-slm-bench test_workloads"
[ "$with_cl" != ON ] || targets="$targets test_wl_toy"
# shellcheck disable=SC2086 # the targets are words
build $targets || fail "the tree with the toy did not build"
bench=$b/ze-slm-bench
"$bench" run --list >"$tmp/list" 2>&1 || { cat "$tmp/list" >&2; fail "run --list failed"; }
grep -q "^toy/reverse " "$tmp/list" || { cat "$tmp/list" >&2; fail "run --list does not show the toy"; }
"$b/tests/test_workloads" >"$tmp/wl.log" 2>&1 || { cat "$tmp/wl.log" >&2; fail "the workloads test failed on the toy"; }
if [ "$with_cl" = ON ]; then
    "$b/tests/test_wl_toy" >"$tmp/toy.log" 2>&1 || { cat "$tmp/toy.log" >&2; fail "the toy's own test failed"; }
    "$bench" run toy --backend cl --quick --json "$tmp/toy.json" >"$tmp/run.log" 2>&1 ||
        { cat "$tmp/run.log" >&2; fail "run toy failed"; }
    python3 - "$tmp/toy.json" <<'PY' || fail "the toy's run is not one measured, verified result"
import json, sys
doc = json.load(open(sys.argv[1]))
results = [r for d in doc["devices"] for r in d["results"]]
assert [r["workload"] for r in results] == ["toy"], results
assert results[0]["outcome"] == "measured" and results[0]["verified"], results[0]
PY
fi
echo "the toy workload joined by its own three files: listed, run and tested"

# Without its cost: the workloads test names it.
cp "$tree/src/workloads/wl_toy.c" "$tmp/wl_toy.c"
sed -i '/\.cost = &cost,/d' "$tree/src/workloads/wl_toy.c"
build test_workloads || fail "the toy without its cost did not build"
if "$b/tests/test_workloads" >"$tmp/wl.log" 2>&1; then
    fail "the workloads test passed a toy without its cost"
fi
grep -q "workload toy has no cost" "$tmp/wl.log" || { cat "$tmp/wl.log" >&2; fail "the refusal does not name the cost"; }
cp "$tmp/wl_toy.c" "$tree/src/workloads/wl_toy.c"
echo "refused without its cost"

# Without its kernel: the workloads test names the file.
mv "$tree/kernels/toy.cl" "$tmp/toy.cl"
configure || { tail -n 30 "$tmp/configure.log" >&2; fail "the tree without the toy's kernel did not configure"; }
build test_workloads || fail "the tree without the toy's kernel did not build"
if "$b/tests/test_workloads" >"$tmp/wl.log" 2>&1; then
    fail "the workloads test passed a toy without its kernel"
fi
grep -q "toy/reverse: no kernel file kernels/toy.cl" "$tmp/wl.log" ||
    { cat "$tmp/wl.log" >&2; fail "the refusal does not name the kernel"; }
mv "$tmp/toy.cl" "$tree/kernels/toy.cl"
echo "refused without its kernel"

# Without its test: the configure step names it.
rm "$tree/tests/workloads/toy.c"
if configure; then
    fail "a toy without its test configured"
fi
grep -q "workload toy has no test" "$tmp/configure.log" ||
    { tail -n 30 "$tmp/configure.log" >&2; fail "the refusal does not name the test"; }
echo "refused without its test"
