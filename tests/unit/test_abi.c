/* SPDX-License-Identifier: MIT */
/* The ABI's promises to a caller built against another header (include/zeslm/bench.h,
 * docs/library.md "ABI and versions"): a result handed in with a shorter sizeof is read
 * no further and the members it lacks are 0; one shorter than any zeslm_result there was
 * is refused; a summary holds as many findings as a workload makes, in memory the
 * library grows and frees. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "bench_internal.h"

static void a_shorter_result_is_read_no_further(void **state)
{
    (void)state;
    /* A caller whose zeslm_result ends before wall_ns: what lies past its end (here the
     * rest of a bigger buffer, set to 0xff) is not read. */
    unsigned char buffer[sizeof(zeslm_result)];
    memset(buffer, 0xff, sizeof buffer);
    zeslm_result *older = (zeslm_result *)buffer;
    size_t older_size = offsetof(zeslm_result, wall_ns);
    memset(older, 0, older_size);
    snprintf(older->workload, sizeof older->workload, "reduce");
    uint64_t times[] = {100, 200, 300};
    older->times_ns = times;
    older->stats.n = 3;
    older->rate = 12.5;
    zeslm_results list = {0};
    assert_int_equal(zeslm_results_append(&list, older, older_size), ZESLM_OK);
    const zeslm_result *back = zeslm_results_at(&list, 0);
    assert_non_null(back);
    assert_string_equal(back->workload, "reduce");
    assert_true(back->rate == 12.5);
    assert_true(back->wall_ns == 0);
    assert_ptr_not_equal(back->times_ns, times);
    assert_true(back->times_ns[2] == 300);
    zeslm_results_free(&list);
}

static void a_result_shorter_than_any_is_refused(void **state)
{
    (void)state;
    zeslm_result r = {0};
    zeslm_results list = {0};
    assert_int_equal(zeslm_results_append(&list, &r, offsetof(zeslm_result, stats)), ZESLM_ERR_INVALID_ARG);
    assert_int_equal(list.count, 0);
    assert_int_equal(zeslm_results_append(&list, &r, sizeof r), ZESLM_OK);
    zeslm_results_free(&list);
}

static void a_summary_holds_every_finding(void **state)
{
    (void)state;
    zeslm_summary s = {0};
    for (int i = 0; i < 100; i++)
        bench_finding(&s, "key", i, "finding %d", i);
    assert_int_equal(s.count, 100);
    assert_false(s.incomplete);
    assert_string_equal(zeslm_summary_at(&s, 99)->sentence, "finding 99");
    assert_null(zeslm_summary_at(&s, 100));
    zeslm_summary_free(&s);
    assert_int_equal(s.count, 0);
    assert_null(s.items);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_shorter_result_is_read_no_further),
        cmocka_unit_test(a_result_shorter_than_any_is_refused),
        cmocka_unit_test(a_summary_holds_every_finding),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
