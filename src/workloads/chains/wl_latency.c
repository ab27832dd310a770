/* SPDX-License-Identifier: MIT */
/* latency: dependent-load chains over a random cyclic permutation in SLM and in global
 * memory, over footprints from 1 KiB to far beyond the last-level cache, so that the
 * SLM, L1, L2 and device-memory steps show; and a chain of dependent SLM atomics. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <zeslm/units.h>

#include "bench_internal.h"
#include "levels.h"

/* Where a latency variant's chain lives, and whether each step is an atomic. */
struct lat_traits {
    bool slm, atomic;
};
static const struct lat_traits in_slm = {true, false}, in_global = {false, false}, atomic_slm = {true, true};

/* One work-item chases the chain; in SLM its group first copies the permutation in. */
static const zeslm_variant variants[] = {
    {.name = "slm", .file = "latency", .kernel = "chase_slm", .group = 256, .rate_unit = "ns/access",
     .traits = &in_slm},
    {.name = "global", .file = "latency", .kernel = "chase_global", .group = 1, .rate_unit = "ns/access",
     .traits = &in_global},
    {.name = "slm_atomic", .file = "latency", .kernel = "chase_slm_atomic", .group = 256, .rate_unit = "ns/atomic",
     .traits = &atomic_slm},
};

/* The smallest footprint: 256 nodes, well inside any L1 and any SLM. */
#define MIN_FOOTPRINT 1024u
/* 512 MiB: ten times the largest L2 we know of (H100, 50 MiB), so the top footprints
 * are served by device memory past the TLB's reach, as in a real random walk. Past it
 * the footprint doubles on while device memory's latency still rises (two footprints
 * more than LEVEL_PLATEAU apart) and the next one fits a result's budget (run_global), up
 * to GLOBAL_LIMIT: the H100's rose 334 -> 344 ns from 256 to 512 MiB and held at 348 and
 * 351 ns at 1 and 2 GiB (its run of 2026-11-25). Each footprint is a chain the host
 * shuffles, and a fixed 2 GiB top cost a CPU its 512M random swaps whatever its caches. */
#define GLOBAL_TOP (UINT64_C(512) << 20)
#define GLOBAL_LIMIT (UINT64_C(4) << 30)
#define QUICK_TOP (UINT64_C(1) << 20)
/* SLM chains stop here even where a device reports more (PoCL: 512 KiB of "local"
 * memory that is really host memory); no GPU gives one group more. */
#define SLM_TOP (256u << 10)
/* The atomic chain keeps node indexes in 16 bits; 4 KiB holds 1024 of them. */
#define ATOMIC_FOOTPRINT 4096u

struct lat_io;

struct lat_ctx {
    bench_launch run;
    uint64_t launches; /* every launch so far at this footprint and steps, warm-up included */
    struct lat_io *io;
    uint32_t steps_arg; /* the kernel argument that holds the steps */
    double tolerance;   /* the convergence's; 0: the engine's (LEVEL_PROBE_TOLERANCE for a probe) */
};

/* One repetition, counted: the chain advances `steps` nodes per launch, and the
 * host needs the number of launches to know where it must stand. */
static zeslm_status lat_rep(void *ctx, uint64_t *ns)
{
    struct lat_ctx *c = ctx;
    c->launches++;
    return bench_launch_once(&c->run, ns);
}

/* The host's buffers and the device's, sized for the largest footprint. */
struct lat_io {
    uint32_t *next, *got; /* top/4 words; got only as large as the atomic chain needs */
    zeslm_buffer *dnext, *pos, *out;
    uint32_t start_steps, steps; /* per launch: where each footprint starts, and now */
};

/* Verifies the atomic chain's words: each holds its successor in the low 16 bits and,
 * in the high 16, how often the last launch visited it (modulo 2^16). */
