/* Findings computed from a run's results, on the H100's own figures: latency's name each
 * level the global chain shows, with its latency, its footprints and where it ends
 * (copied from an H100 run); occupancy's fit a barrier's latency as a line in the
 * sub-groups of the group, and say so where no line fits. */
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
    assert_non_null(strstr(l1->sentence, "from 1 KiB to 128 KiB; it ends before 256 KiB"));
    assert_non_null(strstr(l2->sentence, "L2: "));
    assert_non_null(strstr(l2->sentence, "from 512 KiB to 16 MiB; it ends before 32 MiB"));
    assert_non_null(strstr(mem->sentence, "device memory: "));
    assert_non_null(strstr(mem->sentence, "from 128 MiB to the largest footprint measured, 512 MiB"));
    zeslm_results_free(&all);
}

/* occupancy/barrier's results, one group alone at 1..32 warps of 32 (group=32..1024). */
static zeslm_summary barrier_findings(const double *ns, size_t n)
{
    zeslm_results all = {0};
    for (size_t i = 0; i < n; i++) {
        zeslm_result *r = bench_add(&all, "occupancy", "barrier", "group=%zu", (size_t)32 << i);
        r->outcome = ZESLM_MEASURED;
        r->rate = ns[i];
        r->ratio = (double)(1u << i);
        r->ratio_name = "sub-groups in the group";
    }
    zeslm_summary sum = {0};
    zeslm_workload_occupancy.summarize(&all, 0, &sum);
    zeslm_results_free(&all);
    return sum;
}

/* The H100's committed run: 6.61 ns and 1.015 ns a warp, every size within 1%. */
static void a_barrier_is_a_line_in_the_warps(void **state)
{
    (void)state;
    static const double h100_barrier[] = {7.62, 8.72, 10.63, 14.70, 22.84, 39.10};
    zeslm_summary sum = barrier_findings(h100_barrier, 6);
    const zeslm_finding *base = finding(&sum, "barrier_ns"), *per = finding(&sum, "barrier_ns_per_subgroup");
    assert_non_null(base);
    assert_non_null(per);
    assert_true(fabs(base->value - 6.613) < 0.001 && fabs(per->value - 1.0148) < 0.0001);
    assert_non_null(strstr(base->sentence, "6.61 ns plus 1.015 ns for each sub-group of the group"));
    assert_non_null(strstr(base->sentence, "over 6 group sizes; the farthest 0.9% off it"));
    assert_null(finding(&sum, "barrier_line_off"));
}

/* A curve no line follows (a CPU's) gets no line, and says how far off the best is. */
static void no_line_is_claimed_where_none_fits(void **state)
{
    (void)state;
    static const double bent[] = {10, 10, 10, 10, 10, 80};
    zeslm_summary sum = barrier_findings(bent, 6);
    assert_null(finding(&sum, "barrier_ns"));
    assert_null(finding(&sum, "barrier_ns_per_subgroup"));
    const zeslm_finding *off = finding(&sum, "barrier_line_off");
    assert_non_null(off);
    assert_true(off->value > 0.10);
    assert_non_null(strstr(off->sentence, "no line in the sub-groups of the group fits its latency within 10%"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_barrier_is_a_line_in_the_warps),
        cmocka_unit_test(no_line_is_claimed_where_none_fits),
        cmocka_unit_test(levels_are_named_with_where_they_end),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
