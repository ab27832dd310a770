#include <math.h>

#include "progress_eta.h"
#include "run_budget.h"

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

double progress_left(const progress *p, double now_s)
{
    if (p->n_stages == 0 || p->stage >= p->n_stages)
        return -1;
    double pace = (p->closed_s + PROGRESS_ETA_PRIOR_S) / (p->planned_s + PROGRESS_ETA_PRIOR_S);
    const progress_stage *s = &p->stages[p->stage];
    double each = pace * s->spend * p->budget_s;
    double t = now_s;
    if (p->in_result)
        t += fmax(each - (now_s - p->result_from), 0);
    /* The rest of this pass, then this workload's later passes (none once its last
     * pass ended). */
    if (p->pass < p->passes) {
        double rest = s->results - (double)p->results_done - (p->in_result ? 1 : 0);
        t += fmax(rest, 0) * each + (double)(p->passes - p->pass - 1) * s->results * each;
    }
    for (size_t k = p->stage + 1; k < p->n_stages; k++) {
        const progress_stage *n = &p->stages[k];
        t += (double)p->passes * n->results * pace * n->spend * budget_at(p, k, t);
    }
    return t - now_s;
}
