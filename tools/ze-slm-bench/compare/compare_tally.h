/* SPDX-License-Identifier: MIT */
/* compare's summary, benchstat's first lines: per workload and over all, how many
 * results got slower, faster or stayed, the geometric mean of new/old, and the results
 * only one run has, as counts (their list is --verbose's). */
#ifndef ZESLM_COMPARE_TALLY_H
#define ZESLM_COMPARE_TALLY_H

#include <stdbool.h>
#include <stddef.h>

#include "compare/compare_stats.h"
#include "table/table.h"

typedef struct compare_counts {
    size_t matched, slower, faster, unchanged, untested, only_old, only_new;
    size_t regressions; /* slower past --fail-over */
    double log_sum;     /* of the matched results' new/old, for the geometric mean */
} compare_counts;

typedef struct compare_tally {
    char (*names)[64];  /* workloads in the order first met */
    compare_counts *per;
    size_t n, cap;
    compare_counts all;
    bool failed;        /* out of host memory */
} compare_tally;

/* Counts a result of the workload named `key` (up to a first space): matched with its
 * verdict and new/old (regression: slower past --fail-over), or only in one file
 * (`only_old` or not, ratio unused). */
void compare_tally_matched(compare_tally *t, const char *key, compare_verdict v, double ratio, bool regression);
void compare_tally_only(compare_tally *t, const char *key, bool only_old);
/* The geometric mean of new/old over c's matched results (NAN: none). */
double compare_geomean(const compare_counts *c);
/* The table of the workloads and a last row "all" (none where no result matched). */
void compare_tally_table(const compare_tally *t, table *out);
/* One line per workload with results only in one file: "only in old: atomics 12,
 * hist 3 (--verbose lists them)"; "" where there are none. */
void compare_tally_unmatched(const compare_tally *t, bool only_old, char *buf, size_t len);
void compare_tally_free(compare_tally *t);

#endif
