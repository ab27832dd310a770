/* SPDX-License-Identifier: MIT */
/* occupancy: throughput against the SLM a group reserves and against group size, and
 * a work-group barrier's latency (one group alone) and throughput (every compute unit
 * full) against group size. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zeslm/limits.h>

#include "bench_internal.h"

/* The sweeps set the SLM or the group size themselves: barrier sweeps group sizes
 * from 32, slm_sweep sweeps the SLM at the chosen group size. */
static const zeslm_variant variants[] = {
    {.name = "slm_sweep", .file = "occupancy", .kernel = "occ_copy", .group = 256, .rate_unit = "GB/s", .ceiling = "copy"},
    {.name = "group_sweep", .file = "occupancy", .kernel = "occ_copy", .group = 0, .rate_unit = "GB/s", .ceiling = "copy"},
    /* The latency of one barrier: one group alone on the device. */
    {.name = "barrier", .file = "occupancy", .kernel = "barrier_loop", .group = 0, .rate_unit = "ns/barrier"},
    /* The rate of barriers with every compute unit full, per compute unit. */
    {.name = "barrier_throughput", .file = "occupancy", .kernel = "barrier_loop", .group = 0,
     .rate_unit = "Gbarrier/s/CU"},
};
enum { SLM_SWEEP, GROUP_SWEEP, BARRIER, BARRIER_THROUGHPUT };

#define PER_ITEM 4

/* The kernel's SIMD width: its sub-group size, else the device's; 1 unknown. */
static uint32_t simd_of(const zeslm_device_info *d, zeslm_kernel *k)
{
    zeslm_kernel_props p = {.struct_size = sizeof p};
    return zeslm_kernel_props_get(k, &p) == ZESLM_OK && p.subgroup_size ? p.subgroup_size
           : d->simd_width                                          ? d->simd_width
                                                                    : 1;
}

/* Groups of this kernel resident per compute unit by the limits arithmetic; 0 unknown. */
static uint32_t predicted(const zeslm_device_info *d, zeslm_kernel *k, uint32_t group, size_t slm)
{
    uint32_t simd = simd_of(d, k);
    zeslm_occupancy_query q = {.slm_per_group = slm, .group_size = group, .simd = simd};
    zeslm_occupancy occ;
    if (zeslm_occupancy_compute(d, &q, &occ) != ZESLM_OK || occ.limiter == ZESLM_LIMITER_NONE)
        return 0;
    return occ.groups;
}

struct copy_io {
    zeslm_buffer *in, *out;
    const uint32_t *host_in;
    uint32_t *got, *want;
    uint32_t n;
    uint32_t want_group; /* the group size `want` was computed for; 0 none */
};

static zeslm_status copy_once(zeslm_device *dev, const zeslm_run_opts *o, zeslm_results *out, bench_launch *c,
                              struct copy_io *io, const zeslm_variant *v, size_t slm)
{
    zeslm_status st = ZESLM_OK;
    uint32_t span = c->group * PER_ITEM;
    c->groups = (io->n + span - 1) / span;
    TRY(zeslm_kernel_arg_local(c->k, 4, slm));
    /* The expected output depends on the group size alone, not on the SLM reserved. */
    if (io->want_group != c->group) {
        for (uint32_t i = 0; i < io->n; i++) {
            uint32_t base = i / span * span, off = i % span;
            uint32_t src = base + off / c->group * c->group + (off % c->group + 1) % c->group;
            io->want[i] = (src < io->n ? io->host_in[src] : 0) + 1;
        }
        io->want_group = c->group;
    }
    bench_expect expect = {"occupancy/copy", io->out, io->got, io->want, io->n};
    bench_case one = {.workload = "occupancy", .v = v, .group = c->group, .groups = c->groups, .rep_ctx = c,
                      .poison = io->out, .scratch = io->got, .poison_words = io->n, .verify = bench_verify_u32,
                      .verify_ctx = &expect, .work = 2.0 * io->n * 4};
    zeslm_result *r;
    TRY(bench_case_run(o, out, &one, &r, "slm=%zu group=%u", slm, c->group));
    if (r->outcome == ZESLM_MEASURED) {
        r->ratio = predicted(zeslm_device_get_info(dev), c->k, c->group, slm);
        r->ratio_name = "predicted groups per compute unit";
    }
out:
    return st;
}

