/* SPDX-License-Identifier: MIT */
/* Findings computed from a run's results, on the H100's own figures: latency's name each
 * level the global chain shows, with its latency, the size found by bisection and
 * whether device memory reached a plateau; carveout's the L1 at each SLM reservation;
 * slm_switch's the cost of a switch; occupancy's fit a barrier's latency as a line in the
 * sub-groups of the group, and say so where no line fits. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <string.h>

#include <cmocka.h>

#include "bench_internal.h"

/* The H100's global chain (NVIDIA OpenCL, 2026-11-25): {footprint, ns per dependent
 * load}, the powers of two from 1 KiB to 2 GiB, then the footprints the bisection
 * added between 128 and 256 KiB and between 16 and 32 MiB. */
static const struct {
    unsigned long long footprint;
    double ns;
} h100[] = {{1024, 20.22}, {2048, 20.25}, {4096, 20.38}, {8192, 20.59}, {16384, 20.54}, {32768, 20.54},
            {65536, 20.52}, {131072, 20.49}, {262144, 74.34}, {524288, 119.21}, {1048576, 130.39},
            {2097152, 135.28}, {4194304, 137.40}, {8388608, 138.51}, {16777216, 138.93}, {33554432, 180.46},
            {67108864, 263.42}, {134217728, 311.45}, {268435456, 326.34}, {536870912, 336.99},
            {1073741824, 342.59}, {2147483648, 345.28}, {196608, 20.37}, {229376, 36.76}, {212992, 20.40},
            {221184, 20.42}, {25165824, 141.94}, {29360128, 184.06}, {27262976, 155.59}, {26214400, 148.57}};

static const zeslm_finding *finding(const zeslm_summary *s, const char *key)
{
    for (size_t i = 0; i < s->count; i++)
        if (strcmp(s->items[i].key, key) == 0)
            return &s->items[i];
    return NULL;
}

/* The sentence of the finding whose sentence holds `text`, or NULL. */
static const zeslm_finding *saying(const zeslm_summary *s, const char *text)
{
    for (size_t i = 0; i < s->count; i++)
        if (strstr(s->items[i].sentence, text))
            return &s->items[i];
    return NULL;
}

static void levels_are_named_with_the_size_found(void **state)
{
    (void)state;
    zeslm_results all = {0};
    zeslm_result *s = bench_add(&all, "latency", "slm", "footprint=1024");
    s->outcome = ZESLM_MEASURED;
    s->rate = 14.56;
    for (size_t i = 0; i < sizeof h100 / sizeof h100[0]; i++) {
        zeslm_result *r = bench_add(&all, "latency", "global", "footprint=%llu", h100[i].footprint);
        r->outcome = ZESLM_MEASURED;
        r->rate = h100[i].ns;
        r->ratio = h100[i].ns * 1.98;
    }
    zeslm_summary sum = {0};
    zeslm_workload_find("latency")->summarize(&all, 0, &sum);
    const zeslm_finding *l1 = finding(&sum, "level1_ns"), *l2 = finding(&sum, "level2_ns"),
                        *mem = finding(&sum, "level3_ns"), *flat = finding(&sum, "memory_plateau_ns");
    assert_non_null(l1);
    assert_non_null(l2);
    assert_non_null(mem);
    assert_non_null(flat);
    assert_null(finding(&sum, "level4_ns"));
    assert_true(fabs(l1->value - 20.44) < 0.01);
    assert_non_null(strstr(l1->sentence, "first cache: 20.4 ns (40 cycles)"));
    /* Found between the last footprint on the level and the first off it, 3.7% apart. */
    assert_non_null(strstr(l1->sentence, "from 1 KiB; it holds 216 KiB and not 224 KiB (3.7% apart)"));
    assert_true(finding(&sum, "level1_bytes")->value == 221184);
    assert_non_null(strstr(l2->sentence, "from 512 KiB; it holds 24 MiB and not 25 MiB (4.2% apart)"));
    assert_true(finding(&sum, "level2_bytes")->value == 25165824);
    assert_non_null(strstr(mem->sentence, "device memory: "));
    assert_non_null(strstr(mem->sentence, "from 128 MiB to the largest footprint measured, 2 GiB"));
    assert_null(finding(&sum, "level3_bytes"));
    /* 342.6 and 345.3 ns at 1 and 2 GiB are within 2% of each other. */
    assert_true(fabs(flat->value - 343.94) < 0.01);
    assert_non_null(strstr(flat->sentence, "plateau: 343.9 ns per dependent load at 1 GiB and 2 GiB, within 2%"));
    zeslm_results_free(&all);
    zeslm_summary_free(&sum);
}

