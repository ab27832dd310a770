/* SPDX-License-Identifier: MIT */
/* hist: 256-bin histogram of the bytes of n 64-bit words, over three inputs. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench_internal.h"

/* Each document kernel is followed by its Intel form: sub-group block reads
 * (sg.load) in sub-groups of a required size. The document's kernels load 16-wide
 * sub-groups' words (hist.cl emulates that), or sub-groups of the required size. */
#define BINS 256

/* What a hist variant needs beyond its row. */
struct hist_traits {
    size_t slm;        /* bytes of its __local argument; 0: none (copies declares its own) */
    bool persistent;   /* a grid-stride loop over persistent groups, not a block a work-item */
    bool generated;    /* counts words it makes itself (count_only): no input, its own bins */
    uint32_t waves;    /* persistent: rounds of as many groups as fit (bench_persistent_groups) */
};
/* lanes and count_only: groups of 1024, one round (2 an SM on an H100). H100, 512 MiB
 * of uniform bytes: 256 x 2 rounds (8 an SM) 187-190 us, 256 x 4 an SM 182 us, 512 x 2
 * an SM 181 us, 1024 x 2 an SM 177 us (all-equal and skewed bytes alike); the counting
 * alone 92.7 us at 256 x 8 an SM, 89.4 us at 1024 x 2. A group's 32 KiB of SLM let only
 * 6 groups of 256 onto an SM (228 KiB, 1 KiB reserved a group), so 2 rounds of 8 an SM
 * ran 2.67 waves; why 1024 x 2 beats 512 x 4 at the same work-items an SM was not
 * measured. */
static const struct hist_traits private_bins = {0, false, false, 0}, slm_bins = {BINS * 4, false, false, 0},
                                sub_histograms = {0, true, false, 2}, per_lane = {0, true, false, 1},
                                on_device = {0, true, true, 1};

#define DOC(v, base, t) {.name = #v, .file = "hist", .kernel = "hist_" #v, .baseline = base, .group = 64, \
                         .group_multiple = 16, .rate_unit = "GB/s", .ceiling = "read", .traits = &t}
#define INTEL(v, sg, t) {.name = #v, .file = "hist_subgroup", .kernel = "hist_" #v, .subgroup = sg, .group = 64, \
                         .group_multiple = sg, .rate_unit = "GB/s", .ceiling = "read", .traits = &t}
#define PERSISTENT(v, g, t) {.name = #v, .file = "hist", .kernel = "hist_" #v, .group = g, .rate_unit = "GB/s", \
                             .ceiling = "read", .traits = &t}
static const zeslm_variant variants[] = {
    DOC(doc_private, true, private_bins), INTEL(doc_private_sg16, 16, private_bins),
    INTEL(doc_private_sg32, 32, private_bins), DOC(doc_slm, false, slm_bins), INTEL(doc_slm_sg16, 16, slm_bins),
    INTEL(doc_slm_sg32, 32, slm_bins), PERSISTENT(copies, 256, sub_histograms), PERSISTENT(lanes, 1024, per_lane),
    PERSISTENT(count_only, 1024, on_device),
};

/* Words per work-item of the document's kernels; DOC_BLOCK in kernels/hist.cl. */
#define DOC_BLOCK 256

/* GENERATED: count_only's words, made on the device (see kernels/hist.cl). */
typedef enum { UNIFORM, SAME, SKEWED, GENERATED } distribution;
static const char *const dist_names[] = {"uniform", "same", "skewed", "generated"};

struct hist_ctx {
    bench_launch run;
    zeslm_buffer *bins;
};

/* Bins start at zero in every repetition. */
static zeslm_status rep(void *vctx, uint64_t *ns)
{
    struct hist_ctx *c = vctx;
    static const uint32_t zero[BINS];
    zeslm_status st = zeslm_buffer_write(c->bins, zero, sizeof zero);
    return st == ZESLM_OK ? bench_launch_once(&c->run, ns) : st;
}

