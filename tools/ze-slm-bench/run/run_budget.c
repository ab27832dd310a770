/* SPDX-License-Identifier: MIT */
#include "cli/cli.h"
#include "run/run_budget.h"

void run_budget_plan(progress *p, zeslm_run_opts *run, const run_choice *choices, size_t n, uint32_t passes)
{
    size_t total = 0;
    for (size_t i = 0; i < n; i++)
        total += progress_variants(choices[i].wl, choices[i].variant);
    total *= passes ? passes : 1;
    progress_start(p, cli_quiet ? NULL : stderr, total);
    p->passes = passes ? passes : 1;
    p->quick = run->quick;
    /* A run of more workloads than the plan holds has no estimate (n_stages 0). */
    for (size_t i = 0; n <= PROGRESS_STAGES_MAX && i < n; i++) {
        const char *name = choices[i].wl->name;
        double k = (double)progress_variants(choices[i].wl, choices[i].variant);
        progress_stage *s = &p->stages[p->n_stages++];
        *s = (progress_stage){.weight = k * progress_weight(name), .results = k * progress_results(name, false),
                              .spend = progress_spend(name, false)};
    }
    if (run->converge_s > 0 || total == 0) {
        p->budget_s = run->converge_s;
        return;
    }
    p->target_s = run->quick ? RUN_TARGET_QUICK_S : RUN_TARGET_S;
    run->converge_s = run_budget_clamp(p->target_s / (double)total, run->quick);
    p->budget_s = run->converge_s;
}

double run_budget_next(const run_choice *choices, size_t n, size_t i, bool quick, bool gpus, double elapsed)
{
    double rest = 0;
    for (size_t k = i; k < n; k++)
        rest += (double)progress_variants(choices[k].wl, choices[k].variant) * progress_weight(choices[k].wl->name);
    double variants = (double)progress_variants(choices[i].wl, choices[i].variant);
    return run_budget_share((quick ? RUN_TARGET_QUICK_S : RUN_TARGET_S) - elapsed,
                            variants * progress_weight(choices[i].wl->name), rest,
                            variants * progress_results(choices[i].wl->name, gpus), quick);
}

void run_budget_devices(progress *p, const run_choice *choices, size_t n, bool gpus)
{
    for (size_t i = 0; i < p->n_stages && i < n; i++) {
        double k = (double)progress_variants(choices[i].wl, choices[i].variant);
        p->stages[i].spend = progress_spend(choices[i].wl->name, gpus);
        p->stages[i].results = k * progress_results(choices[i].wl->name, gpus);
    }
}
