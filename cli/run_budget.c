#include "run_budget.h"

static double clamp(double s, bool quick)
{
    double least = quick ? RUN_CONVERGE_QUICK_MIN_S : RUN_CONVERGE_MIN_S;
    double most = quick ? RUN_CONVERGE_QUICK_MAX_S : RUN_CONVERGE_MAX_S;
    return s < least ? least : s > most ? most : s;
}

void run_budget_plan(progress *p, zeslm_run_opts *run, const run_choice *choices, size_t n, uint32_t passes)
{
    size_t total = 0;
    double weight = 0;
    for (size_t i = 0; i < n; i++) {
        size_t k = progress_variants(choices[i].wl, choices[i].variant);
        total += k;
        weight += (double)k * progress_weight(choices[i].wl->name);
    }
    total *= passes ? passes : 1;
    progress_start(p, stderr, total, weight * (passes ? passes : 1));
    if (run->converge_s > 0 || total == 0)
        return;
    p->target_s = run->quick ? RUN_TARGET_QUICK_S : RUN_TARGET_S;
    double share = (run->quick ? RUN_TARGET_QUICK_S : RUN_TARGET_S) / (double)total;
    run->converge_s = clamp(share, run->quick);
}

double run_budget_next(const run_choice *choices, size_t n, size_t i, bool quick, double elapsed)
{
    double left = (quick ? RUN_TARGET_QUICK_S : RUN_TARGET_S) - elapsed, rest = 0;
    for (size_t k = i; k < n; k++)
        rest += (double)progress_variants(choices[k].wl, choices[k].variant) * progress_weight(choices[k].wl->name);
    size_t variants = progress_variants(choices[i].wl, choices[i].variant);
    if (left <= 0 || rest <= 0 || variants == 0)
        return clamp(0, quick);
    double mine = left * (double)variants * progress_weight(choices[i].wl->name) / rest;
    double each = mine / ((double)variants * progress_results(choices[i].wl->name));
    return clamp(each, quick);
}
