/* SPDX-License-Identifier: MIT */
/* carveout: what reserving SLM costs the L1. Where SLM and the L1 data cache share one
 * array per compute unit (NVIDIA since Volta; Intel Xe-HPC and Xe2), every KiB a kernel
 * reserves may be a KiB of L1 it loses, in steps the driver chooses. The global-memory
 * latency curve (latency.cl's chain) and a read-bandwidth curve over the same
 * footprints, measured while each group reserves 0, 16, 32, ... KiB of dynamic SLM up
 * to what a group may take; the L1's end found by bisection at each reservation. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <zeslm/units.h>

#include "bench_internal.h"
#include "levels.h"

/* Which curve a variant measures, and its kernel for a reservation of 0 (no __local
 * argument can reserve 0 bytes). */
struct carve_traits {
    bool bandwidth;
    const char *unreserved;
};
static const struct carve_traits latency_traits = {false, "chase_unreserved"},
                                 bandwidth_traits = {true, "read_unreserved"};

/* The largest group the kernel allows (up to 1024): the fewer groups a compute unit
 * holds, the closer the SLM the driver must set aside is to one group's reservation.
 * Work-item 0 alone follows the chain; the whole group reads for the bandwidth. */
static const zeslm_variant variants[] = {
    {.name = "l1_latency", .file = "carveout", .kernel = "chase_reserved", .group = 1024, .rate_unit = "ns/access",
     .traits = &latency_traits},
    {.name = "l1_bandwidth", .file = "carveout", .kernel = "read_reserved", .group = 1024, .rate_unit = "GB/s",
     .traits = &bandwidth_traits},
};

/* Footprints: powers of two from 8 KiB (two of them inside any L1) to 4 MiB, past
 * every L1 and SLM array we know of (256 KiB an SM on H100, 512 KiB an Xe-core on
 * PVC) into the L2; 64 KiB under --quick (past a CPU's L1 data cache). */
#define FOOT_MIN (8u << 10)
#define FOOT_TOP (4u << 20)
#define FOOT_TOP_QUICK (64u << 10)
/* Reservations step by 16 KiB up to what a group may take, at most 256 KiB:
 * no GPU gives a group more (PoCL reports 512 KiB of "local" memory that is host
 * memory); under --quick only none and the most. */
#define RESERVE_STEP (16u << 10)
#define RESERVE_CAP (256u << 10)
/* Read passes over the footprint a launch to start from, and the most. */
#define PASSES_START 4u
#define PASSES_MAX (1u << 20)
/* Refined footprints are multiples of this: 16-byte loads, 5% of 8 KiB is 410 bytes. */
#define REFINE_ALIGN 256u

/* Where SLM is emulated in global memory (PoCL and Intel's CPU runtime report
 * CL_DEVICE_LOCAL_MEM_TYPE CL_GLOBAL), reserving it takes nothing from an L1: a default
 * run measures each curve at one footprint and no reservation, which shows that the
 * kernels run and verify, and says why (PoCL's 17 reservations took 454 results and
 * 4.5 minutes of a 9-minute run). --size measures the curves all the same. */
#define EMULATED_NOTE "SLM is emulated in global memory here (local memory type global): one point, no L1 to carve"

/* What a run shares: the host chain and data, the device's copies, the kernels of the
 * reservation being measured. */
struct carve_io {
    const zeslm_run_opts *o;
    zeslm_results *out;
    const zeslm_variant *v;
    uint32_t *next, *data, *sums_got; /* top/4, top/4 and groups words */
    zeslm_buffer *dnext, *ddata, *pos, *sums;
    zeslm_kernel *k;        /* the variant's kernel for this reservation */
    uint32_t group, groups; /* groups: the bandwidth's; the chain runs in one */
    uint64_t reserve;       /* bytes of SLM a group reserves */
    uint32_t start_steps;
    /* Why each result is only a sign that the kernels run (SLM emulated); NULL: none. */
    const char *note;
    double tolerance; /* the convergence's; 0: the engine's (LEVEL_PROBE_TOLERANCE for a probe) */
    /* The measurement under way. */
    uint64_t footprint, launches, units;
};

