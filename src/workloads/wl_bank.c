/* SPDX-License-Identifier: MIT */
/* bank: the document's SLM bank-conflict test over strides, a swizzled layout that
 * removes the conflicts, and the same strides at full SLM throughput. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench_internal.h"

#define MAX_STRIDE 64
/* Words per work-item of bank_throughput; BANK_WORDS in kernels/bank.cl. */
#define BANK_WORDS 4

/* What a bank variant needs beyond its row. */
struct bank_traits {
    uint32_t words;            /* SLM words each work-item owns */
    /* The stride whose SLM every stride reserves; 0: its own. The barrier-bound
     * variants reserve the largest stride's, so that every stride holds as many
     * groups per compute unit and only the banks change with the stride (on an H100,
     * 8 KiB a group at stride 64 cut the resident groups and made that stride 1.15x
     * slower for that reason alone). */
    uint32_t reserve_stride;
    /* The host's copy of what it writes after `iters` rounds. */
    void (*expected)(uint32_t iters, uint32_t *want, size_t items);
};

static uint32_t triangle(uint32_t iters)
{
    return (uint32_t)((uint64_t)iters * (iters - 1) / 2);
}

/* bank_strided, bank_swizzled (rounds_with_barriers in kernels/bank.cl): the global
 * index times the sum of the rounds 0..iters-1. */
static void one_word(uint32_t iters, uint32_t *want, size_t items)
{
    for (size_t i = 0; i < items; i++)
        want[i] = (uint32_t)i * triangle(iters);
}

/* bank_throughput: BANK_WORDS words, word k starting at i + k and each round m adding m,
 * summed. */
static void words_sum(uint32_t iters, uint32_t *want, size_t items)
{
    for (size_t i = 0; i < items; i++)
        want[i] = BANK_WORDS * (uint32_t)i + BANK_WORDS * (BANK_WORDS - 1) / 2 + BANK_WORDS * triangle(iters);
}

static const struct bank_traits barrier_bound = {1, MAX_STRIDE, one_word}, full_rate = {BANK_WORDS, 0, words_sum};

/* The document's group of 32: one sub-group on most GPUs, so the barrier is cheap
 * and bank conflicts dominate. */
#define BANK(v, base, t) {.name = #v, .file = "bank", .kernel = "bank_" #v, .baseline = base, .group = 32, \
                          .rate_unit = "GB/s", .ceiling = "slm", .traits = &t}
static const zeslm_variant variants[] = {BANK(strided, true, barrier_bound), BANK(swizzled, false, barrier_bound),
                                         BANK(throughput, false, full_rate)};

struct bank_ctx {
    bench_launch run;
    zeslm_buffer *out;
    uint32_t words, reserve_stride; /* the variant's bank_traits */
};

/* The rounds double up to here (2^24: what the document's 1024*1024 has room for). */
#define ROUNDS_MAX (1u << 24)

/* What growing one stride's rounds needs. */
struct bank_grow {
    struct bank_ctx *c;
    const struct bank_traits *t;
    uint32_t *want;
    size_t items;
};

/* bench_case.grow: `rounds` rounds a work-item, and the words they leave. */
static zeslm_status bank_grow(void *ctx, uint64_t rounds, double *work)
{
    struct bank_grow *g = ctx;
    g->t->expected((uint32_t)rounds, g->want, g->items);
    /* Each round every work-item reads and writes each of its SLM words once. */
    *work = 2.0 * (double)g->items * (double)rounds * g->c->words * 4;
    return zeslm_kernel_arg_u32(g->c->run.k, 2, (uint32_t)rounds);
}

static zeslm_status run_stride(const zeslm_run_opts *o, zeslm_results *out, struct bank_ctx *c,
                               const zeslm_variant *v, uint32_t stride, uint32_t iters, uint32_t *got,
                               uint32_t *want)
{
    zeslm_status st = ZESLM_OK;
    const char *variant = v->name;
    size_t items = (size_t)c->run.groups * c->run.group;
    size_t slm = (size_t)c->words * c->run.group * (c->reserve_stride ? c->reserve_stride : stride) * 4;
    char what[32];
    snprintf(what, sizeof what, "stride %u", stride);
    if (!bench_slm_fits(out, "bank", variant, c->run.k, slm, c->run.group, what, &st))
        return st;
    TRY(zeslm_kernel_arg_buffer(c->run.k, 0, c->out));
    TRY(zeslm_kernel_arg_u32(c->run.k, 1, stride));
    TRY(zeslm_kernel_arg_local(c->run.k, 3, slm));
    struct bank_grow grow = {c, v->traits, want, items};
    double work = 0;
    TRY(bank_grow(&grow, iters, &work));
    char check[48];
    snprintf(check, sizeof check, "bank/%s stride %u", variant, stride);
    bench_expect expect = {check, c->out, got, want, items};
    bench_case one = {.workload = "bank", .v = v, .group = c->run.group, .groups = c->run.groups, .rep_ctx = &c->run,
                      .poison = c->out, .scratch = got, .poison_words = items, .verify = bench_verify_u32,
                      .verify_ctx = &expect, .work = work, .work_unit = "rounds", .units = iters,
                      .units_max = ROUNDS_MAX, .grow = bank_grow, .grow_ctx = &grow};
    TRY(bench_case_run(o, out, &one, NULL, "stride=%u", stride));
out:
    return st;
}

