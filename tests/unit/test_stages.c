/* SPDX-License-Identifier: MIT */
/* A signal is honoured at every stage of a measurement: a stop requested while the
 * host checks a result leaves the result unclaimed (SIGINT during conv's
 * host check gave exit 0 and `complete: true`). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "bench_internal.h"

static zeslm_status one_rep(void *ctx, uint64_t *ns)
{
    (void)ctx;
    *ns = 1000;
    return ZESLM_OK;
}

/* A host check that a signal interrupts: the handler's zeslm_request_stop, as the
 * check runs, and the check itself finds nothing wrong. */
static zeslm_status check_during_signal(void *ctx, char *how, size_t len)
{
    (void)ctx;
    zeslm_request_stop();
    snprintf(how, len, "all outputs");
    return ZESLM_OK;
}

static void signal_during_host_check(void **state)
{
    (void)state;
    static const zeslm_variant v = {.name = "v", .rate_unit = "GB/s"};
    zeslm_run_opts o = {.reps = 1, .warmup = 1};
    zeslm_results out = {0};
    bench_case c = {.workload = "fake", .v = &v, .group = 1, .groups = 1, .rep = one_rep,
                    .verify = check_during_signal, .work = 1};
    zeslm_result *r = NULL;
    assert_int_equal(bench_case_run(&o, &out, &c, &r, "n=1"), ZESLM_ERR_INTERRUPTED);
    assert_int_not_equal(r->outcome, ZESLM_MEASURED);
    assert_non_null(strstr(zeslm_last_error(), "host check"));
    zeslm_results_free(&out);
}

/* A long comparison looks at the flag as it goes. */
static void signal_stops_comparison(void **state)
{
    (void)state;
    static uint32_t a[2 * BENCH_STOP_EVERY + 1];
    zeslm_request_stop();
    assert_int_equal(bench_compare_u32("fake", a, a, sizeof a / sizeof *a), ZESLM_ERR_INTERRUPTED);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(signal_during_host_check),
        cmocka_unit_test(signal_stops_comparison),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
