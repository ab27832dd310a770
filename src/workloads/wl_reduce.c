/* SPDX-License-Identifier: MIT */
/* reduce: sum of n uint32 values, modulo 2^32. */
#include <stdlib.h>

#include "bench_internal.h"

/* Tree reductions take powers of two; sub-group kernels reduce in registers, not in
 * an SLM tree, and a required sub-group size needs whole sub-groups. */
/* How a reduce variant launches: pass after pass of partial sums, or one launch of
 * persistent groups that add theirs to one word with an atomic. */
struct reduce_traits {
    bool persistent;
};
static const struct reduce_traits passes = {false}, persistent = {true};

#define TREE(v, base, t) {.name = #v, .file = "reduce", .kernel = "reduce_" #v, .baseline = base, .group = 256, \
                          .group_pow2 = true, .rate_unit = "GB/s", .ceiling = "read", .traits = &t}
#define SUBGROUP(v, file_, sg, multiple) {.name = #v, .file = file_, .kernel = "reduce_" #v, .subgroup = sg, \
                                          .group = 256, .group_multiple = multiple, .rate_unit = "GB/s", \
                                          .ceiling = "read", .traits = &persistent}
static const zeslm_variant variants[] = {
    TREE(doc_tree, true, passes), TREE(sequential, false, passes), TREE(many, false, persistent),
    SUBGROUP(many_subgroup, "reduce_subgroup", ZESLM_SUBGROUP_ANY, 1),
    SUBGROUP(many_sg16, "reduce_intel_subgroup", 16, 16), SUBGROUP(many_sg32, "reduce_intel_subgroup", 32, 32),
};

struct reduce_ctx {
    zeslm_kernel *k;
    zeslm_buffer *in, *ping, *pong, *result;
    uint32_t n, group, groups;
    double timeout_s;
    uint32_t device_sum;     /* of the last repetition */
    uint32_t expect;         /* the host's sum */
    const char *variant;
};

/* Every repetition reads the sum back; the last must be the host's. */
static zeslm_status verify(void *vctx, char *how, size_t len)
{
    const struct reduce_ctx *c = vctx;
    if (c->device_sum != c->expect)
        return zeslm_fail(ZESLM_ERR_VERIFY, "reduce/%s: device sum %u, host sum %u (n=%u)", c->variant,
                          c->device_sum, c->expect, c->n);
    snprintf(how, len, "sum of all %u elements", c->n);
    return ZESLM_OK;
}

/* The document's scheme, made complete: pass after pass of per-group partial sums,
 * each into a buffer no group of that pass reads, until one value is left. */
static zeslm_status rep_passes(void *vctx, uint64_t *ns)
{
    struct reduce_ctx *c = vctx;
    zeslm_status st = ZESLM_OK;
    zeslm_buffer *src = c->in, *dst = c->ping;
    uint32_t len = c->n;
    *ns = 0;
    for (;;) {
        uint32_t items = (len + 1) / 2;
        uint32_t groups = (items + c->group - 1) / c->group;
        uint64_t t = 0;
        TRY(zeslm_kernel_arg_buffer(c->k, 0, src));
        TRY(zeslm_kernel_arg_u32(c->k, 1, len));
        TRY(zeslm_kernel_arg_buffer(c->k, 2, dst));
        TRY(zeslm_kernel_arg_local(c->k, 3, (size_t)c->group * 4));
        TRY(zeslm_kernel_launch(c->k, groups, c->group, c->timeout_s, &t));
        *ns += t;
        if (groups == 1)
            break;
        len = groups;
        src = dst;
        dst = dst == c->ping ? c->pong : c->ping;
    }
    TRY(zeslm_buffer_read(dst, &c->device_sum, 4));
out:
    return st;
}

/* One launch of persistent groups; the result word is cleared before it. */
static zeslm_status rep_atomic(void *vctx, uint64_t *ns)
{
    struct reduce_ctx *c = vctx;
    zeslm_status st = ZESLM_OK;
    const uint32_t zero = 0;
    TRY(zeslm_buffer_write(c->result, &zero, 4));
    TRY(zeslm_kernel_launch(c->k, c->groups, c->group, c->timeout_s, ns));
    TRY(zeslm_buffer_read(c->result, &c->device_sum, 4));
out:
    return st;
}

