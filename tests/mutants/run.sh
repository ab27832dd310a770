#!/bin/sh
# SPDX-License-Identifier: MIT
# The mutation check: each realistic bug of mutations.tsv planted in turn in a scratch
# copy of the tree, built incrementally, and the tests that should catch it run; a
# mutation they do not catch (a survivor) fails the check, by name. The tests first run
# on the unmutated copy, so that a test failing for another reason is not counted as a
# catch. The copy and its build stay in WORK between runs (default build/mutants), so a
# second run builds only what the mutations touch.
#
# usage: tests/mutants/run.sh [--ci] [--work DIR] [--from BUILD] [NAME...]
#   --ci         only the mutations marked ci (what CI runs: a few minutes once built)
#   --from BUILD the tree's own build (default build/), whose intel-cl runtime the copy
#                borrows for the Level Zero test driver's tests
#   NAME...      only these mutations
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
table=$root/tests/mutants/mutations.tsv
work=$root/build/mutants
from=$root/build
ci=false
while [ $# -gt 0 ]; do
    case $1 in
        --ci) ci=true ;;
        --work) work=$2; shift ;;
        --from) from=$2; shift ;;
        -*) echo "usage: tests/mutants/run.sh [--ci] [--work DIR] [--from BUILD] [NAME...]" >&2; exit 2 ;;
        *) break ;;
    esac
    shift
done
# The table as it is now: the copy below is of the tree as it is now too.
mkdir -p "$work" || exit 2
cp "$table" "$work/mutations.tsv" || exit 2
table=$work/mutations.tsv
tab=$(printf '\t')
# The selected rows, comments and blank lines left out.
rows=$(grep -v '^#' "$table" | grep . | while IFS=$tab read -r name mark file from_text to_text targets tests; do
    if [ $# -gt 0 ]; then
        for want in "$@"; do [ "$want" = "$name" ] && printf '%s\n' "$name"; done
    elif [ "$ci" = false ] || [ "$mark" = ci ]; then
        printf '%s\n' "$name"
    fi
done)
[ -n "$rows" ] || { echo "mutants: no mutation selected (names: $(grep -v '^#' "$table" | cut -f1 | tr '\n' ' '))" >&2; exit 2; }
for want in "$@"; do
    printf '%s\n' "$rows" | grep -qx "$want" || { echo "mutants: no mutation named $want" >&2; exit 2; }
done
field() { # field NAME COLUMN: one column of NAME's row
    grep -v '^#' "$table" | awk -F "$tab" -v n="$1" -v c="$2" '$1 == n { print $c }'
}

# The scratch copy: the tree's files as they are now (committed or not). A file whose
# content changed since the last run is written anew (a new time, later than any
# object built from the old one: the tree's own times may be older) and one the tree
# no longer has is removed, so that only what changed is built again; the mutated
# files touched, as the last run may have left their objects mutated.
src=$work/src
bld=$work/build
mkdir -p "$src" "$bld" || exit 2
(cd "$root" && git ls-files -z --cached --others --exclude-standard) | python3 -c '
import os, sys
root, src = sys.argv[1], sys.argv[2]
names = {n for n in sys.stdin.buffer.read().decode().split("\0") if n and os.path.isfile(os.path.join(root, n))}
for n in names:
    data = open(os.path.join(root, n), "rb").read()
    dst = os.path.join(src, n)
    try:
        same = open(dst, "rb").read() == data
    except OSError:
        same = False
    if not same:
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        with open(dst, "wb") as f:
            f.write(data)
        os.chmod(dst, os.stat(os.path.join(root, n)).st_mode)
for d, _, files in os.walk(src):
    for f in files:
        if os.path.relpath(os.path.join(d, f), src) not in names:
            os.remove(os.path.join(d, f))
' "$root" "$src" || { echo "mutants: cannot copy the tree to $src" >&2; exit 2; }
for name in $rows; do
    file=$(field "$name" 3)
    [ -f "$src/$file" ] && touch "$src/$file"
done
if [ ! -f "$bld/CMakeCache.txt" ]; then
    cmake -S "$src" -B "$bld" -DCMAKE_BUILD_TYPE=RelWithDebInfo >"$work/configure.log" 2>&1 ||
        { echo "mutants: configure failed: $work/configure.log" >&2; exit 2; }
fi
[ -e "$bld/intel-cl" ] || [ ! -f "$from/intel-cl/env" ] || ln -s "$(cd "$from/intel-cl" && pwd)" "$bld/intel-cl"

targets= tests=
for name in $rows; do
    targets="$targets $(field "$name" 6)"
    tests="$tests|$(field "$name" 7)"
done
tests=${tests#|}
# shellcheck disable=SC2086
build() { cmake --build "$bld" -j2 --target $targets >"$work/build.log" 2>&1; }
echo "== the unmutated copy: building$targets, running $tests"
build || { echo "mutants: the unmutated copy does not build: $work/build.log" >&2; exit 2; }
ctest --test-dir "$bld" -R "$tests" --output-on-failure >"$work/baseline.log" 2>&1 ||
    { echo "mutants: the tests fail without a mutation: $work/baseline.log" >&2; tail -n 20 "$work/baseline.log" >&2; exit 2; }

survivors= errors=
for name in $rows; do
    file=$(field "$name" 3)
    # A file moved since the mutation was written: the one file of that name, said so.
    if [ ! -f "$src/$file" ]; then
        moved=$(cd "$src" && find . -name "$(basename "$file")" -type f | sed 's|^\./||')
        [ "$(printf '%s\n' "$moved" | grep -c .)" -eq 1 ] && echo "   ($file is now $moved)" && file=$moved
    fi
    cp "$src/$file" "$work/original" 2>/dev/null || { echo "$name: ERROR no file $file"; errors="$errors $name"; continue; }
    if ! python3 - "$src/$file" "$(field "$name" 4)" "$(field "$name" 5)" <<'PY'; then
import sys
path, old, new = sys.argv[1], sys.argv[2].replace("\\n", "\n"), sys.argv[3].replace("\\n", "\n")
text = open(path).read()
if text.count(old) != 1:
    sys.exit("the text to replace occurs %d times in %s" % (text.count(old), path))
open(path, "w").write(text.replace(old, new))
PY
        echo "$name: ERROR the mutation no longer applies to $file: update mutations.tsv"
        errors="$errors $name"
        continue
    fi
    start=$(date +%s)
    if ! build; then
        verdict="ERROR it does not build ($work/build.log)"
        errors="$errors $name"
    elif ctest --test-dir "$bld" -R "$(field "$name" 7)" --output-on-failure >"$work/$name.log" 2>&1; then
        verdict="SURVIVED: $(field "$name" 7) passed ($work/$name.log)"
        survivors="$survivors $name"
    else
        verdict="caught: $(sed -n 's/^[[:space:]]*[0-9]* - \(.*\) (.*)$/\1/p' "$work/$name.log" | tr '\n' ' ')failed"
    fi
    # A new time on the restored file: its object is built again next time.
    cat "$work/original" >"$src/$file"
    echo "$name: $verdict ($(($(date +%s) - start)) s)"
done
build >/dev/null 2>&1
[ -z "$errors" ] || echo "mutations in error:$errors"
[ -z "$survivors" ] || echo "survivors:$survivors"
[ -z "$errors$survivors" ] && echo "every mutation caught ($(printf '%s\n' "$rows" | wc -l))"
[ -z "$errors$survivors" ]
