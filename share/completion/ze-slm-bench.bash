# bash completion for ze-slm-bench, written by tools/ze-slm-bench/gendocs.c from the tool's option
# tables and its tables of benches, targets and kernels (edit
# tools/ze-slm-bench/templates/ze-slm-bench.bash.in and the tables, not this file). Backends and
# devices are asked of the tool itself, so they follow the build and the machine.

_ze_slm_bench_commands="devices limits run profile inspect compare merge check help"
_ze_slm_bench_benches="roofline reduce bank conv hist occupancy latency atomics carveout memorder slm_switch"
_ze_slm_bench_variants="roofline/read roofline/copy roofline/slm roofline/slm_atomic roofline/slm_atomic_rows roofline/slm_atomic_random roofline/imad reduce/doc_tree reduce/sequential reduce/many reduce/many_subgroup reduce/many_sg16 reduce/many_sg32 bank/strided bank/swizzled bank/throughput conv/doc_global conv/doc_slm conv/tiled hist/doc_private hist/doc_private_sg16 hist/doc_private_sg32 hist/doc_slm hist/doc_slm_sg16 hist/doc_slm_sg32 hist/copies hist/lanes hist/count_only occupancy/slm_sweep occupancy/group_sweep occupancy/barrier occupancy/barrier_throughput latency/slm latency/global latency/slm_atomic atomics/slm_add_i32 atomics/slm_xchg_i32 atomics/slm_cmpxchg_i32 atomics/slm_min_i32 atomics/slm_max_i32 atomics/slm_add_i64 atomics/slm_xchg_i64 atomics/slm_cmpxchg_i64 atomics/slm_min_i64 atomics/slm_max_i64 atomics/slm_add_f32 atomics/slm_xchg_f32 atomics/slm_cmpxchg_f32 atomics/slm_min_f32 atomics/slm_max_f32 atomics/global_add_i32 atomics/global_xchg_i32 atomics/global_cmpxchg_i32 atomics/global_min_i32 atomics/global_max_i32 atomics/global_add_i64 atomics/global_xchg_i64 atomics/global_cmpxchg_i64 atomics/global_min_i64 atomics/global_max_i64 atomics/global_add_f32 atomics/global_xchg_f32 atomics/global_cmpxchg_f32 atomics/global_min_f32 atomics/global_max_f32 carveout/l1_latency carveout/l1_bandwidth memorder/slm_relaxed_work_group memorder/slm_relaxed_device memorder/slm_acq_rel_work_group memorder/slm_acq_rel_device memorder/slm_seq_cst_work_group memorder/slm_seq_cst_device memorder/global_relaxed_work_group memorder/global_relaxed_device memorder/global_acq_rel_work_group memorder/global_acq_rel_device memorder/global_seq_cst_work_group memorder/global_seq_cst_device slm_switch/same_small slm_switch/same_large slm_switch/alternating slm_switch/after_same slm_switch/after_switch"
_ze_slm_bench_targets="skl icllp tgllp rkl adl-p dg1 acm-g10 acm-g11 acm-g12 pvc lnl bmg mtl arl dg2"
_ze_slm_bench_kernels="atomics_global_i32 atomics_slm_i32 atomics_global_f32 atomics_slm_f32 atomics_global_f32_ext atomics_slm_f32_ext atomics_global_i64 atomics_slm_i64 order_slm_relaxed_work_group order_slm_relaxed_device order_slm_acq_rel_work_group order_slm_acq_rel_device order_slm_seq_cst_work_group order_slm_seq_cst_device order_global_relaxed_work_group order_global_relaxed_device order_global_acq_rel_work_group order_global_acq_rel_device order_global_seq_cst_work_group order_global_seq_cst_device bank_strided bank_swizzled bank_swizzled_words bank_throughput chase_unreserved chase_reserved read_unreserved read_reserved conv_doc_global conv_doc_slm conv_tiled_p13 conv_tiled_p15 conv_tiled_p17 conv_tiled_p19 conv_tiled_p21 conv_tiled_p23 conv_tiled_p12 conv_tiled_p20 conv_tiled_p28 hist_doc_private hist_doc_slm hist_copies hist_lanes hist_count_only hist_doc_private_sg16 hist_doc_private_sg32 hist_doc_slm_sg16 hist_doc_slm_sg32 chase_global chase_slm chase_slm_atomic occ_copy barrier_loop reduce_doc_tree reduce_sequential reduce_many reduce_many_sg16 reduce_many_sg32 reduce_many_subgroup peak_read peak_copy peak_slm peak_slm_atomic peak_slm_atomic_rows peak_slm_atomic_random peak_imad slm_fill"

