#!/bin/sh
# SPDX-License-Identifier: MIT
# The tree's top level is the project's card (docs/architecture.md, "Folders and layers"):
# CMakeLists.txt, src, include, kernels, spirv, tests, tools and README.md, with docs,
# scripts, share, reference and results; beside them only the licence, the changelog
# and CI's and git's own files. And no file holds a merge's conflict markers (one
# landed in docs/architecture.md once, and every test passed).
# The files are git's where ROOT is a work tree's top (build folders are not in it),
# else every file under ROOT.
# usage: layout.sh ROOT
set -u
root=$1
allowed=" CMakeLists.txt src include kernels spirv tests tools README.md docs scripts share reference results LICENSE CHANGELOG.md .ci .gitignore "
list=$(mktemp "${TMPDIR:-/tmp}/layout.XXXXXX")
trap 'rm -f "$list"' EXIT
if [ "$(git -C "$root" rev-parse --show-toplevel 2>/dev/null)" = "$(cd "$root" && pwd -P)" ]; then
    git -C "$root" ls-files >"$list" || { echo "FAIL: git ls-files in $root"; exit 1; }
else
    (cd "$root" && find . -type f | sed 's#^\./##') >"$list" || { echo "FAIL: cannot list $root"; exit 1; }
fi
[ -s "$list" ] || { echo "FAIL: no files under $root"; exit 1; }
bad=0
for top in $(cut -d/ -f1 "$list" | sort -u); do
    case $allowed in
    *" $top "*) ;;
    *)
        echo "not on the card's top level: $top"
        bad=1
        ;;
    esac
done
# A conflict's first and last lines; a line of '=' alone is also a Markdown heading's.
conflicts=$(cd "$root" && tr '\n' '\0' <"$list" | xargs -0 grep -I -l -E '^(<<<<<<<|>>>>>>>)( |$)' 2>/dev/null)
for f in $conflicts; do
    echo "merge conflict markers left in $f"
    bad=1
done
[ "$bad" = 0 ] || exit 1
echo "ok: $(wc -l <"$list") files, the card's top level, no conflict markers"
