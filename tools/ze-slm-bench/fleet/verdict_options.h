/* SPDX-License-Identifier: MIT */
/* How devices are judged (fleet_verdict.h's verdict_opts): the shares a device's scores
 * are held to, each with its option and its name in a baseline file, and the options
 * merge and check share to set them and the fewest peers. One table drives the
 * options' rows, their parsing, the defaults and the baseline file's thresholds. */
#ifndef ZESLM_VERDICT_OPTIONS_H
#define ZESLM_VERDICT_OPTIONS_H

#include <stddef.h>

#include "cli/options.h"
#include "fleet/fleet_verdict.h"

typedef struct verdict_threshold {
    int key;              /* its option's letter in VERDICT_OPTIONS */
    const char *option;   /* "--slow-below" */
    const char *name;     /* "slow_below": its key in a baseline file's thresholds */
    size_t offset;        /* its share in verdict_opts */
    double fallback;      /* its default */
} verdict_threshold;

/* The thresholds, in the table's order: slow_below, low_below, slow_fail, low_fail,
 * workload_floor. */
#define VERDICT_THRESHOLDS 5
extern const verdict_threshold verdict_thresholds[VERDICT_THRESHOLDS];

/* Threshold i of o (i below VERDICT_THRESHOLDS). */
double *verdict_threshold_at(verdict_opts *o, size_t i);

/* Every threshold not set (0) its default, the fewest peers too; a FAIL floor never
 * above its WARN threshold (a looser --low-below, or a baseline file's, loosens both). */
void verdict_opts_resolve(verdict_opts *o);

/* The thresholds of a baseline file (file[i] of VERDICT_THRESHOLDS, 0 where it has
 * none) where no option said one (o->given). */
void verdict_opts_take(verdict_opts *o, const double *file);

/* One of VERDICT_OPTIONS into o, marked given: 0, 2 after a usage error, or -1 for a
 * key not of them. */
int verdict_option(verdict_opts *o, int key, const char *value);

/* The options' rows (merge's and check's option tables). */
#define VERDICT_OPTIONS                                                                                         \
    {"slow-below", 'W', "SHARE", "SLOW below this share of the median of its model's devices (default 0.9, or the baseline file's)"}, \
    {"low-below", 'O', "SHARE", "LOW below this share of the baseline (default 0.9, or the baseline file's)"},   \
    {"slow-fail", 'x', "SHARE", "SLOW of level FAIL below this share of its peers' median (default 0.5, or the baseline file's)"}, \
    {"low-fail", 'y', "SHARE", "LOW of level FAIL below this share of the baseline (default 0.5, or the baseline file's)"}, \
    {"workload-floor", 'z', "SHARE", "SLOW of level FAIL where one workload is below this share of its peers' (0.5)" "\n" \
     "A device whose worst workload (the median over that workload's results of its speed over its peers' median " \
     "speed) is below SHARE (default 0.5, or the baseline file's) is SLOW of level FAIL, ZESLM_FR_WORKLOAD_FLOOR, " \
     "whatever its median over all its results: one workload at a fifth of its peers' is not hidden by the others."}, \
    {"min-peers", 'p', "N", "judge a device against its peers only where it has N of them (default 2)" "\n"        \
     "A device is judged against its peers (other devices of its model and driver) only where it has at least N " \
     "(default 2: with one, the median is the mean of the device and that peer). Fewer: judged against "         \
     "--baseline, else UNJUDGED, ZESLM_FR_FEW_PEERS. Ranks that measured one device are that one device."}

#endif
