/* SPDX-License-Identifier: MIT */
/* The convergence rule of the measuring loop (bench_case_run): a figure is reported
 * once doubling the work of a launch changes it by less than 3%, or flagged when the
 * budget runs out first; and a speed-up only between variants of the same work. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>

#include <cmocka.h>

#include "bench_internal.h"

/* A launch of a fake device: a fixed cost plus `units` steps of `step_ns` each, or,
 * with `quadratic`, a cost per step that grows with the steps (never converges). */
struct fake_launch {
    uint64_t units;
    double fixed_ns, step_ns;
    bool quadratic;
    unsigned grows;
    /* Launches that vary: each measurement after an odd number of grows `shift`
     * slower as a whole, and its launches in turn `spread` faster, even and slower. */
    double shift, spread;
    unsigned calls;
};

static zeslm_status fake_rep(void *ctx, uint64_t *ns)
{
    struct fake_launch *f = ctx;
    double u = (double)f->units;
    double vary = (1 + (f->grows % 2) * f->shift) * (1 + f->spread * ((double)(f->calls++ % 3) - 1));
    *ns = (uint64_t)((f->fixed_ns + (f->quadratic ? u * u : u * f->step_ns)) * vary);
    return ZESLM_OK;
}

static zeslm_status fake_grow(void *ctx, uint64_t units, double *work)
{
    struct fake_launch *f = ctx;
    f->units = units;
    f->grows++;
    *work = (double)units;
    return ZESLM_OK;
}

static zeslm_status fake_verify(void *ctx, char *how, size_t len)
{
    (void)ctx;
    snprintf(how, len, "nothing to check");
    return ZESLM_OK;
}

static const zeslm_variant step = {.name = "step", .rate_unit = "ns/step"};

static zeslm_result run_case(struct fake_launch *f, double budget_s, bool growable)
{
    zeslm_run_opts o = {.reps = 3, .warmup = 1, .timeout_s = 60, .converge_s = budget_s};
    bench_case c = {.workload = "fake", .v = &step, .rep = fake_rep, .rep_ctx = f, .verify = fake_verify,
                    .work = (double)f->units, .work_unit = "steps", .units = f->units, .units_max = UINT64_C(1) << 40,
                    .grow = growable ? fake_grow : NULL, .grow_ctx = f};
    zeslm_results out = {0};
    assert_int_equal(bench_case_run(&o, &out, &c, NULL, "n=1"), ZESLM_OK);
    assert_int_equal(out.count, 1);
    zeslm_result r = out.items[0];
    r.times_ns = NULL;
    zeslm_results_free(&out);
    return r;
}

/* 100 us of launch and 10 ns a step from 64 steps: the steps double until the launch
 * is a small part of the time; the figure is within 3% of the true 10 ns. */
static void the_work_grows_until_the_launch_cost_is_negligible(void **state)
{
    (void)state;
    struct fake_launch f = {.units = 64, .fixed_ns = 100000, .step_ns = 10};
    zeslm_result r = run_case(&f, 10, true);
    assert_int_equal(r.outcome, ZESLM_MEASURED);
    assert_int_equal(r.converged, ZESLM_CONVERGED);
    /* f(u) = 10 + 1e5/u changes by less than 3% first between 2^18 and 2^19 steps. */
    assert_int_equal(r.work_units, UINT64_C(1) << 19);
    assert_true(r.work_change < 0.03 && r.work_change > 0);
    assert_true(fabs(r.rate - 10) / 10 < 0.03);
    assert_string_equal(r.work_unit, "steps");
}

/* Launches of 11 ms against a 0.1 s budget: the second measurement alone would end it
 * after one comparison (33 + 66 ms spent, 126 ms more asked), with the figure still
 * moving 4.5%; the room of two doublings after a long first measurement lets the third
 * one show it settled (2.3%). */
static void a_long_first_measurement_gets_room_for_two_doublings(void **state)
{
    (void)state;
    struct fake_launch f = {.units = 1000, .fixed_ns = 1e6, .step_ns = 1e4};
    zeslm_result r = run_case(&f, 0.1, true);
    assert_int_equal(r.outcome, ZESLM_MEASURED);
    assert_int_equal(r.converged, ZESLM_CONVERGED);
    assert_int_equal(r.work_units, 4000);
    assert_int_equal(f.grows, 2);
}

/* A figure that doubles with the work never converges: the budget stops the doubling
 * and the result says so. */
