/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>

#include "compare/compare_stats.h"

/* The most pairs of launches the interval sorts (32 MiB of doubles). */
#define COMPARE_INTERVAL_MAX ((size_t)1 << 22)

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double compare_median(const double *x, size_t n)
{
    return n % 2 ? x[n / 2] : 0.5 * (x[n / 2 - 1] + x[n / 2]);
}

/* The k-th smallest of d[0, n) (k < n), d reordered: Wirth's selection (Algorithms
 * + Data Structures = Programs, 2.3.4) with a median of three for bound. The value a
 * sort puts at k, in linear time: compare of two 10,000-device documents sorted 1.8
 * million sets of 400 differences, a third of its time. */
static double kth_smallest(double *d, size_t n, size_t k)
{
    ptrdiff_t l = 0, r = (ptrdiff_t)n - 1, want = (ptrdiff_t)k;
    while (l < r) {
        double a = d[l], b = d[l + (r - l) / 2], c = d[r];
        double x = a < b ? (b < c ? b : a < c ? c : a) : (a < c ? a : b < c ? c : b);
        ptrdiff_t i = l, j = r;
        do {
            while (d[i] < x)
                i++;
            while (x < d[j])
                j--;
            if (i <= j) {
                double t = d[i];
                d[i++] = d[j];
                d[j--] = t;
            }
        } while (i <= j);
        if (j < want)
            l = i;
        if (want < i)
            r = j;
    }
    return d[k];
}

/* The standard normal quantile of probability q in (0, 1), by bisection of erfc:
 * 60 halvings of [-40, 40] leave an error far under the 1e-6 a p-value needs. The
 * last one is kept: every result of a compare asks for the same q. */
static double normal_quantile(double q)
{
    static _Thread_local double last_q = NAN, last;
    if (q == last_q)
        return last;
    double lo = -40, hi = 40;
    for (int i = 0; i < 60; i++) {
        double mid = 0.5 * (lo + hi);
        if (0.5 * erfc(-mid / sqrt(2)) < q)
            lo = mid;
        else
            hi = mid;
    }
    last_q = q;
    return last = 0.5 * (lo + hi);
}

/* U of the new times (pairs where new > old, ties half) from the ranks of both sets
 * merged, and the tie correction sum(t^3 - t) over groups of t equal times. Both
 * arrays are sorted. */
static void u_statistic(const double *old, size_t n, const double *new_, size_t m, double *u, double *ties)
{
    double rank_sum = 0;
    *ties = 0;
    size_t i = 0, j = 0;
    while (i < n || j < m) {
        double v = j == m || (i < n && old[i] <= new_[j]) ? old[i] : new_[j];
        size_t in_old = 0, in_new = 0;
        while (i < n && old[i] == v)
            i++, in_old++;
        while (j < m && new_[j] == v)
            j++, in_new++;
        double t = (double)(in_old + in_new), first = (double)(i + j) - t + 1;
        /* Tied times share the mean of the ranks they span. */
        rank_sum += (double)in_new * (first + (t - 1) / 2);
        *ties += t * t * t - t;
    }
    *u = rank_sum - (double)m * ((double)m + 1) / 2;
}

/* Two-sided p-value of U by the normal approximation with the tie correction and a
 * continuity correction (Mann and Whitney 1947; accurate to about 0.01 from 5 launches
 * a side, where the smallest possible p, 0.008, is still under 0.05). */
static double u_p_value(double u, double ties, size_t n, size_t m)
{
    double nm = (double)n * (double)m, total = (double)(n + m);
    double var = nm / 12 * ((total + 1) - ties / (total * (total - 1)));
    if (var <= 0) /* every time equal: nothing tells the sets apart */
        return 1;
    double z = (fabs(u - nm / 2) - 0.5) / sqrt(var);
    return z <= 0 ? 1 : erfc(z / sqrt(2));
}

/* The ratio of the times and its interval from one estimator: the Hodges-Lehmann shift
 * of log times (the median of the n m differences log(new) - log(old)) and Moses'
 * distribution-free interval around it (Hollander and Wolfe, Nonparametric Statistical
 * Methods, 4.3: the k-th smallest and largest of the same differences, k from U's
 * normal approximation), both as ratios. The interval's ends lie on either side of the
 * median, so the ratio is always inside its interval (a ratio of the medians is not:
 * bimodal launch times put it outside in 4% of cases). */
