/* SPDX-License-Identifier: MIT */
/* roofline: the device's ceilings (memory read and copy bandwidth, SLM bandwidth,
 * SLM atomic rate, int32 multiply-add rate), which the other workloads' results are
 * reported as fractions of. */
#include <stdlib.h>

#include "bench_internal.h"

/* Per-work-item constants of kernels/roofline.cl. */
#define SLM_WORDS 8
#define ATOMIC_WORDS 4
#define MAD_CHAINS 16 /* MAD_VECS uint4s */
#define ROW 33
#define RANDOM_WORDS 2048
#define MAD_A 0x9E3779B1u
/* Work-items whose multiply-add chains the host recomputes. */
#define MAD_SAMPLE 256

/* What a roofline kernel does: it sets the kernel's arguments, the output the host
 * checks and the work a launch is credited with. */
typedef enum { READ, COPY, SLM, ATOMIC, ATOMIC_ROWS, ATOMIC_RANDOM, MAD } roof_kind;

struct roof_traits {
    roof_kind kind;
    uint32_t words;   /* per work-item and round: SLM words, atomics, multiply-add chains; 0 for streams */
};
static const struct roof_traits read_t = {READ, 0}, copy_t = {COPY, 0}, slm_t = {SLM, SLM_WORDS},
                                atomic_t = {ATOMIC, ATOMIC_WORDS}, rows_t = {ATOMIC_ROWS, ATOMIC_WORDS},
                                random_t = {ATOMIC_RANDOM, ATOMIC_WORDS}, mad_t = {MAD, MAD_CHAINS};

/* kernels/roofline.cl: peak_VARIANT. */
#define PEAK(v, unit, t) {.name = #v, .file = "roofline", .kernel = "peak_" #v, .group = 256, .rate_unit = unit, \
                          .traits = &t}
static const zeslm_variant variants[] = {
    /* read sums each group in an SLM tree. */
    {.name = "read", .file = "roofline", .kernel = "peak_read", .group = 256, .group_pow2 = true, .rate_unit = "GB/s",
     .traits = &read_t},
    PEAK(copy, "GB/s", copy_t), PEAK(slm, "GB/s", slm_t),
    PEAK(slm_atomic, "Gatomic/s", atomic_t), PEAK(slm_atomic_rows, "Gatomic/s", rows_t),
    PEAK(slm_atomic_random, "Gatomic/s", random_t), PEAK(imad, "GMAC/s", mad_t),
};

/* Everything one variant needs on the host and the device. */
struct roof_io {
    uint32_t n;              /* 32-bit words of the streamed buffers */
    uint32_t start_rounds, rounds; /* of the on-chip loops: where each starts, and now */
    uint32_t *host, *got;    /* n words each */
    zeslm_buffer *in, *out;  /* n words each */
};

/* What the check of one variant's output needs. */
struct roof_check {
    const char *variant;
    const struct roof_traits *t;
    const struct roof_io *io;
    size_t items;
    uint32_t group;
};

/* The word work-item i leaves in the on-chip kernels' output. */
static uint32_t on_chip_word(const struct roof_check *rc, uint32_t i)
{
    uint32_t rounds = rc->io->rounds, want = 0;
    uint32_t tri = (uint32_t)((uint64_t)rounds * (rounds - 1) / 2);
    for (uint32_t k = 0; k < rc->t->words; k++) {
        if (rc->t->kind == MAD) {
            uint32_t x = i + k;
            for (uint32_t q = 0; q < rounds; q++)
                x = x * MAD_A + (k + 1);
            want += x;
        } else if (rc->t->kind == SLM) {
            want += i * k + tri * (k + 1);
        } else if (rc->t->kind == ATOMIC_ROWS) {
            /* Every work-item of the group with the same lane shares the word. */
            uint32_t lane = (i % rc->group) % 32, sharing = (rc->group - lane + 31) / 32;
            want += rounds * sharing;
        } else {
            want += rounds;
        }
    }
    return want;
}

