# bash completion for ze-slm-bench. Backends, options and benches are asked of the
# tool itself (--version, help COMMAND), so the completion follows the build it came with.
_ze_slm_bench()
{
    local cur prev cmd i
    COMPREPLY=()
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    local commands="devices limits run profile inspect compare merge help"
    local device_opts="--backend --device"

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
        --slm-per-group|--simd|--slm-per-cu|--slm|--target|--kernel|--fail-over|--mpi-wait)
            return;;
    esac

    cmd=""
    for ((i = 1; i < COMP_CWORD; i++)); do
        case ${COMP_WORDS[i]} in
            --backend|--device|-b|-d) ((i++));; # device options may come first, with a value
            -*) ;;
            *) cmd=${COMP_WORDS[i]}; break;;
        esac
    done

    # A command's options are the rows its `help` prints ("  -g, --group-size N ...").
    if [[ -n $cmd && $cur == -* ]]; then
        local opts
        opts=$("${COMP_WORDS[0]}" help "$cmd" 2>/dev/null | sed -n 's/^  -., \(--[a-z-]*\).*/\1/p')
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
        return
    fi
    case $cmd in
        "")
            COMPREPLY=($(compgen -W "$commands --version --help $device_opts" -- "$cur"));;
        help)
            COMPREPLY=($(compgen -W "$commands" -- "$cur"));;
        run)
            local benches
            benches=$("${COMP_WORDS[0]}" help run 2>/dev/null | sed -n 's/^  \([a-z_]*\)  .*/\1/p')
            COMPREPLY=($(compgen -W "$benches" -- "$cur"));;
        inspect)
            COMPREPLY=($(compgen -f -X '!*.@(cl|zebin)' -- "$cur") $(compgen -d -- "$cur"));;
        compare|merge)
            COMPREPLY=($(compgen -f -X '!*.json' -- "$cur") $(compgen -d -- "$cur"));;
    esac
}
complete -F _ze_slm_bench ze-slm-bench