static zeslm_status verify_atomic_counts(const struct lat_io *io, uint32_t n, uint32_t last_start)
{
    uint32_t *want = calloc(n, sizeof *want);
    if (!want)
        return zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
    for (uint32_t i = 0; i < n; i++)
        want[i] = io->next[i];
    for (uint32_t s = 0, i = last_start; s < io->steps; s++, i = io->next[i])
        want[i] += 0x10000u;
    zeslm_status st = bench_compare_u32("latency/slm_atomic words", io->got, want, n);
    free(want);
    return st;
}

/* What the check of one footprint's chain needs. */
struct lat_check {
    const char *variant;
    const struct lat_ctx *c;
    const struct lat_io *io;
    uint64_t footprint;
    bool atomic;
};

/* The chain must end where the host's walk over every launch so far ends; the atomic
 * chain's words must hold the last launch's visits. */
static zeslm_status verify(void *ctx, char *how, size_t len)
{
    const struct lat_check *k = ctx;
    const struct lat_io *io = k->io;
    uint32_t n = (uint32_t)(k->footprint / 4), got = 0;
    uint64_t steps = k->c->launches * io->steps;
    uint32_t last_start = chain_walk(io->next, n, 0, (k->c->launches - 1) * io->steps);
    uint32_t want = chain_walk(io->next, n, last_start, io->steps);
    zeslm_status st = zeslm_buffer_read(io->pos, &got, 4);
    if (st != ZESLM_OK)
        return st;
    if (got != want)
        return zeslm_fail(ZESLM_ERR_VERIFY, "latency/%s footprint %llu: the chain ended at node %u after %llu steps, "
                          "not at node %u", k->variant, (unsigned long long)k->footprint, got,
                          (unsigned long long)steps, want);
    if (!k->atomic) {
        snprintf(how, len, "final node after %llu steps", (unsigned long long)steps);
        return ZESLM_OK;
    }
    if ((st = zeslm_buffer_read(io->out, io->got, (size_t)n * 4)) == ZESLM_OK &&
        (st = verify_atomic_counts(io, n, last_start)) == ZESLM_OK)
        snprintf(how, len, "final node after %llu steps, all %u words", (unsigned long long)steps, n);
    return st;
}

/* bench_case.grow: `steps` per launch from the chain's start, so that the host's walk
 * knows where each launch begins. */
static zeslm_status lat_grow(void *ctx, uint64_t steps, double *work)
{
    struct lat_ctx *c = ctx;
    uint32_t zero = 0;
    zeslm_status st = zeslm_buffer_write(c->io->pos, &zero, 4);
    if (st == ZESLM_OK)
        st = zeslm_kernel_arg_u32(c->run.k, c->steps_arg, (uint32_t)steps);
    c->io->steps = (uint32_t)steps;
    c->launches = 0;
    *work = (double)steps;
    return st;
}

/* Measures the chain at one footprint; its latency in *ns (NAN where the device
 * executes nothing). */
static zeslm_status run_footprint(zeslm_device *dev, const zeslm_run_opts *o, zeslm_results *out,
                                  const zeslm_variant *v, struct lat_ctx *c, struct lat_io *io, uint64_t footprint,
                                  double *ns)
{
    zeslm_status st = ZESLM_OK;
    const char *variant = v->name;
    uint32_t n = (uint32_t)(footprint / 4);
    const struct lat_traits *t = v->traits;
    bool slm = t->slm, atomic = t->atomic;
    *ns = NAN;
    TRY(chain_upload(o->seed, footprint, io->next, n, io->dnext, io->pos));
    uint32_t a = 0;
    TRY(zeslm_kernel_arg_buffer(c->run.k, a++, io->dnext));
    if (slm)
        TRY(zeslm_kernel_arg_u32(c->run.k, a++, n));
    c->io = io;
    c->steps_arg = a;
    io->steps = io->start_steps;
    TRY(zeslm_kernel_arg_u32(c->run.k, a++, io->steps));
    TRY(zeslm_kernel_arg_buffer(c->run.k, a++, io->pos));
    if (atomic)
        TRY(zeslm_kernel_arg_buffer(c->run.k, a++, io->out));
    if (slm)
        TRY(zeslm_kernel_arg_local(c->run.k, a++, footprint));
    c->launches = 0;
    struct lat_check check = {variant, c, io, footprint, atomic};
    bench_case one = {.workload = "latency", .v = v, .group = c->run.group, .groups = c->run.groups, .rep = lat_rep,
                      .rep_ctx = c, .poison = atomic ? io->out : NULL, .scratch = io->got, .poison_words = n,
                      .verify = verify, .verify_ctx = &check, .work = io->steps, .work_unit = "steps",
                      .units = io->steps, .units_max = CHAIN_STEPS_MAX, .grow = lat_grow, .grow_ctx = c,
                      .tolerance = c->tolerance};
    zeslm_result *r;
    TRY(bench_case_run(o, out, &one, &r, "footprint=%llu", (unsigned long long)footprint));
    if (r->outcome != ZESLM_MEASURED)
        goto out;
    *ns = r->rate;
    uint32_t mhz = zeslm_device_get_info(dev)->clock_mhz;
    if (mhz) {
        r->ratio = r->rate * mhz / 1000.0;
        r->ratio_name = "cycles per access at the reported maximum clock";
    }
out:
    return st;
}

