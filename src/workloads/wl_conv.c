/* conv: 1-D convolution with zero padding, from global memory and from SLM. */
#include <stdlib.h>

#include "bench_internal.h"

/* Outputs per work-item of conv_tiled; must match CONV_P in kernels/conv.cl. */
#define CONV_P 13

/* What a conv variant needs beyond its row. */
struct conv_traits {
    uint32_t outputs;                                 /* per work-item */
    size_t (*slm)(uint32_t group, uint32_t taps);     /* bytes of its __local argument; NULL: none */
};

/* The document's tile: the group's inputs and the halo of m - 1. */
static size_t halo_slm(uint32_t group, uint32_t taps)
{
    return ((size_t)group + taps - 1) * 4;
}

/* A cooperative tile of every output's inputs, and the taps. */
static size_t tile_slm(uint32_t group, uint32_t taps)
{
    return ((size_t)group * CONV_P + 2 * (size_t)taps) * 4;
}

static const struct conv_traits global = {1, NULL}, halo = {1, halo_slm}, tile = {CONV_P, tile_slm};
/* The documents launch groups of 256. tiled prefers 64: more, smaller groups leave
 * less of the last wave idle (H100: 14.6 TMAC/s at 64 and 96, 14.0 at 256). */
#define CONV(v, base, group_, t) {.name = #v, .file = "conv", .kernel = "conv_" #v, .baseline = base, \
                                  .group = group_, .rate_unit = "GMAC/s", .ceiling = "imad", .traits = &t}
static const zeslm_variant variants[] = {CONV(doc_global, true, 256, global), CONV(doc_slm, false, 256, halo),
                                         CONV(tiled, false, 64, tile)};

/* conv's own options. */
static const zeslm_workload_option options[] = {
    {"taps", 'm', "M", "conv's filter length (default 257)", 1, 1u << 20, 257},
};
enum { TAPS };

/* The host check's budget in multiply-adds (about 0.3 s on one host core): up to it
 * every output is checked; above it, whatever n and m, the check stays within it. */
#define CHECK_MACS (UINT64_C(1) << 28)

/* Multiply-adds that touch the input: taps that fall on the zero padding do not count,
 * which matters when the filter is not much shorter than the input. */
static uint64_t useful_macs(uint32_t n, uint32_t m)
{
    uint64_t macs = 0;
    for (uint32_t i = 0; i < n; i++) {
        int64_t lo = (int64_t)i - m / 2, hi = lo + m;
        macs += (uint64_t)((hi < n ? hi : n) - (lo > 0 ? lo : 0));
    }
    return macs;
}

static uint32_t conv_at(const uint32_t *in, const uint32_t *taps, uint32_t n, uint32_t m, uint32_t i)
{
    int64_t start = (int64_t)i - m / 2;
    uint32_t t = 0;
    for (uint32_t j = 0; j < m; j++) {
        int64_t k = start + j;
        if (k >= 0 && k < n)
            t += in[k] * taps[j];
    }
    return t;
}

/* What the check of one variant's output needs. */
struct conv_check {
    const char *variant;
    zeslm_buffer *out;
    const uint32_t *in, *taps;
    uint32_t *got;
    uint32_t n, m;
    uint64_t seed;
};

/* Every output when n * m fits the budget. Else budget / m outputs (at least 256,
 * m being at most 2^20): the first and last quarter of them at each end (where the
 * zero padding matters), the other half drawn uniformly from all n. The guarantee: a
 * wrong output among the checked edges is always caught, and a fault that spoils a
 * fraction f of the outputs escapes the sample with probability at most (1 - f)^s,
 * s = budget / (2m) (f = 5%, m = 2^20: 0.14%). A signal ends the check between
 * outputs (one output costs at most 2^20 multiply-adds, about a millisecond). */
static zeslm_status verify(void *ctx, char *note, size_t note_len)
{
    const struct conv_check *k = ctx;
    const uint32_t *got = k->got;
    uint32_t n = k->n, m = k->m;
    zeslm_status st = zeslm_buffer_read(k->out, k->got, (size_t)n * 4);
    if (st != ZESLM_OK)
        return st;
    bool full = (uint64_t)n * m <= CHECK_MACS;
    uint32_t count = full ? n : (uint32_t)(CHECK_MACS / m);
    /* The outputs checked at each end: a quarter of the count, never past the
     * outputs whose window reaches an end. */
    uint32_t edge = full ? 0 : count / 4 < m ? count / 4 : m;
    zeslm_rng rng = {k->seed ^ UINT64_C(0x5eed)};
    char what[48];
    snprintf(what, sizeof what, "conv/%s", k->variant);
    for (uint32_t c = 0; c < count; c++) {
        if (zeslm_stop_requested())
            return bench_interrupted_check(what);
        uint32_t i = full || c < edge  ? c
                     : c < 2 * edge ? n - 1 - (c - edge)
                                    : (uint32_t)zeslm_rng_below(&rng, n);
        uint32_t want = conv_at(k->in, k->taps, n, m, i);
        if (got[i] != want)
            return zeslm_fail(ZESLM_ERR_VERIFY, "%s: wrong result at index %u: device %u, host %u", what, i, got[i],
                              want);
    }
    if (full)
        snprintf(note, note_len, "all %u outputs", n);
    else
        snprintf(note, note_len, "%u edge + %u sampled outputs of %u", 2 * edge, count - 2 * edge, n);
    return ZESLM_OK;
}

