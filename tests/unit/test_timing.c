/* SPDX-License-Identifier: MIT */
/* Kernel-timestamp conversion (wrap-around included) and launch statistics. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <zeslm/timing.h>

static void ticks_convert_at_the_timer_rate(void **state)
{
    (void)state;
    /* Gen12's 12 MHz timestamp (83.33 ns a tick): 12 ticks are 1000 ns. */
    assert_int_equal(zeslm_ticks_to_ns(100, 112, 32, 12e6), 1000);
    assert_int_equal(zeslm_ticks_to_ns(0, 1000, 64, 1e9), 1000);
}

static void a_counter_that_wrapped_once_is_handled(void **state)
{
    (void)state;
    /* 32 valid bits: start 10 ticks before the wrap, end 5 ticks after it. */
    uint64_t start = (UINT64_C(1) << 32) - 10, end = 5;
    assert_int_equal(zeslm_ticks_to_ns(start, end, 32, 1e9), 15);
}

static void bits_above_the_valid_ones_are_ignored(void **state)
{
    (void)state;
    /* Garbage above bit 36 must not reach the difference. */
    uint64_t start = (UINT64_C(0xABC) << 36) | 1000, end = (UINT64_C(0x123) << 36) | 3000;
    assert_int_equal(zeslm_ticks_to_ns(start, end, 36, 1e9), 2000);
}

static void full_width_counters_subtract_plainly(void **state)
{
    (void)state;
    assert_int_equal(zeslm_ticks_to_ns(UINT64_MAX - 1, 3, 64, 1e9), 5);
}

static void stats_of_an_odd_count(void **state)
{
    (void)state;
    uint64_t t[] = {50, 10, 30, 20, 40};
    zeslm_stats s;
    zeslm_stats_compute(t, 5, &s);
    assert_int_equal(s.min_ns, 10);
    assert_int_equal(s.median_ns, 30);
    assert_int_equal(s.max_ns, 50);
    assert_true(s.mean_ns == 30.0);
    assert_true(s.spread > 1.33 && s.spread < 1.34);
    assert_int_equal(t[0], 10); /* sorted in place */
}

static void stats_of_an_even_count_average_the_middle(void **state)
{
    (void)state;
    uint64_t t[] = {40, 10, 30, 20};
    zeslm_stats s;
    zeslm_stats_compute(t, 4, &s);
    assert_int_equal(s.median_ns, 25);
}

static void stddev_is_the_sample_one(void **state)
{
    (void)state;
    uint64_t t[] = {2, 4, 4, 4, 5, 5, 7, 9};
    zeslm_stats s;
    zeslm_stats_compute(t, 8, &s);
    assert_true(s.mean_ns == 5.0);
    /* 32 / (8 - 1), not 32 / 8. */
    assert_true(s.stddev_ns > 2.1380 && s.stddev_ns < 2.1381);
}

static void one_launch_has_no_deviation_and_no_outliers(void **state)
{
    (void)state;
    uint64_t t[] = {7};
    zeslm_stats s;
    zeslm_stats_compute(t, 1, &s);
    assert_true(s.stddev_ns == 0.0);
    assert_int_equal(s.outliers, 0);
}

static void launches_beyond_the_iqr_fences_are_outliers(void **state)
{
    (void)state;
    /* Q1 = 11.25, Q3 = 13.75 (linear interpolation): fences at 7.5 and 17.5. */
    uint64_t t[] = {100, 12, 10, 14, 11, 13};
    zeslm_stats s;
    zeslm_stats_compute(t, 6, &s);
    assert_int_equal(s.outliers, 1);
    uint64_t low[] = {1, 12, 10, 14, 11, 13};
    zeslm_stats_compute(low, 6, &s);
    assert_int_equal(s.outliers, 1);
}

static void a_launch_on_the_fence_is_not_an_outlier(void **state)
{
    (void)state;
    /* Q1 = 10, Q3 = 12, IQR 2: the upper fence is exactly 15. */
    uint64_t t[] = {10, 10, 12, 15, 10, 12, 11, 12, 10};
    zeslm_stats s;
    zeslm_stats_compute(t, 9, &s);
    assert_int_equal(s.outliers, 0);
}

/* Just past Tukey's 1.5 IQR fences, and inside the 3 IQR ones of "far out" values: a
 * fence moved to 3 IQR counts none of these. */
static void launches_just_past_the_fences_are_outliers(void **state)
{
    (void)state;
    /* Q1 = 10, Q3 = 12, IQR 2: fences at 7 and 15 (at 3 IQR: 4 and 18). */
    uint64_t high[] = {10, 10, 12, 16, 10, 12, 11, 12, 10};
    zeslm_stats s;
    zeslm_stats_compute(high, 9, &s);
    assert_int_equal(s.outliers, 1);
    uint64_t low[] = {10, 10, 12, 6, 10, 12, 11, 12, 12};
    zeslm_stats_compute(low, 9, &s);
    assert_int_equal(s.outliers, 1);
}

static void equal_launches_have_no_outliers(void **state)
{
    (void)state;
    uint64_t t[] = {5, 5, 5, 5};
    zeslm_stats s;
    zeslm_stats_compute(t, 4, &s);
    assert_int_equal(s.outliers, 0);
    assert_true(s.stddev_ns == 0.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ticks_convert_at_the_timer_rate),
        cmocka_unit_test(a_counter_that_wrapped_once_is_handled),
        cmocka_unit_test(bits_above_the_valid_ones_are_ignored),
        cmocka_unit_test(full_width_counters_subtract_plainly),
        cmocka_unit_test(stats_of_an_odd_count),
        cmocka_unit_test(stats_of_an_even_count_average_the_middle),
        cmocka_unit_test(stddev_is_the_sample_one),
        cmocka_unit_test(one_launch_has_no_deviation_and_no_outliers),
        cmocka_unit_test(launches_beyond_the_iqr_fences_are_outliers),
        cmocka_unit_test(a_launch_on_the_fence_is_not_an_outlier),
        cmocka_unit_test(launches_just_past_the_fences_are_outliers),
        cmocka_unit_test(equal_launches_have_no_outliers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