/* The global chain as a curve_probe_fn: one more footprint, between two measured. */
struct lat_probe {
    zeslm_device *dev;
    const zeslm_run_opts *o;
    zeslm_results *out;
    const zeslm_variant *v;
    struct lat_ctx *c;
    struct lat_io *io;
};

static zeslm_status lat_probe(void *ctx, uint64_t footprint, double *ns)
{
    struct lat_probe *p = ctx;
    p->c->tolerance = LEVEL_PROBE_TOLERANCE;
    zeslm_status st = run_footprint(p->dev, p->o, p->out, p->v, p->c, p->io, footprint, ns);
    p->c->tolerance = 0;
    return st;
}

/* Refined footprints are multiples of this (16 nodes): 5% of the smallest footprint
 * that could end a level, 1 KiB, is 51 bytes. */
#define REFINE_ALIGN 64u

static double wall_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Whether the curve's last two footprints are within LEVEL_PLATEAU of each other (or
 * were not measured, so that no more can be learnt by going further). */
static bool flat_at_top(const curve_point *p, size_t n)
{
    if (n < 2 || isnan(p[n - 1].ns) || isnan(p[n - 2].ns))
        return n >= 2;
    return fabs(p[n - 1].ns - p[n - 2].ns) <= LEVEL_PLATEAU * p[n - 2].ns;
}

/* The global chain: powers of two from 1 KiB to GLOBAL_TOP (or `top`, where smaller),
 * then on to `top` while device memory's latency still rises; then each level's end
 * found by bisection (levels.c). */
static zeslm_status run_global(zeslm_device *dev, const zeslm_run_opts *o, zeslm_results *out,
                               const zeslm_variant *v, struct lat_ctx *c, struct lat_io *io, uint64_t top)
{
    zeslm_status st = ZESLM_OK;
    curve_point p[CURVE_MAX];
    size_t n = 0;
    uint64_t grid_top = top < GLOBAL_TOP ? top : GLOBAL_TOP;
    /* Past the grid, a footprint costs twice the last one's shuffle, upload and
     * measurement: it is measured only where that fits one result's budget (a loaded
     * CPU's 1 GiB chain took a minute to shuffle, and its latency rises on with the
     * TLB's misses to the last footprint). */
    double budget = o->converge_s > 0 ? o->converge_s : o->quick ? BENCH_CONVERGE_QUICK_S : BENCH_CONVERGE_S;
    double last_s = 0;
    for (uint64_t f = MIN_FOOTPRINT; f <= top && st == ZESLM_OK; f *= 2) {
        if (f > grid_top && (flat_at_top(p, n) || 2 * last_s > budget))
            break;
        double ns, t0 = wall_s();
        st = run_footprint(dev, o, out, v, c, io, f, &ns);
        last_s = wall_s() - t0;
        p[n++] = (curve_point){f, ns, true};
    }
    struct lat_probe probe = {dev, o, out, v, c, io};
    if (st == ZESLM_OK)
        st = curve_refine(p, &n, CURVE_MAX, REFINE_ALIGN, lat_probe, &probe);
    return st;
}

