/* latency's findings name each level the global chain shows, with its latency, its
 * footprints and where it ends: here on the H100's curve (results/h100/issue17-check.json). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <string.h>

#include <cmocka.h>

#include "bench_internal.h"

/* ns per dependent load at 1 KiB, 2 KiB, ... 512 MiB (H100, 1980 MHz). */
static const double h100[] = {20.20, 20.29, 20.40, 20.61, 20.56, 20.54, 20.52, 20.52, 75.67,
                              121.34, 132.77, 137.66, 139.86, 140.88, 141.20, 189.43, 268.36, 313.55,
                              330.73, 340.19};

static const zeslm_finding *finding(const zeslm_summary *s, const char *key)
{
    for (size_t i = 0; i < s->count; i++)
        if (strcmp(s->items[i].key, key) == 0)
            return &s->items[i];
    return NULL;
}

static void levels_are_named_with_where_they_end(void **state)
{
    (void)state;
    zeslm_results all = {0};
    zeslm_result *s = bench_add(&all, "latency", "slm", "footprint=1024");
    s->outcome = ZESLM_MEASURED;
    s->rate = 14.56;
    for (size_t i = 0; i < sizeof h100 / sizeof h100[0]; i++) {
        zeslm_result *r = bench_add(&all, "latency", "global", "footprint=%llu", 1024ull << i);
        r->outcome = ZESLM_MEASURED;
        r->rate = h100[i];
        r->ratio = h100[i] * 1.98;
    }
    zeslm_summary sum = {0};
    zeslm_workload_latency.summarize(&all, 0, &sum);
    const zeslm_finding *l1 = finding(&sum, "level1_ns"), *l2 = finding(&sum, "level2_ns"),
                        *mem = finding(&sum, "level3_ns");
    assert_non_null(l1);
    assert_non_null(l2);
    assert_non_null(mem);
    assert_null(finding(&sum, "level4_ns"));
    assert_true(fabs(l1->value - 20.455) < 0.01);
    assert_non_null(strstr(l1->sentence, "first cache: 20.5 ns (41 cycles)"));
    assert_non_null(strstr(l1->sentence, "from 1 to 128 KiB; it ends before 256 KiB"));
    assert_non_null(strstr(l2->sentence, "L2: "));
    assert_non_null(strstr(l2->sentence, "from 512 to 16384 KiB; it ends before 32768 KiB"));
    assert_non_null(strstr(mem->sentence, "device memory: "));
    assert_non_null(strstr(mem->sentence, "from 131072 KiB to the largest footprint measured, 524288 KiB"));
    zeslm_results_free(&all);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(levels_are_named_with_where_they_end),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
