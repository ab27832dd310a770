/* SPDX-License-Identifier: MIT */
/* How long a run with default options may take, and how that time is shared: the
 * run's target split evenly across the variants it will measure, as each one's time
 * to grow its work until the figure converges (rule). */
#ifndef ZESLM_RUN_BUDGET_H
#define ZESLM_RUN_BUDGET_H

#include "run/progress.h"
#include "run/run_cli.h"

#include "run/budget_rule.h"

/* Counts the variants the choices measure (times `passes` group sizes, at least
 * one), starts p's clock for them on stderr with the plan its estimate follows (each
 * choice a stage), and, unless the user gave --converge-time, sets run->converge_s to
 * the run's target over that count (at least RUN_CONVERGE_MIN_S). */
void run_budget_plan(progress *p, zeslm_run_opts *run, const run_choice *choices, size_t n, uint32_t passes);

/* Once the devices are open: the plan's spends and results are a GPU's where every
 * device the run measures is one (`gpus`), a CPU's otherwise, as run_budget_plan set
 * them. */
void run_budget_devices(progress *p, const run_choice *choices, size_t n, bool gpus);

/* The convergence budget of each result of choice i, `elapsed` seconds into the run
 * (when the user gave no --converge-time): what is left of the run's target, shared
 * by choices i..n-1 by their expected cost (progress_weight), over the results choice
 * i is expected to make on a GPU or not (`gpus`, progress_results); from RUN_CONVERGE_MIN_S to
 * RUN_CONVERGE_MAX_S (RUN_CONVERGE_QUICK_MAX_S under --quick). A device slower than the weights expect so gets less for its
 * last workloads, and the run stays near its target. */
double run_budget_next(const run_choice *choices, size_t n, size_t i, bool quick, bool gpus, double elapsed);

#endif
