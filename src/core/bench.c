/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <signal.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <zeslm/grow.h>

#include "backend.h"
#include "bench_internal.h"
#include "fault.h"
#include "measure_internal.h"

/* zeslm_workloads[] is src/workloads/registry.cmake's, from the workloads' own files. */

const zeslm_workload *zeslm_workload_find(const char *name)
{
    for (size_t i = 0; i < zeslm_workload_count; i++)
        if (strcmp(zeslm_workloads[i]->name, name) == 0)
            return zeslm_workloads[i];
    return NULL;
}

const zeslm_variant *zeslm_variant_find(const zeslm_workload *wl, const char *name)
{
    for (size_t i = 0; i < wl->n_variants; i++)
        if (strcmp(wl->variants[i].name, name) == 0)
            return &wl->variants[i];
    return NULL;
}

/* A ceiling's rate at its best launch. Two kernels at one limit (reduce/many and
 * roofline/read, say) trade places from run to run by their spread; a workload whose
 * median beats the ceiling's best launch beats the ceiling itself. */
static double ceiling_best_rate(const zeslm_result *c)
{
    const zeslm_stats *s = &c->stats;
    return s->min_ns ? c->rate * (double)s->median_ns / (double)s->min_ns : c->rate;
}

/* The measured roofline result named `ceiling` among out[0, before) with the best
 * launch (a stream is measured at several grids), or NULL. */
static const zeslm_result *ceiling_result(const zeslm_results *out, size_t before, const char *ceiling)
{
    const zeslm_result *found = NULL;
    for (size_t i = 0; i < before && ceiling; i++) {
        const zeslm_result *c = &out->items[i];
        if (c->outcome == ZESLM_MEASURED && strcmp(c->workload, "roofline") == 0 &&
            strcmp(c->variant, ceiling) == 0 && (!found || ceiling_best_rate(c) > ceiling_best_rate(found)))
            found = c;
    }
    return found;
}

/* Whether a and b do the same work for each unit of their knob (a launch of `bank/throughput`
 * moves more bytes than one of `strided`): only then is a ratio of their times a speed-up.
 * Both may have settled on different units; the speed-up compares time per work. */
static bool same_work(const zeslm_result *a, const zeslm_result *b)
{
    if (!a->rate_unit || !b->rate_unit || strcmp(a->rate_unit, b->rate_unit) != 0 || a->work <= 0 ||
        b->work <= 0 || !a->stats.median_ns || !b->stats.median_ns)
        return false;
    double pa = a->work / (double)(a->work_units ? a->work_units : 1),
           pb = b->work / (double)(b->work_units ? b->work_units : 1);
    return fabs(pa - pb) <= 1e-9 * fmax(pa, pb);
}

zeslm_status zeslm_workload_run(const zeslm_workload *wl, zeslm_device *dev, const zeslm_run_opts *opts,
                                zeslm_results *out)
{
    /* A caller built with a shorter zeslm_run_opts: the members it lacks are 0. */
    zeslm_run_opts given = {0};
    memcpy(&given, opts, opts->struct_size && opts->struct_size < sizeof given ? opts->struct_size : sizeof given);
    opts = &given;
    size_t first = out->count;
    if (opts->reps == 0 || opts->timeout_s <= 0)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "%s: at least one timed launch and a positive timeout are needed",
                          wl->name);
    zeslm_fault_workload_begin(wl->name);
    zeslm_status st = wl->run(dev, opts, out);
    for (size_t i = first; i < out->count; i++) {
        zeslm_result *r = &out->items[i];
        const zeslm_variant *v = zeslm_variant_find(wl, r->variant);
        if (r->outcome != ZESLM_MEASURED || !v)
            continue;
        const zeslm_result *ceiling = ceiling_result(out, first, v->ceiling);
        if (ceiling && ceiling->rate > 0 && r->rate_unit && strcmp(r->rate_unit, ceiling->rate_unit) == 0) {
            double best = ceiling_best_rate(ceiling);
            r->ceiling_exceeded = r->rate > best;
            r->fraction = r->ceiling_exceeded ? 0 : r->rate / best;
        }
        for (size_t j = first; j < out->count; j++) {
            const zeslm_result *b = &out->items[j];
            const zeslm_variant *bv = zeslm_variant_find(wl, b->variant);
            if (bv && bv->baseline && b->outcome == ZESLM_MEASURED && strcmp(b->params, r->params) == 0 &&
                same_work(b, r))
                r->speedup = bench_ns_per_work(b) / bench_ns_per_work(r);
        }
    }
    return st;
}

