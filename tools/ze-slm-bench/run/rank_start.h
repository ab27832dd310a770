/* SPDX-License-Identifier: MIT */
/* A rank's start file: before it measures, a rank that writes DIR/HOST-RANK.json
 * writes DIR/HOST-RANK.start.json beside it (host, rank, job, device choice, start
 * time), whole or not at all. A rank killed before its first write, one whose
 * --device is not there, one that crashed in the driver's setup: each leaves its
 * host and rank to merge (fleet/rank_starts.h), which names them in its verdict. */
#ifndef ZESLM_RANK_START_H
#define ZESLM_RANK_START_H

#include <stdbool.h>
#include <stddef.h>

#include "fleet/rank_starts.h"
#include "run/rank.h"

/* The start file of results file `results` ("DIR/H-R.json": "DIR/H-R.start.json")
 * into out; false where it does not fit or `results` does not end in ".json". */
bool rank_start_path(const char *results, char *out, size_t len);

/* Writes the start file of `results` for rank r, which takes the device `spec`
 * names (NULL: its launcher's choice). Returns 0, or 1 after printing why. */
int rank_start_write(const char *results, const rank_info *r, const char *spec);

#endif