/* The footprints of one variant, ascending: powers of two from 1 KiB to `top`, then
 * `top` itself when it is not one (a device's whole SLM, 48 KiB on NVIDIA). */
static zeslm_status run_variant(zeslm_device *dev, const zeslm_run_opts *o, zeslm_results *out,
                                const zeslm_variant *v, struct lat_io *io, uint64_t global_top)
{
    zeslm_status st = ZESLM_OK;
    const char *variant = v->name;
    const struct lat_traits *t = v->traits;
    bool slm = t->slm, atomic = t->atomic;
    struct lat_ctx c = {.run.timeout_s = o->timeout_s, .run.groups = 1, .run.group = 1};
    uint64_t top = global_top;
    double ns;
    if (slm) {
        TRY(bench_variant_open(dev, o, "latency", v, out, &c.run.k, &c.run.group));
        uint64_t room = zeslm_kernel_slm_available(c.run.k);
        top = atomic ? ATOMIC_FOOTPRINT : o->quick ? 64u << 10 : SLM_TOP;
        if (room && room / 4 * 4 < top)
            top = room / 4 * 4;
        if (top < MIN_FOOTPRINT) {
            st = bench_skip(out, "latency", variant, "the device gives a group less than 1 KiB of SLM");
            goto out;
        }
    } else {
        /* One work-item in one group, whatever --group-size says. */
        TRY(zeslm_kernel_create(dev, v->file, v->kernel, &c.run.k));
        st = run_global(dev, o, out, v, &c, io, top);
        goto out;
    }
    uint64_t f = atomic ? top : MIN_FOOTPRINT;
    for (; f <= top && st == ZESLM_OK; f *= 2)
        st = run_footprint(dev, o, out, v, &c, io, f, &ns);
    if (st == ZESLM_OK && f / 2 != top)
        st = run_footprint(dev, o, out, v, &c, io, top, &ns);
out:
    zeslm_kernel_free(c.run.k);
    return st;
}

static zeslm_status latency_run(zeslm_device *dev, const zeslm_run_opts *o, zeslm_results *out)
{
    zeslm_status st = ZESLM_OK;
    /* --size sets the steps of each chain per launch to start from. */
    uint32_t steps;
    if ((st = chain_start_steps(dev, o, &steps)) != ZESLM_OK)
        return st;
    uint64_t top = o->quick ? QUICK_TOP : GLOBAL_LIMIT;
    /* OpenCL guarantees one buffer of a quarter of device memory. */
    uint64_t mem = zeslm_device_get_info(dev)->global_mem;
    while (mem && top > MIN_FOOTPRINT && top > mem / 4)
        top /= 2;
    struct lat_io io = {.start_steps = steps};
    io.next = malloc(top);
    io.got = malloc(ATOMIC_FOOTPRINT);
    if (!io.next || !io.got) {
        st = zeslm_fail(ZESLM_ERR_NOMEM, "no host memory for a %llu-byte chain", (unsigned long long)top);
        goto out;
    }
    TRY(bench_buffer(dev, NULL, top, &io.dnext));
    TRY(bench_buffer(dev, NULL, 4, &io.pos));
    TRY(bench_buffer(dev, NULL, ATOMIC_FOOTPRINT, &io.out));
    for (size_t v = 0; v < ZESLM_COUNT(variants) && st == ZESLM_OK; v++)
        if (bench_wants(o, variants[v].name))
            st = run_variant(dev, o, out, &variants[v], &io, top);
out:
    zeslm_buffer_free(io.dnext);
    zeslm_buffer_free(io.pos);
    zeslm_buffer_free(io.out);
    free(io.next);
    free(io.got);
    return st;
}

