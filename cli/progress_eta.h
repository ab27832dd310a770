/* The progress line's estimate of the time left, from the run's budget plan. */
#ifndef ZESLM_PROGRESS_ETA_H
#define ZESLM_PROGRESS_ETA_H

#include "progress.h"

/* The plan's own expectation counts as this many seconds of results against the
 * device's: the first results carry the device's setup (its first builds, the size
 * probe), which no later one repeats. */
#define PROGRESS_ETA_PRIOR_S 20.0

/* The seconds left at now_s seconds since the start; -1 when p has no plan. Each
 * result still to come costs its budget times its workload's spend (progress_spend),
 * the budget of a workload not begun being what run_budget_share will give it when
 * it begins (the run's target shared from that time), times the device's pace: the
 * time its ended results took over what the plan expected of them. The result
 * under way costs what is left of that; results past the expected count cost nothing
 * more than their own. */
double progress_left(const progress *p, double now_s);

#endif