static volatile sig_atomic_t stop_requested;

void zeslm_request_stop(void)
{
    stop_requested = 1;
}

bool zeslm_stop_requested(void)
{
    return stop_requested != 0;
}

const zeslm_result *zeslm_results_at(const zeslm_results *r, size_t i)
{
    return i < r->count ? &r->items[i] : NULL;
}

void zeslm_results_free(zeslm_results *r)
{
    for (size_t i = 0; i < r->count; i++) {
        free(r->items[i].times_ns);
        free(r->items[i].launch_ns);
    }
    free(r->items);
    memset(r, 0, sizeof *r);
}

/* Room for one more result in out; false when out of host memory. */
static bool results_grow(zeslm_results *out)
{
    return ZESLM_GROW(out->items, out->count + 1, out->cap);
}

zeslm_status zeslm_results_append(zeslm_results *out, const zeslm_result *given, size_t given_size)
{
    /* A caller built with a shorter zeslm_result: the members it lacks are 0. The
     * first members up to the launch times are in every zeslm_result there was. */
    if (given_size < offsetof(zeslm_result, stats) + sizeof given->stats)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "zeslm_results_append: a result of %zu bytes is shorter than any "
                          "zeslm_result", given_size);
    zeslm_result copy = {0};
    memcpy(&copy, given, given_size < sizeof copy ? given_size : sizeof copy);
    const zeslm_result *r = &copy;
    uint64_t *times = NULL, *launches = NULL;
    size_t n = r->stats.n;
    if ((n && r->times_ns && !(times = malloc(n * sizeof *times))) ||
        (n && r->launch_ns && !(launches = malloc(2 * n * sizeof *launches))) || !results_grow(out)) {
        free(times);
        free(launches);
        return zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
    }
    if (times)
        memcpy(times, r->times_ns, n * sizeof *times);
    if (launches)
        memcpy(launches, r->launch_ns, 2 * n * sizeof *launches);
    out->items[out->count] = *r;
    out->items[out->count].times_ns = times;
    out->items[out->count++].launch_ns = launches;
    return ZESLM_OK;
}

zeslm_result *bench_add(zeslm_results *out, const char *workload, const char *variant,
                        const char *params_fmt, ...)
{
    if (!results_grow(out))
        return NULL;
    zeslm_result *r = &out->items[out->count++];
    memset(r, 0, sizeof *r);
    r->outcome = ZESLM_FAILED;
    snprintf(r->workload, sizeof r->workload, "%s", workload);
    snprintf(r->variant, sizeof r->variant, "%s", variant);
    va_list ap;
    va_start(ap, params_fmt);
    vsnprintf(r->params, sizeof r->params, params_fmt, ap);
    va_end(ap);
    return r;
}

void bench_verified(zeslm_result *r, const char *how_fmt, ...)
{
    va_list ap;
    va_start(ap, how_fmt);
    vsnprintf(r->verify_note, sizeof r->verify_note, how_fmt, ap);
    va_end(ap);
    r->outcome = ZESLM_MEASURED;
}