static zeslm_status run_variant(zeslm_device *dev, const zeslm_run_opts *o, zeslm_results *out,
                                struct reduce_ctx *c, const zeslm_variant *v)
{
    zeslm_status st = ZESLM_OK;
    c->variant = v->name;
    bool atomic = ((const struct reduce_traits *)v->traits)->persistent;
    TRY(bench_variant_open(dev, o, "reduce", v, out, &c->k, &c->group));
    if (!c->k)
        return st;
    if (atomic) {
        /* Four rounds of as many groups as fit, one of roofline/read's grids; one
         * work-item a uint4 at most. H100, groups of 256, 2 / 8 rounds: 2^24 elements
         * 28.4 / 27.6 us, 2^26 93.0 / 91.2 us, 2^28 352.0 / 346.7 us (CUB's
         * DeviceReduce::Sum: 32.7, 95.9, 352.8 us); 4 loads a step, `restrict`, groups
         * of 512 or 1024, and a contiguous chunk a group were no faster. H200 (memory
         * 1.46x faster, the same SMs), 4 / 8 / 16 rounds: 2^24 22.1 / 24.3 / 33.1 us
         * (CUB 23.8), 2^26 65.6 / 65.6 / 69.6 us, 2^28 241 / 240 / 240 us: at 2^24 the
         * groups' own tail is the time, and fewer rounds pay it less often. */
        c->groups = bench_persistent_groups(dev, c->group, 4, c->n / 4);
        TRY(zeslm_kernel_arg_buffer(c->k, 0, c->in));
        TRY(zeslm_kernel_arg_buffer(c->k, 1, c->in));
        TRY(zeslm_kernel_arg_u32(c->k, 2, c->n));
        TRY(zeslm_kernel_arg_buffer(c->k, 3, c->result));
        TRY(zeslm_kernel_arg_local(c->k, 4, (size_t)c->group * 4));
    }
    /* The passes' first launch is the widest. */
    uint32_t groups = atomic ? c->groups : ((c->n + 1) / 2 + c->group - 1) / c->group;
    bench_case one = {.workload = "reduce", .v = v, .group = c->group, .groups = groups,
                      .rep = atomic ? rep_atomic : rep_passes, .rep_ctx = c, .verify = verify, .verify_ctx = c,
                      .work = (double)c->n * 4};
    TRY(bench_case_run(o, out, &one, NULL, "n=%u", c->n));
out:
    zeslm_kernel_free(c->k);
    return st;
}

static zeslm_status reduce_run(zeslm_device *dev, const zeslm_run_opts *o, zeslm_results *out)
{
    zeslm_status st = ZESLM_OK;
    uint64_t n64;
    if ((st = bench_default_size(dev, o, o->size, (1u << 20) + 7, UINT64_C(1) << 27, &n64)) != ZESLM_OK)
        return st;
    if (n64 > UINT32_MAX / 2)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "--size %llu exceeds %u elements",
                          (unsigned long long)n64, UINT32_MAX / 2);
    struct reduce_ctx c = {.n = (uint32_t)n64, .timeout_s = o->timeout_s};
    uint32_t *host = malloc(n64 * 4);
    if (!host)
        return zeslm_fail(ZESLM_ERR_NOMEM, "no host memory for %u elements", c.n);
    zeslm_rng rng = {o->seed};
    bench_fill_u32(&rng, host, c.n);
    for (uint32_t i = 0; i < c.n; i++)
        c.expect += host[i];
    /* Partial sums: at most one per 2 elements of a group of at least 1. */
    size_t partial = ((size_t)c.n + 1) / 2 * 4 + 4;
    TRY(bench_buffer(dev, host, (size_t)c.n * 4, &c.in));
    TRY(bench_buffer(dev, NULL, partial, &c.ping));
    TRY(bench_buffer(dev, NULL, partial, &c.pong));
    TRY(bench_buffer(dev, NULL, 4, &c.result));
    for (size_t v = 0; v < ZESLM_COUNT(variants) && st == ZESLM_OK; v++)
        if (bench_wants(o, variants[v].name))
            st = run_variant(dev, o, out, &c, &variants[v]);
out:
    zeslm_buffer_free(c.in);
    zeslm_buffer_free(c.ping);
    zeslm_buffer_free(c.pong);
    zeslm_buffer_free(c.result);
    free(host);
    return st;
}

/* Its cost (zeslm_workload_cost; the sources of every workload's figures: bench.h). */
static const zeslm_workload_cost cost = {
    .weight = 0.2, .results = 1.0, .results_gpu = 1.0, .spend = 0.1, .spend_gpu = 0.01};

BENCH_WORKLOAD(reduce, 20) = {
    .name = "reduce",
    .size_unit = "elements",
    .summary = "sum of int32 values: the document's tree, sequential addressing, many per work-item, in sub-groups",
    .variants = variants,
    .n_variants = ZESLM_COUNT(variants),
    .run = reduce_run,
    .cost = &cost,
};