static zeslm_status verify(void *ctx, char *how, size_t len)
{
    const struct roof_check *rc = ctx;
    const struct roof_io *io = rc->io;
    size_t items = rc->items;
    uint32_t group = rc->group, words = io->n / 4 * 4;
    /* What the check reads is what it checks: read leaves one partial sum a group. */
    size_t outputs = rc->t->kind == COPY ? io->n : rc->t->kind == READ ? items / group : items;
    zeslm_status st = zeslm_buffer_read(io->out, io->got, outputs * 4);
    if (st != ZESLM_OK)
        return st;
    if (rc->t->kind == READ) {
        uint32_t want = 0, sum = 0;
        for (uint32_t i = 0; i < words; i++)
            want += io->host[i];
        for (size_t i = 0; i < items / group; i++)
            sum += io->got[i];
        if (sum != want)
            return zeslm_fail(ZESLM_ERR_VERIFY, "roofline/read: device sum %u, host sum %u", sum, want);
        snprintf(how, len, "sum of all %u words", words);
        return ZESLM_OK;
    }
    if (rc->t->kind == COPY) {
        snprintf(how, len, "all %u words", words);
        return bench_compare_u32("roofline/copy", io->got, io->host, words);
    }
    if (rc->t->kind == ATOMIC_RANDOM) {
        /* Only a group's total is determined: every increment lands somewhere. */
        uint32_t want = group * io->rounds * ATOMIC_WORDS;
        for (size_t g = 0; g < items / group; g++) {
            uint32_t sum = 0;
            for (size_t i = g * group; i < (g + 1) * group; i++)
                sum += io->got[i];
            if (sum != want)
                return zeslm_fail(ZESLM_ERR_VERIFY, "roofline/%s: group %zu counted %u increments, not %u",
                                  rc->variant, g, sum, want);
        }
        snprintf(how, len, "increments of all %zu groups", items / group);
        return ZESLM_OK;
    }
    bool mad = rc->t->kind == MAD;
    size_t check = mad ? (items < MAD_SAMPLE ? items : MAD_SAMPLE) : items;
    for (size_t s = 0; s < check; s++) {
        /* The sampled work-items of imad are spread over the whole launch. */
        uint32_t i = (uint32_t)(mad ? s * (items / check) : s), want = on_chip_word(rc, i);
        if (io->got[i] != want)
            return zeslm_fail(ZESLM_ERR_VERIFY, "roofline/%s: wrong result at index %u: device %u, host %u",
                              rc->variant, i, io->got[i], want);
    }
    snprintf(how, len, mad ? "%zu sampled work-items" : "all %zu outputs", check);
    return ZESLM_OK;
}

/* The on-chip loops' rounds double up to here: imad's check recomputes 256 work-items'
 * chains, 16 of them each, round by round. */
#define ROUNDS_MAX 65536u

/* What growing an on-chip loop's rounds needs. */
struct roof_grow {
    zeslm_kernel *k;
    struct roof_io *io;
    double per_round; /* the launch's work of one round, in the rate's unit */
};

/* bench_case.grow: `rounds` rounds a launch. The output is rewritten whole by each
 * launch, so nothing else needs resetting. */
static zeslm_status roof_grow(void *ctx, uint64_t rounds, double *work)
{
    struct roof_grow *g = ctx;
    g->io->rounds = (uint32_t)rounds;
    *work = g->per_round * (double)rounds;
    return zeslm_kernel_arg_u32(g->k, 1, g->io->rounds);
}

