/* SPDX-License-Identifier: MIT */
/* A baseline file (docs/fleet-health.md, "The baseline file"): per model and driver,
 * per result, the median rate of a healthy fleet's devices, with the threshold a
 * device is LOW below. `merge --write-baseline` writes one; `--baseline` reads it (or
 * a results document, as before). */
#ifndef ZESLM_BASELINE_FILE_H
#define ZESLM_BASELINE_FILE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "fleet/fleet.h"
#include "fleet/fleet_verdict.h"

/* The format this tool writes, and the one before it, which it still reads: /1 held
 * low_below alone (its other thresholds are then the options' or their defaults); /2
 * holds every threshold of verdict_options.h's table. A file of another is refused by
 * name. */
#define BASELINE_FORMAT "ze-slm-baseline/2"
#define BASELINE_FORMAT_1 "ze-slm-baseline/1"

/* Writes the baseline of f's devices whose verdict in v is PASS or UNJUDGED (a device alone
 * in its model: a one-node baseline), leaving out one that is SLOW, LOW or failed: each
 * model's median speed per result; and the thresholds o judged by (their defaults where
 * it set none). False on a failed write or out of memory. */
bool baseline_file_write(FILE *out, const fleet *f, const verdicts *v, const verdict_opts *o);

/* Whether path's first bytes say it is a baseline file (else: a results document). */
bool baseline_file_is(const char *path);

/* Reads a baseline file into `out` (a device per model, its rows the medians) and its
 * thresholds into thresholds[i] (VERDICT_THRESHOLDS of verdict_options.h's table; 0 where
 * the file has none).
 * Returns 0, or the exit status after one error line. */
int baseline_file_read(const char *path, uint64_t limit, fleet *out, double *thresholds);

/* --baseline FILE: a baseline file, or a results document (read as merge reads one,
 * its thresholds all 0). Returns 0, or the exit status after one error line. */
int baseline_load(const char *path, uint64_t limit, fleet *out, double *thresholds);

#endif
