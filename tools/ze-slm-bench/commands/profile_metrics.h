/* SPDX-License-Identifier: MIT */
/* `profile --metrics`: the hardware counter groups the Level Zero driver offers, and
 * their values around the launches of one variant. */
#ifndef ZESLM_PROFILE_METRICS_H
#define ZESLM_PROFILE_METRICS_H

#include "run/run_cli.h"

/* What profile runs: the variant, at these group sizes, with o's options. */
typedef struct profile_metrics_run {
    const run_cli *o;
    const run_choice *choice;
    const uint32_t *sizes;
    uint32_t n_sizes;
} profile_metrics_run;

/* `spec` is "list" or GROUP[,GROUP]. Before anything else asks the driver, the
 * groups are listed in a child process (zeslm_metric_groups); a group is collected
 * only after that, with metrics enabled in this process. Returns the exit status: 1
 * with one line saying what is missing when there are no counters, 2 for a group the
 * driver does not offer. */
int profile_metrics(const char *spec, const profile_metrics_run *pr, int argc, char **argv);

#endif
