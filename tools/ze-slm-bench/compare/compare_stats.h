/* SPDX-License-Identifier: MIT */
/* Whether two sets of launch times differ, as benchstat decides it: a Mann-Whitney U
 * test over the launches (no assumption of a normal distribution, which launch times
 * with their long tails do not follow), a confidence interval for the ratio of the
 * times, and a change called only where the test, its size and the launches' own
 * separation all say so. */
#ifndef ZESLM_COMPARE_STATS_H
#define ZESLM_COMPARE_STATS_H

#include <stddef.h>

/* The defaults of `compare`: a change is called where p < 0.05 (benchstat's alpha),
 * the ratio differs from 1 by more than 3%, and at least 90% of the (old, new) pairs of
 * launches agree on its direction. Three same-day H100 runs of the whole suite
 * (tests/fixtures/compare/h100-2026-11-22*.json) differ by 1-2 us in their
 * 8-20 us atomics launches from run to run, with p < 0.001: a run's launches cannot
 * show how far the next run wanders, and the separation is what tells such a shift
 * within the launches' scatter from a change (97-98% of those results then unchanged,
 * where the test alone left 82-89%). */
#define COMPARE_ALPHA 0.05
#define COMPARE_THRESHOLD 0.03
#define COMPARE_SEPARATION 0.9

typedef enum compare_verdict {
    COMPARE_UNCHANGED, /* no change the test, its size and the separation all show */
    COMPARE_SLOWER,
    COMPARE_FASTER,
    COMPARE_UNTESTED, /* too few launch times: fewer than 2 a side, or so few that no
                       * arrangement of them reaches p < alpha (3 a side at 0.05) */
} compare_verdict;

typedef struct compare_stats {
    /* new over old: exp of the Hodges-Lehmann shift of log times (the median of the
     * n m differences log(new) - log(old)), the estimate whose interval ci_low, ci_high
     * are, so always inside it; median(new) / median(old) where there is no interval */
    double ratio;
    double p;              /* two-sided p-value of the U test; NAN: untested */
    double ci_low, ci_high; /* the ratio's confidence interval at level 1 - alpha; NAN: none
                            * (over 4M pairs of launches) */
    /* The share of (old, new) pairs of launches where the new one took longer (ties
     * half): U / (n m), 0.5 where the two are alike, 1 where every new launch was
     * slower than every old one (Vargha and Delaney's A). */
    double slower_pairs;
    compare_verdict verdict;
} compare_stats;

/* Compares the launch times old[0..n) and new[0..m) (nanoseconds, any order; each
 * array is sorted in place) at the given alpha, threshold (a fraction: 0.03 is 3%)
 * and separation. Too few times (COMPARE_UNTESTED): fewer than 2 on a side leaves
 * the ratio of the medians only, as do over 4M pairs of launches (no interval). Returns 0, or -1 when out of host memory. */
int compare_samples(double *old, size_t n, double *new_, size_t m, double alpha, double threshold,
                    double separation, compare_stats *out);

/* The median of sorted x[0..n) (n > 0). */
double compare_median(const double *x, size_t n);

#endif
