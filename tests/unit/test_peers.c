/* SPDX-License-Identifier: MIT */
/* Devices against their peers: the median over the devices, the total of a
 * throughput, and the flag on a device more than 10% below the median. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "model/peers.h"

#define MAX_RESULTS 4

/* cmocka before 1.1.6 has no assert_double_equal. */
static void near(double got, double want, double tolerance)
{
    assert_true(got >= want - tolerance && got <= want + tolerance);
}

/* One device's results: measured rates of the variants "a", "b", ... in `unit`; a
 * rate of 0 leaves that variant unmeasured (skipped). */
typedef struct fake {
    zeslm_result items[MAX_RESULTS];
    zeslm_results results;
} fake;

static void fill(fake *f, const char *unit, const double *rates, size_t n)
{
    memset(f, 0, sizeof *f);
    for (size_t i = 0; i < n; i++) {
        zeslm_result *r = &f->items[i];
        snprintf(r->workload, sizeof r->workload, "w");
        snprintf(r->variant, sizeof r->variant, "%c", (char)('a' + i));
        snprintf(r->params, sizeof r->params, "n=1");
        r->outcome = rates[i] > 0 ? ZESLM_MEASURED : ZESLM_SKIPPED;
        r->rate = rates[i];
        r->rate_unit = unit;
    }
    f->results = (zeslm_results){.items = f->items, .count = n, .cap = n};
}

static void the_slow_one_of_three_is_flagged(void **state)
{
    (void)state;
    fake d[3];
    fill(&d[0], "GB/s", (double[]){100, 10}, 2);
    fill(&d[1], "GB/s", (double[]){100, 10}, 2);
    fill(&d[2], "GB/s", (double[]){89, 9}, 2);
    const zeslm_results *all[] = {&d[0].results, &d[1].results, &d[2].results};
    peers p;
    assert_true(peers_compute(all, 3, &p));
    assert_int_equal(p.n_rows, 2);
    near(p.rows[0].median_rate, 100, 1e-9);
    near(p.rows[0].total_rate, 289, 1e-9);
    near(p.scores[2], 0.895, 1e-9);
    assert_false(p.slow[0]);
    assert_false(p.slow[1]);
    assert_true(p.slow[2]);
    peers_free(&p);
}

/* Two ranks on one GPU (one UUID) each saw its whole rate, time-sliced: the total
 * counts that GPU once, at the better of the two, beside a third GPU of its own. */
static void a_shared_device_counts_once_in_the_total(void **state)
{
    (void)state;
    fake d[3];
    fill(&d[0], "GB/s", (double[]){100}, 1);
    fill(&d[1], "GB/s", (double[]){98}, 1);
    fill(&d[2], "GB/s", (double[]){90}, 1);
    const zeslm_results *all[] = {&d[0].results, &d[1].results, &d[2].results};
    peers p;
    assert_true(peers_compute(all, 3, &p));
    near(p.rows[0].total_rate, 288, 1e-9);
    assert_true(peers_share_devices(&p, (const char *const[]){"gpu-a", "gpu-a", "gpu-b"}));
    near(p.rows[0].total_rate, 190, 1e-9);
    assert_true(p.same_as[0] == 0 && p.same_as[1] == 0 && p.same_as[2] == 2);
    peers_free(&p);
    /* Unknown identities (NULL) are never one device. */
    assert_true(peers_compute(all, 3, &p));
    assert_true(peers_share_devices(&p, (const char *const[]){NULL, NULL, "gpu-b"}));
    near(p.rows[0].total_rate, 288, 1e-9);
    assert_true(p.same_as[0] == 0 && p.same_as[1] == 1 && p.same_as[2] == 2);
    peers_free(&p);
}

/* Each launch's device time over its wall time: two ranks time-sliced on one GPU
 * waited twice their kernels' time (about half each), a rank alone a little more than
 * its kernel's; a result timed on the device alone (a file from before) has none. */
static void the_busy_share_is_device_time_over_wall_time(void **state)
{
    (void)state;
    fake d[3];
    fill(&d[0], "GB/s", (double[]){100, 10, 5}, 3);
    fill(&d[1], "GB/s", (double[]){100, 10, 5}, 3);
    fill(&d[2], "GB/s", (double[]){100, 10, 5}, 3);
    for (size_t i = 0; i < 3; i++)
        for (size_t k = 0; k < 3; k++)
            d[k].items[i].stats.median_ns = 1000;
    uint64_t walls[3][3] = {{2000, 2100, 1900}, {2000, 2200, 0}, {1000, 1050, 0}};
    for (size_t i = 0; i < 3; i++)
        for (size_t k = 0; k < 3; k++)
            d[k].items[i].wall_ns = walls[k][i];
    snprintf(d[0].items[2].workload, sizeof d[0].items[2].workload, "x");
    const zeslm_results *all[] = {&d[0].results, &d[1].results, &d[2].results};
    peers p;
    assert_true(peers_compute(all, 3, &p));
    near(p.busy[0], 1000.0 / 2000, 1e-9);
    near(p.busy[1], (1000.0 / 2000 + 1000.0 / 2200) / 2, 1e-9);
    near(p.busy[2], (1.0 + 1000.0 / 1050) / 2, 1e-9);
    double scratch[8];
    near(peers_busy(&p, 0, "w", scratch), (1000.0 / 2000 + 1000.0 / 2100) / 2, 1e-9);
    near(peers_busy(&p, 0, "x", scratch), 1000.0 / 1900, 1e-9);
    assert_true(peers_busy(&p, 1, "x", scratch) == 0);
    peers_free(&p);
}

