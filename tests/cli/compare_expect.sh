# SPDX-License-Identifier: MIT
# Sourced by the compare tests: `expect WANT_STATUS WANT_TEXT compare-arguments...` runs
# "$bench" compare and checks its exit status and text that stdout and stderr together
# must hold ("" for none), counting misses in $failures; the caller sets bench, tmp and
# failures.
expect() {
    want_rc=$1
    want_text=$2
    shift 2
    "$bench" compare "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ "$rc" -ne "$want_rc" ]; then
        echo "FAIL (compare $*): exit status $rc, not $want_rc"
        cat "$tmp/out" "$tmp/err"
        failures=$((failures + 1))
    elif [ -n "$want_text" ] && ! cat "$tmp/out" "$tmp/err" | grep -q "$want_text"; then
        echo "FAIL (compare $*): no '$want_text' in"
        cat "$tmp/out" "$tmp/err"
        failures=$((failures + 1))
    else
        echo "ok   (compare $*): exit status $rc"
    fi
}
