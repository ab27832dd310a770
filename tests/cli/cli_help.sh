#!/bin/sh
# SPDX-License-Identifier: MIT
# --version and help [COMMAND]: exit 0, on stdout, and `help COMMAND` is exactly what
# `COMMAND --help` prints.
# usage: cli_help.sh path/to/ze-slm-bench VERSION
set -eu
bench=$1
version=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$bench" --version >"$tmp/version"
head -n 1 "$tmp/version" | grep -qxE "ze-slm-bench $version \(git ([0-9a-f]{7,}(-dirty)?|unknown)\)" || { echo "--version printed:"; cat "$tmp/version"; exit 1; }
grep -q "^backends in this build" "$tmp/version"

"$bench" help >"$tmp/help"
for cmd in devices limits run profile inspect compare help; do
    grep -q "^  $cmd " "$tmp/help" || { echo "help does not list $cmd"; exit 1; }
    "$bench" help "$cmd" >"$tmp/a"
    "$bench" "$cmd" --help >"$tmp/b"
    cmp -s "$tmp/a" "$tmp/b" || { echo "help $cmd differs from $cmd --help"; exit 1; }
    grep -q "^usage: ze-slm-bench" "$tmp/a" || { echo "help $cmd printed no usage"; exit 1; }
done
"$bench" help run | grep -q -- "--group-size"
echo "ok"
