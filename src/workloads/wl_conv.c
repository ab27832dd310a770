/* SPDX-License-Identifier: MIT */
/* conv: 1-D convolution with zero padding, from global memory and from SLM. */
#include <stdlib.h>
#include <string.h>

#include "bench_internal.h"

/* What a conv variant needs beyond its row. */
struct conv_traits {
    size_t (*slm)(uint32_t group, uint32_t taps, uint32_t outputs); /* bytes of its __local argument; NULL: none */
    /* Outputs per work-item each of its kernels computes: {1}, one, the row's kernel;
     * several, kernels conv_<variant>_p<outputs>, the row's kernel the first. */
    const uint32_t *outputs;
    size_t n_outputs;
};

/* The document's tile: the group's inputs and the halo of m - 1. */
static size_t halo_slm(uint32_t group, uint32_t taps, uint32_t outputs)
{
    (void)outputs;
    return ((size_t)group + taps - 1) * 4;
}

/* A cooperative tile of every output's inputs, and the taps; 6 words more, for the
 * kernels that load four words at a time to start both on a 16-byte boundary. */
static size_t tile_slm(uint32_t group, uint32_t taps, uint32_t outputs)
{
    return ((size_t)group * outputs + 2 * (size_t)taps + 6) * 4;
}

/* conv_tiled_p13 ... conv_tiled_p23 (a word a load) and conv_tiled_p12, _p20, _p28 (four
 * words a load) in kernels/conv.cl. */
static const uint32_t one_output[] = {1}, tiled_outputs[] = {13, 15, 17, 19, 21, 23, 12, 20, 28};
static const struct conv_traits global = {NULL, one_output, 1}, halo = {halo_slm, one_output, 1},
                                tile = {tile_slm, tiled_outputs, ZESLM_COUNT(tiled_outputs)};
/* The documents launch groups of 256. tiled prefers 64: more, smaller groups leave
 * less of the last wave idle (H100: 14.6 TMAC/s at 64 and 96, 14.0 at 256). */
#define CONV(v, kernel_, base, group_, t) {.name = #v, .file = "conv", .kernel = kernel_, .baseline = base, \
                                           .group = group_, .rate_unit = "GMAC/s", .ceiling = "imad", .traits = &t}
static const zeslm_variant variants[] = {CONV(doc_global, "conv_doc_global", true, 256, global),
                                         CONV(doc_slm, "conv_doc_slm", false, 256, halo),
                                         CONV(tiled, "conv_tiled_p13", false, 64, tile)};

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

/* The buffers every conv kernel works on. */
struct conv_io {
    zeslm_buffer *in, *taps, *out;
    uint32_t n, m;
};

/* Sets k's arguments for `outputs` outputs a work-item in groups of c->group, and the
 * groups that covers n; false (with a skip recorded where out is not NULL, and *st set
 * where that failed) when its SLM does not fit. */
static bool conv_prepare(zeslm_results *out, const zeslm_variant *v, zeslm_kernel *k, bench_launch *c,
                         const struct conv_io *io, uint32_t outputs, zeslm_status *st)
{
    const struct conv_traits *t = v->traits;
    uint32_t per_group = c->group * outputs;
    c->groups = (uint32_t)(((uint64_t)io->n + per_group - 1) / per_group);
    size_t slm = t->slm ? t->slm(c->group, io->m, outputs) : 0;
    char what[32];
    snprintf(what, sizeof what, "%u taps", io->m);
    *st = ZESLM_OK;
    if (out ? !bench_slm_fits(out, "conv", v->name, k, slm, c->group, what, st)
            : zeslm_kernel_slm_available(k) && slm > zeslm_kernel_slm_available(k))
        return false;
    if ((*st = zeslm_kernel_arg_buffer(k, 0, io->in)) != ZESLM_OK ||
        (*st = zeslm_kernel_arg_buffer(k, 1, io->taps)) != ZESLM_OK ||
        (*st = zeslm_kernel_arg_buffer(k, 2, io->out)) != ZESLM_OK ||
        (*st = zeslm_kernel_arg_u32(k, 3, io->n)) != ZESLM_OK || (*st = zeslm_kernel_arg_u32(k, 4, io->m)) != ZESLM_OK)
        return false;
    return !slm || (*st = zeslm_kernel_arg_local(k, 5, slm)) == ZESLM_OK;
}