static void a_figure_that_never_holds_is_flagged(void **state)
{
    (void)state;
    struct fake_launch f = {.units = 64, .quadratic = true};
    zeslm_result r = run_case(&f, 0.05, true);
    assert_int_equal(r.outcome, ZESLM_MEASURED);
    assert_int_equal(r.converged, ZESLM_UNCONVERGED);
    assert_true(f.grows > 3);
    /* It doubled only while twice the last measurement fitted the budget left, so the
     * last one (3 launches, here four times the one before) took at most twice it. */
    assert_true(3e-9 * (double)r.work_units * (double)r.work_units < 0.1);
}

/* A figure that moves 4% from one doubling to the next as a whole: unconverged while
 * its launches agree, converged where they spread by 15% (a median of 3 has a
 * standard error of 11%), since no doubling can quieten such launches. */
static void a_change_within_the_launches_spread_converges(void **state)
{
    (void)state;
    struct fake_launch steady = {.units = 64, .step_ns = 1000, .shift = 0.04};
    zeslm_result r = run_case(&steady, 0.05, true);
    assert_int_equal(r.converged, ZESLM_UNCONVERGED);
    struct fake_launch noisy = {.units = 64, .step_ns = 1000, .shift = 0.04, .spread = 0.15};
    r = run_case(&noisy, 0.05, true);
    assert_int_equal(r.converged, ZESLM_CONVERGED);
    assert_int_equal(noisy.grows, 1);
    assert_true(r.work_change > 0.03 && r.work_change < 0.05);
}

/* A workload whose work is fixed by its input is measured once and marked unchecked. */
static void fixed_work_is_measured_once(void **state)
{
    (void)state;
    struct fake_launch f = {.units = 64, .fixed_ns = 100000, .step_ns = 10};
    zeslm_result r = run_case(&f, 10, false);
    assert_int_equal(r.converged, ZESLM_WORK_FIXED);
    assert_int_equal(f.grows, 0);
    assert_int_equal(r.work_units, 64);
}

/* The fake workload for the speed-up: a baseline and two variants, `same` doing the
 * baseline's work per unit and `more` twice as much (bank/throughput against strided). */
static zeslm_status fake_run(zeslm_device *dev, const zeslm_run_opts *o, zeslm_results *out)
{
    (void)dev;
    (void)o;
    static const char *names[] = {"base", "same", "more"};
    static const double work[] = {1000, 4000, 4000}, units[] = {1, 4, 2};
    static const uint64_t median[] = {1000, 2000, 2000};
    for (int i = 0; i < 3; i++) {
        zeslm_result *r = bench_add(out, "fake", names[i], "n=1");
        if (!r)
            return ZESLM_ERR_NOMEM;
        r->outcome = ZESLM_MEASURED;
        r->stats.median_ns = median[i];
        r->work = work[i];
        r->work_units = (uint64_t)units[i];
        r->rate_unit = "GB/s";
        r->rate = work[i] / (double)median[i];
    }
    return ZESLM_OK;
}

static const zeslm_variant fake_variants[] = {{.name = "base", .baseline = true, .rate_unit = "GB/s"},
                                              {.name = "same", .rate_unit = "GB/s"},
                                              {.name = "more", .rate_unit = "GB/s"}};
static const zeslm_workload fake = {.name = "fake", .variants = fake_variants, .n_variants = 3, .run = fake_run};

/* `same` settled on 4x the baseline's units in 2x its time: 2x faster per unit; `more`
 * does other work, so it has no speed-up at all. */
static void speedup_only_between_variants_of_the_same_work(void **state)
{
    (void)state;
    zeslm_run_opts o = {.reps = 1, .timeout_s = 1};
    zeslm_results out = {0};
    assert_int_equal(zeslm_workload_run(&fake, NULL, &o, &out), ZESLM_OK);
    assert_true(fabs(out.items[1].speedup - 2.0) < 1e-9);
    assert_true(out.items[2].speedup == 0);
    zeslm_results_free(&out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_work_grows_until_the_launch_cost_is_negligible),
        cmocka_unit_test(a_figure_that_never_holds_is_flagged),
        cmocka_unit_test(a_long_first_measurement_gets_room_for_two_doublings),
        cmocka_unit_test(a_change_within_the_launches_spread_converges),
        cmocka_unit_test(fixed_work_is_measured_once),
        cmocka_unit_test(speedup_only_between_variants_of_the_same_work),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