static uint32_t reserve_words(const struct carve_io *io)
{
    return (uint32_t)(io->reserve / 4);
}

/* The arguments after the variant's own: the reservation, where there is one. */
static zeslm_status arg_reserve(struct carve_io *io, uint32_t a)
{
    zeslm_status st = ZESLM_OK;
    if (io->reserve) {
        TRY(zeslm_kernel_arg_local(io->k, a, io->reserve));
        TRY(zeslm_kernel_arg_u32(io->k, a + 1, reserve_words(io)));
    }
out:
    return st;
}

/* One repetition: one launch, counted (the chain goes on from where the last ended);
 * the bandwidth's sums zeroed before it, outside its device time. */
static zeslm_status carve_rep(void *ctx, uint64_t *ns)
{
    struct carve_io *io = ctx;
    zeslm_status st = ZESLM_OK;
    const struct carve_traits *t = io->v->traits;
    if (t->bandwidth) {
        memset(io->sums_got, 0, (size_t)io->groups * 4);
        TRY(zeslm_buffer_write(io->sums, io->sums_got, (size_t)io->groups * 4));
    }
    io->launches++;
    bench_launch run = {io->k, t->bandwidth ? io->groups : 1, io->group, io->o->timeout_s};
    st = bench_launch_once(&run, ns);
out:
    return st;
}

/* bench_case.grow: steps of the chain from its start, or read passes. */
static zeslm_status carve_grow(void *ctx, uint64_t units, double *work)
{
    struct carve_io *io = ctx;
    const struct carve_traits *t = io->v->traits;
    uint32_t zero = 0;
    zeslm_status st = ZESLM_OK;
    io->units = units;
    io->launches = 0;
    if (t->bandwidth) {
        TRY(zeslm_kernel_arg_u32(io->k, 2, (uint32_t)units));
        *work = (double)io->groups * (double)units * (double)io->footprint;
    } else {
        TRY(zeslm_buffer_write(io->pos, &zero, 4));
        TRY(zeslm_kernel_arg_u32(io->k, 1, (uint32_t)units));
        *work = (double)units;
    }
out:
    return st;
}

/* The chain must end where the host's walk over every launch ends; each group's sum
 * must be the passes times the footprint's words' sum. */
static zeslm_status carve_verify(void *ctx, char *how, size_t len)
{
    struct carve_io *io = ctx;
    const struct carve_traits *t = io->v->traits;
    uint32_t n = (uint32_t)(io->footprint / 4);
    zeslm_status st = ZESLM_OK;
    if (t->bandwidth) {
        uint32_t sum = 0;
        for (uint32_t i = 0; i < n; i++)
            sum += io->data[i];
        uint32_t want = sum * (uint32_t)io->units;
        TRY(zeslm_buffer_read(io->sums, io->sums_got, (size_t)io->groups * 4));
        for (uint32_t g = 0; g < io->groups; g++)
            if (io->sums_got[g] != want) {
                st = zeslm_fail(ZESLM_ERR_VERIFY, "carveout/l1_bandwidth slm=%llu footprint=%llu: group %u summed "
                                "0x%x, not 0x%x", (unsigned long long)io->reserve,
                                (unsigned long long)io->footprint, g, io->sums_got[g], want);
                goto out;
            }
        snprintf(how, len, "all %u group sums", io->groups);
        goto out;
    }
    uint32_t got = 0, want = chain_walk(io->next, n, 0, io->launches * io->units);
    TRY(zeslm_buffer_read(io->pos, &got, 4));
    if (got != want) {
        st = zeslm_fail(ZESLM_ERR_VERIFY, "carveout/l1_latency slm=%llu footprint=%llu: the chain ended at node %u "
                        "after %llu steps, not at node %u", (unsigned long long)io->reserve,
                        (unsigned long long)io->footprint, got, (unsigned long long)(io->launches * io->units),
                        want);
        goto out;
    }
    snprintf(how, len, "final node after %llu steps", (unsigned long long)(io->launches * io->units));
out:
    return st;
}

