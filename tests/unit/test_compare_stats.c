/* SPDX-License-Identifier: MIT */
/* compare's statistics: a real change of 5% at 20 launches a side is found, two sets
 * drawn from one distribution are called unchanged at least 95% of the time, and the
 * U test's p-value and the ratio's interval are the textbook ones, and the ratio is
 * the estimate its interval belongs to (tests/cli/compare_scipy.py checks both against
 * scipy on generated data). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "compare/compare_stats.h"

#define LAUNCHES 20
#define TRIALS 1000

static void near(double got, double want, double tolerance)
{
    assert_true(got >= want - tolerance && got <= want + tolerance);
}

static uint64_t xorshift(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

/* A reproducible normal deviate: xorshift64 and Box-Muller. */
static double gaussian(uint64_t *state)
{
    double u[2];
    for (int i = 0; i < 2; i++)
        u[i] = ((double)(xorshift(state) >> 11) + 0.5) / 9007199254740992.0; /* (0, 1) */
    return sqrt(-2 * log(u[0])) * cos(2 * acos(-1.0) * u[1]);
}

/* n launch times around `median_ns` with a relative standard deviation `sd` (1%: what
 * a memory-bound GPU kernel of a millisecond shows; its max-min spread is near 4%). */
static void launches(double *t, size_t n, double median_ns, double sd, uint64_t *state)
{
    for (size_t i = 0; i < n; i++)
        t[i] = median_ns * (1 + sd * gaussian(state));
}

static compare_verdict verdict(double *old, double *new_, compare_stats *s)
{
    assert_int_equal(compare_samples(old, LAUNCHES, new_, LAUNCHES, COMPARE_ALPHA, COMPARE_THRESHOLD,
                                     COMPARE_SEPARATION, s),
                     0);
    return s->verdict;
}

static void a_five_percent_slowdown_at_20_launches_is_found(void **state)
{
    (void)state;
    uint64_t seed = 0x9e3779b97f4a7c15u;
    size_t found = 0, covered = 0;
    for (int trial = 0; trial < TRIALS; trial++) {
        double old[LAUNCHES], new_[LAUNCHES];
        launches(old, LAUNCHES, 1e6, 0.01, &seed);
        launches(new_, LAUNCHES, 1.05e6, 0.01, &seed);
        compare_stats s;
        found += verdict(old, new_, &s) == COMPARE_SLOWER;
        covered += s.ci_low <= 1.05 && 1.05 <= s.ci_high;
    }
    assert_true(found >= TRIALS * 99 / 100);
    /* A 95% interval holds the true ratio about 95% of the time. */
    assert_true(covered >= TRIALS * 92 / 100);
}

static void a_five_percent_speedup_is_found_as_faster(void **state)
{
    (void)state;
    uint64_t seed = 12345;
    double old[LAUNCHES], new_[LAUNCHES];
    launches(old, LAUNCHES, 1e6, 0.01, &seed);
    launches(new_, LAUNCHES, 0.95e6, 0.01, &seed);
    compare_stats s;
    assert_int_equal(verdict(old, new_, &s), COMPARE_FASTER);
    assert_true(s.ci_high < 1);
}

static void sets_from_one_distribution_are_unchanged_at_least_95_percent_of_the_time(void **state)
{
    (void)state;
    uint64_t seed = 42;
    for (double sd = 0.001; sd < 0.5; sd *= 10) {
        size_t changed = 0;
        for (int trial = 0; trial < TRIALS; trial++) {
            double old[LAUNCHES], new_[LAUNCHES];
            launches(old, LAUNCHES, 1e6, sd, &seed);
            launches(new_, LAUNCHES, 1e6, sd, &seed);
            compare_stats s;
            changed += verdict(old, new_, &s) != COMPARE_UNCHANGED;
        }
        assert_true(changed <= TRIALS * 5 / 100);
    }
}

/* A shift the test is sure of but smaller than the threshold is no change. */
static void a_sure_change_under_the_threshold_is_unchanged(void **state)
{
    (void)state;
    uint64_t seed = 7;
    double old[LAUNCHES], new_[LAUNCHES];
    launches(old, LAUNCHES, 1e6, 0.0001, &seed);
    launches(new_, LAUNCHES, 1.02e6, 0.0001, &seed);
    compare_stats s;
    assert_int_equal(verdict(old, new_, &s), COMPARE_UNCHANGED);
    assert_true(s.p < 1e-6);
}

/* Separated medians with launches that overlap (half the new launches as fast as
 * the old ones): a shift within the launches' scatter, as H100's short atomics
 * launches wander 1-2 us from run to run. */
