/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdlib.h>

#include <zeslm/timing.h>

uint64_t zeslm_ticks_to_ns(uint64_t start, uint64_t end, uint32_t valid_bits, double timer_hz)
{
    uint64_t mask = valid_bits >= 64 ? UINT64_MAX : (UINT64_C(1) << valid_bits) - 1;
    /* Unsigned subtraction modulo 2^valid_bits is correct across one wrap. */
    uint64_t ticks = (end - start) & mask;
    return (uint64_t)((double)ticks * 1e9 / timer_hz + 0.5);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The q-quantile of sorted ns[0..n-1], interpolated linearly between the two order
 * statistics around position q * (n - 1). */
static double quantile(const uint64_t *ns, size_t n, double q)
{
    double pos = q * (double)(n - 1);
    size_t lo = (size_t)pos;
    if (lo + 1 >= n)
        return (double)ns[n - 1];
    return (double)ns[lo] + (pos - (double)lo) * ((double)ns[lo + 1] - (double)ns[lo]);
}

void zeslm_stats_compute(uint64_t *ns, size_t n, zeslm_stats *out)
{
    qsort(ns, n, sizeof *ns, cmp_u64);
    double sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += (double)ns[i];
    out->n = n;
    out->min_ns = ns[0];
    out->max_ns = ns[n - 1];
    out->median_ns = n % 2 ? ns[n / 2] : (ns[n / 2 - 1] + ns[n / 2]) / 2;
    out->mean_ns = sum / (double)n;
    double sq = 0;
    for (size_t i = 0; i < n; i++)
        sq += ((double)ns[i] - out->mean_ns) * ((double)ns[i] - out->mean_ns);
    out->stddev_ns = n > 1 ? sqrt(sq / (double)(n - 1)) : 0;
    double q1 = quantile(ns, n, 0.25), q3 = quantile(ns, n, 0.75);
    double lo = q1 - 1.5 * (q3 - q1), hi = q3 + 1.5 * (q3 - q1);
    out->outliers = 0;
    for (size_t i = 0; i < n; i++)
        out->outliers += (double)ns[i] < lo || (double)ns[i] > hi;
    out->spread = out->median_ns ? (double)(out->max_ns - out->min_ns) / (double)out->median_ns : 0;
}
