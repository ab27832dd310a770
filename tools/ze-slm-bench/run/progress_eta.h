/* The progress line's estimate of the time left, from the run's budget plan. */
#ifndef ZESLM_PROGRESS_ETA_H
#define ZESLM_PROGRESS_ETA_H

#include "run/progress.h"

/* The plan's own expectation counts as this many seconds of workloads against the
 * device's: the first carries the device's setup (its first builds, the size probe),
 * which no later one repeats. */
#define PROGRESS_ETA_PRIOR_S 10.0

/* The seconds left at now_s seconds since the start; -1 when p has no plan. Each pass
 * of a workload costs its results times its spend of their budget, times the
 * device's pace: the time the passes that ended took over what the plan expected of
 * the results they made (counted as made, not as the table expects: a device without
 * sub-groups skips variants). The budget of a workload not begun is what
 * run_budget_share will give it when it begins (the run's target shared from then),
 * at the end of those before it. The pass under way costs what is left of its
 * expected time; one past it, nothing more (a workload's results do not cost alike:
 * latency's small footprints take milliseconds, its large ones seconds, so the pass
 * is one block). */
double progress_left(const progress *p, double now_s);

#endif