static zeslm_status copy_sweeps(zeslm_device *dev, const zeslm_run_opts *o, zeslm_results *out, uint32_t n)
{
    zeslm_status st = ZESLM_OK;
    const zeslm_device_info *d = zeslm_device_get_info(dev);
    bench_launch c = {.timeout_s = o->timeout_s};
    struct copy_io io = {.n = n};
    uint32_t *host = malloc((size_t)n * 4);
    io.got = malloc((size_t)n * 4);
    io.want = malloc((size_t)n * 4);
    if (!host || !io.got || !io.want) {
        st = zeslm_fail(ZESLM_ERR_NOMEM, "no host memory for %u elements", n);
        goto out;
    }
    io.host_in = host;
    zeslm_rng rng = {o->seed};
    bench_fill_u32(&rng, host, n);
    TRY(bench_buffer(dev, host, (size_t)n * 4, &io.in));
    TRY(bench_buffer(dev, NULL, (size_t)n * 4, &io.out));
    TRY(bench_variant_open(dev, o, "occupancy", &variants[SLM_SWEEP], out, &c.k, &c.group));
    TRY(zeslm_kernel_arg_buffer(c.k, 0, io.in));
    TRY(zeslm_kernel_arg_buffer(c.k, 1, io.out));
    TRY(zeslm_kernel_arg_u32(c.k, 2, n));
    TRY(zeslm_kernel_arg_u32(c.k, 3, PER_ITEM));

    if (bench_wants(o, variants[SLM_SWEEP].name)) {
        /* The least the kernel needs, then limit/k for k = 16 .. 1: exactly k groups
         * fit where SLM is what limits them. */
        static const uint32_t fits[] = {16, 12, 10, 8, 7, 6, 5, 4, 3, 2, 1};
        size_t least = (size_t)c.group * 4;
        TRY(copy_once(dev, o, out, &c, &io, &variants[SLM_SWEEP], least));
        uint64_t room = zeslm_kernel_slm_available(c.k);
        for (size_t i = 0; i < sizeof fits / sizeof *fits && room; i++) {
            size_t slm = room / fits[i] / 4 * 4;
            if (slm > least)
                TRY(copy_once(dev, o, out, &c, &io, &variants[SLM_SWEEP], slm));
        }
    }
    if (bench_wants(o, variants[GROUP_SWEEP].name)) {
        uint32_t chosen = c.group;
        for (uint32_t g = 32; g <= (d->max_group_size ? d->max_group_size : 1024) && g <= 1024; g *= 2) {
            c.group = g;
            TRY(copy_once(dev, o, out, &c, &io, &variants[GROUP_SWEEP], (size_t)g * 4));
        }
        c.group = chosen;
    }
out:
    zeslm_kernel_free(c.k);
    zeslm_buffer_free(io.in);
    zeslm_buffer_free(io.out);
    free(host);
    free(io.got);
    free(io.want);
    return st;
}

/* The barrier loop's rounds double up to here (2^18 rounds of 17 barriers: seconds at
 * any group size). */
#define BARRIER_ROUNDS_MAX (1u << 18)

/* One barrier launch: its grid, its output and the host's copy of it. */
struct barrier_io {
    bench_launch run;
    zeslm_buffer *out;
    uint32_t *got, *want;
    size_t items;
    uint32_t cus; /* compute units the throughput is shared among */
};

#define BARRIER_SUBGROUPS "sub-groups in the group"
/* The line is stated only where it holds at every group size within this. */
#define BARRIER_LINE_BAND 0.10

/* Barriers a round of barrier_loop: BARRIERS_PER_ROUND in kernels/occupancy.cl (the
 * isa_claims test checks the compiler kept them all). */
#define BARRIERS_PER_ROUND 17

/* bench_case.grow: `rounds` rounds of write, barriers, read, barrier a launch; the
 * expected sums are those of that many rounds. out[i] = rounds * (neighbour's global
 * id) + 0 + 1 + ... + (rounds - 1). */
