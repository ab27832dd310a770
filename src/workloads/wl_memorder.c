/* SPDX-License-Identifier: MIT */
/* memorder: what memory order and scope cost an atomic. SLM and global
 * atomic_fetch_add_explicit with memory_order_relaxed, acq_rel and seq_cst and
 * memory_scope_work_group and device (kernels/atomics_order.cl), each work-item on its
 * own word; skipped with the reason where the device does not compile them. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_features.h"
#include "bench_internal.h"

enum space { SLM, GLOBAL };

/* What a variant needs of the device (ZESLM_ATOMIC_* bits) and where its words are. */
struct order_traits {
    enum space space;
    uint32_t order, scope;
    const char *order_name, *scope_name;
};

#define T(space, ORDER, order, SCOPE, scope) \
    {space, ZESLM_ATOMIC_ORDER_##ORDER, ZESLM_ATOMIC_SCOPE_##SCOPE, "memory_order_" #order, "memory_scope_" #scope}
#define SCOPES(space, ORDER, order) \
    T(space, ORDER, order, WORK_GROUP, work_group), T(space, ORDER, order, DEVICE, device)
#define ORDERS(space) SCOPES(space, RELAXED, relaxed), SCOPES(space, ACQ_REL, acq_rel), SCOPES(space, SEQ_CST, seq_cst)
static const struct order_traits traits[] = {ORDERS(SLM), ORDERS(GLOBAL)};

/* SPACE_ORDER_SCOPE, in the order of `traits`. Each space's relaxed work-group row
 * (OpenCL 1.x's atomic_add) is what the findings compare the others with. */
#define ROW(nm, i) \
    {.name = nm, .file = "atomics_order", .kernel = "order_" nm, .group = 256, .rate_unit = "Gatomic/s", \
     .traits = &traits[i]}
static const zeslm_variant variants[] = {
    ROW("slm_relaxed_work_group", 0),     ROW("slm_relaxed_device", 1),      ROW("slm_acq_rel_work_group", 2),
    ROW("slm_acq_rel_device", 3),         ROW("slm_seq_cst_work_group", 4),  ROW("slm_seq_cst_device", 5),
    ROW("global_relaxed_work_group", 6),  ROW("global_relaxed_device", 7),   ROW("global_acq_rel_work_group", 8),
    ROW("global_acq_rel_device", 9),      ROW("global_seq_cst_work_group", 10), ROW("global_seq_cst_device", 11),
};
_Static_assert(ZESLM_COUNT(variants) == ZESLM_COUNT(traits), "one row per space, order and scope");

/* Groups per compute unit, to fill the device; rounds each work-item makes to start
 * from, which the engine doubles up to ROUNDS_MAX: 512, as launches of a few
 * microseconds (a CPU's at 8 rounds) are noise, and doubling them until they hold took
 * seconds a variant on PoCL. --quick: fewer work-items. */
#define GROUPS_PER_CU 8u
#define GROUPS_QUICK 4u
#define ROUNDS_START 512u
#define ROUNDS_MAX 65536u

struct order_ctx {
    bench_launch run;
    const struct order_traits *t;
    uint32_t n, rounds;
    uint64_t launches;   /* of the present measurement, since its last grow */
    uint64_t before;     /* launches of earlier measurements (global words keep their sums) */
    uint64_t rounds_before; /* the rounds those launches made, summed */
    zeslm_buffer *data, *ret;
    uint32_t *got, *gret; /* n words each */
};

static zeslm_status order_rep(void *ctx, uint64_t *ns)
{
    struct order_ctx *c = ctx;
    c->launches++;
    return bench_launch_once(&c->run, ns);
}

static zeslm_status order_grow(void *ctx, uint64_t units, double *work)
{
    struct order_ctx *c = ctx;
    /* Global words go on from where the earlier launches left them. */
    c->rounds_before += c->launches * c->rounds;
    c->launches = 0;
    c->rounds = (uint32_t)units;
    *work = (double)c->n * (double)units;
    return zeslm_kernel_arg_u32(c->run.k, 0, c->rounds);
}

/* Each work-item's word must hold what its adds put there, and the values they returned
 * must sum to what the host's additions pass through (mod 2^32): in SLM from 0 each
 * launch; in global memory from 0 plus every earlier launch's adds. */
static zeslm_status order_verify(void *ctx, char *how, size_t len)
{
    struct order_ctx *c = ctx;
    zeslm_status st = ZESLM_OK;
    TRY(zeslm_buffer_read(c->data, c->got, (size_t)c->n * 4));
    TRY(zeslm_buffer_read(c->ret, c->gret, (size_t)c->n * 4));
    uint64_t r = c->rounds, tri = r * (r - 1) / 2;
    /* Rounds made before the last launch, by every launch of this word. */
    uint64_t earlier = c->t->space == GLOBAL ? c->rounds_before + (c->launches - 1) * r : 0;
    for (uint32_t i = 0; i < c->n; i++) {
        uint64_t a = (i & 15) + 1;
        uint32_t word = (uint32_t)(a * (earlier + r)), ret = (uint32_t)(a * (earlier * r + tri));
        if (c->got[i] != word || c->gret[i] != ret) {
            st = zeslm_fail(ZESLM_ERR_VERIFY, "memorder/%s %s: work-item %u's word 0x%x and returned sum 0x%x, "
                            "not 0x%x and 0x%x", c->t->order_name, c->t->scope_name, i, c->got[i], c->gret[i],
                            word, ret);
            goto out;
        }
    }
    snprintf(how, len, "all %u words and returned sums", c->n);
out:
    return st;
}

/* Why the device cannot run v, naming the OpenCL C feature it lacks, or NULL. */
static const char *lacks(const zeslm_device_info *d, const struct order_traits *t, char *why, size_t len)
{
    const char *missing = atomic_feature_missing(d->atomic_caps, t->order | t->scope);
    if (!missing)
        return NULL;
    if (!d->atomic_caps && d->opencl_c)
        snprintf(why, len, "the device lacks OpenCL C 2.0 atomics (its newest OpenCL C: %u.%u)", d->opencl_c / 100,
                 d->opencl_c / 10 % 10);
    else if (!d->atomic_caps)
        snprintf(why, len, "the device lacks OpenCL C 2.0 atomics (it does not say which OpenCL C it takes)");
    else
        snprintf(why, len, "the device lacks %s (CL_DEVICE_OPENCL_C_FEATURES, CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES): "
                 "no %s", missing, t->order & ~d->atomic_caps ? t->order_name : t->scope_name);
    return why;
}

static zeslm_status run_variant(zeslm_device *dev, const zeslm_run_opts *o, zeslm_results *out,
                                const zeslm_variant *v, uint32_t groups, uint32_t start_rounds)
{
    zeslm_status st = ZESLM_OK;
    const struct order_traits *t = v->traits;
    struct order_ctx c = {.t = t, .run.timeout_s = o->timeout_s, .rounds = start_rounds};
    char why[sizeof out->items[0].note];
    if (lacks(zeslm_device_get_info(dev), t, why, sizeof why))
        return bench_skip(out, "memorder", v->name, why);
    st = bench_variant_open(dev, o, "memorder", v, out, &c.run.k, &c.run.group);
    if (st == ZESLM_ERR_BUILD || st == ZESLM_ERR_UNSUPPORTED) {
        /* The compiler's word, first line: NVIDIA's may refuse OpenCL C 3.0 atomics. */
        snprintf(why, sizeof why, "%s", zeslm_last_error());
        why[strcspn(why, "\n")] = '\0';
        return bench_skip(out, "memorder", v->name, why);
    }
    if (st != ZESLM_OK || !c.run.k)
        return st;
    c.run.groups = groups;
    c.n = groups * c.run.group;
    c.got = malloc((size_t)c.n * 4);
    c.gret = malloc((size_t)c.n * 4);
    if (!c.got || !c.gret) {
        st = zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
        goto out;
    }
    size_t slm = (size_t)c.run.group * 4;
    if (t->space == SLM &&
        !bench_slm_fits(out, "memorder", v->name, c.run.k, slm, c.run.group, "a word per work-item", &st))
        goto out;
    memset(c.got, 0, (size_t)c.n * 4);
    TRY(bench_buffer(dev, c.got, (size_t)c.n * 4, &c.data));
    TRY(bench_buffer(dev, NULL, (size_t)c.n * 4, &c.ret));
    TRY(zeslm_kernel_arg_u32(c.run.k, 0, c.rounds));
    TRY(zeslm_kernel_arg_buffer(c.run.k, 1, c.data));
    TRY(zeslm_kernel_arg_buffer(c.run.k, 2, c.ret));
    if (t->space == SLM)
        TRY(zeslm_kernel_arg_local(c.run.k, 3, slm));
    bench_case one = {.workload = "memorder", .v = v, .group = c.run.group, .groups = groups, .rep = order_rep,
                      .rep_ctx = &c, .poison = t->space == SLM ? c.data : NULL, .scratch = c.got,
                      .poison_words = c.n, .verify = order_verify, .verify_ctx = &c,
                      .work = (double)c.n * c.rounds, .work_unit = "rounds", .units = c.rounds,
                      .units_max = ROUNDS_MAX, .grow = order_grow, .grow_ctx = &c};
    TRY(bench_case_run(o, out, &one, NULL, "n=%u", c.n));
out:
    zeslm_kernel_free(c.run.k);
    zeslm_buffer_free(c.data);
    zeslm_buffer_free(c.ret);
    free(c.got);
    free(c.gret);
    return st;
}

static zeslm_status memorder_run(zeslm_device *dev, const zeslm_run_opts *o, zeslm_results *out)
{
    zeslm_status st = ZESLM_OK;
    /* --size sets the rounds each work-item makes to start from. */
    uint64_t rounds;
    if ((st = bench_default_size(dev, o, o->size, ROUNDS_START, ROUNDS_START, &rounds)) != ZESLM_OK)
        return st;
    if (rounds > ROUNDS_MAX)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "--size (rounds each work-item makes) must be at most %u",
                          ROUNDS_MAX);
    uint32_t groups = o->quick ? GROUPS_QUICK : bench_fill_groups(dev, GROUPS_PER_CU);
    for (size_t v = 0; v < ZESLM_COUNT(variants) && st == ZESLM_OK; v++)
        if (bench_wants(o, variants[v].name))
            st = run_variant(dev, o, out, &variants[v], groups, (uint32_t)rounds);
    return st;
}