static zeslm_status bank_run(zeslm_device *dev, const zeslm_run_opts *o, zeslm_results *out)
{
    zeslm_status st = ZESLM_OK;
    /* --size sets the rounds each work-item makes (the document used 1024*1024). */
    uint64_t iters64;
    if ((st = bench_default_size(dev, o, o->size, 64, 4096, &iters64)) != ZESLM_OK)
        return st;
    if (iters64 > UINT32_MAX)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "--size (rounds) must fit in 32 bits");
    uint32_t iters = (uint32_t)iters64;
    struct bank_ctx c = {.run.timeout_s = o->timeout_s};
    uint32_t *got = NULL, *want = NULL;
    size_t cap = 0;
    for (size_t vi = 0; vi < ZESLM_COUNT(variants) && st == ZESLM_OK; vi++) {
        const char *const *v = &variants[vi].name;
        if (!bench_wants(o, *v))
            continue;
        TRY(bench_variant_open(dev, o, "bank", &variants[vi], out, &c.run.k, &c.run.group));
        const struct bank_traits *t = variants[vi].traits;
        c.words = t->words;
        c.reserve_stride = t->reserve_stride;
        /* Enough groups to fill every compute unit many times over. */
        c.run.groups = bench_fill_groups(dev, o->quick ? 4 : 64);
        size_t items = (size_t)c.run.groups * c.run.group;
        if (items > cap) {
            zeslm_buffer_free(c.out);
            c.out = NULL;
            free(got);
            free(want);
            got = malloc(items * 4);
            want = malloc(items * 4);
            if (!got || !want) {
                st = zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
                goto out;
            }
            TRY(bench_buffer(dev, NULL, items * 4, &c.out));
            cap = items;
        }
        size_t first = out->count;
        for (uint32_t s = 1; s <= MAX_STRIDE && st == ZESLM_OK; s *= 2)
            st = run_stride(o, out, &c, &variants[vi], s, iters, got, want);
        for (size_t i = first + 1; i < out->count; i++) {
            zeslm_result *r = &out->items[i];
            if (r->outcome == ZESLM_MEASURED && out->items[first].outcome == ZESLM_MEASURED) {
                /* Rates, not times: each stride settled on its own rounds. */
                r->ratio = out->items[first].rate / r->rate;
                r->ratio_name = "slowdown vs stride 1";
            }
        }
        zeslm_kernel_free(c.run.k);
        c.run.k = NULL;
    }
out:
    zeslm_kernel_free(c.run.k);
    zeslm_buffer_free(c.out);
    free(got);
    free(want);
    return st;
}

/* With B banks of 4 bytes, stride s puts min(s, B) work-items of a sub-group in one
 * bank, so time grows with the stride until s = B and then stays flat. The bank
 * count is the first stride after which doubling it no longer costs at least 1.5x,
 * provided the slowdown there is large enough (4x) to be a real effect. The finding
 * is banks_VARIANT: the count, or NAN when not inferred. */
static void infer(const zeslm_results *all, size_t first, const char *variant, zeslm_summary *s)
{
    double t[8] = {0};
    unsigned n = 0;
    for (size_t i = first; i < all->count; i++) {
        const zeslm_result *r = &all->items[i];
        if (strcmp(r->variant, variant) == 0 && r->outcome == ZESLM_MEASURED && n < 8)
            t[n++] = bench_ns_per_work(r);
    }
    if (n == 0)
        return;
    char key[40];
    snprintf(key, sizeof key, "banks_%s", variant);
    if (n < 3) {
        bench_finding(s, key, NAN, "Banks (%s): not inferred (fewer than 3 measured strides).", variant);
        return;
    }
    for (unsigned i = 1; i + 1 < n; i++) {
        if (t[i + 1] < 1.5 * t[i] && t[i] > 4 * t[0]) {
            bench_finding(s, key, 1u << i,
                          "Banks (%s): %u (time grows with the stride up to %u words, then stays within %.2fx; "
                          "stride %u is %.1fx slower than stride 1).",
                          variant, 1u << i, 1u << i, t[i + 1] / t[i], 1u << i, t[i] / t[0]);
            return;
        }
    }
    bench_finding(s, key, NAN,
                  "Banks (%s): not inferred (the slowdown does not level off between strides 1 and %u: %.2fx at %u).",
                  variant, 1u << (n - 1), t[n - 1] / t[0], 1u << (n - 1));
}

static void bank_summarize(const zeslm_results *all, size_t first, zeslm_summary *out)
{
    infer(all, first, "strided", out);
    infer(all, first, "throughput", out);
}

/* Its cost (zeslm_workload_cost): 7 strides a variant. */
static const zeslm_workload_cost cost = {
    .weight = 1.0, .results = 7.0, .results_gpu = 7.0, .spend = 0.1, .spend_gpu = 0.32};
static const zeslm_extra_column extras[] = {
    {"slowdown vs stride 1", "slowdown", 0},
};

/* Its headline: the banks its strided variant counts. */
static const zeslm_headline headlines[] = {
    {"banks", "SLM banks", "banks", ZESLM_BETTER_EXACT, NULL, false, "banks_strided", false},
};

BENCH_WORKLOAD(bank, 30) = {
    .name = "bank",
    .size_unit = "rounds each work-item makes",
    .summary = "SLM bank conflicts against stride, a swizzled layout free of them, and the same at full throughput",
    .variants = variants,
    .n_variants = ZESLM_COUNT(variants),
    .run = bank_run,
    .summarize = bank_summarize,
    .cost = &cost,
    .extras = extras,
    .n_extras = ZESLM_COUNT(extras),
    .headlines = headlines,
    .n_headlines = ZESLM_COUNT(headlines),
};