static int ratio_estimate(const double *old, size_t n, const double *new_, size_t m, double alpha, double *ratio,
                          double *lo, double *hi)
{
    size_t nm = n * m;
    /* 2,048 launches a side would take 32 MiB of differences: no estimate. */
    if (n > COMPARE_INTERVAL_MAX / m) {
        *ratio = *lo = *hi = NAN;
        return 0;
    }
    double *d = malloc((nm + n + m) * sizeof *d);
    if (!d)
        return -1;
    double *log_old = d + nm, *log_new = log_old + n;
    for (size_t i = 0; i < n; i++)
        log_old[i] = log(old[i]);
    for (size_t j = 0; j < m; j++)
        log_new[j] = log(new_[j]);
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < m; j++)
            d[i * m + j] = log_new[j] - log_old[i];
    double half = (double)nm / 2 - normal_quantile(1 - alpha / 2) *
                                       sqrt((double)nm * (double)(n + m + 1) / 12);
    /* The lower middle of the differences (the upper one follows it where nm is even);
     * k at most it, so each end lies on its own side of the median. */
    size_t mid = (nm - 1) / 2;
    size_t k = half > 0 ? (size_t)floor(half) : 0;
    if (k > mid)
        k = mid;
    /* d[0, mid) then holds the mid smallest and d(mid, nm) the others: each end is
     * selected within its own side, the middle left where it is. */
    double low_mid = kth_smallest(d, nm, mid), high_mid = low_mid;
    if (nm % 2 == 0)
        for (size_t i = mid + 1; i < nm; i++)
            high_mid = i == mid + 1 || d[i] < high_mid ? d[i] : high_mid;
    size_t top = nm - 1 - k;
    *ratio = exp(0.5 * (low_mid + high_mid));
    *lo = exp(k < mid ? kth_smallest(d, mid, k) : low_mid);
    *hi = exp(top > mid ? kth_smallest(d + mid + 1, nm - mid - 1, top - mid - 1) : low_mid);
    free(d);
    return 0;
}

int compare_samples(double *old, size_t n, double *new_, size_t m, double alpha, double threshold,
                    double separation, compare_stats *out)
{
    *out = (compare_stats){.p = NAN, .ci_low = NAN, .ci_high = NAN, .slower_pairs = NAN,
                           .verdict = COMPARE_UNTESTED};
    qsort(old, n, sizeof *old, by_value);
    qsort(new_, m, sizeof *new_, by_value);
    /* Too few times for an interval, or a time of 0 (no logarithm: such a file's times
     * are not launch times): the ratio of the medians, untested. */
    out->ratio = n && m ? compare_median(new_, m) / compare_median(old, n) : NAN;
    if (n < 2 || m < 2 || old[0] <= 0 || new_[0] <= 0)
        return 0;
    double u, ties;
    u_statistic(old, n, new_, m, &u, &ties);
    out->p = u_p_value(u, ties, n, m);
    out->slower_pairs = u / ((double)n * (double)m);
    double hl;
    if (ratio_estimate(old, n, new_, m, alpha, &hl, &out->ci_low, &out->ci_high))
        return -1;
    if (!isnan(hl))
        out->ratio = hl;
    /* Launches so few that even sets apart in every launch give p >= alpha (3 a side:
     * 0.08) can show no change: untested, not unchanged. */
    if (u_p_value((double)n * (double)m, 0, n, m) >= alpha) {
        out->verdict = COMPARE_UNTESTED;
        return 0;
    }
    bool significant = out->p < alpha && fabs(out->ratio - 1) > threshold;
    if (significant && out->ratio > 1 && out->slower_pairs >= separation)
        out->verdict = COMPARE_SLOWER;
    else if (significant && out->ratio < 1 && out->slower_pairs <= 1 - separation)
        out->verdict = COMPARE_FASTER;
    else
        out->verdict = COMPARE_UNCHANGED;
    return 0;
}