static zeslm_status barrier_grow(void *ctx, uint64_t rounds, double *work)
{
    struct barrier_io *b = ctx;
    uint32_t r = (uint32_t)rounds, g = b->run.group, tri = (uint32_t)((uint64_t)r * (r - 1) / 2);
    for (size_t i = 0; i < b->items; i++) {
        uint32_t lid = (uint32_t)(i % g);
        uint32_t nb = (uint32_t)(i - lid) + (lid + 1) % g;
        b->want[i] = r * nb + tri;
    }
    /* Per group for the latency, over every group for the throughput (whose rate is
     * then divided among the compute units). */
    *work = BARRIERS_PER_ROUND * (double)r * (double)b->items / g;
    return zeslm_kernel_arg_u32(b->run.k, 1, r);
}

/* A wave of barrier groups of size g: as many as fit a compute unit by the limits
 * arithmetic (predicted()), else by its work-items, and at least one. */
static uint32_t per_cu(const zeslm_device_info *d, zeslm_kernel *k, uint32_t g)
{
    uint32_t fit = predicted(d, k, g, (size_t)g * 4);
    if (!fit)
        fit = BENCH_ITEMS_PER_CU / g;
    return fit ? fit : 1;
}

/* barrier_grow for the throughput: its work per compute unit. */
static zeslm_status barrier_grow_per_cu(void *ctx, uint64_t rounds, double *work)
{
    struct barrier_io *b = ctx;
    zeslm_status st = barrier_grow(ctx, rounds, work);
    *work /= (double)b->cus;
    return st;
}

/* The barrier variants at group sizes 32, 64, ... up to the device's (at most 1024):
 * `barrier` runs one group alone, so nothing shares its compute unit and the time per
 * barrier is its latency; `barrier_throughput` runs one whole wave, as many groups as
 * every compute unit holds at once (never a partial second wave), and reports barriers
 * per second per compute unit. Each grows its rounds until the figure holds. */
static zeslm_status barrier_sweep(zeslm_device *dev, const zeslm_run_opts *o, zeslm_results *out,
                                  const zeslm_variant *v, bool alone)
{
    zeslm_status st = ZESLM_OK;
    const zeslm_device_info *d = zeslm_device_get_info(dev);
    struct barrier_io b = {.run.timeout_s = o->timeout_s};
    uint64_t start;
    TRY(bench_default_size(dev, o, 0, 32, 4096, &start));
    uint32_t top = d->max_group_size ? d->max_group_size : 1024;
    if (top > 1024)
        top = 1024;
    uint32_t cus = b.cus = d->compute_units ? d->compute_units : 1;
    TRY(zeslm_kernel_create(dev, v->file, v->kernel, &b.run.k));
    size_t most = 0;
    for (uint32_t g = 32; g <= top; g *= 2) {
        size_t items = (size_t)(alone ? 1 : cus * per_cu(d, b.run.k, g)) * g;
        most = items > most ? items : most;
    }
    b.got = malloc(most * 4);
    b.want = malloc(most * 4);
    if (!b.got || !b.want) {
        st = zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
        goto out;
    }
    TRY(bench_buffer(dev, NULL, most * 4, &b.out));
    TRY(zeslm_kernel_arg_buffer(b.run.k, 0, b.out));
    for (uint32_t g = 32; g <= top; g *= 2) {
        uint32_t fit = per_cu(d, b.run.k, g);
        b.run.group = g;
        b.run.groups = alone ? 1 : cus * fit;
        b.items = (size_t)b.run.groups * g;
        TRY(zeslm_kernel_arg_local(b.run.k, 2, (size_t)g * 4));
        double work = 0;
        TRY(barrier_grow(&b, start, &work));
        if (!alone)
            work /= cus;
        bench_expect expect = {"occupancy/barrier", b.out, b.got, b.want, b.items};
        bench_case one = {.workload = "occupancy", .v = v, .group = g, .groups = b.run.groups, .rep_ctx = &b.run,
                          .poison = b.out, .scratch = b.got, .poison_words = b.items, .verify = bench_verify_u32,
                          .verify_ctx = &expect, .work = work, .work_unit = "rounds", .units = start,
                          .units_max = BARRIER_ROUNDS_MAX, .grow = alone ? barrier_grow : barrier_grow_per_cu,
                          .grow_ctx = &b};
        zeslm_result *r;
        TRY(bench_case_run(o, out, &one, &r, "group=%u", g));
        if (r->outcome == ZESLM_MEASURED && !alone) {
            r->ratio = fit;
            r->ratio_name = "groups per compute unit in the one wave launched";
        } else if (r->outcome == ZESLM_MEASURED) {
            /* What a barrier waits for: every sub-group (hardware thread, warp) arriving. */
            uint32_t simd = simd_of(d, b.run.k);
            r->ratio = (g + simd - 1) / simd;
            r->ratio_name = BARRIER_SUBGROUPS;
        }
    }
out:
    zeslm_kernel_free(b.run.k);
    zeslm_buffer_free(b.out);
    free(b.got);
    free(b.want);
    return st;
}

