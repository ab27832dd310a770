/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include <zeslm/units.h>

#include "render/group_best.h"
#include "table/params_text.h"

static bool measured(const zeslm_result *r)
{
    return r->outcome == ZESLM_MEASURED && r->rate > 0;
}

static bool per_op(const zeslm_result *r)
{
    return r->rate_unit && strncmp(r->rate_unit, "ns/", 3) == 0;
}

/* Whether a's rate is better than b's. */
static bool better(const zeslm_result *a, const zeslm_result *b)
{
    return per_op(a) ? a->rate < b->rate : a->rate > b->rate;
}

/* The rate of r's slowest launch (worst = true) or its fastest: the median's rate
 * moved by the launch's time over the median's. */
static double launch_rate(const zeslm_result *r, bool worst)
{
    double t = (double)(worst ? r->stats.max_ns : r->stats.min_ns), median = (double)r->stats.median_ns;
    if (t <= 0 || median <= 0)
        return r->rate;
    /* A time per work scales with the time; a work per time against it. */
    return per_op(r) ? r->rate * t / median : r->rate * median / t;
}

group_best group_best_of(const zeslm_results *all, size_t first, const zeslm_result *r,
                         const zeslm_result **runner_up)
{
    const zeslm_result *second = NULL;
    if (runner_up)
        *runner_up = NULL;
    for (size_t i = first; i < all->count && measured(r); i++) {
        const zeslm_result *o = &all->items[i];
        if (o == r || !measured(o) || o->group_size == r->group_size || strcmp(o->workload, r->workload) != 0 ||
            strcmp(o->variant, r->variant) != 0 || strcmp(o->params, r->params) != 0)
            continue;
        if (better(o, r))
            return GROUP_BEST_NONE;
        if (!second || better(o, second))
            second = o;
    }
    if (!second)
        return GROUP_BEST_NONE;
    if (runner_up)
        *runner_up = second;
    /* Clear: r's slowest launch still beats the runner-up's fastest. */
    double worst = launch_rate(r, true), rival = launch_rate(second, false);
    bool clear = per_op(r) ? worst < rival : worst > rival;
    return clear ? GROUP_BEST_CLEAR : GROUP_BEST_UNCLEAR;
}

void group_best_sentence(const zeslm_result *r, const zeslm_result *runner_up, char *buf, size_t len)
{
    char a[48], b[48], params[sizeof r->params + 32];
    zeslm_format_si(r->rate, r->rate_unit, a, sizeof a);
    zeslm_format_si(runner_up->rate, runner_up->rate_unit, b, sizeof b);
    params_text(r->params, false, params, sizeof params);
    snprintf(buf, len,
             "No clear best group size for %s %s: the fastest median, at %u (%s), is within the launches of %u "
             "(%s); more launches (--reps, --min-time) or a quiet machine may tell them apart.",
             r->variant, params, r->group_size, a, runner_up->group_size, b);
}
