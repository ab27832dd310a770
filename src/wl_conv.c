/* conv: 1-D convolution with zero padding, from global memory and from SLM. */
#include <stdlib.h>
#include <string.h>

#include "bench_internal.h"

static const char *const variants[] = {"doc_global", "doc_slm", "tiled", NULL};

/* Outputs per work-item of conv_tiled; must match CONV_P in kernels/conv.cl. */
#define CONV_P 13
/* Above this many multiply-adds the host checks a sample instead of every output. */
#define FULL_CHECK_MACS (UINT64_C(1) << 28)
#define SAMPLE 4096

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

/* Every output for small problems; else both edges (where the padding matters) and
 * a random sample of the interior. */
static zeslm_status verify(const char *variant, const uint32_t *in, const uint32_t *taps, const uint32_t *got,
                           uint32_t n, uint32_t m, uint64_t seed, char *note, size_t note_len)
{
    /* The outputs whose window reaches past either end. */
    uint32_t edge = m < n ? m : n;
    bool full = (uint64_t)n * m <= FULL_CHECK_MACS || n <= 2 * edge + SAMPLE;
    uint32_t count = full ? n : 2 * edge + SAMPLE;
    zeslm_rng rng = {seed ^ UINT64_C(0x5eed)};
    for (uint32_t c = 0; c < count; c++) {
        uint32_t i = full || c < edge  ? c
                     : c < 2 * edge ? n - 1 - (c - edge)
                                    : (uint32_t)zeslm_rng_below(&rng, n);
        uint32_t want = conv_at(in, taps, n, m, i);
        if (got[i] != want)
            return zeslm_fail(ZESLM_ERR_VERIFY, "conv/%s: wrong result at index %u: device %u, host %u", variant,
                              i, got[i], want);
    }
    if (full)
        snprintf(note, note_len, "all %u outputs", n);
    else
        snprintf(note, note_len, "%u edge + %u sampled outputs", 2 * edge, SAMPLE);
    return ZESLM_OK;
}

static zeslm_status conv_run(zeslm_device *dev, const zeslm_run_opts *o, zeslm_results *out)
{
    zeslm_status st = ZESLM_OK;
    uint64_t n64 = o->size ? o->size : o->quick ? 100003 : UINT64_C(8192) * 8192;
    uint32_t m = o->taps ? o->taps : 257;
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

    for (const char *const *v = variants; *v; v++) {
        if (!bench_wants(o, *v))
            continue;
        char kname[32];
        snprintf(kname, sizeof kname, "conv_%s", *v);
        TRY(zeslm_kernel_create(dev, "conv", kname, &c.k));
        bool tiled = strcmp(*v, "tiled") == 0;
        /* The documents launch groups of 256. tiled prefers 64: more, smaller groups
         * leave less of the last wave idle (H100: 14.6 TMAC/s at 64 and 96, 14.0 at 256). */
        bench_group_rule rule = {.preferred = tiled ? 64 : 256};
        TRY(bench_group_size(c.k, o, &rule, &c.group));
        uint32_t per_group = c.group * (tiled ? CONV_P : 1);
        c.groups = (uint32_t)(((uint64_t)n + per_group - 1) / per_group);
        size_t slm = strcmp(*v, "doc_slm") == 0 ? ((size_t)c.group + m - 1) * 4
                     : tiled                   ? ((size_t)c.group * CONV_P + 2 * (size_t)m) * 4
                                               : 0;
        uint64_t room = zeslm_kernel_slm_available(c.k);
        if (slm && room && slm > room && o->group_size) {
            st = zeslm_fail(ZESLM_ERR_INVALID_ARG,
                            "conv/%s: group size %u with %u taps needs %zu bytes of SLM; the device allows %llu",
                            *v, c.group, m, slm, (unsigned long long)room);
            goto out;
        }
        if (slm && room && slm > room) {
            char why[128];
            snprintf(why, sizeof why, "needs %zu bytes of SLM for %u taps at group size %u; the device allows %llu",
                     slm, m, c.group, (unsigned long long)room);
            TRY(bench_skip(out, "conv", *v, why));
            zeslm_kernel_free(c.k);
            c.k = NULL;
            continue;
        }
        zeslm_result *r = bench_add(out, "conv", *v, "n=%u m=%u", n, m);
        if (!r) {
            st = zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
            goto out;
        }
        r->group_size = c.group;
        r->groups = c.groups;
        TRY(zeslm_kernel_arg_buffer(c.k, 0, bin));
        TRY(zeslm_kernel_arg_buffer(c.k, 1, btaps));
        TRY(zeslm_kernel_arg_buffer(c.k, 2, bout));
        TRY(zeslm_kernel_arg_u32(c.k, 3, n));
        TRY(zeslm_kernel_arg_u32(c.k, 4, m));
        if (slm)
            TRY(zeslm_kernel_arg_local(c.k, 5, slm));
        TRY(bench_poison(bout, got, n));
        TRY(bench_measure(o, bench_launch_once, &c, r));
        if (r->outcome != ZESLM_NO_RESULTS) {
            TRY(zeslm_buffer_read(bout, got, (size_t)n * 4));
            char how[64];
            TRY(verify(*v, in, taps, got, n, m, o->seed, how, sizeof how));
            bench_verified(r, "%s", how);
            r->rate = (double)macs / (double)r->stats.median_ns;
            r->rate_unit = "GMAC/s";
        }
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
    .summary = "1-D convolution: global memory, the document's SLM tile, a cooperative SLM tile",
    .variants = variants,
    .ceiling = "imad",
    .baseline = "doc_global",
    .run = conv_run,
};
