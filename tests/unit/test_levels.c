/* SPDX-License-Identifier: MIT */
/* The levels of a latency curve and the bisection that finds where each ends
 * (src/workloads/levels.c), on the H100's own figures and on a modelled cache. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <string.h>

#include <cmocka.h>

#include "levels.h"

/* ns per dependent load at 1 KiB, 2 KiB, ... 2 GiB (H100, NVIDIA OpenCL, 2026-11-25). */
static const double h100[] = {20.22, 20.25, 20.38,  20.59,  20.54,  20.54,  20.52,  20.49,
                              74.34, 119.21, 130.39, 135.28, 137.40, 138.51, 138.93, 180.46,
                              263.42, 311.45, 326.34, 336.99, 342.59, 345.28};
#define KIB 1024u

static size_t h100_grid(curve_point *p)
{
    size_t n = sizeof h100 / sizeof h100[0];
    for (size_t i = 0; i < n; i++)
        p[i] = (curve_point){(uint64_t)KIB << i, h100[i], true};
    return n;
}

static void levels_are_runs_of_two_or_more_within_ten_percent(void **state)
{
    (void)state;
    curve_point p[CURVE_MAX];
    curve_level lv[LEVELS_MAX];
    size_t n = h100_grid(p);
    assert_int_equal(curve_levels(p, n, lv, LEVELS_MAX), 3);
    assert_int_equal(lv[0].first, KIB);
    assert_int_equal(lv[0].last, 128 * KIB);
    assert_int_equal(lv[0].past, 256 * KIB); /* 74 ns: a step between levels, no level */
    assert_int_equal(lv[1].first, 512 * KIB);
    assert_int_equal(lv[1].last, 16u << 20);
    assert_int_equal(lv[2].first, 128u << 20);
    assert_int_equal(lv[2].size, UINT64_C(2) << 30);
    assert_int_equal(lv[2].past, 0); /* it lasts to the largest footprint */
}

/* A cache of `edge` bytes: 20 ns inside it, 120 ns past it (the model's probe). */
struct model {
    uint64_t edge;
    size_t probes;
    bool measures;
};

static zeslm_status model_probe(void *ctx, uint64_t footprint, double *ns)
{
    struct model *m = ctx;
    m->probes++;
    *ns = !m->measures ? NAN : footprint <= m->edge ? 20.0 : 120.0;
    return ZESLM_OK;
}

static size_t model_grid(curve_point *p, uint64_t edge)
{
    size_t n = 0;
    for (uint64_t f = 8 * KIB; f <= 4u << 20; f *= 2)
        p[n++] = (curve_point){f, f <= edge ? 20.0 : 120.0, true};
    return n;
}

/* The H100's L1 ends near 221 KiB: the powers of two say only "before 256 KiB"; the
 * bisection brackets it within 5% in a handful of probes. */
static void a_level_end_is_found_within_five_percent(void **state)
{
    (void)state;
    curve_point p[CURVE_MAX];
    curve_level lv[LEVELS_MAX];
    struct model m = {.edge = 221 * KIB, .measures = true};
    size_t n = model_grid(p, m.edge);
    assert_int_equal(curve_refine(p, &n, CURVE_MAX, 256, model_probe, &m), ZESLM_OK);
    assert_int_equal(curve_levels(p, n, lv, LEVELS_MAX), 2);
    assert_true(lv[0].size <= m.edge && m.edge < lv[0].past);
    assert_true((double)(lv[0].past - lv[0].size) <= LEVEL_EDGE * (double)lv[0].size);
    assert_true(m.probes <= 5);
    /* The refinements lie between 128 and 256 KiB, not on the grid, and sorted in. */
    for (size_t i = 1; i < n; i++)
        assert_true(p[i - 1].footprint < p[i].footprint);
    for (size_t i = 0; i < n; i++)
        if (!p[i].grid)
            assert_true(p[i].footprint > 128 * KIB && p[i].footprint < 256 * KIB && p[i].footprint % 256 == 0);
}

/* A level that lasts to the largest footprint has no end to find. */
static void a_level_to_the_end_is_not_refined(void **state)
{
    (void)state;
    curve_point p[CURVE_MAX];
    struct model m = {.edge = UINT64_MAX, .measures = true};
    size_t n = model_grid(p, m.edge), before = n;
    assert_int_equal(curve_refine(p, &n, CURVE_MAX, 256, model_probe, &m), ZESLM_OK);
    assert_int_equal(m.probes, 0);
    assert_int_equal(n, before);
}

/* A device that executes nothing (Level Zero without a GPU) ends the refinement at
 * its first probe, which adds no point. */
static void a_probe_without_a_measurement_ends_the_refinement(void **state)
{
    (void)state;
    curve_point p[CURVE_MAX];
    struct model m = {.edge = 221 * KIB, .measures = false};
    size_t n = model_grid(p, m.edge), before = n;
    assert_int_equal(curve_refine(p, &n, CURVE_MAX, 256, model_probe, &m), ZESLM_OK);
    assert_int_equal(m.probes, 1);
    assert_int_equal(n, before);
}

/* Sattolo's permutation is one single cycle: the walk comes back to its start after
 * exactly n steps, never before; at sizes about the shuffle's look-ahead (64 draws) too. */
static void a_chain_is_one_cycle_through_every_node(void **state)
{
    (void)state;
    const uint32_t sizes[] = {2, 3, 63, 64, 65, 66, 129, 1000};
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
        uint32_t n = sizes[k], next[1000];
        zeslm_rng rng = {42 + k};
        chain_sattolo(&rng, next, n);
        uint32_t at = 0;
        for (uint32_t s = 1; s < n; s++) {
            at = next[at];
            assert_int_not_equal(at, 0);
        }
        assert_int_equal(next[at], 0);
        assert_int_equal(chain_walk(next, n, 0, n), 0);
        assert_int_equal(chain_walk(next, n, 0, 3 * n + 7), chain_walk(next, n, 0, 7));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(levels_are_runs_of_two_or_more_within_ten_percent),
        cmocka_unit_test(a_level_end_is_found_within_five_percent),
        cmocka_unit_test(a_level_to_the_end_is_not_refined),
        cmocka_unit_test(a_probe_without_a_measurement_ends_the_refinement),
        cmocka_unit_test(a_chain_is_one_cycle_through_every_node),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