static void a_shift_within_the_scatter_is_unchanged(void **state)
{
    (void)state;
    double old[LAUNCHES], new_[LAUNCHES];
    for (int i = 0; i < LAUNCHES; i++) {
        old[i] = 10000 + 200 * i;
        new_[i] = 11000 + 200 * i;
    }
    compare_stats s;
    assert_int_equal(verdict(old, new_, &s), COMPARE_UNCHANGED);
    assert_true(s.p < COMPARE_ALPHA && s.ratio > 1 + COMPARE_THRESHOLD);
    assert_true(s.slower_pairs < COMPARE_SEPARATION);
}

/* {1..5} against {6..10}: U = 25 of 25, z = 12 / sqrt(22.917), p = 0.01219 (scipy's
 * mannwhitneyu, asymptotic with continuity correction). */
static void the_p_value_is_the_textbook_one(void **state)
{
    (void)state;
    double old[] = {5, 3, 1, 4, 2}, new_[] = {6, 7, 8, 9, 10};
    compare_stats s;
    assert_int_equal(compare_samples(old, 5, new_, 5, 0.05, 0.03, 0.9, &s), 0);
    near(s.p, 0.01219, 5e-5);
    near(s.slower_pairs, 1, 1e-12);
    /* The median of the 25 differences log(new) - log(old): log(8 / 3), as it happens
     * (8/3 is the 13th of the 25 ratios j / i). */
    near(s.ratio, 8.0 / 3.0, 1e-12);
    assert_int_equal(s.verdict, COMPARE_SLOWER);
}

/* Ties share their ranks: {1,2,2,3} against {2,3,3,4} ranks the new set 3, 6, 6, 8,
 * U = 23 - 10 = 13 of 16; two triples of ties take 48/56 off the variance's 9, so
 * var = 16/12 (9 - 48/56) = 10.857, z = (5 - 0.5) / 3.295 and p = 0.1720. */
static void ties_share_their_ranks(void **state)
{
    (void)state;
    double old[] = {1, 2, 2, 3}, new_[] = {2, 3, 3, 4};
    compare_stats s;
    assert_int_equal(compare_samples(old, 4, new_, 4, 0.05, 0.03, 0.9, &s), 0);
    near(s.slower_pairs, 13.0 / 16, 1e-12);
    near(s.p, 0.1720, 5e-4);
}

static void equal_times_are_unchanged_with_p_1(void **state)
{
    (void)state;
    double old[] = {100, 100, 100, 100, 100}, new_[] = {100, 100, 100, 100, 100};
    compare_stats s;
    assert_int_equal(compare_samples(old, 5, new_, 5, 0.05, 0.03, 0.9, &s), 0);
    near(s.p, 1, 0);
    assert_int_equal(s.verdict, COMPARE_UNCHANGED);
}

static void one_launch_a_side_is_untested(void **state)
{
    (void)state;
    double old[] = {100}, new_[] = {200, 210};
    compare_stats s;
    assert_int_equal(compare_samples(old, 1, new_, 2, 0.05, 0.03, 0.9, &s), 0);
    assert_int_equal(s.verdict, COMPARE_UNTESTED);
    near(s.ratio, 2.05, 1e-12);
    assert_true(isnan(s.p));
}

/* Three launches a side cannot reach p < 0.05 even when every new launch is ten
 * times slower (p = 0.081): untested, not unchanged. */
static void three_launches_a_side_are_untested(void **state)
{
    (void)state;
    double old[] = {100, 101, 102}, new_[] = {1000, 1010, 1020};
    compare_stats s;
    assert_int_equal(compare_samples(old, 3, new_, 3, 0.05, 0.03, 0.9, &s), 0);
    assert_int_equal(s.verdict, COMPARE_UNTESTED);
    near(s.p, 0.0809, 5e-4);
}

static int ascending(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Moses' interval by the book: every difference of log times sorted, the k-th from
 * each end, k = floor(nm/2 - z sqrt(nm (n+m+1)/12)), z = 1.959964 at alpha 0.05; the
 * Hodges-Lehmann estimate their median. */
static void interval_by_sorting(const double *old, size_t n, const double *new_, size_t m, double *lo, double *hi,
                                double *ratio)
{
    size_t nm = n * m;
    double *d = malloc(nm * sizeof *d);
    assert_non_null(d);
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < m; j++)
            d[i * m + j] = log(new_[j]) - log(old[i]);
    qsort(d, nm, sizeof *d, ascending);
    double half = (double)nm / 2 - 1.959963984540054 * sqrt((double)nm * (double)(n + m + 1) / 12);
    size_t k = half > 0 ? (size_t)floor(half) : 0;
    *lo = exp(d[k]);
    *hi = exp(d[nm - 1 - k]);
    *ratio = exp(0.5 * (d[(nm - 1) / 2] + d[nm / 2]));
    free(d);
}

