/* SPDX-License-Identifier: MIT */
#include <math.h>

#include "run/progress_eta.h"
#include "run/budget_rule.h"

/* What one pass of stage s is expected to cost when each result gets budget_s. */
static double stage_cost(const progress_stage *s, double budget_s)
{
    return s->results * s->spend * budget_s;
}

/* The budget each result of stage k gets when it begins at `at` seconds. */
static double budget_at(const progress *p, size_t k, double at)
{
    if (p->target_s <= 0)
        return p->budget_s;
    double rest = 0;
    for (size_t j = k; j < p->n_stages; j++)
        rest += p->stages[j].weight;
    return run_budget_share(p->target_s - at, p->stages[k].weight, rest, p->stages[k].results, p->quick);
}

/* The device's pace: the time the passes that ended took over what the plan expected
 * of them, the plan's own expectation counted as PROGRESS_ETA_PRIOR_S of it. */
static double pace_of(const progress *p)
{
    return (p->closed_s + PROGRESS_ETA_PRIOR_S) / (p->planned_s + PROGRESS_ETA_PRIOR_S);
}

/* Whether a is beyond b by more than the doubt factor, either way. */
static bool apart(double a, double b)
{
    return a > b * PROGRESS_ETA_DOUBT || a * PROGRESS_ETA_DOUBT < b;
}

bool progress_uncertain(const progress *p, double now_s)
{
    if (p->n_stages == 0 || p->stage >= p->n_stages)
        return false;
    double pace = pace_of(p);
    if (p->recent_planned_s > 0 && apart(p->recent_s / p->recent_planned_s, pace))
        return true;
    if (p->pass >= p->passes || p->results_seen < PROGRESS_ETA_DOUBT_RESULTS)
        return false;
    /* The results begun so far, the one under way counted half. */
    double each = pace * p->stages[p->stage].spend * p->budget_s;
    return apart((now_s - p->pass_from) / ((double)p->results_seen - 0.5), each);
}

double progress_left(const progress *p, double now_s)
{
    if (p->n_stages == 0 || p->stage >= p->n_stages)
        return -1;
    double pace = pace_of(p);
    const progress_stage *s = &p->stages[p->stage];
    double t = now_s;
    /* What is left of this pass (nothing once it ran past its expected time), then
     * this workload's later passes (none once its last pass ended). */
    if (p->pass < p->passes) {
        double pass = pace * stage_cost(s, p->budget_s);
        t += fmax(pass - (now_s - p->pass_from), 0) + (double)(p->passes - p->pass - 1) * pass;
    }
    for (size_t k = p->stage + 1; k < p->n_stages; k++)
        t += (double)p->passes * pace * stage_cost(&p->stages[k], budget_at(p, k, t));
    return t - now_s;
}