static void make_input(zeslm_rng *rng, distribution dist, uint64_t *w, uint32_t n)
{
    uint64_t same = zeslm_rng_next(rng) & 0xFF;
    same |= same << 8;
    same |= same << 16;
    same |= same << 32;
    for (uint32_t i = 0; i < n; i++) {
        if (dist == UNIFORM)
            w[i] = zeslm_rng_next(rng);
        else if (dist == SAME)
            w[i] = same;
        else /* each bit is 1 with probability 1/8: most bytes fall in a few bins */
            w[i] = zeslm_rng_next(rng) & zeslm_rng_next(rng) & zeslm_rng_next(rng);
    }
}

/* Counts the bytes of `words` 32-bit words of hist_count_only's generator from x. */
static void count_generated(uint32_t x, int words, uint32_t *want)
{
    for (int k = 0; k < words; k++) {
        x = x * 1664525u + 1013904223u;
        for (int s = 0; s < 32; s += 8)
            want[(x >> s) & 0xFF]++;
    }
}

/* The bins hist_count_only must produce: its generator run for every work-item, and
 * for the odd last 64-bit word. */
static void count_only_bins(uint32_t n, uint32_t items, uint32_t *want)
{
    memset(want, 0, BINS * sizeof *want);
    for (uint32_t gid = 0; gid < items; gid++) {
        uint32_t x = gid * 2654435761u + 1u;
        for (uint32_t i = gid; i < n / 2; i += items) {
            count_generated(x, 4, want);
            for (int k = 0; k < 4; k++)
                x = x * 1664525u + 1013904223u;
        }
    }
    if (n & 1)
        count_generated(n * 2654435761u + 7u, 2, want);
}

/* What the check of one variant's bins needs. */
struct hist_check {
    const char *variant, *input;
    zeslm_buffer *bins;
    const uint32_t *want;  /* BINS */
    uint32_t n;
};

static zeslm_status verify(void *ctx, char *how, size_t len)
{
    const struct hist_check *k = ctx;
    uint32_t got[BINS];
    zeslm_status st = zeslm_buffer_read(k->bins, got, sizeof got);
    if (st != ZESLM_OK)
        return st;
    char what[48];
    snprintf(what, sizeof what, "hist/%s input=%s bin", k->variant, k->input);
    if ((st = bench_compare_u32(what, got, k->want, BINS)) != ZESLM_OK)
        return st;
    uint64_t counted = 0;
    for (int b = 0; b < BINS; b++)
        counted += got[b];
    /* Every variant is credited with 8n bytes: the bins must hold exactly that many. */
    if (counted != (uint64_t)k->n * 8)
        return zeslm_fail(ZESLM_ERR_VERIFY, "hist/%s: the bins count %llu bytes, not the %llu it is rated on",
                          k->variant, (unsigned long long)counted, (unsigned long long)k->n * 8);
    snprintf(how, len, "all 256 bins");
    return ZESLM_OK;
}

