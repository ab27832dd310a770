/* SPDX-License-Identifier: MIT */
/* The progress line's estimate of the time left, from the run's budget plan. */
#ifndef ZESLM_PROGRESS_ETA_H
#define ZESLM_PROGRESS_ETA_H

#include <stdbool.h>

#include "run/progress.h"

/* The plan's own expectation counts as this many seconds of workloads against the
 * device's: the first carries the device's setup (its first builds, the size probe),
 * which no later one repeats. */
#define PROGRESS_ETA_PRIOR_S 10.0

/* The estimate is uncertain where the evidence of late disagrees with the pace so far
 * by more than this factor (1.7: 70% slower, or 40% faster): the passes of late, or
 * the results of the pass under way once it has begun this many. A machine that got
 * busier midway makes the run's pace out of date for a while, and no estimate from it
 * can know (37% off from 10 s on, jumping 75 -> 136 -> 105 -> 139 s). A quiet
 * run's workloads stray from the plan's table by up to 50%: at 1.7 and 5 results the
 * logged quiet runs are uncertain 0-1% of the time, at 1.5 and 3 up to 31%
 * (tests/unit/test_progress.c). */
#define PROGRESS_ETA_DOUBT 1.7
#define PROGRESS_ETA_DOUBT_RESULTS 5
/* How much each ended pass's weight fades at the next one's end, in the pace of late. */
#define PROGRESS_ETA_FADE 0.5

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

/* Whether the estimate at now_s is uncertain (PROGRESS_ETA_DOUBT): the progress line
 * then says so ("left ~1:10, uncertain") rather than have its figure taken as sure. */
bool progress_uncertain(const progress *p, double now_s);

#endif