/* One footprint at the present reservation: its latency (ns per load) or bandwidth
 * (GB/s) in *value, NAN where the device executes nothing. */
static zeslm_status carve_one(struct carve_io *io, uint64_t footprint, double *value)
{
    zeslm_status st = ZESLM_OK;
    const struct carve_traits *t = io->v->traits;
    uint32_t n = (uint32_t)(footprint / 4);
    *value = NAN;
    io->footprint = footprint;
    io->launches = 0;
    if (t->bandwidth) {
        io->units = PASSES_START;
        TRY(zeslm_kernel_arg_buffer(io->k, 0, io->ddata));
        TRY(zeslm_kernel_arg_u32(io->k, 1, (uint32_t)(footprint / 16)));
        TRY(zeslm_kernel_arg_u32(io->k, 2, (uint32_t)io->units));
        TRY(zeslm_kernel_arg_buffer(io->k, 3, io->sums));
        TRY(arg_reserve(io, 4));
    } else {
        io->units = io->start_steps;
        TRY(chain_upload(io->o->seed, footprint, io->next, n, io->dnext, io->pos));
        TRY(zeslm_kernel_arg_buffer(io->k, 0, io->dnext));
        TRY(zeslm_kernel_arg_u32(io->k, 1, (uint32_t)io->units));
        TRY(zeslm_kernel_arg_buffer(io->k, 2, io->pos));
        TRY(arg_reserve(io, 3));
    }
    double work = t->bandwidth ? (double)io->groups * (double)io->units * (double)footprint : (double)io->units;
    bench_case one = {.workload = "carveout", .v = io->v, .group = io->group, .groups = t->bandwidth ? io->groups : 1,
                      .rep = carve_rep, .rep_ctx = io, .verify = carve_verify, .verify_ctx = io, .work = work,
                      .work_unit = t->bandwidth ? "passes" : "steps", .units = io->units,
                      .units_max = t->bandwidth ? PASSES_MAX : CHAIN_STEPS_MAX, .grow = carve_grow, .grow_ctx = io,
                      .tolerance = io->tolerance};
    zeslm_result *r;
    TRY(bench_case_run(io->o, io->out, &one, &r, "slm=%llu footprint=%llu", (unsigned long long)io->reserve,
                       (unsigned long long)footprint));
    if (io->note)
        snprintf(r->note, sizeof r->note, "%s", io->note);
    if (r->outcome == ZESLM_MEASURED)
        *value = r->rate;
out:
    return st;
}

static zeslm_status carve_probe(void *ctx, uint64_t footprint, double *ns)
{
    struct carve_io *io = ctx;
    io->tolerance = LEVEL_PROBE_TOLERANCE;
    zeslm_status st = carve_one(io, footprint, ns);
    io->tolerance = 0;
    return st;
}

/* The latency curve at the present reservation: the powers of two, then the levels'
 * ends by bisection. Its footprints, sorted, in p (*n of them). */
static zeslm_status latency_curve(struct carve_io *io, uint64_t top, curve_point *p, size_t *n)
{
    zeslm_status st = ZESLM_OK;
    *n = 0;
    for (uint64_t f = FOOT_MIN; f <= top && st == ZESLM_OK; f *= 2) {
        double ns;
        st = carve_one(io, f, &ns);
        p[(*n)++] = (curve_point){f, ns, true};
    }
    if (st == ZESLM_OK)
        st = curve_refine(p, n, CURVE_MAX, REFINE_ALIGN, carve_probe, io);
    return st;
}

/* The bandwidth curve at the present reservation, over the latency curve's powers of
 * two and the two footprints that bracket its first level's end. */
