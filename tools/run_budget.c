#include "run_budget.h"

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
    double share = (run->quick ? RUN_TARGET_QUICK_S : RUN_TARGET_S) / (double)total;
    run->converge_s = share > RUN_CONVERGE_MIN_S ? share : RUN_CONVERGE_MIN_S;
}