static void ten_percent_below_is_not_flagged(void **state)
{
    (void)state;
    fake d[3];
    fill(&d[0], "GB/s", (double[]){100}, 1);
    fill(&d[1], "GB/s", (double[]){100}, 1);
    fill(&d[2], "GB/s", (double[]){90}, 1);
    const zeslm_results *all[] = {&d[0].results, &d[1].results, &d[2].results};
    peers p;
    assert_true(peers_compute(all, 3, &p));
    assert_false(p.slow[2]);
    peers_free(&p);
}

/* Two devices: the median is their mean, so the slower is flagged when it is below
 * 9/11 of the faster. */
static void two_devices_compare_with_their_mean(void **state)
{
    (void)state;
    fake d[2];
    fill(&d[0], "GB/s", (double[]){100}, 1);
    fill(&d[1], "GB/s", (double[]){80}, 1);
    const zeslm_results *all[] = {&d[0].results, &d[1].results};
    peers p;
    assert_true(peers_compute(all, 2, &p));
    near(p.rows[0].median_rate, 90, 1e-9);
    assert_true(p.slow[1]);
    assert_false(p.slow[0]);
    peers_free(&p);
}

/* ns/access: the larger time is the slower device, and times have no total. */
static void lower_is_better_for_latency(void **state)
{
    (void)state;
    fake d[2];
    fill(&d[0], "ns/access", (double[]){10}, 1);
    fill(&d[1], "ns/access", (double[]){20}, 1);
    const zeslm_results *all[] = {&d[0].results, &d[1].results};
    peers p;
    assert_true(peers_compute(all, 2, &p));
    near(p.rows[0].total_rate, 0, 0);
    assert_false(p.slow[0]);
    assert_true(p.slow[1]);
    peers_free(&p);
}

/* A result one device alone measured has no peers: no ratio, no score from it. */
static void a_result_of_one_device_scores_nothing(void **state)
{
    (void)state;
    fake d[2];
    fill(&d[0], "GB/s", (double[]){100, 0}, 2);
    fill(&d[1], "GB/s", (double[]){100, 1}, 2);
    const zeslm_results *all[] = {&d[0].results, &d[1].results};
    peers p;
    assert_true(peers_compute(all, 2, &p));
    assert_int_equal(p.n_rows, 2);
    assert_int_equal(p.rows[1].measured, 1);
    near(p.rows[1].ratios[1], 0, 0);
    near(p.scores[1], 1, 1e-9);
    assert_false(p.slow[1]);
    peers_free(&p);
}

/* A variant one device alone has (a sub-group variant) stays with its workload. */
static void rows_stay_with_their_workload(void **state)
{
    (void)state;
    fake d[2];
    fill(&d[0], "GB/s", (double[]){1, 1}, 2);
    fill(&d[1], "GB/s", (double[]){1, 1, 1}, 3);
    snprintf(d[0].items[1].workload, sizeof d[0].items[1].workload, "x");
    snprintf(d[1].items[1].workload, sizeof d[1].items[1].workload, "x");
    snprintf(d[1].items[1].variant, sizeof d[1].items[1].variant, "c");
    snprintf(d[1].items[2].workload, sizeof d[1].items[2].workload, "x");
    snprintf(d[1].items[2].variant, sizeof d[1].items[2].variant, "b");
    /* Device 0: w/a, x/b; device 1: w/a, x/c, x/b. Rows: w/a, x/b, x/c. */
    const zeslm_results *all[] = {&d[0].results, &d[1].results};
    peers p;
    assert_true(peers_compute(all, 2, &p));
    assert_int_equal(p.n_rows, 3);
    assert_string_equal(p.rows[0].first->workload, "w");
    assert_string_equal(p.rows[1].first->variant, "b");
    assert_string_equal(p.rows[2].first->variant, "c");
    assert_int_equal(p.rows[1].measured, 2);
    peers_free(&p);
}

/* A workload of device 1 alone, after the rows of device 0, moves before none of
 * them but joins its own. */
static void a_late_row_joins_its_workload(void **state)
{
    (void)state;
    fake d[2];
    fill(&d[0], "GB/s", (double[]){1, 1}, 2);
    fill(&d[1], "GB/s", (double[]){1, 1, 1}, 3);
    /* Device 0: w/a, y/b; device 1: w/a, w/b, w/c. Rows: w/a, w/b, w/c, y/b. */
    snprintf(d[0].items[1].workload, sizeof d[0].items[1].workload, "y");
    const zeslm_results *all[] = {&d[0].results, &d[1].results};
    peers p;
    assert_true(peers_compute(all, 2, &p));
    assert_int_equal(p.n_rows, 4);
    assert_string_equal(p.rows[1].first->workload, "w");
    assert_string_equal(p.rows[1].first->variant, "b");
    assert_string_equal(p.rows[2].first->variant, "c");
    assert_string_equal(p.rows[3].first->workload, "y");
    peers_free(&p);
}

static void one_device_has_no_peers(void **state)
{
    (void)state;
    fake d;
    fill(&d, "GB/s", (double[]){1}, 1);
    const zeslm_results *all[] = {&d.results};
    peers p;
    assert_true(peers_compute(all, 1, &p));
    near(p.scores[0], 0, 0);
    assert_false(p.slow[0]);
    peers_free(&p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_slow_one_of_three_is_flagged),
        cmocka_unit_test(a_shared_device_counts_once_in_the_total),
        cmocka_unit_test(the_busy_share_is_device_time_over_wall_time),
        cmocka_unit_test(ten_percent_below_is_not_flagged),
        cmocka_unit_test(two_devices_compare_with_their_mean),
        cmocka_unit_test(lower_is_better_for_latency),
        cmocka_unit_test(a_result_of_one_device_scores_nothing),
        cmocka_unit_test(rows_stay_with_their_workload),
        cmocka_unit_test(a_late_row_joins_its_workload),
        cmocka_unit_test(one_device_has_no_peers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
