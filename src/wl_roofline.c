/* roofline: the device's ceilings (memory read and copy bandwidth, SLM bandwidth,
 * SLM atomic rate, int32 multiply-add rate), which the other workloads' results are
 * reported as fractions of. */
#include <stdlib.h>
#include <string.h>

#include "bench_internal.h"

/* kernels/roofline.cl: peak_VARIANT. */
#define PEAK(v, unit) {.name = #v, .file = "roofline", .kernel = "peak_" #v, .group = 256, .rate_unit = unit}
static const zeslm_variant variants[] = {
    PEAK(read, "GB/s"), PEAK(copy, "GB/s"), PEAK(slm, "GB/s"), PEAK(slm_atomic, "Gatomic/s"),
    PEAK(slm_atomic_rows, "Gatomic/s"), PEAK(slm_atomic_random, "Gatomic/s"), PEAK(imad, "GMAC/s"),
};

/* Per-work-item constants of kernels/roofline.cl. */
#define SLM_WORDS 8
#define ATOMIC_WORDS 4
#define MAD_CHAINS 16 /* MAD_VECS uint4s */
#define ROW 33
#define RANDOM_WORDS 2048
#define MAD_A 0x9E3779B1u
/* Work-items whose multiply-add chains the host recomputes. */
#define MAD_SAMPLE 256

/* Everything one variant needs on the host and the device. */
struct roof_io {
    uint32_t n;              /* 32-bit words of the streamed buffers */
    uint32_t rounds;
    uint32_t *host, *got;    /* n words each */
    zeslm_buffer *in, *out;  /* n words each */
};

/* What the check of one variant's output needs. */
struct roof_check {
    const char *variant;
    const struct roof_io *io;
    size_t items;
    uint32_t group;
};

static zeslm_status verify(void *ctx, char *how, size_t len)
{
    const struct roof_check *rc = ctx;
    const char *variant = rc->variant;
    const struct roof_io *io = rc->io;
    size_t items = rc->items;
    uint32_t group = rc->group;
    bool stream = strcmp(variant, "read") == 0 || strcmp(variant, "copy") == 0;
    zeslm_status st = zeslm_buffer_read(io->out, io->got, (stream && strcmp(variant, "copy") == 0 ? io->n : items) * 4);
    if (st != ZESLM_OK)
        return st;
    if (strcmp(variant, "read") == 0) {
        uint32_t want = 0, sum = 0;
        for (uint32_t i = 0; i < io->n / 4 * 4; i++)
            want += io->host[i];
        for (size_t i = 0; i < items; i++)
            sum += io->got[i];
        if (sum != want)
            return zeslm_fail(ZESLM_ERR_VERIFY, "roofline/read: device sum %u, host sum %u", sum, want);
        snprintf(how, len, "sum of all %u words", io->n / 4 * 4);
        return ZESLM_OK;
    }
    if (strcmp(variant, "copy") == 0) {
        snprintf(how, len, "all %u words", io->n / 4 * 4);
        return bench_compare_u32("roofline/copy", io->got, io->host, io->n / 4 * 4);
    }
    if (strcmp(variant, "slm_atomic_random") == 0) {
        /* Only a group's total is determined: every increment lands somewhere. */
        for (size_t g = 0; g < items / group; g++) {
            uint32_t sum = 0;
            for (size_t i = g * group; i < (g + 1) * group; i++)
                sum += io->got[i];
            if (sum != group * io->rounds * ATOMIC_WORDS)
                return zeslm_fail(ZESLM_ERR_VERIFY, "roofline/%s: group %zu counted %u increments, not %u", variant,
                                  g, sum, group * io->rounds * ATOMIC_WORDS);
        }
        snprintf(how, len, "increments of all %zu groups", items / group);
        return ZESLM_OK;
    }
    uint32_t tri = (uint32_t)((uint64_t)io->rounds * (io->rounds - 1) / 2);
    bool mad = strcmp(variant, "imad") == 0, rows = strcmp(variant, "slm_atomic_rows") == 0;
    size_t check = mad ? (items < MAD_SAMPLE ? items : MAD_SAMPLE) : items;
    for (size_t s = 0; s < check; s++) {
        /* The sampled work-items of imad are spread over the whole launch. */
        uint32_t i = (uint32_t)(mad ? s * (items / check) : s), want = 0;
        for (uint32_t k = 0; k < (mad ? MAD_CHAINS : strcmp(variant, "slm") == 0 ? SLM_WORDS : ATOMIC_WORDS); k++) {
            if (mad) {
                uint32_t x = i + k;
                for (uint32_t q = 0; q < io->rounds; q++)
                    x = x * MAD_A + (k + 1);
                want += x;
            } else if (strcmp(variant, "slm") == 0) {
                want += i * k + tri * (k + 1);
            } else if (rows) {
                /* Every work-item of the group with the same lane shares the word. */
                uint32_t lane = (i % group) % 32, sharing = (group - lane + 31) / 32;
                want += io->rounds * sharing;
            } else {
                want += io->rounds;
            }
        }
        if (io->got[i] != want)
            return zeslm_fail(ZESLM_ERR_VERIFY, "roofline/%s: wrong result at index %u: device %u, host %u", variant,
                              i, io->got[i], want);
    }
    snprintf(how, len, mad ? "%zu sampled work-items" : "all %zu outputs", check);
    return ZESLM_OK;
}

