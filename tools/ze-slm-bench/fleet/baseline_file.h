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

/* The format this tool writes and reads; a file of another is refused by name. */
#define BASELINE_FORMAT "ze-slm-baseline/1"

/* Writes the baseline of f's devices whose verdict in v is PASS or UNJUDGED (a device alone
 * in its model: a one-node baseline), leaving out one that is SLOW, LOW or failed: each
 * model's median speed per result. False on a
 * failed write or out of memory. */
bool baseline_file_write(FILE *out, const fleet *f, const verdicts *v, double low_below);

/* Whether path's first bytes say it is a baseline file (else: a results document). */
bool baseline_file_is(const char *path);

/* Reads a baseline file into `out` (a device per model, its rows the medians) and its
 * threshold into *low_below. Returns 0, or the exit status after one error line. */
int baseline_file_read(const char *path, uint64_t limit, fleet *out, double *low_below);

/* --baseline FILE: a baseline file, or a results document (read as merge reads one).
 * *file_low: the baseline file's threshold, 0 for a results document. Returns 0, or the
 * exit status after one error line. */
int baseline_load(const char *path, uint64_t limit, fleet *out, double *file_low);

#endif