# The options of a command ("": before the command, the device options).
_ze_slm_bench_options()
{
    case $1 in
        "") echo "--version --backend --device --quiet --help";;
        devices) echo "--backend --json --csv --markdown --quiet --help";;
        limits) echo "--backend --device --target --bytes-per-item --slm-per-group --group-size --simd --slm-per-cu --kernels --json --csv --markdown --quiet --help";;
        run) echo "--backend --device --size --group-size --reps --warmup --seed --quick --timeout --min-time --converge-time --keep-going --json --csv --markdown --trace --list --mpi --mpi-wait --rank-files --fail-on --expect-gpus --ranks-per-device --min-peers --no-confirm --taps --quiet --help";;
        profile) echo "--backend --device --size --group-size --reps --warmup --seed --quick --timeout --min-time --converge-time --keep-going --json --csv --markdown --trace --group-sizes --metrics --taps --quiet --help";;
        inspect) echo "--target --kernel --options --group-size --slm --isa --compile-timeout --json --csv --markdown --quiet --help";;
        compare) echo "--fail-over --alpha --threshold --top --verbose --sides --any-device --json --csv --markdown --read-limit --quiet --help";;
        merge) echo "--json --csv --markdown --expect --expect-gpus --ranks-per-device --baseline --fail-on --slow-below --low-below --slow-fail --low-fail --workload-floor --min-peers --write-baseline --openmetrics --strict --summary-only --junit --jsonl --read-limit --quiet --help";;
        check) echo "--level --timeout --baseline --openmetrics --expect-gpus --slow-below --low-below --slow-fail --low-fail --workload-floor --min-peers --no-confirm --backend --quiet --help";;
        help) echo "--quiet --help";;
    esac
}

# What the value of option $2 of command $1 is: file, backend, device, target,
# kernel or any; nothing when $2 takes no value.
_ze_slm_bench_value()
{
    case $1 in
        "")
            case $2 in
                --backend|-b) echo backend;;
                --device|-d) echo device;;
            esac;;
        devices)
            case $2 in
                --json|-j|--csv|-c|--markdown|-M) echo file;;
                --backend|-b) echo backend;;
            esac;;
        limits)
            case $2 in
                --bytes-per-item|-B|--slm-per-group|-S|--group-size|-g|--simd|-w|--slm-per-cu|-C) echo any;;
                --json|-j|--csv|-c|--markdown|-M) echo file;;
                --backend|-b) echo backend;;
                --device|-d) echo device;;
                --target|-t) echo targets;;
            esac;;
        run)
            case $2 in
                --size|-n|--group-size|-g|--reps|-r|--warmup|-w|--seed|-s|--timeout|-t|--min-time|-T|--converge-time|-C|--mpi-wait|-W|--rank-files|-R|--fail-on|-F|--expect-gpus|-|--ranks-per-device|-|--min-peers|-|--taps|-m) echo any;;
                --json|-j|--csv|-c|--markdown|-M|--trace|-) echo file;;
                --backend|-b) echo backend;;
                --device|-d) echo device;;
            esac;;
        profile)
            case $2 in
                --size|-n|--group-size|-g|--reps|-r|--warmup|-w|--seed|-s|--timeout|-t|--min-time|-T|--converge-time|-C|--group-sizes|-G|--metrics|-E|--taps|-m) echo any;;
                --json|-j|--csv|-c|--markdown|-M|--trace|-) echo file;;
                --backend|-b) echo backend;;
                --device|-d) echo device;;
            esac;;
        inspect)
            case $2 in
                --options|-o|--group-size|-g|--slm|-s|--isa|-i|--compile-timeout|-T) echo any;;
                --json|-j|--csv|-c|--markdown|-M) echo file;;
                --target|-t) echo target;;
                --kernel|-k) echo kernel;;
            esac;;
        compare)
            case $2 in
                --fail-over|-f|--alpha|-p|--threshold|-t|--top|-T|--read-limit|-R) echo any;;
                --json|-j|--csv|-c|--markdown|-M) echo file;;
            esac;;
        merge)
            case $2 in
                --expect|-E|--expect-gpus|-G|--ranks-per-device|-D|--baseline|-B|--fail-on|-F|--slow-below|-W|--low-below|-O|--slow-fail|-x|--low-fail|-y|--workload-floor|-z|--min-peers|-p|--write-baseline|-w|--openmetrics|-P|--read-limit|-R) echo any;;
                --json|-j|--csv|-c|--markdown|-M|--junit|-U|--jsonl|-L) echo file;;
            esac;;
        check)
            case $2 in
                --level|-l|--timeout|-t|--baseline|-B|--openmetrics|-P|--expect-gpus|-G|--slow-below|-W|--low-below|-O|--slow-fail|-x|--low-fail|-y|--workload-floor|-z|--min-peers|-p) echo any;;
                --backend|-b) echo backend;;
            esac;;
        help)
            case $2 in
            esac;;
    esac
}

