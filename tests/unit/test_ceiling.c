/* SPDX-License-Identifier: MIT */
/* A workload's fraction of its ceiling: against the ceiling's best launch, at the best
 * of the grids it was measured at, and flagged, never over 100%, when beaten. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "bench_internal.h"

/* The rate the fake workload reports, set by each test. */
static double workload_rate;

static zeslm_status fake_run(zeslm_device *dev, const zeslm_run_opts *o, zeslm_results *out)
{
    (void)dev;
    (void)o;
    zeslm_result *r = bench_add(out, "fake", "v", "n=1");
    if (!r)
        return ZESLM_ERR_NOMEM;
    r->outcome = ZESLM_MEASURED;
    r->rate = workload_rate;
    r->rate_unit = "GB/s";
    return ZESLM_OK;
}

static const zeslm_variant fake_variants[] = {{.name = "v", .rate_unit = "GB/s", .ceiling = "read"}};
static const zeslm_workload fake = {.name = "fake", .variants = fake_variants, .n_variants = 1, .run = fake_run};

/* Two grids of roofline/read: medians 100 and 102 GB/s; best launches 101 and 104. */
static void add_reads(zeslm_results *out)
{
    static const double rate[] = {100, 102};
    static const uint64_t min_ns[] = {99, 98};
    for (int i = 0; i < 2; i++) {
        zeslm_result *r = bench_add(out, "roofline", "read", "waves=%d", 2 << i);
        assert_non_null(r);
        r->outcome = ZESLM_MEASURED;
        r->rate = rate[i];
        r->rate_unit = "GB/s";
        r->stats.median_ns = 100;
        r->stats.min_ns = min_ns[i];
    }
}

static const zeslm_result *run_fake(zeslm_results *out, double rate)
{
    workload_rate = rate;
    zeslm_run_opts o = {.reps = 1, .timeout_s = 1};
    add_reads(out);
    assert_int_equal(zeslm_workload_run(&fake, NULL, &o, out), ZESLM_OK);
    return &out->items[out->count - 1];
}

static void a_rate_between_median_and_best_launch_is_a_fraction(void **state)
{
    (void)state;
    zeslm_results out = {0};
    /* Above both medians, below the best launch of the faster grid (102 * 100 / 98). */
    const zeslm_result *r = run_fake(&out, 103);
    assert_false(r->ceiling_exceeded);
    assert_float_equal(r->fraction, 103 / (102.0 * 100 / 98), 1e-9);
    zeslm_results_free(&out);
}

static void a_rate_above_every_best_launch_is_flagged(void **state)
{
    (void)state;
    zeslm_results out = {0};
    const zeslm_result *r = run_fake(&out, 105);
    assert_true(r->ceiling_exceeded);
    assert_true(r->fraction == 0);
    zeslm_results_free(&out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_rate_between_median_and_best_launch_is_a_fraction),
        cmocka_unit_test(a_rate_above_every_best_launch_is_flagged),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
