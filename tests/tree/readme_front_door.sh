#!/bin/sh
# SPDX-License-Identifier: MIT
# The README is the front door, not the archive: at most 12 KB (12288 bytes) of what a
# reader sees (the figure marks, <!-- fig FILE | ... -->, that doc_figures checks each
# figure against its results file by, are not counted), and
# neither it nor docs/ names an issue by its number (the word, then digits, with or
# without a space) or a dated tree ("the tree of 2026-11-23"): what is true now is said
# without its history. Every relative link of the README and of docs/ names a file or
# folder that exists.
# Usage: readme_front_door.sh SOURCE_DIR
set -eu
root=$1
readme=$root/README.md
test -f "$readme" || { echo "no $readme" >&2; exit 1; }
size=$(sed 's/<!-- fig [^>]*-->//g' "$readme" | wc -c)
if [ "$size" -gt 12288 ]; then
    echo "README.md is $size bytes without its figure marks, over 12 KB (12288): move the detail into docs/" >&2
    exit 1
fi
found=$(grep -rniE 'issues? ?#?[0-9]+|tree (of|at|from) [0-9]{4}-[0-9]{2}|final tree' "$readme" "$root/docs" \
    --include='*.md' || true)
if [ -n "$found" ]; then
    echo "issue numbers or dated trees in README.md or docs/:" >&2
    echo "$found" >&2
    exit 1
fi
# Markdown links and images: ](target) with no scheme, less any #anchor, relative to the
# page's folder.
missing=""
for page in "$readme" "$root"/docs/*.md; do
    [ -f "$page" ] || continue
    for target in $(grep -oE '\]\([^)#:]+' "$page" | sed 's/^](//'); do
        [ -e "$(dirname "$page")/$target" ] || missing="$missing $page:$target"
    done
done
if [ -n "$missing" ]; then
    echo "links to what does not exist:$missing" >&2
    exit 1
fi
