/* SPDX-License-Identifier: MIT */
/* slm_switch: what switching SLM sizes between kernels costs. A driver that splits
 * one array between SLM and L1 per kernel may have to drain the compute units and
 * reconfigure when the next kernel wants another split. Back-to-back launches of a
 * short kernel (kernels/slm_switch.cl) with a small and a large SLM reservation
 * alternating, against launches of one size; and the device time of the first large
 * launch after a small one against after a large one. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <zeslm/units.h>

#include "bench_internal.h"

enum mode { SEQ_SMALL, SEQ_LARGE, SEQ_ALTERNATING, AFTER_SAME, AFTER_SWITCH };
static const enum mode modes[] = {SEQ_SMALL, SEQ_LARGE, SEQ_ALTERNATING, AFTER_SAME, AFTER_SWITCH};

/* The sequences are timed from the first launch's start to the last one's end
 * (zeslm_kernel_launch_seq), gaps included; the "after" variants time the large
 * launch alone, each after a launch of its own (untimed, waited for). */
#define ROW(nm, i) {.name = nm, .file = "slm_switch", .kernel = "slm_fill", .group = 256, .rate_unit = "ns/launch", \
                    .traits = &modes[i]}
static const zeslm_variant variants[] = {
    ROW("same_small", 0), ROW("same_large", 1), ROW("alternating", 2), ROW("after_same", 3), ROW("after_switch", 4),
};

/* The small reservation: 1 KiB, below any carve-out step; the large one: all a group
 * may take (48 KiB on NVIDIA, 64 or 128 KiB on Intel), at most 256 KiB (PoCL reports
 * 512 KiB of "local" memory that is host memory). */
#define SMALL_SLM 1024u
#define LARGE_CAP (256u << 10)
/* --quick, and SLM emulated in global memory: at most 64 KiB, so a CPU's large
 * launches stay short (Intel's CPU runtime spent 54 s of a default run on 256 KiB). */
#define LARGE_CAP_QUICK (64u << 10)
/* Launches a sequence (or large launches timed) to start from, doubled by the engine
 * up to UNITS_MAX; even, so that an alternating sequence has as many of each. 64: a
 * CPU's few-microsecond launches vary too much to hold in 8. */
#define UNITS_START 64u
#define UNITS_MAX 4096u
/* Groups per compute unit: enough to fill the device at the small size. */
#define GROUPS_PER_CU 2u

struct sw_ctx {
    const zeslm_run_opts *o;
    enum mode mode;
    zeslm_kernel *k[2];       /* small, large */
    zeslm_kernel **seq;       /* UNITS_MAX */
    uint32_t groups, group;
    uint32_t words[2];        /* each one's reservation in words */
    uint64_t units;
    uint64_t launched[2];     /* launches of each since the sums were zeroed */
    zeslm_buffer *sums;
    uint32_t *got;            /* groups words */
};

static zeslm_status sw_rep(void *ctx, uint64_t *ns)
{
    struct sw_ctx *c = ctx;
    zeslm_status st = ZESLM_OK;
    if (c->mode <= SEQ_ALTERNATING) {
        for (uint64_t i = 0; i < c->units; i++) {
            int large = c->mode == SEQ_LARGE || (c->mode == SEQ_ALTERNATING && (i & 1));
            c->seq[i] = c->k[large];
            c->launched[large]++;
        }
        return zeslm_kernel_launch_seq(c->seq, c->units, c->groups, c->group, c->o->timeout_s, ns);
    }
    uint64_t sum = 0;
    for (uint64_t i = 0; i < c->units; i++) {
        uint64_t before, timed;
        int first = c->mode == AFTER_SAME;
        c->launched[first]++;
        TRY(zeslm_kernel_launch(c->k[first], c->groups, c->group, c->o->timeout_s, &before));
        c->launched[1]++;
        TRY(zeslm_kernel_launch(c->k[1], c->groups, c->group, c->o->timeout_s, &timed));
        sum += timed;
    }
    *ns = sum;
out:
    return st;
}

/* bench_case.grow (and the start): `units` launches a repetition, the sums zeroed. */
static zeslm_status sw_grow(void *ctx, uint64_t units, double *work)
{
    struct sw_ctx *c = ctx;
    c->units = units;
    c->launched[0] = c->launched[1] = 0;
    *work = (double)units;
    memset(c->got, 0, (size_t)c->groups * 4);
    return zeslm_buffer_write(c->sums, c->got, (size_t)c->groups * 4);
}

/* What one launch adds to each group's sum: the sum of (w ^ tag) over its words. */
static uint32_t launch_sum(uint32_t words, uint32_t tag)
{
    uint32_t s = 0;
    for (uint32_t w = 0; w < words; w++)
        s += w ^ tag;
    return s;
}