/* A measured `barrier` result with its group's sub-groups: a point of the line. */
static bool barrier_point(const zeslm_result *r)
{
    return r->outcome == ZESLM_MEASURED && strcmp(r->variant, "barrier") == 0 && r->ratio_name &&
           strcmp(r->ratio_name, BARRIER_SUBGROUPS) == 0;
}

/* A measured slm_sweep point with the limits arithmetic's prediction beside it. */
static bool sweep_point(const zeslm_result *r, unsigned long *slm)
{
    return r->outcome == ZESLM_MEASURED && strcmp(r->variant, "slm_sweep") == 0 && r->ratio > 0 &&
           sscanf(r->params, "slm=%lu", slm) == 1;
}

/* Throughput that falls by more than this below the best of the smaller SLM sizes, and
 * stays there at every larger one, is the measured knee; a single slow point that the
 * next ones recover from is noise (a 5-launch run on the H100 dipped 26% once where the
 * prediction holds at 8 groups). */
#define KNEE_DROP 0.15
#define KNEE_POINTS 32

/* Prediction against measurement: the SLM a group at which `limits`' groups
 * per compute unit first fall, and the SLM from which throughput stays KNEE_DROP below
 * its best before. They agree when both fall at the same point of the sweep, or neither
 * falls. */
static void knee_summarize(const zeslm_results *all, size_t first, zeslm_summary *out)
{
    const zeslm_result *pt[KNEE_POINTS];
    unsigned long slm[KNEE_POINTS], predicted_at = 0, measured_at = 0;
    size_t n = 0;
    for (size_t i = first; i < all->count && n < KNEE_POINTS; i++)
        if (sweep_point(&all->items[i], &slm[n]))
            pt[n++] = &all->items[i];
    if (n < 2)
        return;
    double first_groups = pt[0]->ratio, groups_after = 0, drop = 0, best = pt[0]->rate;
    for (size_t i = 1; i < n; i++) {
        if (!predicted_at && pt[i]->ratio < first_groups)
            predicted_at = slm[i], groups_after = pt[i]->ratio;
        double after = 0;
        for (size_t j = i; j < n; j++)
            after = fmax(after, pt[j]->rate);
        if (!measured_at && after < (1 - KNEE_DROP) * best)
            measured_at = slm[i], drop = 1 - pt[i]->rate / best;
        best = fmax(best, pt[i]->rate);
    }
    char pred[160], meas[160];
    if (predicted_at)
        snprintf(pred, sizeof pred, "limits predicts %.0f groups a compute unit, %.0f from slm=%lu", first_groups,
                 groups_after, predicted_at);
    else
        snprintf(pred, sizeof pred, "limits predicts %.0f groups a compute unit at every point", first_groups);
    if (measured_at)
        snprintf(meas, sizeof meas, "throughput falls %.0f%% at slm=%lu and stays down", 100 * drop, measured_at);
    else
        snprintf(meas, sizeof meas, "throughput never stays %.0f%% below its best (%.3g %s)", 100 * KNEE_DROP, best,
                 pt[0]->rate_unit);
    bool agree = predicted_at == measured_at;
    bench_finding(out, "slm_knee_predicted", predicted_at ? (double)predicted_at : NAN, "%s", "");
    bench_finding(out, "slm_knee_measured", measured_at ? (double)measured_at : NAN, "%s", "");
    bench_finding(out, "slm_knee_agrees", agree ? 1 : 0,
                  "SLM sweep at group %u: %s; %s: prediction and measurement %s.", pt[0]->group_size, pred, meas,
                  agree                    ? "agree"
                  : measured_at == 0       ? "disagree (memory, not resident groups, bounds the copy)"
                  : predicted_at == 0      ? "disagree (a limit the arithmetic lacks)"
                                           : "disagree (SLM per compute unit or its step differs)");
}

