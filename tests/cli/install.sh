#!/bin/sh
# SPDX-License-Identifier: MIT
# `cmake --install` into a fresh prefix puts every promised file in place, no installed
# file holds the source or the build folder (`strings` over each), the tool finds its
# data there, and the examples in docs/examples/ (C, and from_cpp in C++) build against
# that tree, once through find_package(zeslm) and once through pkg-config as
# docs/library.md says (its run path from `pkg-config --variable=libdir`), into
# WORK/by-cmake and WORK/by-pkg-config; from_cpp runs here (it needs no device), the
# others in tests/device/run_examples.sh on each backend (CTest: a fixture).
# usage: install.sh BUILD_DIR SOURCE_DIR WORK
set -eu
build=$1
src=$2
work=$3
rm -rf "$work"
mkdir -p "$work"
prefix=$work/prefix

cmake --install "$build" --prefix "$prefix" >/dev/null
for f in bin/ze-slm-bench bin/ze-slm-plot include/zeslm/zeslm.h include/zeslm/device.h include/zeslm/backends.h \
         include/zeslm/bench.h include/zeslm/measure.h include/zeslm/version.h \
         share/man/man1/ze-slm-bench.1 share/bash-completion/completions/ze-slm-bench \
         share/zsh/site-functions/_ze-slm-bench share/fish/vendor_completions.d/ze-slm-bench.fish share/ze-slm/expected.json; do
    test -s "$prefix/$f" || { echo "not installed: $f" >&2; exit 1; }
done
for f in libzeslm.so libzeslm.a pkgconfig/zeslm.pc cmake/zeslm/zeslmConfig.cmake; do
    test -n "$(find "$prefix" -path "*/$f" | head -n 1)" || { echo "not installed: $f" >&2; exit 1; }
done
# The library's private headers stay private.
for h in bench_internal.h backend.h error.h; do
    test ! -e "$prefix/include/zeslm/$h" || { echo "private $h installed" >&2; exit 1; }
done
"$prefix/bin/ze-slm-bench" --version
"$prefix/bin/ze-slm-plot" --version
# Only generated man pages: no template.
test -z "$(find "$prefix" -name '*.in')" || { echo "a template installed: $(find "$prefix" -name '*.in')" >&2; exit 1; }
# No installed file names the folders it was built from: the tool finds its data
# relative to itself, the debug information names files relative to the tree.
for dir in "$src" "$build" "$(cd "$src" && pwd -P)" "$(cd "$build" && pwd -P)"; do
    dir=${dir%/}
    find "$prefix" -type f | while read -r f; do
        if strings -a "$f" | grep -qF "$dir"; then
            echo "$f holds $dir:" >&2
            strings -a "$f" | grep -F "$dir" | head -n 3 >&2
            exit 1
        fi
    done
done
# ... and reads the table of expected values from the prefix, wherever that is.
"$prefix/bin/ze-slm-bench" limits --target pvc >"$work/limits.txt" 2>&1 ||
    { echo "limits --target pvc: $(cat "$work/limits.txt")" >&2; exit 1; }
# (The sentence is wrapped to the terminal: compared without spaces and line breaks.)
tr -d ' \n' <"$work/limits.txt" | grep -qF "judgedagainst($(cd "$prefix" && pwd -P)/share/ze-slm/expected.json)" ||
    { echo "the table of expected values was not read from the prefix:" >&2; cat "$work/limits.txt" >&2; exit 1; }
# Every installed header compiles on its own, as a third party includes it: C11, C99
# and C++11.
for h in "$prefix"/include/zeslm/*.h; do
    for how in "cc -std=c11 -x c" "cc -std=c99 -pedantic -x c" "c++ -std=c++11 -pedantic -x c++"; do
        # shellcheck disable=SC2086
        printf '#include <zeslm/%s>\n' "$(basename "$h")" |
            ${how% -x *} -Wall -Wextra -Werror -fsyntax-only -I"$prefix/include" -x ${how##* -x } - ||
            { echo "$h does not compile alone ($how)" >&2; exit 1; }
    done
done
# The shared library exports the public API and keeps its helpers to itself.
so=$(find "$prefix" -name libzeslm.so | head -n 1)
for sym in zeslm_kernel_build zeslm_workload_run zeslm_results_at zeslm_version zeslm_measure; do
    nm -D --defined-only "$so" | grep -q " $sym$" || { echo "$sym not exported" >&2; exit 1; }
done
if nm -D --defined-only "$so" | grep -E " (zeslm_fail|bench_[a-z_]+)$"; then
    echo "private symbols exported" >&2
    exit 1
fi

echo "== find_package(zeslm)"
cmake -S "$src/docs/examples" -B "$work/by-cmake" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$work/by-cmake" >/dev/null

echo "== pkg-config zeslm"
pc_dir=$(dirname "$(find "$prefix" -name zeslm.pc | head -n 1)")
mkdir -p "$work/by-pkg-config"
for example in slm_reverse slm_transpose list_run; do
    # docs/library.md's line, with the prefix's pkgconfig folder on the search path.
    # shellcheck disable=SC2046
    PKG_CONFIG_PATH="$pc_dir" sh -c 'cc -std=c11 -Wall -Werror -o "$1" "$2" $(pkg-config --cflags --libs zeslm) \
        -Wl,-rpath,"$(pkg-config --variable=libdir zeslm)"' sh "$work/by-pkg-config/$example" \
        "$src/docs/examples/$example.c"
done
# shellcheck disable=SC2046
PKG_CONFIG_PATH="$pc_dir" sh -c 'c++ -std=c++11 -Wall -Werror -o "$1" "$2" $(pkg-config --cflags --libs zeslm) \
    -Wl,-rpath,"$(pkg-config --variable=libdir zeslm)"' sh "$work/by-pkg-config/from_cpp" "$src/docs/examples/from_cpp.cpp"
for how in by-cmake by-pkg-config; do
    echo "== $how/from_cpp"
    "$work/$how/from_cpp"
done
# The run paths point into the prefix: the examples run with no LD_LIBRARY_PATH.
for example in slm_reverse slm_transpose list_run from_cpp; do
    for how in by-cmake by-pkg-config; do
        ldd "$work/$how/$example" | grep -q "libzeslm.so.* => $prefix/" ||
            { echo "$how/$example does not find libzeslm in the prefix" >&2; ldd "$work/$how/$example" >&2; exit 1; }
    done
done
