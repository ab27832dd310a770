/* SPDX-License-Identifier: MIT */
/* zeslm_measure: the one launch-repetition loop, the tool's and the library's users'. */
#include <stdlib.h>
#include <string.h>

#include <zeslm/grow.h>
#include <zeslm/measure.h>

#include "backend.h"
#include "error.h"
#include "measure_internal.h"

void zeslm_poison_pattern(uint32_t *words, size_t n)
{
    for (size_t i = 0; i < n; i++)
        words[i] = 0xA5A5A5A5u ^ (uint32_t)i;
}

static zeslm_status poison(zeslm_buffer *buf, size_t bytes)
{
    if (bytes > buf->bytes)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "zeslm_measure: poison of %zu bytes in a %zu-byte buffer", bytes,
                          buf->bytes);
    if (bytes == 0)
        bytes = buf->bytes;
    /* Whole words and the tail of a partial one, from one host copy. */
    uint32_t *host = malloc((bytes + 3) / 4 * 4);
    if (!host)
        return zeslm_fail(ZESLM_ERR_NOMEM, "zeslm_measure: out of host memory poisoning %zu bytes", bytes);
    zeslm_poison_pattern(host, (bytes + 3) / 4);
    zeslm_status st = zeslm_buffer_write(buf, host, bytes);
    free(host);
    return st;
}

struct one_launch {
    zeslm_kernel *k;
    const zeslm_launch *l;
};

static zeslm_status launch_once(void *arg, uint64_t *ns)
{
    const struct one_launch *o = arg;
    return zeslm_kernel_launch_nd(o->k, o->l, ns);
}

static zeslm_status repeat(const zeslm_measure_opts *o, zeslm_status (*rep)(void *, uint64_t *), void *arg,
                           uint64_t *ns)
{
    if (o->stop && o->stop(o->stop_arg))
        return zeslm_fail(ZESLM_ERR_INTERRUPTED, "interrupted by a signal");
    return rep(arg, ns);
}

zeslm_status zeslm_measure(zeslm_kernel *kernel, const zeslm_launch *launch, const zeslm_measure_opts *o,
                           zeslm_measurement *out)
{
    memset(out, 0, sizeof *out);
    if (o->reps == 0 || o->min_time_s < 0)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "zeslm_measure: %u timed launches and a minimum time of %g s "
                          "(at least one launch, a time of 0 or more)", o->reps, o->min_time_s);
    if (!o->repetition && (!kernel || !launch))
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "zeslm_measure: no kernel or launch, and no repetition of the caller's");
    struct one_launch one = {kernel, launch};
    zeslm_status (*rep)(void *, uint64_t *) = o->repetition ? o->repetition : launch_once;
    void *arg = o->repetition ? o->repetition_arg : &one;
    size_t most = o->max_reps ? o->max_reps : ZESLM_MEASURE_MAX_REPS;
    if (most < o->reps)
        most = o->reps;
    zeslm_status st = ZESLM_OK;
    if (o->poison && (st = poison(o->poison, o->poison_bytes)) != ZESLM_OK)
        return st;
    uint64_t ns = 0;
    for (uint32_t i = 0; i < o->warmup; i++)
        if ((st = repeat(o, rep, arg, &ns)) != ZESLM_OK)
            return st;
    size_t cap = o->reps, n = 0;
    uint64_t *times = malloc(cap * sizeof *times);
    if (!times)
        return zeslm_fail(ZESLM_ERR_NOMEM, "zeslm_measure: out of host memory");
    double total_s = 0;
    while (n < o->reps || (total_s < o->min_time_s && n < most)) {
        if (!ZESLM_GROW(times, n + 1, cap)) {
            st = zeslm_fail(ZESLM_ERR_NOMEM, "zeslm_measure: out of host memory");
            goto out;
        }
        if ((st = repeat(o, rep, arg, &times[n])) != ZESLM_OK)
            goto out;
        total_s += (double)times[n++] * 1e-9;
    }
    if (o->verify && (st = o->verify(o->verify_arg, out->verified, sizeof out->verified)) != ZESLM_OK)
        goto out;
    zeslm_stats_compute(times, n, &out->stats);
    out->times_ns = times;
    out->n = n;
    times = NULL;
out:
    free(times);
    return st;
}

void zeslm_measurement_free(zeslm_measurement *m)
{
    free(m->times_ns);
    memset(m, 0, sizeof *m);
}