static zeslm_status run_variant(zeslm_device *dev, const zeslm_run_opts *o, zeslm_results *out,
                                const zeslm_variant *v, struct roof_io *io)
{
    zeslm_status st = ZESLM_OK;
    const char *variant = v->name;
    bench_launch c = {.timeout_s = o->timeout_s};
    TRY(bench_variant_open(dev, o, "roofline", v, out, &c.k, &c.group));
    bool stream = strcmp(variant, "read") == 0 || strcmp(variant, "copy") == 0;
    /* Persistent groups for the streams (two rounds of as many as fit), many more for
     * the on-chip loops so no compute unit runs out of work early. */
    c.groups = bench_fill_groups(dev, BENCH_ITEMS_PER_CU / c.group) * (stream ? 2 : 8);
    size_t items = (size_t)c.groups * c.group;
    if (items > io->n) {
        c.groups = io->n / c.group ? io->n / c.group : 1;
        items = (size_t)c.groups * c.group;
    }
    uint32_t n4 = io->n / 4;
    if (strcmp(variant, "read") == 0) {
        TRY(zeslm_kernel_arg_buffer(c.k, 0, io->in));
        TRY(zeslm_kernel_arg_u32(c.k, 1, n4));
        TRY(zeslm_kernel_arg_buffer(c.k, 2, io->out));
    } else if (strcmp(variant, "copy") == 0) {
        TRY(zeslm_kernel_arg_buffer(c.k, 0, io->in));
        TRY(zeslm_kernel_arg_buffer(c.k, 1, io->out));
        TRY(zeslm_kernel_arg_u32(c.k, 2, n4));
    } else {
        TRY(zeslm_kernel_arg_buffer(c.k, 0, io->out));
        TRY(zeslm_kernel_arg_u32(c.k, 1, io->rounds));
        if (strcmp(variant, "imad") == 0)
            TRY(zeslm_kernel_arg_u32(c.k, 2, MAD_A));
        else if (strcmp(variant, "slm_atomic_rows") == 0)
            TRY(zeslm_kernel_arg_local(c.k, 2, (size_t)ATOMIC_WORDS * 32 * ROW * 4));
        else if (strcmp(variant, "slm_atomic_random") == 0)
            TRY(zeslm_kernel_arg_local(c.k, 2, (size_t)RANDOM_WORDS * 4));
        else
            TRY(zeslm_kernel_arg_local(c.k, 2, (size_t)c.group * 4 *
                                                   (strcmp(variant, "slm") == 0 ? SLM_WORDS : ATOMIC_WORDS)));
    }
    /* What one launch does, in the unit of v's rate. */
    double work = strcmp(variant, "read") == 0   ? (double)n4 * 16
                  : strcmp(variant, "copy") == 0 ? 2.0 * n4 * 16
                  : strcmp(variant, "slm") == 0  ? 2.0 * items * io->rounds * SLM_WORDS * 4
                  : strcmp(variant, "imad") == 0 ? (double)items * io->rounds * MAD_CHAINS
                                                 : (double)items * io->rounds * ATOMIC_WORDS;
    char params[48];
    if (stream)
        snprintf(params, sizeof params, "bytes=%llu", (unsigned long long)n4 * 16);
    else
        snprintf(params, sizeof params, "rounds=%u", io->rounds);
    struct roof_check check = {variant, io, items, c.group};
    bench_case one = {.workload = "roofline", .v = v, .group = c.group, .groups = c.groups, .rep_ctx = &c,
                      .poison = io->out, .scratch = io->got, .poison_words = stream ? io->n : items,
                      .verify = verify, .verify_ctx = &check, .work = work};
    zeslm_result *r;
    TRY(bench_case_run(o, out, &one, &r, "%s", params));
    const zeslm_device_info *d = zeslm_device_get_info(dev);
    if (r->outcome == ZESLM_MEASURED && strcmp(variant, "slm") == 0 && d->clock_mhz && d->compute_units) {
        r->ratio = r->rate * 1e9 / (d->clock_mhz * 1e6 * d->compute_units);
        r->ratio_name = "SLM bytes per clock per compute unit (at the reported maximum clock)";
    }
out:
    zeslm_kernel_free(c.k);
    return st;
}

static zeslm_status roofline_run(zeslm_device *dev, const zeslm_run_opts *o, zeslm_results *out)
{
    zeslm_status st = ZESLM_OK;
    /* 1 GiB streams leave any cache; --size sets the 32-bit words streamed. */
    uint64_t n64 = o->size ? o->size : o->quick ? 1u << 20 : UINT64_C(1) << 28;
    if (n64 < 1024 || n64 > UINT32_MAX / 2)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "--size must be between 1024 and %u words", UINT32_MAX / 2);
    /* --quick still runs enough rounds that a launch is not mostly overhead, which
     * would make the ceilings too low for the workloads measured against them. */
    struct roof_io io = {.n = (uint32_t)n64, .rounds = o->quick ? 256 : 4096};
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

const zeslm_workload zeslm_workload_roofline = {
    .name = "roofline",
    .summary = "the device's ceilings: memory read and copy, SLM, SLM atomics, int32 multiply-add",
    .variants = variants,
    .n_variants = ZESLM_COUNT(variants),
    .run = roofline_run,
};
