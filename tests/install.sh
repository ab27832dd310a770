#!/bin/sh
# `cmake --install` into a fresh prefix puts every promised file in place, and the
# examples in docs/examples/ build against that tree, once through find_package(zeslm)
# and once through pkg-config, and run (CTest points OpenCL at PoCL): slm_reverse
# drives a kernel of its own, list_run the measuring engine (include/zeslm/bench.h).
# usage: install.sh BUILD_DIR SOURCE_DIR [EXAMPLE ARGUMENTS]
set -eu
build=$1
src=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix

cmake --install "$build" --prefix "$prefix" >/dev/null
for f in bin/ze-slm-bench bin/ze-slm-plot include/zeslm/device.h include/zeslm/backends.h include/zeslm/bench.h \
         share/man/man1/ze-slm-bench.1 share/bash-completion/completions/ze-slm-bench; do
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
# Every installed header compiles on its own, as a third party includes it.
for h in "$prefix"/include/zeslm/*.h; do
    printf '#include <zeslm/%s>\n' "$(basename "$h")" |
        cc -std=c11 -Wall -Wextra -Werror -fsyntax-only -I"$prefix/include" -x c - ||
        { echo "$h does not compile alone" >&2; exit 1; }
done
# The shared library exports the public API and keeps its helpers to itself.
so=$(find "$prefix" -name libzeslm.so | head -n 1)
for sym in zeslm_kernel_build zeslm_workload_run zeslm_results_at zeslm_version; do
    nm -D --defined-only "$so" | grep -q " $sym$" || { echo "$sym not exported" >&2; exit 1; }
done
if nm -D --defined-only "$so" | grep -E " (zeslm_fail|bench_[a-z_]+)$"; then
    echo "private symbols exported" >&2
    exit 1
fi

echo "== find_package(zeslm)"
cmake -S "$src/docs/examples" -B "$work/by-cmake" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$work/by-cmake" >/dev/null
"$work/by-cmake/slm_reverse" "$@"
"$work/by-cmake/list_run" "$@" reduce/many >"$work/list_run.txt"
cat "$work/list_run.txt"
grep -q "^  reduce  *doc_tree sequential many" "$work/list_run.txt" || { echo "list_run: no workload list" >&2; exit 1; }
grep -q "^  many n=[0-9]*: median [0-9]* ns over 3 launches, .* verified" "$work/list_run.txt" ||
    { echo "list_run: no verified result" >&2; exit 1; }

echo "== pkg-config zeslm"
pc_dir=$(dirname "$(find "$prefix" -name zeslm.pc | head -n 1)")
lib_dir=$(dirname "$(find "$prefix" -name libzeslm.so | head -n 1)")
# shellcheck disable=SC2046
cc -std=c11 -Wall -Werror -o "$work/slm_reverse" "$src/docs/examples/slm_reverse.c" \
    $(PKG_CONFIG_PATH="$pc_dir" pkg-config --cflags --libs zeslm)
LD_LIBRARY_PATH="$lib_dir" "$work/slm_reverse" "$@"
# shellcheck disable=SC2046
cc -std=c11 -Wall -Werror -o "$work/list_run" "$src/docs/examples/list_run.c" \
    $(PKG_CONFIG_PATH="$pc_dir" pkg-config --cflags --libs zeslm)
LD_LIBRARY_PATH="$lib_dir" "$work/list_run" "$@" reduce/many >/dev/null