/* One launch shape of v: `waves` rounds of as many groups as fit. */
static zeslm_status measure(zeslm_device *dev, const zeslm_run_opts *o, zeslm_results *out, const zeslm_variant *v,
                            struct roof_io *io, bench_launch *lc, uint32_t waves)
{
    zeslm_status st = ZESLM_OK;
    bench_launch c = *lc;
    const struct roof_traits *t = v->traits;
    bool stream = t->kind == READ || t->kind == COPY;
    c.groups = bench_fill_groups(dev, BENCH_ITEMS_PER_CU / c.group) * waves;
    size_t items = (size_t)c.groups * c.group;
    if (items > io->n) {
        c.groups = io->n / c.group ? io->n / c.group : 1;
        items = (size_t)c.groups * c.group;
    }
    uint32_t n4 = io->n / 4;
    io->rounds = io->start_rounds;
    /* What one launch does, in the unit of v's rate: bytes streamed (read and written
     * for copy, and for SLM), atomics, multiply-adds. */
    double per_round = (double)items * io->rounds * t->words, work = 0;
    switch (t->kind) {
    case READ:
        TRY(zeslm_kernel_arg_buffer(c.k, 0, io->in));
        TRY(zeslm_kernel_arg_u32(c.k, 1, n4));
        TRY(zeslm_kernel_arg_buffer(c.k, 2, io->out));
        TRY(zeslm_kernel_arg_local(c.k, 3, (size_t)c.group * 4));
        work = (double)n4 * 16;
        break;
    case COPY:
        TRY(zeslm_kernel_arg_buffer(c.k, 0, io->in));
        TRY(zeslm_kernel_arg_buffer(c.k, 1, io->out));
        TRY(zeslm_kernel_arg_u32(c.k, 2, n4));
        work = 2.0 * n4 * 16;
        break;
    case MAD:
        TRY(zeslm_kernel_arg_u32(c.k, 2, MAD_A));
        work = per_round;
        break;
    case ATOMIC_ROWS:
        TRY(zeslm_kernel_arg_local(c.k, 2, (size_t)ATOMIC_WORDS * 32 * ROW * 4));
        work = per_round;
        break;
    case ATOMIC_RANDOM:
        TRY(zeslm_kernel_arg_local(c.k, 2, (size_t)RANDOM_WORDS * 4));
        work = per_round;
        break;
    case SLM:
    case ATOMIC:
        TRY(zeslm_kernel_arg_local(c.k, 2, (size_t)c.group * 4 * t->words));
        work = t->kind == SLM ? 2.0 * per_round * 4 : per_round;
        break;
    }
    if (!stream) {
        TRY(zeslm_kernel_arg_buffer(c.k, 0, io->out));
        TRY(zeslm_kernel_arg_u32(c.k, 1, io->rounds));
    }
    char params[48];
    if (stream)
        snprintf(params, sizeof params, "bytes=%llu waves=%u", (unsigned long long)n4 * 16, waves);
    else
        snprintf(params, sizeof params, "waves=%u", waves);
    struct roof_check check = {v->name, t, io, items, c.group};
    /* A stream's work is its buffer: fixed. The on-chip loops double their rounds. */
    struct roof_grow grow = {c.k, io, work / io->rounds};
    bench_case one = {.workload = "roofline", .v = v, .group = c.group, .groups = c.groups, .rep_ctx = &c,
                      .poison = io->out, .scratch = io->got, .poison_words = stream ? io->n : items,
                      .verify = verify, .verify_ctx = &check, .work = work, .work_unit = stream ? NULL : "rounds",
                      .units = io->rounds, .units_max = ROUNDS_MAX, .grow = stream ? NULL : roof_grow,
                      .grow_ctx = &grow};
    zeslm_result *r;
    TRY(bench_case_run(o, out, &one, &r, "%s", params));
    const zeslm_device_info *d = zeslm_device_get_info(dev);
    if (r->outcome == ZESLM_MEASURED && t->kind == SLM && d->clock_mhz && d->compute_units) {
        r->ratio = r->rate * 1e9 / (d->clock_mhz * 1e6 * d->compute_units);
        r->ratio_name = "SLM bytes per clock per compute unit (at the reported maximum clock)";
    }
out:
    return st;
}

/* The streams run persistent groups in 2, 4 and 8 rounds of as many as fit: the best
 * grid depends on the size and the device (H100, 1 GiB: 8 rounds 2% faster than 2),
 * and the ceiling is the best of them. The on-chip loops run 8 rounds, so that no
 * compute unit runs out of work early. */
static const uint32_t stream_waves[] = {2, 4, 8}, on_chip_waves[] = {8};

static zeslm_status run_variant(zeslm_device *dev, const zeslm_run_opts *o, zeslm_results *out,
                                const zeslm_variant *v, struct roof_io *io)
{
    zeslm_status st = ZESLM_OK;
    bench_launch c = {.timeout_s = o->timeout_s};
    TRY(bench_variant_open(dev, o, "roofline", v, out, &c.k, &c.group));
    const struct roof_traits *t = v->traits;
    bool stream = t->kind == READ || t->kind == COPY;
    const uint32_t *waves = stream ? stream_waves : on_chip_waves;
    size_t count = stream ? ZESLM_COUNT(stream_waves) : ZESLM_COUNT(on_chip_waves);
    for (size_t i = 0; i < count && st == ZESLM_OK; i++)
        st = measure(dev, o, out, v, io, &c, waves[i]);
out:
    zeslm_kernel_free(c.k);
    return st;
}