bool zeslm_variant_listed(const char *list, const char *name)
{
    if (!list)
        return true;
    size_t len = strlen(name);
    for (const char *p = list; p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
        if (strncmp(p, name, len) == 0 && (p[len] == ',' || p[len] == '\0'))
            return true;
    return false;
}

bool bench_wants(const zeslm_run_opts *o, const char *variant)
{
    return zeslm_variant_listed(o->variant, variant);
}

void zeslm_summary_free(zeslm_summary *s)
{
    free(s->items);
    memset(s, 0, sizeof *s);
}

const zeslm_finding *zeslm_summary_at(const zeslm_summary *s, size_t i)
{
    return i < s->count ? &s->items[i] : NULL;
}

void bench_finding(zeslm_summary *s, const char *key, double value, const char *fmt, ...)
{
    if (!ZESLM_GROW(s->items, s->count + 1, s->cap)) {
        s->incomplete = true;
        return;
    }
    zeslm_finding *f = &s->items[s->count++];
    snprintf(f->key, sizeof f->key, "%s", key);
    f->value = value;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->sentence, sizeof f->sentence, fmt, ap);
    va_end(ap);
}

uint32_t bench_option(const zeslm_run_opts *o, const zeslm_workload_option *opt)
{
    for (size_t i = 0; i < ZESLM_RUN_OPTIONS_MAX && o->options[i].name; i++)
        if (strcmp(o->options[i].name, opt->name) == 0)
            return o->options[i].value;
    return opt->fallback;
}

zeslm_status bench_skip(zeslm_results *out, const char *workload, const char *variant, const char *why)
{
    if (!out)
        return ZESLM_OK;
    zeslm_result *r = bench_add(out, workload, variant, "-");
    if (!r)
        return zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
    r->outcome = ZESLM_SKIPPED;
    snprintf(r->note, sizeof r->note, "%s", why);
    return ZESLM_OK;
}

bool bench_has_subgroups(const zeslm_device *dev, uint32_t size, uint32_t group, char *why, size_t len)
{
    const zeslm_device_info *d = zeslm_device_get_info(dev);
    if (!d->subgroups) {
        snprintf(why, len, "the device does not support sub-groups (cl_khr_subgroups, OpenCL 3.0 sub-groups)");
        return false;
    }
    if (size == 0)
        return true;
    if (!d->intel_subgroups) {
        snprintf(why, len, "the device lacks Intel's sub-group extensions (cl_intel_subgroups, "
                           "cl_intel_subgroups_long, cl_intel_required_subgroup_size)");
        return false;
    }
    bool has = false;
    for (uint32_t i = 0; i < d->n_subgroup_sizes; i++)
        has |= d->subgroup_sizes[i] == size;
    if (!has) {
        snprintf(why, len, "the device has no sub-groups of %u", size);
        return false;
    }
    if (group % size) {
        snprintf(why, len, "group size %u is not a multiple of its sub-groups of %u", group, size);
        return false;
    }
    return true;
}

zeslm_status bench_launch_once(void *launch, uint64_t *ns)
{
    bench_launch *l = launch;
    return zeslm_kernel_launch(l->k, l->groups, l->group, l->timeout_s, ns);
}

static bool stop_flag(void *arg)
{
    (void)arg;
    return stop_requested != 0;
}

/* One repetition timed on the host as well: rep's wall times, warm-up ones first;
 * and each one's device start and device time in the order they ran (launch: two a
 * repetition). */
struct walled {
    bench_rep_fn rep;
    void *ctx;
    uint64_t *wall_ns, *launch;
    size_t n, cap, launch_cap;
    bool starts; /* every repetition so far gave its start */
    unsigned slow; /* the test fault ZESLM_FAULT=slow (fault.h): launches a repetition; 1 without it */
};

static zeslm_status walled_rep(void *arg, uint64_t *ns)
{
    struct walled *w = arg;
    if (!ZESLM_GROW(w->wall_ns, w->n + 1, w->cap) || !ZESLM_GROW(w->launch, 2 * (w->n + 1), w->launch_cap))
        return zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory timing launches");
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    zeslm_launch_span_begin();
    zeslm_status st = w->rep(w->ctx, ns);
    /* The slowed workload's repetition is its launches again, slow times in all, the
     * device times added: one span that takes that many times as long, on the device's
     * clock and the host's. */
    for (unsigned i = 1; st == ZESLM_OK && i < w->slow; i++) {
        uint64_t again = 0;
        st = w->rep(w->ctx, &again);
        *ns += again;
    }
    uint64_t start = 0;
    w->starts &= zeslm_launch_span_start(&start);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    w->launch[2 * w->n] = start;
    w->launch[2 * w->n + 1] = *ns;
    w->wall_ns[w->n++] = (uint64_t)(t1.tv_sec - t0.tv_sec) * 1000000000u + (uint64_t)t1.tv_nsec - (uint64_t)t0.tv_nsec;
    return st;
}