static zeslm_status bandwidth_curve(struct carve_io *io, const curve_point *p, size_t n)
{
    zeslm_status st = ZESLM_OK;
    curve_level lv[LEVELS_MAX];
    size_t levels = curve_levels(p, n, lv, LEVELS_MAX);
    for (size_t i = 0; i < n && st == ZESLM_OK; i++) {
        double gbs;
        bool edge = levels && lv[0].past && (p[i].footprint == lv[0].size || p[i].footprint == lv[0].past);
        /* The two footprints at the L1's end read partly from L2, as the latency's
         * probes there do. */
        io->tolerance = edge ? LEVEL_PROBE_TOLERANCE : 0;
        if (p[i].grid || edge)
            st = carve_one(io, p[i].footprint, &gbs);
        io->tolerance = 0;
    }
    return st;
}

/* Both curves at one reservation (0: the unreserved kernels). The bandwidth follows the
 * latency curve's footprints; asked for alone, it has the powers of two only. */
static zeslm_status run_reserve(struct carve_io *io, const zeslm_variant *lat, const zeslm_variant *bw,
                                uint64_t top, zeslm_kernel *const kernels[2][2])
{
    zeslm_status st = ZESLM_OK;
    curve_point p[CURVE_MAX];
    size_t n = 0;
    bool reserved = io->reserve != 0;
    if (lat) {
        io->v = lat;
        io->k = kernels[0][reserved];
        TRY(latency_curve(io, top, p, &n));
    } else {
        for (uint64_t f = FOOT_MIN; f <= top; f *= 2)
            p[n++] = (curve_point){f, NAN, true};
    }
    if (bw) {
        io->v = bw;
        io->k = kernels[1][reserved];
        TRY(bandwidth_curve(io, p, n));
    }
out:
    return st;
}

static zeslm_status carveout_run(zeslm_device *dev, const zeslm_run_opts *o, zeslm_results *out)
{
    zeslm_status st = ZESLM_OK;
    /* Chain steps a launch to start from, as latency's; the engine doubles them. */
    uint32_t steps;
    if ((st = chain_start_steps(dev, o, &steps)) != ZESLM_OK)
        return st;
    const zeslm_variant *lat = bench_wants(o, variants[0].name) ? &variants[0] : NULL;
    const zeslm_variant *bw = bench_wants(o, variants[1].name) ? &variants[1] : NULL;
    if (!lat && !bw)
        return ZESLM_OK;
    uint64_t top = o->quick ? FOOT_TOP_QUICK : FOOT_TOP;
    struct carve_io io = {.o = o, .out = out, .start_steps = steps};
    /* kernels[latency, bandwidth][unreserved, reserved] */
    zeslm_kernel *kernels[2][2] = {{NULL, NULL}, {NULL, NULL}};
    io.next = malloc(top);
    io.data = malloc(top);
    if (!io.next || !io.data) {
        st = zeslm_fail(ZESLM_ERR_NOMEM, "no host memory for two %llu-byte footprints", (unsigned long long)top);
        goto out;
    }
    /* The reserved kernels' group size, checked against --group-size and the kernel;
     * the unreserved ones run the same. */
    const zeslm_variant *first = lat ? lat : bw;
    TRY(bench_variant_open(dev, o, "carveout", first, out, &kernels[first == bw][1], &io.group));
    for (int v = 0; v < 2; v++) {
        const zeslm_variant *row = v ? bw : lat;
        if (!row)
            continue;
        if (!kernels[v][1])
            TRY(zeslm_kernel_create(dev, row->file, row->kernel, &kernels[v][1]));
        TRY(zeslm_kernel_create(dev, row->file, ((const struct carve_traits *)row->traits)->unreserved,
                                &kernels[v][0]));
    }
    io.groups = bench_fill_groups(dev, 1);
    io.sums_got = malloc((size_t)io.groups * 4);
    if (!io.sums_got) {
        st = zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
        goto out;
    }
    zeslm_rng rng = {o->seed};
    bench_fill_u32(&rng, io.data, top / 4);
    TRY(bench_buffer(dev, NULL, top, &io.dnext));
    TRY(bench_buffer(dev, io.data, top, &io.ddata));
    TRY(bench_buffer(dev, NULL, 4, &io.pos));
    TRY(bench_buffer(dev, NULL, (size_t)io.groups * 4, &io.sums));
    /* The most a group may reserve, in whole words, and at least a word per work-item
     * (read_reserved keeps each one's sum in its own word). */
    uint64_t room = zeslm_kernel_slm_available(kernels[lat ? 0 : 1][1]);
    for (int v = 0; v < 2; v++) {
        uint64_t r = kernels[v][1] ? zeslm_kernel_slm_available(kernels[v][1]) : room;
        if (r < room)
            room = r;
    }
    room = room / 4 * 4;
    if (room > RESERVE_CAP)
        room = RESERVE_CAP;
    if (room < RESERVE_STEP || room < (uint64_t)io.group * 4) {
        for (int v = 0; v < 2; v++)
            if (v ? bw != NULL : lat != NULL)
                TRY(bench_skip(out, "carveout", variants[v].name,
                               "a group may reserve less than 16 KiB of SLM, or less than a word per work-item"));
        goto out;
    }
    if (zeslm_device_get_info(dev)->slm_dedicated == 0 && !o->size) {
        io.note = EMULATED_NOTE;
        for (int v = 0; v < 2 && st == ZESLM_OK; v++) {
            double value;
            io.v = v ? bw : lat;
            io.k = kernels[v][0];
            if (io.v)
                st = carve_one(&io, FOOT_MIN, &value);
        }
        goto out;
    }
    /* 0, 16 KiB, 32 KiB, ... and the most, where it is no multiple of the step. */
    for (uint64_t r = 0; st == ZESLM_OK; r += RESERVE_STEP) {
        if (r > room)
            r = room;
        if (!o->quick || r == 0 || r == room) {
            io.reserve = r;
            st = run_reserve(&io, lat, bw, top, kernels);
        }
        if (r == room)
            break;
    }
out:
    for (int v = 0; v < 2; v++)
        for (int r = 0; r < 2; r++)
            zeslm_kernel_free(kernels[v][r]);
    zeslm_buffer_free(io.dnext);
    zeslm_buffer_free(io.ddata);
    zeslm_buffer_free(io.pos);
    zeslm_buffer_free(io.sums);
    free(io.next);
    free(io.data);
    free(io.sums_got);
    return st;
}