static zeslm_status run_variant(zeslm_device *dev, const zeslm_run_opts *o, zeslm_results *out,
                                struct hist_ctx *c, const zeslm_variant *v, distribution dist, zeslm_buffer *in,
                                uint32_t n, const uint32_t *want)
{
    zeslm_status st = ZESLM_OK;
    const char *variant = v->name;
    const struct hist_traits *t = v->traits;
    bool count_only = t->generated, copies = t->persistent;
    uint32_t generated[BINS];
    /* A variant the device cannot run is recorded once, not once per input. */
    zeslm_results *skips = dist == UNIFORM ? out : NULL;
    TRY(bench_variant_open(dev, o, "hist", v, skips, &c->run.k, &c->run.group));
    if (!c->run.k)
        goto out;
    /* hist_copies declares its SLM itself; zeslm_kernel_create saw it fit. */
    size_t slm = t->slm;
    if (!bench_slm_fits(skips, "hist", variant, c->run.k, slm, c->run.group, "256 bins", &st))
        goto out;
    uint32_t a = 0;
    if (!count_only)
        TRY(zeslm_kernel_arg_buffer(c->run.k, a++, in));
    if (copies) {
        c->run.groups = bench_persistent_groups(dev, c->run.group, t->waves, n / 2);
        if (!count_only)
            TRY(zeslm_kernel_arg_buffer(c->run.k, a++, in));
    } else {
        c->run.groups = (uint32_t)(((uint64_t)n + (uint64_t)c->run.group * DOC_BLOCK - 1) / ((uint64_t)c->run.group * DOC_BLOCK));
    }
    TRY(zeslm_kernel_arg_u32(c->run.k, a++, n));
    TRY(zeslm_kernel_arg_buffer(c->run.k, a++, c->bins));
    if (slm)
        TRY(zeslm_kernel_arg_local(c->run.k, a++, slm));
    if (count_only) {
        count_only_bins(n, c->run.groups * c->run.group, generated);
        want = generated;
    }
    struct hist_check check = {variant, dist_names[dist], c->bins, want, n};
    bench_case one = {.workload = "hist", .v = v, .group = c->run.group, .groups = c->run.groups, .rep = rep,
                      .rep_ctx = c, .verify = verify, .verify_ctx = &check, .work = (double)n * 8};
    TRY(bench_case_run(o, out, &one, NULL, "n=%u input=%s", n, dist_names[dist]));
out:
    zeslm_kernel_free(c->run.k);
    c->run.k = NULL;
    return st;
}

static zeslm_status hist_run(zeslm_device *dev, const zeslm_run_opts *o, zeslm_results *out)
{
    zeslm_status st = ZESLM_OK;
    uint64_t n64;
    if ((st = bench_default_size(dev, o, o->size, 100003, UINT64_C(1) << 26, &n64)) != ZESLM_OK)
        return st;
    /* 32-bit bins count at most 2^32 - 1 bytes. */
    if (n64 > UINT32_MAX / 8)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "--size %llu words overflows 32-bit bins (at most %u)",
                          (unsigned long long)n64, UINT32_MAX / 8);
    uint32_t n = (uint32_t)n64;
    struct hist_ctx c = {.run.timeout_s = o->timeout_s};
    zeslm_buffer *in = NULL;
    uint64_t *words = malloc((size_t)n * 8);
    if (!words)
        return zeslm_fail(ZESLM_ERR_NOMEM, "no host memory for %u words", n);
    TRY(bench_buffer(dev, NULL, BINS * 4, &c.bins));
    TRY(bench_buffer(dev, NULL, (size_t)n * 8, &in));
    zeslm_rng rng = {o->seed};
    for (distribution dist = UNIFORM; dist <= SKEWED && st == ZESLM_OK; dist++) {
        make_input(&rng, dist, words, n);
        uint32_t want[BINS] = {0};
        for (uint32_t i = 0; i < n; i++)
            for (int s = 0; s < 64; s += 8)
                want[(words[i] >> s) & 0xFF]++;
        TRY(zeslm_buffer_write(in, words, (size_t)n * 8));
        for (size_t v = 0; v < ZESLM_COUNT(variants) && st == ZESLM_OK; v++)
            if (bench_wants(o, variants[v].name) && !((const struct hist_traits *)variants[v].traits)->generated)
                st = run_variant(dev, o, out, &c, &variants[v], dist, in, n, want);
    }
    for (size_t v = 0; v < ZESLM_COUNT(variants) && st == ZESLM_OK; v++)
        if (bench_wants(o, variants[v].name) && ((const struct hist_traits *)variants[v].traits)->generated)
            st = run_variant(dev, o, out, &c, &variants[v], GENERATED, NULL, n, NULL);
out:
    zeslm_buffer_free(in);
    zeslm_buffer_free(c.bins);
    free(words);
    return st;
}

