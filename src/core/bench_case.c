/* SPDX-License-Identifier: MIT */
/* The one loop every variant's measurement goes through, and the rule that a figure is
 * reported only once doubling the work of a launch no longer changes it. */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_internal.h"

static double wall_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* One measurement of c at its present work: poison, time, rate (not yet verified).
 * r's earlier times, if any, are dropped. */
static zeslm_status measure_once(const zeslm_run_opts *o, const bench_case *c, double work, zeslm_result *r)
{
    free(r->times_ns);
    r->times_ns = NULL;
    free(r->launch_ns);
    r->launch_ns = NULL;
    /* An interrupted measurement must not leave the last round's count beside no times. */
    r->stats = (zeslm_stats){0};
    r->wall_ns = 0;
    r->outcome = ZESLM_FAILED;
    zeslm_status st = ZESLM_OK;
    /* So that a variant that writes nothing cannot pass on an earlier one's output. */
    if (c->poison && (st = bench_poison(c->poison, c->scratch, c->poison_words)) != ZESLM_OK)
        return st;
    if ((st = bench_measure(o, c->rep ? c->rep : bench_launch_once, c->rep_ctx, r)) != ZESLM_OK ||
        r->outcome == ZESLM_NO_RESULTS)
        return st;
    double median = (double)r->stats.median_ns;
    /* A latency or a cost ("ns/access") is time per unit of work; the others are work
     * per time. */
    bool per_op = strncmp(c->v->rate_unit, "ns/", 3) == 0;
    r->rate = per_op ? median / work : work / median;
    r->rate_unit = c->v->rate_unit;
    r->work = work;
    return ZESLM_OK;
}

/* Device time of r's timed launches, in seconds. */
static double device_s(const zeslm_result *r)
{
    double s = 0;
    for (size_t i = 0; i < r->stats.n; i++)
        s += 1e-9 * (double)r->times_ns[i];
    return s;
}

/* The standard error of r's median as a share of it: 1.2533 sd / sqrt(n) for launches
 * spread about normally (the median's efficiency against the mean's). */
static double median_error(const zeslm_result *r)
{
    if (r->stats.n < 2 || r->stats.median_ns == 0)
        return 0;
    return 1.2533 * r->stats.stddev_ns / (double)r->stats.median_ns / sqrt((double)r->stats.n);
}

/* The output of the measurement that r reports, checked against the host: only then
 * is r measured. The doubling's earlier measurements only decide where it stops (their
 * outputs are gone: each grow resets them). */
/* The host check is a stage of its own: a signal during it (or the long launches
 * before it) ends the run here, with no result claimed. */
static zeslm_status verify_last(const zeslm_run_opts *o, const bench_case *c, zeslm_result *r)
{
    char how[sizeof r->verify_note];
    zeslm_status st = c->verify(c->verify_ctx, how, sizeof how);
    if (st == ZESLM_OK && zeslm_stop_requested())
        st = zeslm_fail(ZESLM_ERR_INTERRUPTED, "interrupted by a signal during the host check of %s/%s", c->workload,
                        c->v->name);
    if (st == ZESLM_OK) {
        bench_verified(r, "%s", how);
        if (o->verified)
            o->verified(r, o->verified_arg);
    }
    return st;
}

zeslm_status bench_case_run(const zeslm_run_opts *o, zeslm_results *out, const bench_case *c, zeslm_result **rec,
                            const char *params_fmt, ...)
{
    char params[sizeof out->items[0].params];
    va_list ap;
    va_start(ap, params_fmt);
    vsnprintf(params, sizeof params, params_fmt, ap);
    va_end(ap);
    zeslm_result *r = bench_add(out, c->workload, c->v->name, "%s", params);
    if (rec)
        *rec = r;
    if (!r)
        return zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
    r->group_size = c->group;
    r->groups = c->groups;
    r->work_unit = c->work_unit;
    double most = o->quick ? BENCH_CONVERGE_QUICK_S : BENCH_CONVERGE_S;
    double budget = o->converge_s > 0 ? o->converge_s : most;
    double tolerance = c->tolerance > 0 ? c->tolerance : BENCH_TOLERANCE;
    uint64_t units = c->units ? c->units : 1;
    double work = c->work, before = 0, before_error = 0, spent = 0;
    for (;;) {
        double t0 = wall_s();
        zeslm_status st = measure_once(o, c, work, r);
        if (st != ZESLM_OK || r->outcome == ZESLM_NO_RESULTS)
            return st;
        r->work_units = units;
        if (!c->grow)
            return verify_last(o, c, r);
        /* The budget counts wall time, or the device's where that is longer (a
         * device whose clock runs ahead of the host's queue). */
        double took = fmax(wall_s() - t0, device_s(r));
        spent += took;
        if (before == 0) {
            budget = fmax(budget, fmin(BENCH_CONVERGE_ROOM * took, most));
        } else {
            r->work_change = fabs(r->rate - before) / before;
            /* A change its launches' spread explains is no evidence that the figure
             * still moves: twice the standard error of the two medians' difference. */
            double noise = fmin(2 * hypot(before_error, median_error(r)), BENCH_NOISE_MAX);
            if (r->work_change < fmax(tolerance, noise)) {
                r->converged = ZESLM_CONVERGED;
                return verify_last(o, c, r);
            }
        }
        r->converged = ZESLM_UNCONVERGED;
        /* Twice the work takes about twice as long: stop where that no longer fits. */
        if (units > c->units_max / 2 || spent + 2 * took > budget ||
            2e-9 * (double)r->stats.max_ns > o->timeout_s / 2)
            return verify_last(o, c, r);
        before = r->rate;
        before_error = median_error(r);
        units *= 2;
        if ((st = c->grow(c->grow_ctx, units, &work)) != ZESLM_OK)
            return st;
    }
}

zeslm_status bench_verify_u32(void *expect, char *how, size_t len)
{
    const bench_expect *e = expect;
    zeslm_status st = zeslm_buffer_read(e->buf, e->got, e->n * 4);
    if (st == ZESLM_OK)
        st = bench_compare_u32(e->what, e->got, e->want, e->n);
    snprintf(how, len, "all %zu outputs", e->n);
    return st;
}