static zeslm_status conv_run(zeslm_device *dev, const zeslm_run_opts *o, zeslm_results *out)
{
    zeslm_status st = ZESLM_OK;
    uint64_t n64;
    if ((st = bench_default_size(dev, o, o->size, 100003, UINT64_C(8192) * 8192, &n64)) != ZESLM_OK)
        return st;
    uint32_t m = bench_option(o, &options[TAPS]);
    if (n64 > UINT32_MAX / 2)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "--size %llu exceeds %u elements", (unsigned long long)n64,
                          UINT32_MAX / 2);
    uint32_t n = (uint32_t)n64;
    bench_launch c = {.timeout_s = o->timeout_s};
    zeslm_buffer *bin = NULL, *btaps = NULL, *bout = NULL;
    uint32_t *in = malloc((size_t)n * 4), *taps = malloc((size_t)m * 4), *got = malloc((size_t)n * 4);
    if (!in || !taps || !got) {
        st = zeslm_fail(ZESLM_ERR_NOMEM, "no host memory for %u elements", n);
        goto out;
    }
    zeslm_rng rng = {o->seed};
    bench_fill_u32(&rng, in, n);
    bench_fill_u32(&rng, taps, m);
    uint64_t macs = useful_macs(n, m);
    TRY(bench_buffer(dev, in, (size_t)n * 4, &bin));
    TRY(bench_buffer(dev, taps, (size_t)m * 4, &btaps));
    TRY(bench_buffer(dev, NULL, (size_t)n * 4, &bout));

    for (size_t i = 0; i < ZESLM_COUNT(variants); i++) {
        const char *const *v = &variants[i].name;
        if (!bench_wants(o, *v))
            continue;
        TRY(bench_variant_open(dev, o, "conv", &variants[i], out, &c.k, &c.group));
        const struct conv_traits *t = variants[i].traits;
        uint32_t per_group = c.group * t->outputs;
        c.groups = (uint32_t)(((uint64_t)n + per_group - 1) / per_group);
        size_t slm = t->slm ? t->slm(c.group, m) : 0;
        char what[32];
        snprintf(what, sizeof what, "%u taps", m);
        if (!bench_slm_fits(out, "conv", *v, c.k, slm, c.group, what, &st)) {
            zeslm_kernel_free(c.k);
            c.k = NULL;
            if (st != ZESLM_OK)
                goto out;
            continue;
        }
        TRY(zeslm_kernel_arg_buffer(c.k, 0, bin));
        TRY(zeslm_kernel_arg_buffer(c.k, 1, btaps));
        TRY(zeslm_kernel_arg_buffer(c.k, 2, bout));
        TRY(zeslm_kernel_arg_u32(c.k, 3, n));
        TRY(zeslm_kernel_arg_u32(c.k, 4, m));
        if (slm)
            TRY(zeslm_kernel_arg_local(c.k, 5, slm));
        struct conv_check check = {*v, bout, in, taps, got, n, m, o->seed};
        bench_case one = {.workload = "conv", .v = &variants[i], .group = c.group, .groups = c.groups, .rep_ctx = &c,
                          .poison = bout, .scratch = got, .poison_words = n, .verify = verify,
                          .verify_ctx = &check, .work = (double)macs};
        TRY(bench_case_run(o, out, &one, NULL, "n=%u m=%u", n, m));
        zeslm_kernel_free(c.k);
        c.k = NULL;
    }
out:
    zeslm_kernel_free(c.k);
    zeslm_buffer_free(bin);
    zeslm_buffer_free(btaps);
    zeslm_buffer_free(bout);
    free(in);
    free(taps);
    free(got);
    return st;
}

const zeslm_workload zeslm_workload_conv = {
    .name = "conv",
    .size_unit = "elements",
    .summary = "1-D convolution: global memory, the document's SLM tile, a cooperative SLM tile",
    .variants = variants,
    .n_variants = ZESLM_COUNT(variants),
    .options = options,
    .n_options = ZESLM_COUNT(options),
    .run = conv_run,
};