/* Launches a prepared kernel once untimed and CHOOSE_REPS times; the median device time. */
#define CHOOSE_REPS 3
static zeslm_status time_briefly(bench_launch *c, uint64_t *median_ns)
{
    uint64_t t[CHOOSE_REPS], x;
    zeslm_status st = bench_launch_once(c, &x);
    for (int r = 0; r < CHOOSE_REPS && st == ZESLM_OK; r++)
        st = bench_launch_once(c, &t[r]);
    if (st != ZESLM_OK)
        return st;
    for (int i = 1; i < CHOOSE_REPS; i++)
        for (int j = i; j > 0 && t[j] < t[j - 1]; j--) {
            x = t[j];
            t[j] = t[j - 1];
            t[j - 1] = x;
        }
    *median_ns = t[CHOOSE_REPS / 2];
    return ZESLM_OK;
}

/* A variant with several outputs a work-item: each of its kernels (c->k holds the first,
 * opened with the row) runs briefly, its output verified, and the fastest stays in c->k
 * with its count in *chosen; the others are freed. What each took goes to `note`. The
 * best count depends on the device (registers, the multiply-add pipe, SLM), so it is
 * measured, not assumed. */
static zeslm_status choose_outputs(zeslm_device *dev, const zeslm_variant *v, bench_launch *c,
                                   const struct conv_io *io, struct conv_check *check, uint32_t *chosen, char *note,
                                   size_t note_len)
{
    const struct conv_traits *t = v->traits;
    zeslm_status st = ZESLM_OK;
    zeslm_kernel *first = c->k, *best = NULL;
    uint64_t best_ns = 0;
    bool listed = false;
    int len = snprintf(note, note_len, "the fastest here of (us)");
    *chosen = t->outputs[0];
    for (size_t i = 0; i < t->n_outputs && st == ZESLM_OK; i++) {
        zeslm_kernel *k = first;
        if (i > 0) {
            char name[48];
            snprintf(name, sizeof name, "conv_%s_p%u", v->name, t->outputs[i]);
            if ((st = zeslm_kernel_create(dev, v->file, name, &k)) != ZESLM_OK)
                break;
        }
        uint64_t ns = 0;
        char how[64];
        bench_launch trial = {.k = k, .group = c->group, .timeout_s = c->timeout_s};
        if (conv_prepare(NULL, v, k, &trial, io, t->outputs[i], &st) &&
            (st = bench_poison(io->out, check->got, io->n)) == ZESLM_OK && (st = time_briefly(&trial, &ns)) == ZESLM_OK &&
            (st = verify(check, how, sizeof how)) == ZESLM_OK) {
            /* An entry that does not fit whole is left out, never cut. */
            char entry[48];
            int n = snprintf(entry, sizeof entry, "%s %u: %.0f", listed ? "," : "", t->outputs[i], ns / 1e3);
            if (len >= 0 && n > 0 && (size_t)len + (size_t)n < note_len)
                len += snprintf(note + len, note_len - (size_t)len, "%s", entry);
            listed = true;
            if (!best || ns < best_ns) {
                zeslm_kernel *beaten = best;
                best = k;
                best_ns = ns;
                *chosen = t->outputs[i];
                k = beaten;
            }
        }
        /* k is now the slower of the two, or one that does not fit. */
        if (k != first)
            zeslm_kernel_free(k);
    }
    /* A device that executes nothing (a driver with no GPU behind it) leaves nothing to
     * choose by: the first kernel goes on, for the caller's measurement to report that. */
    if (st == ZESLM_ERR_NO_TIMING)
        st = ZESLM_OK;
    /* The first kernel stays where none fits (the caller records why it is skipped),
     * where nothing ran, or where something failed (the caller frees it). */
    if (st != ZESLM_OK || !best) {
        if (best != first)
            zeslm_kernel_free(best);
        *note = '\0';
        *chosen = t->outputs[0];
        c->k = first;
        return st;
    }
    if (best != first)
        zeslm_kernel_free(first);
    c->k = best;
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
    struct conv_io io = {.n = n, .m = m};
    uint32_t *in = malloc((size_t)n * 4), *taps = malloc((size_t)m * 4), *got = malloc((size_t)n * 4);
    if (!in || !taps || !got) {
        st = zeslm_fail(ZESLM_ERR_NOMEM, "no host memory for %u elements", n);
        goto out;
    }
    zeslm_rng rng = {o->seed};
    bench_fill_u32(&rng, in, n);
    bench_fill_u32(&rng, taps, m);
    uint64_t macs = useful_macs(n, m);
    TRY(bench_buffer(dev, in, (size_t)n * 4, &io.in));
    TRY(bench_buffer(dev, taps, (size_t)m * 4, &io.taps));
    TRY(bench_buffer(dev, NULL, (size_t)n * 4, &io.out));

    for (size_t i = 0; i < ZESLM_COUNT(variants); i++) {
        const zeslm_variant *v = &variants[i];
        const struct conv_traits *t = v->traits;
        if (!bench_wants(o, v->name))
            continue;
        TRY(bench_variant_open(dev, o, "conv", v, out, &c.k, &c.group));
        struct conv_check check = {v->name, io.out, in, taps, got, n, m, o->seed};
        uint32_t outputs = t->outputs[0];
        char note[sizeof out->items->note - 32] = ""; /* room for "N outputs a work-item, " */
        if (t->n_outputs > 1)
            TRY(choose_outputs(dev, v, &c, &io, &check, &outputs, note, sizeof note));
        if (!conv_prepare(out, v, c.k, &c, &io, outputs, &st)) {
            zeslm_kernel_free(c.k);
            c.k = NULL;
            if (st != ZESLM_OK)
                goto out;
            continue;
        }
        bench_case one = {.workload = "conv", .v = v, .group = c.group, .groups = c.groups, .rep_ctx = &c,
                          .poison = io.out, .scratch = got, .poison_words = n, .verify = verify,
                          .verify_ctx = &check, .work = (double)macs};
        size_t at = out->count;
        TRY(bench_case_run(o, out, &one, NULL, "n=%u m=%u", n, m));
        if (*note && out->count > at)
            snprintf(out->items[at].note, sizeof out->items[at].note, "%u outputs a work-item, %s", outputs, note);
        zeslm_kernel_free(c.k);
        c.k = NULL;
    }
out:
    zeslm_kernel_free(c.k);
    zeslm_buffer_free(io.in);
    zeslm_buffer_free(io.taps);
    zeslm_buffer_free(io.out);
    free(in);
    free(taps);
    free(got);
    return st;
}

/* Which tiling each variant of several ran with (its result's note). */
static void conv_summarize(const zeslm_results *all, size_t first, zeslm_summary *out)
{
    for (size_t i = first; i < all->count; i++) {
        const zeslm_result *r = &all->items[i];
        if (r->outcome == ZESLM_MEASURED && strcmp(r->workload, "conv") == 0 && *r->note)
            bench_finding(out, "tiled_outputs", atof(r->note), "conv/%s: %s.", r->variant, r->note);
    }
}

/* Its cost (zeslm_workload_cost): The H100's conv builds and times nine kernels (12 s of 3 results), which no CPU-made
 * figure foresees. */
static const zeslm_workload_cost cost = {
    .weight = 0.3, .results = 1.0, .results_gpu = 1.0, .spend = 0.2, .spend_gpu = 2.0};

BENCH_WORKLOAD(conv, 40) = {
    .name = "conv",
    .size_unit = "elements",
    .summary = "1-D convolution: global memory, the document's SLM tile, a cooperative SLM tile",
    .variants = variants,
    .n_variants = ZESLM_COUNT(variants),
    .options = options,
    .n_options = ZESLM_COUNT(options),
    .run = conv_run,
    .summarize = conv_summarize,
    .cost = &cost,
};
