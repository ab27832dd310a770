# bash completion for ze-slm-bench. Backends and benches are asked of the installed
# tool (--version, run --help), so the completion follows the build it came with.
_ze_slm_bench()
{
    local cur prev cmd i
    COMPREPLY=()
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    local commands="devices limits run profile inspect compare help"
    local device_opts="--backend --device"
    local run_opts="$device_opts --size --taps --group-size --reps --warmup --seed --quick --timeout
        --keep-going --json --csv --help"

    case $prev in
        --backend|-b)
            local names
            names=$("${COMP_WORDS[0]}" --version 2>/dev/null |
                sed -n 's/^backends in this build[^:]*: //p' | sed 's/ ([^)]*)//g; s/,//g')
            COMPREPLY=($(compgen -W "$names auto" -- "$cur"))
            return;;
        --json|--csv|-j|-c)
            COMPREPLY=($(compgen -f -- "$cur") $(compgen -W "-" -- "$cur"))
            return;;
        --device|--size|--taps|--group-size|--group-sizes|--reps|--warmup|--seed|--timeout|--bytes-per-item|\
        --slm-per-group|--simd|--slm-per-cu|--target|--kernel|--fail-over)
            return;;
    esac

    cmd=""
    for ((i = 1; i < COMP_CWORD; i++)); do
        case ${COMP_WORDS[i]} in
            -*) ;;
            *) cmd=${COMP_WORDS[i]}; break;;
        esac
    done

    case $cmd in
        "")
            COMPREPLY=($(compgen -W "$commands --version --help $device_opts" -- "$cur"));;
        help)
            COMPREPLY=($(compgen -W "$commands" -- "$cur"));;
        devices)
            COMPREPLY=($(compgen -W "--backend --json --help" -- "$cur"));;
        limits)
            COMPREPLY=($(compgen -W "$device_opts --bytes-per-item --slm-per-group --group-size --simd
                --slm-per-cu --json --help" -- "$cur"));;
        run|profile)
            if [[ $cur == -* ]]; then
                [[ $cmd == profile ]] && run_opts="$run_opts --group-sizes"
                COMPREPLY=($(compgen -W "$run_opts" -- "$cur"))
            else
                local benches
                benches=$("${COMP_WORDS[0]}" run --help 2>/dev/null | sed -n 's/^  \([a-z_]*\)  .*/\1/p')
                COMPREPLY=($(compgen -W "$benches" -- "$cur"))
            fi;;
        inspect)
            if [[ $cur == -* ]]; then
                COMPREPLY=($(compgen -W "--target --kernel --group-size --json --help" -- "$cur"))
            else
                COMPREPLY=($(compgen -f -X '!*.@(cl|zebin)' -- "$cur") $(compgen -d -- "$cur"))
            fi;;
        compare)
            if [[ $cur == -* ]]; then
                COMPREPLY=($(compgen -W "--fail-over --help" -- "$cur"))
            else
                COMPREPLY=($(compgen -f -X '!*.json' -- "$cur") $(compgen -d -- "$cur"))
            fi;;
    esac
}
complete -F _ze_slm_bench ze-slm-bench
