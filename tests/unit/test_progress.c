/* The progress line: its counter, clock, estimate and scaled parameters, and the
 * default time budget a run shares among its variants. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "progress.h"
#include "run_budget.h"

static void params_are_scaled(void **state)
{
    (void)state;
    char buf[128];
    progress_scale_params("bytes=1073741824 waves=2", buf, sizeof buf);
    assert_string_equal(buf, "bytes=1 GiB waves=2");
    progress_scale_params("n=67108864 input=uniform", buf, sizeof buf);
    assert_string_equal(buf, "n=67.1M input=uniform");
    progress_scale_params("slm=49152 group=256", buf, sizeof buf);
    assert_string_equal(buf, "slm=48 KiB group=256");
    progress_scale_params("footprint=512", buf, sizeof buf);
    assert_string_equal(buf, "footprint=512 bytes");
    /* Not a whole number: left as it is. */
    progress_scale_params("n=12x stride=4", buf, sizeof buf);
    assert_string_equal(buf, "n=12x stride=4");
    progress_scale_params("", buf, sizeof buf);
    assert_string_equal(buf, "");
    /* Cut at the buffer's end, terminated. */
    progress_scale_params("bytes=1073741824 waves=2", buf, 8);
    assert_int_equal(strlen(buf), 7);
}

static void clock_reads_as_minutes(void **state)
{
    (void)state;
    char buf[16];
    progress_clock(41.2, buf, sizeof buf);
    assert_string_equal(buf, "0:41");
    progress_clock(70, buf, sizeof buf);
    assert_string_equal(buf, "1:10");
    progress_clock(3725, buf, sizeof buf);
    assert_string_equal(buf, "1:02:05");
    progress_clock(-3, buf, sizeof buf);
    assert_string_equal(buf, "0:00");
}

/* 22 variants of expected cost 40 done in 40 s: a second a unit, and the 60 units left
 * (the current variant's included, 1 s under way) take 60 - 1 = 59 s. */
static void estimate_from_the_pace_so_far(void **state)
{
    (void)state;
    progress p = {.total = 65, .started = 23, .current_from = 40.0, .weight_total = 100, .weight_done = 40};
    strcpy(p.workload, "bank");
    strcpy(p.variant, "strided");
    char buf[256];
    progress_line(&p, "stride=4", 41.0, buf, sizeof buf);
    assert_string_equal(buf, "[23/65] bank strided stride=4  elapsed 0:41  left ~0:59");
    /* Twice as slow a pace: twice the time left. */
    p.current_from = 80;
    progress_line(&p, "stride=4", 81.0, buf, sizeof buf);
    assert_string_equal(buf, "[23/65] bank strided stride=4  elapsed 1:21  left ~1:59");
    /* A shared target 100 s from the start: its workloads end near it, so at most 19 s
     * are left at 81 s. */
    p.target_s = 100;
    progress_line(&p, "stride=4", 81.0, buf, sizeof buf);
    assert_string_equal(buf, "[23/65] bank strided stride=4  elapsed 1:21  left ~0:19");
    /* Past it, the pace alone. */
    progress_line(&p, "stride=4", 101.0, buf, sizeof buf);
    assert_string_equal(buf, "[23/65] bank strided stride=4  elapsed 1:41  left ~1:39");
    p.target_s = 0;
    /* Nothing finished yet: no estimate. */
    p.started = 1;
    p.current_from = 0;
    p.weight_done = 0;
    progress_line(&p, "stride=4", 3.0, buf, sizeof buf);
    assert_string_equal(buf, "[1/65] bank strided stride=4  elapsed 0:03  left ~?");
}

/* A new (workload, variant) counts once, however many measurements it makes. */
static void variants_counted_once(void **state)
{
    (void)state;
    progress p;
    progress_start(&p, NULL, 3, 3 * progress_weight("bank"));
    progress_note("bank", "strided", "stride=1", &p);
    progress_note("bank", "strided", "stride=2", &p);
    assert_int_equal(p.started, 1);
    progress_note("bank", "padded", "stride=1", &p);
    /* Back to the first variant at the next input (hist sweeps inputs outside its
     * variants): not a new one. */
    progress_note("bank", "strided", "stride=1 input=same", &p);
    assert_int_equal(p.started, 2);
    progress_note("reduce", "padded", "n=5", &p);
    assert_int_equal(p.started, 3);
    assert_string_equal(p.workload, "reduce");
    /* The variants before the current one count as done, at their workload's weight. */
    assert_true(fabs(p.weight_done - 2 * progress_weight("bank")) < 1e-9);
    /* The workload's pass ended with 5 variants, 2 of them skipped: all count, and the
     * same variant in the next pass counts again. */
    progress_finished(&p, "reduce", 5);
    assert_int_equal(p.started, 5);
    assert_true(fabs(p.weight_done - 5 * progress_weight("reduce")) < 1e-9);
    progress_note("reduce", "padded", "n=5", &p);
    assert_int_equal(p.started, 6);
    progress_clear(&p); /* no terminal: nothing to clear, no crash */
}