/* Tags: 1 for the small kernel, 2 for the large, so a launch of the wrong one shows. */
static zeslm_status sw_verify(void *ctx, char *how, size_t len)
{
    struct sw_ctx *c = ctx;
    zeslm_status st = ZESLM_OK;
    uint32_t want = (uint32_t)c->launched[0] * launch_sum(c->words[0], 1) +
                    (uint32_t)c->launched[1] * launch_sum(c->words[1], 2);
    TRY(zeslm_buffer_read(c->sums, c->got, (size_t)c->groups * 4));
    for (uint32_t g = 0; g < c->groups; g++)
        if (c->got[g] != want) {
            st = zeslm_fail(ZESLM_ERR_VERIFY, "slm_switch: group %u summed 0x%x over %llu small and %llu large "
                            "launches, not 0x%x", g, c->got[g], (unsigned long long)c->launched[0],
                            (unsigned long long)c->launched[1], want);
            goto out;
        }
    snprintf(how, len, "all %u group sums over %llu launches", c->groups,
             (unsigned long long)(c->launched[0] + c->launched[1]));
out:
    return st;
}

static zeslm_status slm_switch_run(zeslm_device *dev, const zeslm_run_opts *o, zeslm_results *out)
{
    zeslm_status st = ZESLM_OK;
    uint64_t units;
    if ((st = bench_default_size(dev, o, o->size, UNITS_START, UNITS_START, &units)) != ZESLM_OK)
        return st;
    if (units > UNITS_MAX || units % 2)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "--size (launches a repetition) must be even and at most %u",
                          UNITS_MAX);
    struct sw_ctx c = {.o = o};
    const zeslm_variant *first = NULL;
    for (size_t v = 0; v < ZESLM_COUNT(variants) && !first; v++)
        if (bench_wants(o, variants[v].name))
            first = &variants[v];
    if (!first)
        return ZESLM_OK;
    TRY(bench_variant_open(dev, o, "slm_switch", first, out, &c.k[0], &c.group));
    TRY(zeslm_kernel_create(dev, first->file, first->kernel, &c.k[1]));
    /* Where SLM is emulated in global memory there is no split of an array to switch:
     * the large launches are held to --quick's, and each result says why. */
    bool emulated = zeslm_device_get_info(dev)->slm_dedicated == 0 && !o->size;
    uint64_t cap = o->quick || emulated ? LARGE_CAP_QUICK : LARGE_CAP;
    uint64_t large = zeslm_kernel_slm_available(c.k[1]) / 4 * 4;
    if (large > cap)
        large = cap;
    if (large < 2 * SMALL_SLM) {
        for (size_t v = 0; v < ZESLM_COUNT(variants) && st == ZESLM_OK; v++)
            if (bench_wants(o, variants[v].name))
                st = bench_skip(out, "slm_switch", variants[v].name, "a group may take less than 2 KiB of SLM");
        goto out;
    }
    c.words[0] = SMALL_SLM / 4;
    c.words[1] = (uint32_t)(large / 4);
    c.groups = bench_fill_groups(dev, GROUPS_PER_CU);
    c.seq = malloc(UNITS_MAX * sizeof *c.seq);
    c.got = malloc((size_t)c.groups * 4);
    if (!c.seq || !c.got) {
        st = zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
        goto out;
    }
    TRY(bench_buffer(dev, NULL, (size_t)c.groups * 4, &c.sums));
    for (int s = 0; s < 2; s++) {
        TRY(zeslm_kernel_arg_buffer(c.k[s], 0, c.sums));
        TRY(zeslm_kernel_arg_u32(c.k[s], 1, (uint32_t)s + 1));
        TRY(zeslm_kernel_arg_local(c.k[s], 2, (size_t)c.words[s] * 4));
        TRY(zeslm_kernel_arg_u32(c.k[s], 3, c.words[s]));
    }
    for (size_t v = 0; v < ZESLM_COUNT(variants) && st == ZESLM_OK; v++) {
        if (!bench_wants(o, variants[v].name))
            continue;
        c.mode = *(const enum mode *)variants[v].traits;
        double work;
        TRY(sw_grow(&c, units, &work));
        bench_case one = {.workload = "slm_switch", .v = &variants[v], .group = c.group, .groups = c.groups,
                          .rep = sw_rep, .rep_ctx = &c, .verify = sw_verify, .verify_ctx = &c, .work = work,
                          .work_unit = "launches", .units = units, .units_max = UNITS_MAX, .grow = sw_grow,
                          .grow_ctx = &c};
        zeslm_result *r;
        st = bench_case_run(o, out, &one, &r, "small=%u large=%llu", SMALL_SLM, (unsigned long long)large);
        if (st == ZESLM_OK && emulated)
            snprintf(r->note, sizeof r->note, "SLM is emulated in global memory here: no SLM/L1 split to switch");
    }