/* The interval's ends are the sorted differences' order statistics exactly (its
 * selection reorders them, in linear time), at other sizes a side and with ties. */
static void the_interval_is_the_sorted_differences_one(void **state)
{
    (void)state;
    uint64_t rng = 0x2545f4914f6cdd1dull;
    for (int trial = 0; trial < 2000; trial++) {
        size_t n = 5 + (size_t)(trial % 17), m = 5 + (size_t)((trial * 7) % 23);
        double old[40], new_[40];
        launches(old, n, 1e6, 0.02, &rng);
        launches(new_, m, 1e6 * (1 + 0.01 * (trial % 5)), 0.02, &rng);
        if (trial % 3 == 0) /* ties: times in whole microseconds */
            for (size_t i = 0; i < 40; i++) {
                old[i] = i < n ? 1000 * round(old[i] / 1000) : 0;
                new_[i] = i < m ? 1000 * round(new_[i] / 1000) : 0;
            }
        compare_stats s;
        assert_int_equal(compare_samples(old, n, new_, m, COMPARE_ALPHA, COMPARE_THRESHOLD, COMPARE_SEPARATION, &s), 0);
        double lo, hi, ratio;
        interval_by_sorting(old, n, new_, m, &lo, &hi, &ratio); /* compare_samples sorted them: the same sets */
        assert_true(s.ci_low == lo);
        assert_true(s.ci_high == hi);
        assert_true(s.ratio == ratio);
    }
}

/* Launch times of two modes (a share of them `slow` times the fast mode's), each mode
 * with a 1% spread: the shape that put a ratio of medians outside its interval. */
static void bimodal(double *t, size_t n, double fast_ns, double slow, double share, uint64_t *state)
{
    launches(t, n, fast_ns, 0.01, state);
    for (size_t i = 0; i < n; i++)
        if ((double)(xorshift(state) >> 11) * 0x1p-53 < share)
            t[i] *= slow;
}

/* The ratio is the estimate whose interval compare prints, so it lies inside it: in
 * 200,000 generated pairs of sets (4 to 40 launches a side, half of them bimodal with
 * modes 1.2 to 4 times apart in shares of 10% to 90%, the new set shifted by -30% to
 * +30%). A ratio of medians fell outside in 8,697 such cases of 200,000. */
static void the_ratio_is_inside_its_interval_every_time(void **state)
{
    (void)state;
    uint64_t rng = 0x9e3779b97f4a7c15ull;
    size_t outside = 0, tested = 0;
    for (int trial = 0; trial < 200000; trial++) {
        size_t n = 4 + (size_t)(xorshift(&rng) % 37), m = 4 + (size_t)(xorshift(&rng) % 37);
        double old[40], new_[40];
        double shift = 0.7 + 0.6 * (double)(xorshift(&rng) % 1000) / 1000;
        if (trial % 2) {
            double slow = 1.2 + 2.8 * (double)(xorshift(&rng) % 1000) / 1000;
            bimodal(old, n, 1e4, slow, 0.1 + 0.8 * (double)(xorshift(&rng) % 1000) / 1000, &rng);
            bimodal(new_, m, 1e4 * shift, slow, 0.1 + 0.8 * (double)(xorshift(&rng) % 1000) / 1000, &rng);
        } else {
            launches(old, n, 1e4, 0.05, &rng);
            launches(new_, m, 1e4 * shift, 0.05, &rng);
        }
        compare_stats s;
        assert_int_equal(compare_samples(old, n, new_, m, COMPARE_ALPHA, COMPARE_THRESHOLD, COMPARE_SEPARATION, &s), 0);
        tested += !isnan(s.ci_low);
        outside += !(s.ci_low <= s.ratio && s.ratio <= s.ci_high);
    }
    if (outside || tested != 200000)
        fail_msg("%zu of 200000 ratios outside their interval, %zu with an interval", outside, tested);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_five_percent_slowdown_at_20_launches_is_found),
        cmocka_unit_test(a_five_percent_speedup_is_found_as_faster),
        cmocka_unit_test(sets_from_one_distribution_are_unchanged_at_least_95_percent_of_the_time),
        cmocka_unit_test(a_sure_change_under_the_threshold_is_unchanged),
        cmocka_unit_test(a_shift_within_the_scatter_is_unchanged),
        cmocka_unit_test(the_p_value_is_the_textbook_one),
        cmocka_unit_test(ties_share_their_ranks),
        cmocka_unit_test(equal_times_are_unchanged_with_p_1),
        cmocka_unit_test(one_launch_a_side_is_untested),
        cmocka_unit_test(three_launches_a_side_are_untested),
        cmocka_unit_test(the_interval_is_the_sorted_differences_one),
        cmocka_unit_test(the_ratio_is_inside_its_interval_every_time),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
