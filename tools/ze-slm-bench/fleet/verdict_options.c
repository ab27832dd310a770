/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>

#include "cli/cli.h"
#include "fleet/verdict_options.h"

/* In the order of the rows of VERDICT_OPTIONS; a FAIL floor after its WARN threshold. */
const verdict_threshold verdict_thresholds[VERDICT_THRESHOLDS] = {
    {'W', "--slow-below", "slow_below", offsetof(verdict_opts, slow_below), VERDICT_SLOW_BELOW},
    {'O', "--low-below", "low_below", offsetof(verdict_opts, low_below), VERDICT_LOW_BELOW},
    {'x', "--slow-fail", "slow_fail", offsetof(verdict_opts, slow_fail), VERDICT_SLOW_FAIL},
    {'y', "--low-fail", "low_fail", offsetof(verdict_opts, low_fail), VERDICT_LOW_FAIL},
    {'z', "--workload-floor", "workload_floor", offsetof(verdict_opts, workload_floor), VERDICT_WORKLOAD_FLOOR},
};

double *verdict_threshold_at(verdict_opts *o, size_t i)
{
    return (double *)((char *)o + verdict_thresholds[i].offset);
}

void verdict_opts_resolve(verdict_opts *o)
{
    for (size_t i = 0; i < VERDICT_THRESHOLDS; i++) {
        double *v = verdict_threshold_at(o, i);
        *v = *v > 0 ? *v : verdict_thresholds[i].fallback;
    }
    o->min_peers = o->min_peers > 0 ? o->min_peers : VERDICT_MIN_PEERS;
    o->slow_fail = o->slow_fail < o->slow_below ? o->slow_fail : o->slow_below;
    o->low_fail = o->low_fail < o->low_below ? o->low_fail : o->low_below;
}

void verdict_opts_take(verdict_opts *o, const double *file)
{
    for (size_t i = 0; i < VERDICT_THRESHOLDS; i++)
        if (file[i] > 0 && !(o->given & (1u << i)))
            *verdict_threshold_at(o, i) = file[i];
}

int verdict_option(verdict_opts *o, int key, const char *value)
{
    if (key == 'p') {
        uint32_t n;
        if (!cli_u32("--min-peers", value, 1, 4096, &n))
            return 2;
        o->min_peers = n;
        return 0;
    }
    for (size_t i = 0; i < VERDICT_THRESHOLDS; i++) {
        if (verdict_thresholds[i].key != key)
            continue;
        char *end;
        double v = strtod(value, &end);
        if (end == value || *end || !isfinite(v) || v <= 0 || v > 1)
            return cli_usage_error("%s: '%s' is not a share above 0 and at most 1 (0.9: 10%% below)",
                                   verdict_thresholds[i].option, value);
        *verdict_threshold_at(o, i) = v;
        o->given |= 1u << i;
        return 0;
    }
    return -1;
}
