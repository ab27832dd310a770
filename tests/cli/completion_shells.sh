#!/bin/sh
# SPDX-License-Identifier: MIT
# The zsh and fish completions, written from the same tables as bash's: fish asked
# what it completes; zsh's function run with its completion builtins stood in for by
# ones that print what they were given (zsh completes only in an interactive line
# editor), so each command's option specs and operands are checked as zsh reads them.
# usage: completion_shells.sh SHARE_COMPLETION_DIR
set -u
dir=$1
command -v zsh >/dev/null && command -v fish >/dev/null || { echo "zsh or fish missing (scripts/bootstrap.sh installs them)"; exit 77; }
failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

# fish: complete -C answers as on a command line.
fishc() {
    fish -c "source '$dir/ze-slm-bench.fish'; complete -C '$1'" | cut -f1 | tr '\n' ' ' | sed 's/ $//'
}
expect_fish() {
    got=$(fishc "$2")
    [ "$got" = "$1" ] && echo "ok   fish ($2): $got" || fail "fish ($2): '$got', want '$1'"
}
expect_fish "--size" "ze-slm-bench run --si"
expect_fish "--quick --quiet" "ze-slm-bench run --qui"
expect_fish "--trace" "ze-slm-bench profile --tr"
expect_fish "--sides" "ze-slm-bench compare --si"
expect_fish "compare" "ze-slm-bench comp"
expect_fish "hist/lanes" "ze-slm-bench run hist/la"
expect_fish "pvc" "ze-slm-bench inspect --target p"
fishc "ze-slm-bench run --trace " >/dev/null

# zsh: the function as autoloaded, over stand-ins that print their arguments.
zshc() {
    zsh -f -c "
        fpath=('$dir' \$fpath)
        _arguments() { print -rl -- \"\$@\" }
        _describe() { print -rl -- \"\${(@P)4}\" }
        autoload -Uz _ze-slm-bench
        words=($1)
        CURRENT=\${#words}
        _ze-slm-bench"
}
zshc "ze-slm-bench r" >"${TMPDIR:-/tmp}/zsh.$$" 2>&1
grep -q "^run:run the SLM workloads" "${TMPDIR:-/tmp}/zsh.$$" && echo "ok   zsh: the commands" || fail "zsh: no run among the commands: $(head -3 "${TMPDIR:-/tmp}/zsh.$$")"
zshc "ze-slm-bench run --si" >"${TMPDIR:-/tmp}/zsh.$$" 2>&1
grep -q ')--size=\[the problem size' "${TMPDIR:-/tmp}/zsh.$$" && grep -q '^--quiet\[errors only' "${TMPDIR:-/tmp}/zsh.$$" &&
    grep -q '^\*:workload:(.* hist/lanes ' "${TMPDIR:-/tmp}/zsh.$$" && grep -q '^--trace=\[.*:file:_files$' "${TMPDIR:-/tmp}/zsh.$$" &&
    echo "ok   zsh: run's options and workloads" || fail "zsh: run's specs: $(head -5 "${TMPDIR:-/tmp}/zsh.$$")"
zshc "ze-slm-bench compare x" >"${TMPDIR:-/tmp}/zsh.$$" 2>&1
grep -q ')--sides\[' "${TMPDIR:-/tmp}/zsh.$$" && grep -q '^\*:file:_files$' "${TMPDIR:-/tmp}/zsh.$$" &&
    echo "ok   zsh: compare's options and files" || fail "zsh: compare's specs: $(head -5 "${TMPDIR:-/tmp}/zsh.$$")"
rm -f "${TMPDIR:-/tmp}/zsh.$$"
[ "$failures" -eq 0 ] && echo "completion_shells: ok"
[ "$failures" -eq 0 ]
