/* SPDX-License-Identifier: MIT */
/* A profile names a best group size only where it is one: the fastest whose slowest
 * launch beats the runner-up's fastest; else "no clear best". */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "render/group_best.h"

#define MAX 4

typedef struct profile {
    zeslm_result items[MAX];
    zeslm_results all;
} profile;

/* A measured result of reduce/many n=1000 at group size `group`: median `ns`, its
 * launches from min_ns to max_ns, and a rate of 1e9/ns in `unit` (time per work for
 * "ns/access": the median itself). */
static void add(profile *p, uint32_t group, uint64_t min_ns, uint64_t ns, uint64_t max_ns, const char *unit)
{
    zeslm_result *r = &p->items[p->all.count++];
    memset(r, 0, sizeof *r);
    p->all.items = p->items;
    r->outcome = ZESLM_MEASURED;
    r->group_size = group;
    snprintf(r->workload, sizeof r->workload, "reduce");
    snprintf(r->variant, sizeof r->variant, "many");
    snprintf(r->params, sizeof r->params, "n=1000");
    r->rate_unit = unit;
    r->rate = strcmp(unit, "ns/access") == 0 ? (double)ns : 1e9 / (double)ns;
    r->stats = (zeslm_stats){.n = 5, .min_ns = min_ns, .median_ns = ns, .max_ns = max_ns,
                             .spread = (double)(max_ns - min_ns) / (double)ns};
}

static void launches_apart_make_a_clear_best(void **state)
{
    (void)state;
    profile p = {0};
    add(&p, 64, 900, 1000, 1100, "GB/s");
    add(&p, 128, 700, 750, 800, "GB/s");
    add(&p, 256, 1150, 1200, 1300, "GB/s");
    const zeslm_result *second;
    assert_int_equal(group_best_of(&p.all, 0, &p.items[1], &second), GROUP_BEST_CLEAR);
    assert_ptr_equal(second, &p.items[0]);
    assert_int_equal(group_best_of(&p.all, 0, &p.items[0], NULL), GROUP_BEST_NONE);
    assert_int_equal(group_best_of(&p.all, 0, &p.items[2], NULL), GROUP_BEST_NONE);
}

/* 30-50% spreads: the fastest median's slowest launch is slower than the
 * runner-up's fastest. */
static void overlapping_launches_make_no_clear_best(void **state)
{
    (void)state;
    profile p = {0};
    add(&p, 64, 800, 1000, 1300, "GB/s");
    add(&p, 128, 700, 950, 1250, "GB/s");
    const zeslm_result *second;
    assert_int_equal(group_best_of(&p.all, 0, &p.items[1], &second), GROUP_BEST_UNCLEAR);
    char line[512];
    group_best_sentence(&p.items[1], second, line, sizeof line);
    assert_non_null(strstr(line, "No clear best group size for many n=1000: the fastest median, at 128"));
    assert_non_null(strstr(line, "within the launches of 64"));
}

/* A time per access: the lower, the better, and the launch ranges likewise. */
static void a_time_per_access_is_best_lowest(void **state)
{
    (void)state;
    profile p = {0};
    add(&p, 64, 10, 11, 12, "ns/access");
    add(&p, 128, 20, 21, 22, "ns/access");
    assert_int_equal(group_best_of(&p.all, 0, &p.items[0], NULL), GROUP_BEST_CLEAR);
    p.items[1].stats.min_ns = 11; /* now within the best's launches */
    assert_int_equal(group_best_of(&p.all, 0, &p.items[0], NULL), GROUP_BEST_UNCLEAR);
}

static void one_group_size_is_no_best(void **state)
{
    (void)state;
    profile p = {0};
    add(&p, 64, 900, 1000, 1100, "GB/s");
    assert_int_equal(group_best_of(&p.all, 0, &p.items[0], NULL), GROUP_BEST_NONE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(launches_apart_make_a_clear_best),
        cmocka_unit_test(overlapping_launches_make_no_clear_best),
        cmocka_unit_test(a_time_per_access_is_best_lowest),
        cmocka_unit_test(one_group_size_is_no_best),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