zeslm_status bench_measure(const zeslm_run_opts *o, bench_rep_fn rep, void *ctx, zeslm_result *r)
{
    if (o->progress)
        o->progress(r->workload, r->variant, r->params, o->progress_arg);
    struct walled w = {rep, ctx, NULL, NULL, 0, 0, 0, true, 1};
    zeslm_status st = zeslm_fault_slow(r->workload, &w.slow);
    if (st != ZESLM_OK)
        return st;
    /* At least one untimed launch, which finds a device that times nothing before
     * any time is taken. */
    const zeslm_measure_opts mo = {
        .warmup = o->warmup ? o->warmup : 1,
        .reps = o->reps,
        .min_time_s = o->min_time_s,
        .max_reps = BENCH_MAX_REPS,
        .repetition = walled_rep,
        .repetition_arg = &w,
        .stop = stop_flag,
    };
    zeslm_measurement m;
    st = zeslm_measure(NULL, NULL, &mo, &m);
    if (st == ZESLM_ERR_NO_TIMING) {
        r->outcome = ZESLM_NO_RESULTS;
        snprintf(r->note, sizeof r->note, "built and launched; the device executed nothing and wrote no timestamp");
        st = ZESLM_OK;
        goto out;
    }
    if (st != ZESLM_OK)
        goto out;
    r->times_ns = m.times_ns;
    r->stats = m.stats;
    /* The timed launches are the last m.n of those timed on the host. */
    zeslm_stats wall;
    zeslm_stats_compute(w.wall_ns + (w.n - m.n), m.n, &wall);
    r->wall_ns = wall.median_ns;
    /* The timed ones, in the order they ran, where every one gave its start. */
    if (w.starts && !(r->launch_ns = malloc(2 * m.n * sizeof *r->launch_ns)))
        st = zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory keeping %zu launches", m.n);
    else if (w.starts)
        memcpy(r->launch_ns, w.launch + 2 * (w.n - m.n), 2 * m.n * sizeof *r->launch_ns);
out:
    free(w.wall_ns);
    free(w.launch);
    return st;
}

static bool is_pow2(uint32_t v)
{
    return v && !(v & (v - 1));
}

bool zeslm_variant_group_ok(const zeslm_variant *v, uint32_t g, char *why, size_t len)
{
    uint32_t m = v->group_multiple > 1 ? v->group_multiple : 1;
    if (v->group_pow2 && !is_pow2(g))
        snprintf(why, len, "group size %u is not a power of two, which this tree reduction needs", g);
    else if (g % m)
        snprintf(why, len, "group size %u is not a multiple of %u", g, m);
    else
        return true;
    return false;
}

zeslm_status bench_group_size(zeslm_kernel *k, const zeslm_run_opts *o, const zeslm_variant *v, uint32_t *out)
{
    zeslm_kernel_props p = {.struct_size = sizeof p};
    zeslm_status st = zeslm_kernel_props_get(k, &p);
    if (st != ZESLM_OK)
        return st;
    const zeslm_device_info *d = zeslm_device_get_info(k->dev);
    uint32_t limit = p.max_group_size ? p.max_group_size : d->max_group_size;
    if (d->max_group_size && d->max_group_size < limit)
        limit = d->max_group_size;
    uint32_t m = v->group_multiple > 1 ? v->group_multiple : 1;
    if (o->group_size) {
        uint32_t g = o->group_size;
        if (limit && g > limit)
            return zeslm_fail(ZESLM_ERR_INVALID_ARG, "%s: group size %u exceeds the maximum %u for this kernel on %s",
                              zeslm_kernel_name(k), g, limit, d->name);
        char why[160];
        if (!zeslm_variant_group_ok(v, g, why, sizeof why))
            return zeslm_fail(ZESLM_ERR_INVALID_ARG, "%s: %s", zeslm_kernel_name(k), why);
        *out = g;
        return ZESLM_OK;
    }
    uint32_t g = v->group;
    if (limit && g > limit) {
        g = limit;
        if (v->group_pow2)
            while (!is_pow2(g))
                g &= g - 1;
        g -= g % m;
    }
    if (g == 0)
        return zeslm_fail(ZESLM_ERR_UNSUPPORTED, "%s: no legal group size (kernel maximum %u)", zeslm_kernel_name(k), limit);
    *out = g;
    return ZESLM_OK;
}

