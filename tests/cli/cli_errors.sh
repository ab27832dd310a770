#!/bin/sh
# SPDX-License-Identifier: MIT
# Bad input gets one clear error line on stderr and a non-zero exit, never a crash.
# usage: cli_errors.sh path/to/ze-slm-bench
bench=$1
failures=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

expect_error() {
    want=$1
    shift
    "$bench" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    lines=$(wc -l <"$tmp/err")
    if [ "$rc" -eq 0 ] || [ "$rc" -ge 128 ]; then
        echo "FAIL ($*): exit status $rc"
        failures=$((failures + 1))
    elif [ "$lines" -ne 1 ] || ! grep -q "^ze-slm-bench: error: .*$want" "$tmp/err"; then
        echo "FAIL ($*): stderr was:"
        cat "$tmp/err"
        failures=$((failures + 1))
    else
        echo "ok   ($*): $(cat "$tmp/err")"
    fi
}

expect_error "unknown command 'frobnicate' (try --help)" frobnicate
# A typo gets the nearest name (at most 2 edits, a swap of neighbours one).
expect_error "unknown command 'rnu'; did you mean 'run'? (try --help)" rnu
expect_error "help: unknown command 'comapre'; did you mean 'compare'?" help comapre
expect_error "run: unknown bench 'hsit'; did you mean 'hist'?" run hsit
expect_error "run: hist has no variant 'copis'; did you mean 'copies'?" run hist/lanes,copis
expect_error "profile: hist has no variant 'lane'; did you mean 'lanes'?" profile hist/lane
# Options too, the command's own (a value given with = as well).
expect_error "unknown option '--sze'; did you mean '--size'? (try --help)" run --sze 5
expect_error "unknown option '--quik'; did you mean '--quick'?" run --quik
expect_error "unknown option '--devcie=0'; did you mean '--device'?" limits --devcie=0
expect_error "unknown option '--vebrose'; did you mean '--verbose'?" compare --vebrose a b
expect_error "unknown option '--quite'; did you mean '--quiet'?" devices --quite
expect_error "unknown option '--frobnicate' (try --help)" run --frobnicate
expect_error "help: unknown command 'frobnicate'" help frobnicate
expect_error "help: give one command" help run limits
expect_error "unknown bench" run nosuchbench
expect_error "unknown backend" devices --backend cuda
expect_error "out of range" limits --bytes-per-item 0
expect_error "not a valid number" limits --bytes-per-item 12abc
expect_error "not a valid number" run reduce --size -5
expect_error "not a valid number" run reduce --reps ""
expect_error "out of range" run reduce --reps 0
expect_error "not a number of seconds" run reduce --min-time -1
expect_error "not a number of seconds" run reduce --min-time 1s
expect_error "steps per launch" run latency --size 1G
expect_error "device index 99 out of range" limits --device 99
# A SIMD width that no hardware has is refused before anything is printed or opened.
expect_error "power of two" limits --slm-per-group 4K --group-size 256 --simd 3
[ ! -s "$tmp/out" ] || { echo "FAIL (limits --simd 3): printed before refusing"; failures=$((failures + 1)); }
# profile refuses a group size that its kernel or the device rejects before it runs any.
expect_error "not a power of two" profile reduce/doc_tree --group-sizes 64,96 --quick --reps 1
[ ! -s "$tmp/out" ] || { echo "FAIL (profile 64,96): ran before refusing"; failures=$((failures + 1)); }
expect_error "exceeds the maximum" profile reduce/many --group-sizes 64,1048576 --quick --reps 1
[ ! -s "$tmp/out" ] || { echo "FAIL (profile 64,1048576): ran before refusing"; failures=$((failures + 1)); }
expect_error "no device name contains" limits --device no-such-gpu
expect_error "exceeds the device maximum" limits --slm-per-group 1K --group-size 1000000
expect_error "exceed the device's" limits --slm-per-group 1G --group-size 64
expect_error "go together" limits --group-size 64
expect_error "exceeds the maximum" run reduce --size 1000 --group-size 1048576 --reps 1
expect_error "not a power of two" run reduce --size 1000 --group-size 96 --reps 1
expect_error "not a multiple of 16" run hist --size 1000 --group-size 40 --reps 1
expect_error "not BENCH/VARIANT" profile reduce
expect_error "has no variant" profile reduce/fastest
expect_error "has no variant" run hist/fastest
expect_error "run: bench 'hist' named twice" run hist/copies hist
# BENCH/A,B: each name one of BENCH's variants, none twice, none empty; profile takes
# one. Usage errors, so exit status 2.
expect_usage_error() {
    expect_error "$@"
    shift
    if [ "$rc" -ne 2 ]; then
        echo "FAIL ($*): exit status $rc, not 2"
        failures=$((failures + 1))
    fi
}
expect_usage_error "run: hist has no variant 'nope'" run hist/copies,nope --size 1000 --reps 1
expect_usage_error "run: variant 'hist/copies' named twice" run hist/copies,copies --size 1000 --reps 1
expect_usage_error "run: hist has no variant ''" run hist/copies, --size 1000 --reps 1
expect_usage_error "run: hist has no variant ''" run hist/,copies --size 1000 --reps 1
expect_usage_error "profile: 'hist/copies,lanes' is not BENCH/VARIANT" profile hist/copies,lanes --group-sizes 64 --size 1000 --reps 1
expect_error "--taps: 0 is out of range" run conv --taps 0
# Output paths are checked before any work: nothing on stdout, the reason in the error.
expect_refused() {
    expect_error "$@"
    shift
    if [ -s "$tmp/out" ]; then
        echo "FAIL ($*): refused only after it had started:"
        head -3 "$tmp/out"
        failures=$((failures + 1))
    fi
}
nodir="cannot write /nonexistent-dir/x.json: No such file or directory"
expect_refused "$nodir" devices --json /nonexistent-dir/x.json
expect_refused "$nodir" limits --json /nonexistent-dir/x.json
expect_refused "$nodir" inspect --json /nonexistent-dir/x.json
expect_refused "$nodir" run reduce --size 1000 --reps 1 --json /nonexistent-dir/x.json
expect_refused "$nodir" profile reduce/many --group-sizes 64 --size 1000 --reps 1 --json /nonexistent-dir/x.json
expect_refused "cannot write /nonexistent-dir/x.csv: No such file or directory" run reduce --size 1000 --reps 1 --csv /nonexistent-dir/x.csv
expect_refused "cannot write $tmp: Is a directory" run reduce --size 1000 --reps 1 --json "$tmp"
expect_refused "--json: empty file name" run reduce --size 1000 --reps 1 --json ""
expect_refused "--json and --csv both name $tmp/r; give each its own file" run reduce --size 1000 --reps 1 --json "$tmp/r" --csv "$tmp/r"
expect_refused "--json and --csv both name $tmp/./r" run reduce --size 1000 --reps 1 --json "$tmp/r" --csv "$tmp/./r"
expect_refused "would both write to standard output" run reduce --size 1000 --reps 1 --json - --csv -
# Several devices at once check their files up front too.
expect_refused "cannot write /nonexistent-dir/x.csv: No such file or directory" run --device all reduce --reps 1 --csv /nonexistent-dir/x.csv
expect_refused "would both write to standard output" run --device all reduce --reps 1 --markdown - --csv -
expect_refused "would both write to standard output" profile reduce/many --group-sizes 64 --size 1000 --reps 1 --json - --csv -
expect_error "unexpected argument" devices extra
expect_error "unknown option '--frob'" run --frob
expect_error "needs a value" run reduce --size
expect_error "unknown option" limits -Z
expect_error "give the command first" --frob devices
expect_error "give the command first" --backend
expect_error "not a valid zebin: not an ELF file" inspect /etc/hostname
expect_error "unknown target 'gen99'" inspect --target gen99
expect_error "no kernel named 'nope'" inspect --target tgllp --kernel nope
expect_error "cannot read /nonexistent" inspect /nonexistent.zebin
expect_error "not JSON" compare /etc/hostname /etc/hostname
expect_error "give two results files" compare /etc/hostname
(
    export ZESLM_BACKEND=cuda
    expect_error "ZESLM_BACKEND: unknown backend 'cuda'" devices
    exit "$failures"
) || failures=$((failures + 1))

if [ "$failures" -ne 0 ]; then
    echo "$failures case(s) failed"
    exit 1
fi
