/* SPDX-License-Identifier: MIT */
/* Turning device timestamps and repeated launches into numbers. */
#ifndef ZESLM_TIMING_H
#define ZESLM_TIMING_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Nanoseconds between two kernel timestamps of a counter that keeps `valid_bits`
 * bits and ticks `timer_hz` times a second. A counter that wrapped once between
 * start and end (end < start in the valid bits) is handled. */
uint64_t zeslm_ticks_to_ns(uint64_t start, uint64_t end, uint32_t valid_bits, double timer_hz);

typedef struct zeslm_stats {
    uint64_t min_ns, median_ns, max_ns;
    double mean_ns;
    double stddev_ns; /* sample standard deviation (n - 1 in the divisor); 0 when n = 1 */
    double spread;   /* (max - min) / median: the run's own variation */
    /* Launches below Q1 - 1.5 IQR or above Q3 + 1.5 IQR (Tukey's fences; quartiles
     * interpolated linearly between order statistics, as numpy and hyperfine do). */
    size_t outliers;
    size_t n;
} zeslm_stats;

/* Statistics of n >= 1 durations; `ns` is left in ascending order. */
void zeslm_stats_compute(uint64_t *ns, size_t n, zeslm_stats *out);

#ifdef __cplusplus
}
#endif

#endif