static uint64_t param_of(const zeslm_result *r, const char *name)
{
    const char *p = strstr(r->params, name);
    return p ? strtoull(p + strlen(name), NULL, 10) : 0;
}

/* The l1_latency curve at reservation `reserve`, sorted (powers of two are the sweep's). */
static size_t reserve_curve(const zeslm_results *all, size_t first, uint64_t reserve, curve_point *p)
{
    size_t n = 0;
    for (size_t i = first; i < all->count && n < CURVE_MAX; i++) {
        const zeslm_result *r = &all->items[i];
        if (r->outcome != ZESLM_MEASURED || strcmp(r->variant, "l1_latency") != 0 ||
            param_of(r, "slm=") != reserve)
            continue;
        uint64_t f = param_of(r, "footprint=");
        p[n++] = (curve_point){f, r->rate, (f & (f - 1)) == 0};
    }
    curve_sort(p, n);
    return n;
}

/* The reservations measured, ascending, at most `max`. */
static size_t reserves(const zeslm_results *all, size_t first, uint64_t *out, size_t max)
{
    size_t n = 0;
    for (size_t i = first; i < all->count; i++) {
        const zeslm_result *r = &all->items[i];
        if (r->outcome != ZESLM_MEASURED || strcmp(r->variant, "l1_latency") != 0)
            continue;
        uint64_t s = param_of(r, "slm=");
        size_t j = 0;
        while (j < n && out[j] != s)
            j++;
        if (j == n && n < max)
            out[n++] = s;
    }
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && out[j - 1] > out[j]; j--) {
            uint64_t t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    return n;
}

/* The reservations summarized, each a finding of its own: 15, what a run of the
 * default sweep measures with room to spare. */
#define RESERVES_MAX 15