# Completes the last item of a comma-separated list from the words $1.
_ze_slm_bench_list()
{
    local head="" last=$cur
    if [[ $cur == *,* ]]; then
        head=${cur%,*},
        last=${cur##*,}
    fi
    COMPREPLY=($(compgen -P "$head" -W "$1" -- "$last"))
}

_ze_slm_bench()
{
    local cur prev cmd i kind
    COMPREPLY=()
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}

    # The command: the first word that is neither an option nor the value of one.
    cmd=""
    for ((i = 1; i < COMP_CWORD; i++)); do
        case ${COMP_WORDS[i]} in
            -*) [[ -n $(_ze_slm_bench_value "" "${COMP_WORDS[i]}") ]] && ((i++));;
            *) cmd=${COMP_WORDS[i]}; break;;
        esac
    done

    if ((COMP_CWORD > 1)); then
        kind=$(_ze_slm_bench_value "$cmd" "$prev")
        case $kind in
            file)
                COMPREPLY=($(compgen -f -- "$cur") $(compgen -W "-" -- "$cur"))
                return;;
            backend)
                local names
                names=$("${COMP_WORDS[0]}" --version 2>/dev/null |
                    sed -n 's/^backends in this build[^:]*: //p' | sed 's/ ([^)]*)//g; s/,//g')
                COMPREPLY=($(compgen -W "$names auto" -- "$cur"))
                return;;
            device)
                # One row a device in `devices --csv -`, after its header.
                local n
                n=$("${COMP_WORDS[0]}" devices --csv - 2>/dev/null | tail -n +2 | wc -l)
                _ze_slm_bench_list "$(seq 0 $((n - 1)) 2>/dev/null) all"
                return;;
            target)
                _ze_slm_bench_list "$_ze_slm_bench_targets"
                return;;
            targets)
                _ze_slm_bench_list "$_ze_slm_bench_targets all"
                return;;
            kernel)
                COMPREPLY=($(compgen -W "$_ze_slm_bench_kernels" -- "$cur"))
                return;;
            any)
                return;;
        esac
    fi

    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(_ze_slm_bench_options "$cmd")" -- "$cur"))
        return
    fi
    case $cmd in
        "")
            COMPREPLY=($(compgen -W "$_ze_slm_bench_commands" -- "$cur"));;
        help)
            COMPREPLY=($(compgen -W "$_ze_slm_bench_commands" -- "$cur"));;
        run)
            if [[ $cur == */*,* ]]; then
                # BENCH/A,B: the further variants of that bench, by their names alone,
                # less those the list already names (run refuses a variant twice)
                local bench=${cur%%/*} chosen=${cur#*/}
                chosen=${chosen%,*}
                COMPREPLY=($(compgen -P "${cur%,*}," -W "$(printf '%s\n' $_ze_slm_bench_variants |
                    sed -n "s|^$bench/||p" | grep -vxF -e "${chosen//,/$'\n'}")" -- "${cur##*,}"))
            elif [[ $cur == */* ]]; then
                COMPREPLY=($(compgen -W "$_ze_slm_bench_variants" -- "$cur"))
            else
                COMPREPLY=($(compgen -W "$_ze_slm_bench_benches" -- "$cur"))
            fi;;
        profile)
            COMPREPLY=($(compgen -W "$_ze_slm_bench_variants" -- "$cur"));;
        inspect)
            COMPREPLY=($(compgen -f -X '!*.@(cl|zebin)' -- "$cur") $(compgen -d -- "$cur"));;
        compare)
            COMPREPLY=($(compgen -f -X '!*.json' -- "$cur") $(compgen -d -- "$cur"));;
    esac
}
complete -F _ze_slm_bench ze-slm-bench
