/* The one loop every variant's measurement goes through. */
#include <stdarg.h>
#include <string.h>

#include "bench_internal.h"

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
    zeslm_status st = ZESLM_OK;
    /* So that a variant that writes nothing cannot pass on an earlier one's output. */
    if (c->poison && (st = bench_poison(c->poison, c->scratch, c->poison_words)) != ZESLM_OK)
        return st;
    if ((st = bench_measure(o, c->rep ? c->rep : bench_launch_once, c->rep_ctx, r)) != ZESLM_OK ||
        r->outcome == ZESLM_NO_RESULTS)
        return st;
    /* The host check is a stage of its own: a signal during it (or the long
     * launches before it) ends the run here, with no result claimed. */
    char how[sizeof r->verify_note];
    if ((st = c->verify(c->verify_ctx, how, sizeof how)) != ZESLM_OK)
        return st;
    if (zeslm_stop_requested())
        return zeslm_fail(ZESLM_ERR_INTERRUPTED, "interrupted by a signal during the host check of %s/%s",
                          c->workload, c->v->name);
    bench_verified(r, "%s", how);
    double median = (double)r->stats.median_ns;
    /* A latency or a cost ("ns/access") is time per unit of work; the others are work
     * per time. */
    bool per_op = strncmp(c->v->rate_unit, "ns/", 3) == 0;
    r->rate = per_op ? median / c->work : c->work / median;
    r->rate_unit = c->v->rate_unit;
    return ZESLM_OK;
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