zeslm_status bench_variant_open(zeslm_device *dev, const zeslm_run_opts *o, const char *workload,
                                const zeslm_variant *v, zeslm_results *out, zeslm_kernel **k, uint32_t *group)
{
    *k = NULL;
    char why[160];
    uint32_t sg = v->subgroup;
    if (sg && !bench_has_subgroups(dev, sg == ZESLM_SUBGROUP_ANY ? 0 : sg, o->group_size, why, sizeof why))
        return bench_skip(out, workload, v->name, why);
    zeslm_status st = zeslm_kernel_create(dev, v->file, v->kernel, k);
    if (st == ZESLM_OK && (st = bench_group_size(*k, o, v, group)) != ZESLM_OK) {
        zeslm_kernel_free(*k);
        *k = NULL;
    }
    return st;
}

bool bench_slm_fits(zeslm_results *out, const char *workload, const char *variant, zeslm_kernel *k, size_t slm,
                    uint32_t group, const char *what, zeslm_status *st)
{
    uint64_t room = zeslm_kernel_slm_available(k);
    if (!room || slm <= room)
        return true;
    char why[160];
    snprintf(why, sizeof why, "needs %zu bytes of SLM (%s) at group size %u; a group may use %llu", slm, what, group,
             (unsigned long long)room);
    *st = bench_skip(out, workload, variant, why);
    return false;
}

zeslm_status bench_compare_u32(const char *what, const uint32_t *got, const uint32_t *want, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        /* A few milliseconds of host work between looks at the signal flag. */
        if (i % BENCH_STOP_EVERY == 0 && stop_requested)
            return bench_interrupted_check(what);
        if (got[i] != want[i])
            return zeslm_fail(ZESLM_ERR_VERIFY, "%s: wrong result at index %zu: device %u, host %u", what, i,
                              got[i], want[i]);
    }
    return ZESLM_OK;
}

zeslm_status bench_interrupted_check(const char *what)
{
    return zeslm_fail(ZESLM_ERR_INTERRUPTED, "interrupted by a signal during the host check of %s", what);
}

zeslm_status bench_poison(zeslm_buffer *buf, uint32_t *scratch, size_t words)
{
    zeslm_poison_pattern(scratch, words);
    return zeslm_buffer_write(buf, scratch, words * 4);
}

void bench_fill_u32(zeslm_rng *rng, uint32_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint32_t)zeslm_rng_next(rng);
}

zeslm_status bench_buffer(zeslm_device *dev, const void *src, size_t bytes, zeslm_buffer **buf)
{
    zeslm_status st = zeslm_buffer_create(dev, bytes, buf);
    if (st == ZESLM_OK && src && (st = zeslm_buffer_write(*buf, src, bytes)) != ZESLM_OK) {
        zeslm_buffer_free(*buf);
        *buf = NULL;
    }
    return st;
}

uint32_t bench_fill_groups(const zeslm_device *dev, uint32_t per_cu)
{
    uint32_t cu = zeslm_device_get_info(dev)->compute_units;
    return (cu ? cu : 1) * (per_cu ? per_cu : 1);
}

uint32_t bench_persistent_groups(const zeslm_device *dev, uint32_t group, uint32_t waves, uint64_t work_items)
{
    uint64_t want = (uint64_t)bench_fill_groups(dev, BENCH_ITEMS_PER_CU / group) * waves;
    uint64_t most = (work_items + group - 1) / group;
    uint64_t groups = want < most ? want : most;
    return groups ? (uint32_t)groups : 1;
}