/* The measured latency of one variant at its smallest footprint. */
static const zeslm_result *first_of(const zeslm_results *all, size_t first, const char *variant)
{
    for (size_t i = first; i < all->count; i++)
        if (all->items[i].outcome == ZESLM_MEASURED && strcmp(all->items[i].variant, variant) == 0)
            return &all->items[i];
    return NULL;
}

/* The levels the global chain shows, by order; the last one seen (of three or more) is
 * device memory. */
static const char *const level_names[] = {"first cache", "L2", "third level", "fourth level", "fifth level",
                                          "sixth level"};
_Static_assert(sizeof level_names / sizeof level_names[0] == LEVELS_MAX, "a name for every level");

static uint64_t footprint_of(const zeslm_result *r)
{
    return strtoull(r->params + strlen("footprint="), NULL, 10);
}

/* The global chain's measured footprints, sorted: powers of two are the sweep's, the
 * others the refinements between two of them (no refinement is one: it lies strictly
 * between two consecutive powers of two). *cycles_per_ns: the clock, where known. */
static size_t global_curve(const zeslm_results *all, size_t first, curve_point *p, double *cycles_per_ns)
{
    size_t n = 0;
    *cycles_per_ns = 0;
    for (size_t i = first; i < all->count && n < CURVE_MAX; i++) {
        const zeslm_result *r = &all->items[i];
        if (r->outcome != ZESLM_MEASURED || strcmp(r->variant, "global") != 0)
            continue;
        uint64_t f = footprint_of(r);
        p[n++] = (curve_point){f, r->rate, (f & (f - 1)) == 0};
        if (r->ratio)
            *cycles_per_ns = r->ratio / r->rate;
    }
    curve_sort(p, n);
    return n;
}

/* Device memory's latency where the curve's last two sweep footprints agree within
 * LEVEL_PLATEAU (their mean), else NAN: still rising at the largest footprint. */
static double memory_plateau(const curve_point *p, size_t n, uint64_t *from, uint64_t *to)
{
    const curve_point *g[2] = {NULL, NULL};
    for (size_t i = n; i-- > 0 && !g[0];)
        if (p[i].grid)
            g[g[1] ? 0 : 1] = &p[i];
    if (!g[0])
        return NAN;
    *from = g[0]->footprint;
    *to = g[1]->footprint;
    if (fabs(g[1]->ns - g[0]->ns) > LEVEL_PLATEAU * g[0]->ns)
        return NAN;
    return (g[0]->ns + g[1]->ns) / 2;
}

/* The global chain's levels (levels.c), each named with its latency (ns, and cycles
 * where the clock is known), the largest footprint found on it and the first off it
 * (refined to within LEVEL_EDGE), or that it lasts to the largest footprint measured;
 * and whether device memory reached a plateau. */