/* The run's target shared by its variants, never below the floor; a user's
 * --converge-time kept. */
static void budget_split_across_variants(void **state)
{
    (void)state;
    const zeslm_workload *bank = NULL;
    for (size_t i = 0; i < zeslm_workload_count; i++)
        if (strcmp(zeslm_workloads[i]->name, "bank") == 0)
            bank = zeslm_workloads[i];
    assert_non_null(bank);
    run_choice all = {.wl = bank, .variant = NULL};
    progress p;
    zeslm_run_opts run = {0};
    run_budget_plan(&p, &run, &all, 1, 0);
    assert_int_equal(p.total, bank->n_variants);
    assert_true(fabs(p.weight_total - (double)bank->n_variants * progress_weight("bank")) < 1e-9);
    assert_true(run.converge_s > 0);
    assert_true(p.target_s == RUN_TARGET_S);
    double want = RUN_TARGET_S / (double)bank->n_variants;
    want = want < RUN_CONVERGE_MIN_S ? RUN_CONVERGE_MIN_S : want > RUN_CONVERGE_MAX_S ? RUN_CONVERGE_MAX_S : want;
    assert_true(fabs(run.converge_s - want) < 1e-9);
    /* Two group sizes: twice the variants. */
    run.converge_s = 0;
    run_budget_plan(&p, &run, &all, 1, 2);
    assert_int_equal(p.total, 2 * bank->n_variants);
    run_choice one = {.wl = bank, .variant = bank->variants[0].name};
    run = (zeslm_run_opts){.converge_s = 7};
    run_budget_plan(&p, &run, &one, 1, 0);
    assert_int_equal(p.total, 1);
    assert_true(run.converge_s == 7);
    assert_true(p.target_s == 0); /* the user's budget: no shared target */
    /* Many variants: the floor. */
    run = (zeslm_run_opts){.quick = true};
    run_choice many[64];
    for (size_t i = 0; i < 64; i++)
        many[i] = all;
    run_budget_plan(&p, &run, many, 64, 4);
    assert_true(run.converge_s == RUN_CONVERGE_QUICK_MIN_S);
}

/* Each workload's budget from what is left of the target: shared by the workloads
 * still to run by their weight, over the results this one makes. */
static void budget_follows_what_is_left(void **state)
{
    (void)state;
    run_choice two[2] = {{.wl = zeslm_workload_find("bank")}, {.wl = zeslm_workload_find("latency")}};
    assert_non_null(two[0].wl);
    assert_non_null(two[1].wl);
    double nb = (double)progress_variants(two[0].wl, NULL), nl = (double)progress_variants(two[1].wl, NULL);
    double wb = nb * progress_weight("bank"), wl = nl * progress_weight("latency");
    /* The last workload, 2 s before the target: those 2 s over its results. */
    double want = 2.0 / (nl * progress_results("latency"));
    want = want < RUN_CONVERGE_MIN_S ? RUN_CONVERGE_MIN_S : want;
    assert_true(fabs(run_budget_next(two, 2, 1, false, RUN_TARGET_S - 2) - want) < 1e-9);
    /* 20 s in: what is left over its results, at most the engine's default. */
    want = (RUN_TARGET_S - 20) / (nl * progress_results("latency"));
    assert_true(fabs(run_budget_next(two, 2, 1, false, 20) - (want > RUN_CONVERGE_MAX_S ? RUN_CONVERGE_MAX_S : want)) < 1e-9);
    /* --quick: never more than its old default. */
    assert_true(run_budget_next(two, 2, 1, true, 0) <= RUN_CONVERGE_QUICK_MAX_S);
    /* The first, at the start: its share of the target over its results. */
    want = RUN_TARGET_S * wb / (wb + wl) / (nb * progress_results("bank"));
    want = want < RUN_CONVERGE_MIN_S ? RUN_CONVERGE_MIN_S : want > RUN_CONVERGE_MAX_S ? RUN_CONVERGE_MAX_S : want;
    assert_true(fabs(run_budget_next(two, 2, 0, false, 0) - want) < 1e-9);
    /* Past the target: the floor; --quick's target is smaller. */
    assert_true(run_budget_next(two, 2, 1, false, RUN_TARGET_S + 10) == RUN_CONVERGE_MIN_S);
    assert_true(run_budget_next(two, 2, 1, true, 25) < run_budget_next(two, 2, 1, false, 25));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(params_are_scaled),
        cmocka_unit_test(clock_reads_as_minutes),
        cmocka_unit_test(estimate_from_the_pace_so_far),
        cmocka_unit_test(variants_counted_once),
        cmocka_unit_test(budget_split_across_variants),
        cmocka_unit_test(budget_follows_what_is_left),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