/* Ending at 512 MiB, as the tool once did: 337 ns after 326 is still rising. */
static void device_memory_still_rising_says_so(void **state)
{
    (void)state;
    zeslm_results all = {0};
    for (size_t i = 0; i < 20; i++) {
        zeslm_result *r = bench_add(&all, "latency", "global", "footprint=%llu", h100[i].footprint);
        r->outcome = ZESLM_MEASURED;
        r->rate = h100[i].ns;
    }
    zeslm_summary sum = {0};
    zeslm_workload_find("latency")->summarize(&all, 0, &sum);
    const zeslm_finding *flat = finding(&sum, "memory_plateau_ns");
    assert_non_null(flat);
    assert_true(isnan(flat->value));
    assert_non_null(strstr(flat->sentence, "still rising at the largest footprint: 256 MiB to 512 MiB"));
    zeslm_results_free(&all);
    zeslm_summary_free(&sum);
}

/* carveout/l1_latency on the H100 (groups of 1024): {SLM reserved, footprint, ns}. */
static const struct {
    unsigned slm, footprint;
    double ns;
} h100_carve[] = {
    {0, 8192, 20.32}, {0, 16384, 20.55}, {0, 32768, 20.53}, {0, 65536, 20.52}, {0, 131072, 20.50},
    {0, 262144, 74.28}, {0, 524288, 118.93}, {0, 1048576, 130.64}, {0, 2097152, 135.47}, {0, 4194304, 137.41},
    {0, 196608, 20.37}, {0, 229376, 36.92}, {0, 212992, 20.40}, {0, 221184, 20.42},
    {16384, 8192, 20.56}, {16384, 16384, 20.56}, {16384, 32768, 20.54}, {16384, 65536, 20.52},
    {16384, 131072, 100.98}, {16384, 262144, 125.76}, {16384, 524288, 133.57}, {16384, 1048576, 137.06},
    {16384, 2097152, 138.29}, {16384, 4194304, 138.87}, {16384, 98304, 69.31}, {16384, 81920, 20.63},
    {16384, 90112, 37.26}, {16384, 86016, 20.65},
    {49148, 8192, 20.57}, {49148, 16384, 20.54}, {49148, 32768, 20.50}, {49148, 65536, 88.09},
    {49148, 131072, 121.82}, {49148, 262144, 132.16}, {49148, 524288, 135.94}, {49148, 1048576, 137.95},
    {49148, 2097152, 138.67}, {49148, 4194304, 139.04}, {49148, 49152, 20.38}, {49148, 57344, 48.59},
    {49148, 53248, 20.41}, {49148, 55296, 30.06},
};

static void carveout_names_the_l1_each_reservation_leaves(void **state)
{
    (void)state;
    zeslm_results all = {0};
    for (size_t i = 0; i < sizeof h100_carve / sizeof h100_carve[0]; i++) {
        zeslm_result *r = bench_add(&all, "carveout", "l1_latency", "slm=%u footprint=%u", h100_carve[i].slm,
                                    h100_carve[i].footprint);
        r->outcome = ZESLM_MEASURED;
        r->rate = h100_carve[i].ns;
    }
    zeslm_summary sum = {0};
    zeslm_workload_find("carveout")->summarize(&all, 0, &sum);
    const zeslm_finding *none = finding(&sum, "l1_bytes_slm_0"), *k16 = finding(&sum, "l1_bytes_slm_16384"),
                        *k48 = finding(&sum, "l1_bytes_slm_49148");
    assert_non_null(none);
    assert_non_null(k16);
    assert_non_null(k48);
    assert_true(none->value == 221184 && k16->value == 86016 && k48->value == 53248);
    assert_non_null(strstr(none->sentence, "With 0 bytes of SLM reserved a group: L1 holds 216 KiB and not 224 KiB"));
    assert_non_null(
        strstr(k16->sentence, "L1 holds 84 KiB and not 88 KiB (20.5 ns a load), 132 KiB less than with none"));
    assert_non_null(strstr(k48->sentence, "L1 holds 52 KiB and not 54 KiB"));
    assert_non_null(saying(&sum, "Carve-out steps (L1 size from the reservation where it starts): 216 KiB from 0 "
                                 "bytes; 84 KiB from 16 KiB; 52 KiB from 48.0 KiB."));
    zeslm_results_free(&all);
    zeslm_summary_free(&sum);
}

