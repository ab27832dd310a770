/* SPDX-License-Identifier: MIT */
/* The rule that shares a run's target among its workloads, apart from the run's
 * plan (run_budget.h) and its clock (progress_eta.c), which both use it. */
#ifndef ZESLM_BUDGET_RULE_H
#define ZESLM_BUDGET_RULE_H

#include <stdbool.h>

/* The wall time a run with default options aims at, and under --quick, in seconds. */
#define RUN_TARGET_S 150.0
#define RUN_TARGET_QUICK_S 30.0
/* No result gets less than this to converge, however many there are: under --quick a
 * launch of a few milliseconds doubled four times; else room for a result of 20
 * launches of 12 ms (the H100's bank/strided at stride 64, the committed run) to
 * double twice, which 0.25 s left unconverged there. */
#define RUN_CONVERGE_MIN_S 2.0
#define RUN_CONVERGE_QUICK_MIN_S 0.25
/* Nor more than the engine's own defaults (BENCH_CONVERGE_S, BENCH_CONVERGE_QUICK_S):
 * a run of few variants stays as short as it was. */
#define RUN_CONVERGE_MAX_S 10.0
#define RUN_CONVERGE_QUICK_MAX_S 2.0

/* s seconds held between the least and the most a result may get to converge. */
double run_budget_clamp(double s, bool quick);

/* The rule of run_budget_next: `left` seconds of the target, shared by weight
 * among workloads of weight `weight_rest` in all, over a workload's `results`. */
double run_budget_share(double left, double weight, double weight_rest, double results, bool quick);

#endif