/* The measured rate of `variant`, or 0. */
static double rate_of(const zeslm_results *all, size_t first, const char *variant)
{
    for (size_t i = first; i < all->count; i++)
        if (all->items[i].outcome == ZESLM_MEASURED && strcmp(all->items[i].variant, variant) == 0)
            return all->items[i].rate;
    return 0;
}

/* For each space, every order and scope measured as a fraction of relaxed at
 * work-group scope: what the stronger guarantee costs. */
static void memorder_summarize(const zeslm_results *all, size_t first, zeslm_summary *out)
{
    static const char *const spaces[] = {"slm", "global"}, *const labels[] = {"SLM", "Global"};
    for (size_t s = 0; s < 2; s++) {
        char base_name[40], text[200] = "";
        snprintf(base_name, sizeof base_name, "%s_relaxed_work_group", spaces[s]);
        double base = rate_of(all, first, base_name);
        if (!base)
            continue;
        size_t used = 0;
        for (size_t v = 0; v < ZESLM_COUNT(variants); v++) {
            const struct order_traits *t = variants[v].traits;
            double rate = rate_of(all, first, variants[v].name);
            if ((size_t)t->space != s || strcmp(variants[v].name, base_name) == 0 || !rate)
                continue;
            char key[40];
            snprintf(key, sizeof key, "%s_vs_relaxed_work_group", variants[v].name);
            bench_finding(out, key, rate / base, "%s", "");
            int w = snprintf(text + used, sizeof text - used, "%s%s %.2fx", used ? ", " : "",
                             variants[v].name + strlen(spaces[s]) + 1, rate / base);
            if (w > 0 && (size_t)w < sizeof text - used)
                used += (size_t)w;
        }
        if (used)
            bench_finding(out, "", 0, "%s atomics on own words against relaxed at work-group scope: %s.", labels[s],
                          text);
    }
}

/* Its cost (zeslm_workload_cost): One result a variant; the CPU figures are Intel's runtime's (PoCL skipped it). */
static const zeslm_workload_cost cost = {
    .weight = 0.1, .results = 1.0, .results_gpu = 1.0, .spend = 0.4, .spend_gpu = 0.01};

BENCH_WORKLOAD(memorder, 100) = {
    .name = "memorder",
    .size_unit = "rounds each work-item makes",
    .summary = "SLM and global atomic_fetch_add_explicit by memory order (relaxed, acq_rel, seq_cst) and scope "
               "(work-group, device)",
    .variants = variants,
    .n_variants = ZESLM_COUNT(variants),
    .run = memorder_run,
    .summarize = memorder_summarize,
    .cost = &cost,
};