out:
    zeslm_kernel_free(c.k[0]);
    zeslm_kernel_free(c.k[1]);
    zeslm_buffer_free(c.sums);
    free(c.seq);
    free(c.got);
    return st;
}

static const zeslm_result *find(const zeslm_results *all, size_t first, const char *variant)
{
    for (size_t i = first; i < all->count; i++)
        if (all->items[i].outcome == ZESLM_MEASURED && strcmp(all->items[i].variant, variant) == 0)
            return &all->items[i];
    return NULL;
}

/* The standard deviation of r's launches in ns a launch of its work. */
static double sd_per_launch(const zeslm_result *r)
{
    return r->work > 0 ? r->stats.stddev_ns / r->work : r->stats.stddev_ns;
}

/* What a difference of `d` ns a launch means against `sd`, the largest standard
 * deviation of the results it comes from: a cost, none the launches' own spread can
 * tell from noise, or a saving, which no switch can cause: the launches' overhead moved
 * between the sequences (on an H100, "small only" once took 7.03 us a launch against
 * 4.25 in another run, and the switch came out at -976 ns). */
static void judge(double d, double sd, char *buf, size_t len)
{
    char t[32];
    zeslm_format_si(sd, "ns", t, sizeof t);
    if (fabs(d) <= sd)
        snprintf(buf, len, "within the launches' spread (sd %s): no cost measured", t);
    else if (d < 0)
        snprintf(buf, len, "faster beyond the launches' spread (sd %s): no cost measured; the launch overhead moved",
                 t);
    else
        snprintf(buf, len, "beyond the launches' spread (sd %s)", t);
}

/* The extra time a launch of an alternating sequence takes over the mean of the two
 * one-size sequences (every launch after the first is a switch), and what the first
 * large launch after a small one takes over one after a large one. */
static void slm_switch_summarize(const zeslm_results *all, size_t first, zeslm_summary *out)
{
    const zeslm_result *s = find(all, first, "same_small"), *l = find(all, first, "same_large"),
                       *a = find(all, first, "alternating"), *as = find(all, first, "after_same"),
                       *aw = find(all, first, "after_switch");
    char t[4][32], verdict[160];
    if (s && l && a) {
        double extra = a->rate - (s->rate + l->rate) / 2;
        zeslm_format_si(a->rate, "ns", t[0], sizeof t[0]);
        zeslm_format_si(s->rate, "ns", t[1], sizeof t[1]);
        zeslm_format_si(l->rate, "ns", t[2], sizeof t[2]);
        zeslm_format_si(extra, "ns", t[3], sizeof t[3]);
        judge(extra, fmax(sd_per_launch(a), fmax(sd_per_launch(s), sd_per_launch(l))), verdict, sizeof verdict);
        bench_finding(out, "switch_ns", extra,
                      "Back to back (%s): %s a launch alternating, %s small only, %s large only: %s per switch, "
                      "%s.", a->params, t[0], t[1], t[2], t[3], verdict);
    }
    if (as && aw) {
        zeslm_format_si(aw->rate, "ns", t[0], sizeof t[0]);
        zeslm_format_si(as->rate, "ns", t[1], sizeof t[1]);
        double d = aw->rate - as->rate;
        zeslm_format_si(fabs(d), "ns", t[2], sizeof t[2]);
        judge(d, fmax(sd_per_launch(as), sd_per_launch(aw)), verdict, sizeof verdict);
        bench_finding(out, "first_after_switch_ns", d,
                      "The first large launch after a small one: %s of device time; after a large one, %s (%s "
                      "%s, %s).", t[0], t[1], t[2], d >= 0 ? "more" : "less", verdict);
    }
}

/* Its cost (zeslm_workload_cost): One result a variant; CPU figures from default runs on PoCL and Intel's runtime
 * of 2026-11-28 at a load average of 12-15 on 2 cores. */
static const zeslm_workload_cost cost = {
    .weight = 1.0, .results = 1.0, .results_gpu = 1.0, .spend = 0.37, .spend_gpu = 0.29};

BENCH_WORKLOAD(slm_switch, 110) = {
    .name = "slm_switch",
    .size_unit = "launches a repetition (even)",
    .summary = "back-to-back launches alternating a small and a large SLM reservation against one size, and the "
               "first launch after a switch",
    .variants = variants,
    .n_variants = ZESLM_COUNT(variants),
    .run = slm_switch_run,
    .summarize = slm_switch_summarize,
    .cost = &cost,
};