static void global_levels(const zeslm_results *all, size_t first, zeslm_summary *out)
{
    curve_point p[CURVE_MAX];
    curve_level lv[LEVELS_MAX];
    double cpn;
    size_t n = global_curve(all, first, p, &cpn);
    size_t top = curve_levels(p, n, lv, LEVELS_MAX);
    for (size_t l = 0; l < top; l++) {
        bool memory = l + 1 == top && top >= 3;
        char cycles[48] = "", end[160], from[32], size[32], past[32], key[40];
        if (cpn)
            snprintf(cycles, sizeof cycles, " (%.0f cycles)", lv[l].ns * cpn);
        zeslm_format_bytes(lv[l].first, from, sizeof from);
        zeslm_format_bytes(lv[l].size, size, sizeof size);
        if (!lv[l].past) {
            snprintf(end, sizeof end, "from %s to the largest footprint measured, %s", from, size);
        } else {
            zeslm_format_bytes(lv[l].past, past, sizeof past);
            snprintf(end, sizeof end, "from %s; it holds %s and not %s (%.1f%% apart)", from, size, past,
                     100.0 * (double)(lv[l].past - lv[l].size) / (double)lv[l].size);
        }
        snprintf(key, sizeof key, "level%zu_ns", l + 1);
        bench_finding(out, key, lv[l].ns, "Global memory, %s: %.1f ns%s per dependent load, %s.",
                      memory ? "device memory" : level_names[l], lv[l].ns, cycles, end);
        if (lv[l].past) {
            snprintf(key, sizeof key, "level%zu_bytes", l + 1);
            bench_finding(out, key, (double)lv[l].size, "%s", "");
        }
    }
    uint64_t a = 0, b = 0;
    double flat = memory_plateau(p, n, &a, &b);
    char fa[32], fb[32];
    zeslm_format_bytes(a, fa, sizeof fa);
    zeslm_format_bytes(b, fb, sizeof fb);
    if (top >= 3 && !isnan(flat))
        bench_finding(out, "memory_plateau_ns", flat,
                      "Device memory at a plateau: %.1f ns per dependent load at %s and %s, within %.0f%% "
                      "(the climb before it is the footprint outgrowing the TLB's reach).",
                      flat, fa, fb, 100 * LEVEL_PLATEAU);
    else if (top >= 3)
        bench_finding(out, "memory_plateau_ns", NAN,
                      "Device memory still rising at the largest footprint: %s to %s differ by more than %.0f%%.",
                      fa, fb, 100 * LEVEL_PLATEAU);
}

static void latency_summarize(const zeslm_results *all, size_t first, zeslm_summary *out)
{
    const zeslm_result *s = first_of(all, first, "slm"), *g1 = first_of(all, first, "global"),
                       *a = first_of(all, first, "slm_atomic");
    if (s)
        bench_finding(out, "slm_ns", s->rate, "SLM: %.1f ns per dependent load.", s->rate);
    if (g1 && s)
        bench_finding(out, "global_over_slm", g1->rate / s->rate, "Global memory at %s: %.1fx SLM.", g1->params,
                      g1->rate / s->rate);
    global_levels(all, first, out);
    if (a)
        bench_finding(out, "slm_atomic_ns", a->rate, "SLM atomic chain: %.1f ns per atomic.", a->rate);
}

/* Its cost (zeslm_workload_cost): 10 footprints; the H100 skips 2 of its 30 results,
 * which a spend per result made cost 25% too much. A loaded machine's noisy figures converge later: it used
 * 0.15-0.33 of its budget on a quiet CPU, 0.55-0.84 on a loaded one. */
static const zeslm_workload_cost cost = {
    .weight = 7.0, .results = 10.0, .results_gpu = 10.0, .spend = 0.35, .spend_gpu = 0.40};
static const zeslm_extra_column extras[] = {
    {"cycles per access at the reported maximum clock", "cycles", 0},
};

/* Its headlines: each level's latency from its findings; device memory is the last of
 * three or more levels (global_levels), the fourth where a third cache was found. */
static const zeslm_headline headlines[] = {
    {"slm_latency", "SLM latency", "ns", ZESLM_BETTER_LOWER, NULL, false, "slm_ns", true},
    {"l1_latency", "L1 latency", "ns", ZESLM_BETTER_LOWER, NULL, false, "level1_ns", true},
    {"l2_latency", "L2 latency", "ns", ZESLM_BETTER_LOWER, NULL, false, "level2_ns", true},
    {"memory_latency", "memory latency", "ns", ZESLM_BETTER_LOWER, NULL, false, "level4_ns level3_ns", true},
};

BENCH_WORKLOAD(latency, 70) = {
    .name = "latency",
    .size_unit = "steps of each chain a launch",
    .summary = "dependent-load latency in SLM and global memory against footprint, each level's size found "
               "within 5%, and of SLM atomics",
    .variants = variants,
    .n_variants = ZESLM_COUNT(variants),
    .run = latency_run,
    .summarize = latency_summarize,
    .cost = &cost,
    .extras = extras,
    .n_extras = ZESLM_COUNT(extras),
    .headlines = headlines,
    .n_headlines = ZESLM_COUNT(headlines),
};