/* A barrier's latency as a line in the sub-groups of its group, fitted by least
 * squares over the group sizes measured: on the H100 it is no constant (7.6 ns at one
 * warp, 39 ns at 32) but 13 cycles and 2 a warp within 0.2% at every size (the
 * committed runs), which says the barrier waits for each warp's arrival in turn. */
static void occupancy_summarize(const zeslm_results *all, size_t first, zeslm_summary *out)
{
    knee_summarize(all, first, out);
    double n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (size_t i = first; i < all->count; i++) {
        const zeslm_result *r = &all->items[i];
        if (barrier_point(r))
            n++, sx += r->ratio, sy += r->rate, sxx += r->ratio * r->ratio, sxy += r->ratio * r->rate;
    }
    double det = n * sxx - sx * sx;
    if (n < 3 || det <= 0)
        return;
    double slope = (n * sxy - sx * sy) / det, base = (sy - slope * sx) / n, worst = 0;
    for (size_t i = first; i < all->count; i++) {
        const zeslm_result *r = &all->items[i];
        if (barrier_point(r))
            worst = fmax(worst, fabs(r->rate - (base + slope * r->ratio)) / r->rate);
    }
    if (worst > BARRIER_LINE_BAND) {
        bench_finding(out, "barrier_line_off", worst,
                      "A barrier, one group alone: no line in the sub-groups of the group fits its latency within "
                      "%.0f%% (the least-squares one is %.0f%% off at one size).",
                      100 * BARRIER_LINE_BAND, 100 * worst);
        return;
    }
    bench_finding(out, "barrier_ns", base,
                  "A barrier, one group alone: %.2f ns plus %.3f ns for each sub-group of the group (the "
                  "least-squares line over %.0f group sizes; the farthest %.1f%% off it).",
                  base, slope, n, 100 * worst);
    bench_finding(out, "barrier_ns_per_subgroup", slope,
                  "Each sub-group (warp, hardware thread) of a group adds %.3f ns to its barrier.", slope);
}

static zeslm_status occupancy_run(zeslm_device *dev, const zeslm_run_opts *o, zeslm_results *out)
{
    uint64_t n64;
    zeslm_status st = bench_default_size(dev, o, o->size, 65536 + 5, UINT64_C(1) << 24, &n64);
    if (st != ZESLM_OK)
        return st;
    if (n64 > UINT32_MAX / 2)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "--size %llu is too large", (unsigned long long)n64);
    if (bench_wants(o, variants[SLM_SWEEP].name) || bench_wants(o, variants[GROUP_SWEEP].name))
        st = copy_sweeps(dev, o, out, (uint32_t)n64);
    if (st == ZESLM_OK && bench_wants(o, variants[BARRIER].name))
        st = barrier_sweep(dev, o, out, &variants[BARRIER], true);
    if (st == ZESLM_OK && bench_wants(o, variants[BARRIER_THROUGHPUT].name))
        st = barrier_sweep(dev, o, out, &variants[BARRIER_THROUGHPUT], false);
    return st;
}

/* Its cost (zeslm_workload_cost; the sources of every workload's figures: bench.h). */
static const zeslm_workload_cost cost = {
    .weight = 0.5, .results = 7.5, .results_gpu = 7.5, .spend = 0.12, .spend_gpu = 0.065};
static const zeslm_extra_column extras[] = {
    {"predicted groups per compute unit", "groups/CU", 85},
    {"groups per compute unit in the one wave launched", "groups/CU", 0},
    {BARRIER_SUBGROUPS, "sub-groups", 0},
};

/* Its headline: one group's barrier. */
static const zeslm_headline headlines[] = {
    {"barrier", "barrier (one group)", "ns", ZESLM_BETTER_LOWER, NULL, false, "barrier_ns", false},
};

BENCH_WORKLOAD(occupancy, 60) = {
    .name = "occupancy",
    .size_unit = "elements",
    .summary = "throughput against SLM per group and group size; barrier latency and throughput against group size",
    .variants = variants,
    .n_variants = ZESLM_COUNT(variants),
    .run = occupancy_run,
    .summarize = occupancy_summarize,
    .cost = &cost,
    .extras = extras,
    .n_extras = ZESLM_COUNT(extras),
    .headlines = headlines,
    .n_headlines = ZESLM_COUNT(headlines),
};