static zeslm_status roofline_run(zeslm_device *dev, const zeslm_run_opts *o, zeslm_results *out)
{
    zeslm_status st = ZESLM_OK;
    /* 1 GiB streams leave any cache; --size sets the 32-bit words streamed. */
    uint64_t n64, rounds;
    if ((st = bench_default_size(dev, o, o->size, 1u << 20, UINT64_C(1) << 28, &n64)) != ZESLM_OK)
        return st;
    if (n64 < 1024 || n64 > UINT32_MAX / 2)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "--size must be between 1024 and %u words", UINT32_MAX / 2);
    /* --quick still runs enough rounds that a launch is not mostly overhead, which
     * would make the ceilings too low for the workloads measured against them. */
    if ((st = bench_default_size(dev, o, 0, 256, 4096, &rounds)) != ZESLM_OK)
        return st;
    struct roof_io io = {.n = (uint32_t)n64, .start_rounds = (uint32_t)rounds};
    io.host = malloc((size_t)io.n * 4);
    io.got = malloc((size_t)io.n * 4);
    if (!io.host || !io.got) {
        st = zeslm_fail(ZESLM_ERR_NOMEM, "no host memory for %u words", io.n);
        goto out;
    }
    zeslm_rng rng = {o->seed};
    bench_fill_u32(&rng, io.host, io.n);
    TRY(bench_buffer(dev, io.host, (size_t)io.n * 4, &io.in));
    TRY(bench_buffer(dev, NULL, (size_t)io.n * 4, &io.out));
    for (size_t v = 0; v < ZESLM_COUNT(variants) && st == ZESLM_OK; v++)
        if (bench_wants(o, variants[v].name))
            st = run_variant(dev, o, out, &variants[v], &io);
out:
    zeslm_buffer_free(io.in);
    zeslm_buffer_free(io.out);
    free(io.host);
    free(io.got);
    return st;
}

/* Its cost (zeslm_workload_cost; the sources of every workload's figures: bench.h). */
static const zeslm_workload_cost cost = {
    .weight = 2.4, .results = 1.6, .results_gpu = 1.6, .spend = 0.42, .spend_gpu = 0.20};
static const zeslm_extra_column extras[] = {
    {"SLM bytes per clock per compute unit (at the reported maximum clock)", "B/clk/CU", 0},
};

/* Its headlines: the device's ceilings, beside their published and paper figures. */
static const zeslm_headline headlines[] = {
    {"memory_read", "memory read", "GB/s", ZESLM_BETTER_HIGHER, "read", false, NULL, false},
    {"memory_copy", "memory copy", "GB/s", ZESLM_BETTER_HIGHER, "copy", false, NULL, false},
    {"slm_bandwidth", "SLM bandwidth", "GB/s", ZESLM_BETTER_HIGHER, "slm", false, NULL, false},
    {"slm_bytes_per_clock", "SLM bytes/clock/CU", "B/clk", ZESLM_BETTER_HIGHER, "slm", true, NULL, false},
    {"slm_atomics", "SLM atomics", "Gatomic/s", ZESLM_BETTER_HIGHER, "slm_atomic", false, NULL, false},
    {"int32_mad", "int32 multiply-add", "GMAC/s", ZESLM_BETTER_HIGHER, "imad", false, NULL, false},
};

BENCH_WORKLOAD(roofline, 10) = {
    .name = "roofline",
    .size_unit = "32-bit words streamed",
    .summary = "the device's ceilings: memory read and copy, SLM, SLM atomics, int32 multiply-add",
    .variants = variants,
    .n_variants = ZESLM_COUNT(variants),
    .run = roofline_run,
    .cost = &cost,
    .extras = extras,
    .n_extras = ZESLM_COUNT(extras),
    .headlines = headlines,
    .n_headlines = ZESLM_COUNT(headlines),
};