/* The rate of `variant` measured in [from, to) whose params contain `params` (NULL: any);
 * with best, the rate of its best launch (as the ceiling column takes it); 0 if none. */
static double rate_of(const zeslm_results *all, size_t from, size_t to, const char *workload, const char *variant,
                      const char *params, bool best)
{
    double rate = 0;
    for (size_t i = from; i < to; i++) {
        const zeslm_result *r = &all->items[i];
        if (r->outcome != ZESLM_MEASURED || strcmp(r->workload, workload) != 0 || strcmp(r->variant, variant) != 0 ||
            (params && !strstr(r->params, params)))
            continue;
        double x = best && r->stats.min_ns ? r->rate * (double)r->stats.median_ns / (double)r->stats.min_ns : r->rate;
        if (x > rate)
            rate = x;
    }
    return rate;
}

/* A rate in GB/s written with a unit that fits it (TB/s, GB/s or MB/s). */
static void rate_text(double gbs, char *buf, size_t len)
{
    if (gbs >= 1e3)
        snprintf(buf, len, "%.2f TB/s", gbs / 1e3);
    else if (gbs >= 1)
        snprintf(buf, len, "%.3g GB/s", gbs);
    else
        snprintf(buf, len, "%.3g MB/s", gbs * 1e3);
}

/* Which of the two bounds binds hist/lanes: memory (roofline/read, measured earlier in
 * the run) or its counting (count_only, the same SLM atomics without reading). Rates
 * are GB/s of input. */
static void hist_summarize(const zeslm_results *all, size_t first, zeslm_summary *out)
{
    double count = rate_of(all, first, all->count, "hist", "count_only", NULL, false);
    if (count <= 0)
        return;
    double read = rate_of(all, 0, first, "roofline", "read", NULL, true);
    char count_s[24], read_s[24];
    rate_text(count, count_s, sizeof count_s);
    rate_text(read, read_s, sizeof read_s);
    if (read <= 0) {
        bench_finding(out, "count_only_over_read", NAN,
                      "Counting alone (count_only): %s; no roofline/read in this run to say whether it or memory "
                      "binds hist/lanes.", count_s);
        return;
    }
    char lanes[120] = "";
    int len = 0;
    for (distribution d = UNIFORM; d <= SKEWED && len >= 0 && (size_t)len < sizeof lanes; d++) {
        char params[24];
        snprintf(params, sizeof params, "input=%s", dist_names[d]);
        double r = rate_of(all, first, all->count, "hist", "lanes", params, false);
        if (r > 0)
            len += snprintf(lanes + len, sizeof lanes - (size_t)len, "%s%.0f%% (%s)", len ? ", " : "; lanes runs at ",
                            100 * r / read, dist_names[d]);
    }
    double x = count / read;
    bench_finding(out, "count_only_over_read", x,
                  "Bound of hist/lanes: counting alone (count_only) runs at %s, %.2fx the read ceiling (%s), "
                  "so %s binds%s%s.",
                  count_s, x, read_s, x >= 1 ? "memory" : "the counting (SLM atomics)", lanes,
                  *lanes ? " of the read ceiling" : "");
}

/* Its cost (zeslm_workload_cost; the sources of every workload's figures: bench.h). */
static const zeslm_workload_cost cost = {
    .weight = 0.2, .results = 1.9, .results_gpu = 1.9, .spend = 0.07, .spend_gpu = 0.14};

BENCH_WORKLOAD(hist, 50) = {
    .name = "hist",
    .size_unit = "64-bit words",
    .summary = "256-bin byte histogram: private bins, one SLM histogram (each also with sub-group block reads), 8 SLM sub-histograms, 32 (one per lane) and their counting alone",
    .variants = variants,
    .n_variants = ZESLM_COUNT(variants),
    .run = hist_run,
    .summarize = hist_summarize,
    .cost = &cost,
};
