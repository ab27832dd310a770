/* SPDX-License-Identifier: MIT */
/* Levels of a latency curve, and their ends found by bisection (levels.h). */
#include <math.h>
#include <stdlib.h>

#include "bench_internal.h"
#include "error.h"
#include "levels.h"

/* j in [0, n) from one draw, by a 128-bit product (Lemire's method without the
 * rejection: its bias is below n / 2^64), not a division, which took a tenth of each
 * swap. */
static uint32_t draw_below(zeslm_rng *rng, uint32_t n)
{
    return (uint32_t)(((unsigned __int128)zeslm_rng_next(rng) * n) >> 64);
}

/* The shuffle's swaps fall anywhere in up to 1 GiB of nodes, each a cache miss: j is
 * drawn SATTOLO_AHEAD swaps early and its node fetched, so that many misses overlap
 * (a 256 MiB chain 27 -> 11 s on 2 loaded cores). The draws keep their order. */
#define SATTOLO_AHEAD 64u

void chain_sattolo(zeslm_rng *rng, uint32_t *next, uint32_t n)
{
    uint32_t ahead[SATTOLO_AHEAD];
    for (uint32_t i = 0; i < n; i++)
        next[i] = i;
    for (uint32_t k = 0; k < SATTOLO_AHEAD && k + 1 < n; k++) {
        ahead[k] = draw_below(rng, n - 1 - k);
        __builtin_prefetch(&next[ahead[k]], 1);
    }
    for (uint32_t i = n - 1; i > 0; i--) {
        uint32_t slot = (n - 1 - i) % SATTOLO_AHEAD, j = ahead[slot], t = next[i];
        if (i > SATTOLO_AHEAD) {
            ahead[slot] = draw_below(rng, i - SATTOLO_AHEAD);
            __builtin_prefetch(&next[ahead[slot]], 1);
        }
        next[i] = next[j];
        next[j] = t;
    }
}

zeslm_status chain_upload(uint64_t seed, uint64_t footprint, uint32_t *next, uint32_t n, zeslm_buffer *dnext,
                          zeslm_buffer *pos)
{
    zeslm_status st = ZESLM_OK;
    uint32_t zero = 0;
    zeslm_rng rng = {seed ^ footprint};
    chain_sattolo(&rng, next, n);
    TRY(zeslm_buffer_write(dnext, next, (size_t)n * 4));
    TRY(zeslm_buffer_write(pos, &zero, 4));
out:
    return st;
}

zeslm_status chain_start_steps(zeslm_device *dev, const zeslm_run_opts *o, uint32_t *steps)
{
    uint64_t given;
    zeslm_status st = bench_default_size(dev, o, o->size, CHAIN_STEPS_QUICK, CHAIN_STEPS_FULL, &given);
    if (st != ZESLM_OK)
        return st;
    if (given > CHAIN_STEPS_MAX)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "--size (steps per launch) must be at most %u", CHAIN_STEPS_MAX);
    *steps = (uint32_t)given;
    return ZESLM_OK;
}

uint32_t chain_walk(const uint32_t *next, uint32_t n, uint32_t from, uint64_t steps)
{
    for (uint64_t s = 0; s < steps % n; s++)
        from = next[from];
    return from;
}

static int by_footprint(const void *a, const void *b)
{
    const curve_point *x = a, *y = b;
    return (x->footprint > y->footprint) - (x->footprint < y->footprint);
}

void curve_sort(curve_point *p, size_t n)
{
    qsort(p, n, sizeof *p, by_footprint);
}

static bool on_level(double ns, double level_ns)
{
    return fabs(ns - level_ns) <= LEVEL_BAND * level_ns;
}

/* Where level l ends among all the points: the first point after its last grid point
 * that is off it, and the last point on it before that. */
static void level_end(const curve_point *p, size_t n, curve_level *l)
{
    l->size = p[l->grid_to].footprint;
    l->past = 0;
    for (size_t i = l->grid_to + 1; i < n; i++) {
        if (!on_level(p[i].ns, l->ns)) {
            l->past = p[i].footprint;
            break;
        }
        l->size = p[i].footprint;
    }
}

size_t curve_levels(const curve_point *p, size_t n, curve_level *out, size_t max)
{
    size_t g[CURVE_MAX], ng = 0, top = 0;
    for (size_t i = 0; i < n && ng < CURVE_MAX; i++)
        if (p[i].grid && !isnan(p[i].ns))
            g[ng++] = i;
    for (size_t i = 0; i < ng && top < max;) {
        size_t j = i + 1;
        double sum = p[g[i]].ns;
        while (j < ng && on_level(p[g[j]].ns, sum / (double)(j - i)))
            sum += p[g[j++]].ns;
        if (j - i >= 2) {
            curve_level *l = &out[top++];
            *l = (curve_level){.ns = sum / (double)(j - i), .first = p[g[i]].footprint,
                               .last = p[g[j - 1]].footprint, .grid_from = g[i], .grid_to = g[j - 1]};
            level_end(p, n, l);
        }
        i = j;
    }
    return top;
}

zeslm_status curve_refine(curve_point *p, size_t *n, size_t cap, uint64_t align, curve_probe_fn probe, void *ctx)
{
    curve_level lv[LEVELS_MAX];
    size_t top = curve_levels(p, *n, lv, LEVELS_MAX);
    for (size_t l = 0; l < top; l++) {
        uint64_t lo = lv[l].size, hi = lv[l].past;
        while (hi && (double)(hi - lo) > LEVEL_EDGE * (double)lo) {
            uint64_t mid = (lo + hi) / 2 / align * align;
            if (mid <= lo)
                mid = lo + align;
            if (mid >= hi)
                break;
            if (*n == cap)
                return zeslm_fail(ZESLM_ERR_NOMEM, "more than %zu footprints on one latency curve", cap);
            double ns = NAN;
            zeslm_status st = probe(ctx, mid, &ns);
            if (st != ZESLM_OK || isnan(ns))
                return st;
            p[(*n)++] = (curve_point){mid, ns, false};
            if (on_level(ns, lv[l].ns))
                lo = mid;
            else
                hi = mid;
        }
    }
    curve_sort(p, *n);
    return ZESLM_OK;
}