/* slm_switch on the H100 (2026-11-25): ns a launch of each variant, and the standard
 * deviation of its launches in ns a launch. */
static zeslm_summary switch_findings(const double *ns, const double *sd)
{
    static const char *const names[] = {"same_small", "same_large", "alternating", "after_same", "after_switch"};
    zeslm_results all = {0};
    for (size_t i = 0; i < 5; i++) {
        zeslm_result *r = bench_add(&all, "slm_switch", names[i], "small=1024 large=49148");
        r->outcome = ZESLM_MEASURED;
        r->rate = ns[i];
        r->work = 32;
        r->stats.stddev_ns = sd[i] * 32;
    }
    zeslm_summary sum = {0};
    zeslm_workload_find("slm_switch")->summarize(&all, 0, &sum);
    zeslm_results_free(&all);
    return sum;
}

static void a_switch_costs_the_alternation_over_the_mean_of_one_size(void **state)
{
    (void)state;
    static const double ns[] = {7159, 6337, 6744, 9416, 9842}, sd[] = {666, 241, 310, 122, 354};
    zeslm_summary sum = switch_findings(ns, sd);
    const zeslm_finding *sw = finding(&sum, "switch_ns"), *first = finding(&sum, "first_after_switch_ns");
    assert_non_null(sw);
    assert_non_null(first);
    assert_true(fabs(sw->value - (6744 - (7159 + 6337) / 2.0)) < 1e-9);
    assert_non_null(strstr(sw->sentence, "6.74 us a launch alternating, 7.16 us small only, 6.34 us large only"));
    /* -4 ns against launches that vary by 666 ns: no cost claimed. */
    assert_non_null(strstr(sw->sentence, "within the launches' spread (sd 666 ns): no cost measured"));
    assert_true(first->value == 426);
    assert_non_null(strstr(first->sentence, "9.84 us of device time; after a large one, 9.42 us (426 ns more, beyond"));
    zeslm_summary_free(&sum);
}

static void a_switch_that_saves_time_is_no_cost_but_a_moved_overhead(void **state)
{
    (void)state;
    /* An H100 run: alternating 5.08 us, small only 7.03, large only 5.09: -976 ns. */
    static const double ns[] = {7030, 5090, 5080, 9460, 9140}, sd[] = {257, 150, 240, 3390, 410};
    zeslm_summary sum = switch_findings(ns, sd);
    const zeslm_finding *sw = finding(&sum, "switch_ns");
    assert_non_null(sw);
    assert_true(sw->value < 0);
    assert_non_null(strstr(sw->sentence, "-980 ns per switch, faster beyond the launches' spread (sd 257 ns): no "
                                         "cost measured; the launch overhead moved."));
    zeslm_summary_free(&sum);
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
    zeslm_workload_find("occupancy")->summarize(&all, 0, &sum);
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
    zeslm_summary_free(&sum);
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
    zeslm_summary_free(&sum);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_barrier_is_a_line_in_the_warps),
        cmocka_unit_test(no_line_is_claimed_where_none_fits),
        cmocka_unit_test(levels_are_named_with_the_size_found),
        cmocka_unit_test(device_memory_still_rising_says_so),
        cmocka_unit_test(carveout_names_the_l1_each_reservation_leaves),
        cmocka_unit_test(a_switch_costs_the_alternation_over_the_mean_of_one_size),
        cmocka_unit_test(a_switch_that_saves_time_is_no_cost_but_a_moved_overhead),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