/* Two L1 sizes found within this much of each other are one carve-out step. */
#define SAME_STEP 0.05

/* At each reservation, the L1 the latency curve shows (its first level's end, found
 * within LEVEL_EDGE) and what it lost against none; then the carve-out steps: the
 * reservations over which the L1 stayed the same size. */
static void carveout_summarize(const zeslm_results *all, size_t first, zeslm_summary *out)
{
    uint64_t rs[RESERVES_MAX];
    double l1[RESERVES_MAX];
    for (size_t i = first; i < all->count; i++)
        if (strcmp(all->items[i].note, EMULATED_NOTE) == 0) {
            bench_finding(out, "", 0, "The device's SLM is emulated in global memory (its local memory type is "
                          "global), so reserving it takes nothing from an L1: one footprint measured, to show "
                          "that the kernels run; --size measures the curves.");
            return;
        }
    size_t nr = reserves(all, first, rs, RESERVES_MAX);
    char steps[240] = "";
    size_t used = 0;
    for (size_t i = 0; i < nr; i++) {
        curve_point p[CURVE_MAX];
        curve_level lv[LEVELS_MAX];
        size_t n = reserve_curve(all, first, rs[i], p);
        size_t levels = curve_levels(p, n, lv, LEVELS_MAX);
        char key[40], rb[32], size[32], past[32], less[64] = "";
        zeslm_format_bytes(rs[i], rb, sizeof rb);
        snprintf(key, sizeof key, "l1_bytes_slm_%llu", (unsigned long long)rs[i]);
        l1[i] = NAN;
        if (!levels || !lv[0].past) {
            bench_finding(out, key, NAN, "With %s of SLM reserved a group: no L1 level ends within the footprints "
                          "measured.", rb);
            continue;
        }
        l1[i] = (double)lv[0].size;
        zeslm_format_bytes(lv[0].size, size, sizeof size);
        zeslm_format_bytes(lv[0].past, past, sizeof past);
        if (i && rs[0] == 0 && !isnan(l1[0])) {
            char lost[32];
            double d = l1[0] - l1[i];
            zeslm_format_bytes((unsigned long long)fabs(d), lost, sizeof lost);
            snprintf(less, sizeof less, ", %s %s than with none", lost, d >= 0 ? "less" : "more");
        }
        bench_finding(out, key, l1[i], "With %s of SLM reserved a group: L1 holds %s and not %s (%.1f ns a load)%s.",
                      rb, size, past, lv[0].ns, less);
        /* The steps: a new one wherever the L1 moved by more than SAME_STEP. */
        if (i == 0 || isnan(l1[i - 1]) || fabs(l1[i] - l1[i - 1]) > SAME_STEP * l1[i - 1]) {
            int w = snprintf(steps + used, sizeof steps - used, "%s%s from %s", used ? "; " : "", size, rb);
            if (w > 0 && (size_t)w < sizeof steps - used)
                used += (size_t)w;
        }
    }
    if (used)
        bench_finding(out, "", 0, "Carve-out steps (L1 size from the reservation where it starts): %s.", steps);
}

/* Its cost (zeslm_workload_cost): One footprint a curve where SLM is emulated (every CPU runtime), its two curves at
 * every reservation on a GPU (the H100: 106 results). CPU figures from default runs
 * on PoCL and Intel's runtime of 2026-11-28 at a load average of 12-15 on 2 cores. */
static const zeslm_workload_cost cost = {
    .weight = 0.3, .results = 1.0, .results_gpu = 53.0, .spend = 0.01, .spend_gpu = 0.15};

BENCH_WORKLOAD(carveout, 90) = {
    .name = "carveout",
    .size_unit = "steps of each chain a launch",
    .summary = "global-memory latency and read bandwidth against footprint while each group reserves 0, 16, 32, ... "
               "KiB of SLM: the L1 each reservation leaves",
    .variants = variants,
    .n_variants = ZESLM_COUNT(variants),
    .run = carveout_run,
    .summarize = carveout_summarize,
    .cost = &cost,
};
