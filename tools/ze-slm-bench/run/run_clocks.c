/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <zeslm/clocks.h>
#include <zeslm/grow.h>
#include <zeslm/status.h>

#include "run/run_clocks.h"
#include "model/peers.h"
#include "run/ticker.h"

/* A reading every 10 ms: NVML's clock query takes tens of microseconds, so sampling
 * costs the device nothing, and a workload of a few milliseconds still gets two. */
#define PERIOD_S 0.01

struct clocks {
    zeslm_clock_source *src;
    ticker sampler;
    pthread_mutex_t lock;
    zeslm_clock_sample *samples; /* of the workload now running; under lock */
    size_t n, cap;
    json_t *workloads;
};

/* The results whose extra number counts clocks, by the name the workload gives it at
 * the reported maximum clock: the name at the measured clock, and the power of the
 * clock in it (cycles grow with the clock, bytes per clock shrink). */
static const struct {
    const char *reported, *measured;
    int power;
} per_clock[] = {
    {"cycles per access at the reported maximum clock", "cycles per access at the measured clock", 1},
    {"SLM bytes per clock per compute unit (at the reported maximum clock)",
     "SLM bytes per clock per compute unit (at the measured clock)", -1},
};

static void take(void *arg)
{
    clocks *c = arg;
    zeslm_clock_sample s;
    if (zeslm_clock_source_sample(c->src, &s) != ZESLM_OK)
        return; /* a reading missed: the next one may come */
    pthread_mutex_lock(&c->lock);
    /* Out of memory: the reading is missed, as a failed one is. */
    (void)ZESLM_GROW(c->samples, c->n + 1, c->cap);
    if (c->n < c->cap)
        c->samples[c->n++] = s;
    pthread_mutex_unlock(&c->lock);
}

clocks *clocks_open(const zeslm_device_info *d, char *why, size_t why_len)
{
    clocks *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(why, why_len, "out of host memory");
        return NULL;
    }
    if (zeslm_clock_source_open(d, &c->src) != ZESLM_OK) {
        snprintf(why, why_len, "%s", zeslm_last_error());
        free(c);
        return NULL;
    }
    c->workloads = json_object();
    if (pthread_mutex_init(&c->lock, NULL) != 0) {
        zeslm_clock_source_close(c->src);
        json_decref(c->workloads);
        free(c);
        snprintf(why, why_len, "cannot create a mutex");
        return NULL;
    }
    return c;
}

bool clocks_start(clocks *c)
{
    if (!c)
        return true;
    c->n = 0;
    /* The first reading here, as the workload starts: with the last one as it ends,
     * every workload has two however late the thread is scheduled. */
    take(c);
    return ticker_start(&c->sampler, PERIOD_S, take, c);
}

/* The workload's readings as JSON; *median the median clock (0 when none). */
static json_t *summary(const clocks *c, double *median)
{
    json_t *o = json_object();
    double *mhz = malloc((c->n ? c->n : 1) * sizeof *mhz);
    size_t n = 0, n_power = 0;
    double temp_max = NAN, power_sum = 0;
    uint64_t reasons = 0;
    for (size_t i = 0; i < c->n; i++) {
        const zeslm_clock_sample *s = &c->samples[i];
        if (mhz && isfinite(s->mhz) && s->mhz > 0)
            mhz[n++] = s->mhz;
        if (isfinite(s->temp_c) && !(s->temp_c <= temp_max))
            temp_max = s->temp_c;
        if (isfinite(s->power_w)) {
            power_sum += s->power_w;
            n_power++;
        }
        reasons |= s->throttle;
    }
    *median = 0;
    json_object_set_new(o, "samples", json_integer((json_int_t)c->n));
    if (n)
        *median = peers_median(mhz, n); /* sorts mhz */
    json_object_set_new(o, "mhz_min", n ? json_real(mhz[0]) : json_null());
    json_object_set_new(o, "mhz_median", n ? json_real(*median) : json_null());
    json_object_set_new(o, "mhz_max", n ? json_real(mhz[n - 1]) : json_null());
    json_object_set_new(o, "temp_c_max", isfinite(temp_max) ? json_real(temp_max) : json_null());
    json_object_set_new(o, "power_w_mean", n_power ? json_real(power_sum / (double)n_power) : json_null());
    char names[256];
    zeslm_clock_reasons(c->src, reasons, names, sizeof names);
    json_object_set_new(o, "throttle_reasons", json_string(names));
    free(mhz);
    return o;
}

/* The clock-counting results of all->items[first..] at `mhz` instead of the device's
 * reported maximum clock. */
static void at_measured(zeslm_results *all, size_t first, double mhz, double reported)
{
    for (size_t i = first; i < all->count; i++) {
        zeslm_result *r = &all->items[i];
        for (size_t k = 0; r->ratio && r->ratio_name && k < sizeof per_clock / sizeof per_clock[0]; k++) {
            if (strcmp(r->ratio_name, per_clock[k].reported) != 0)
                continue;
            r->ratio *= pow(mhz / reported, per_clock[k].power);
            r->ratio_name = per_clock[k].measured;
            break;
        }
    }
}

void clocks_stop(clocks *c, const char *workload, zeslm_results *all, size_t first, uint32_t reported_mhz)
{
    if (!c || !c->sampler.running)
        return;
    ticker_stop(&c->sampler);
    take(c); /* the last reading, as the workload ends */
    double median;
    json_object_set_new(c->workloads, workload, summary(c, &median));
    if (median > 0 && reported_mhz)
        at_measured(all, first, median, reported_mhz);
}

json_t *clocks_json(const clocks *c)
{
    if (!c)
        return json_null();
    json_t *o = json_object();
    json_object_set_new(o, "source", json_string(zeslm_clock_source_name(c->src)));
    double max = zeslm_clock_source_max_mhz(c->src), memory_mhz = 0;
    uint32_t bus_bits = 0;
    zeslm_clock_source_memory(c->src, &memory_mhz, &bus_bits);
    json_object_set_new(o, "max_mhz", max > 0 ? json_real(max) : json_null());
    json_object_set_new(o, "memory_max_mhz", memory_mhz > 0 ? json_real(memory_mhz) : json_null());
    json_object_set_new(o, "memory_bus_bits", bus_bits ? json_integer(bus_bits) : json_null());
    json_object_set_new(o, "workloads", json_deep_copy(c->workloads));
    return o;
}

const char *clocks_source(const clocks *c)
{
    return zeslm_clock_source_name(c->src);
}

void clocks_close(clocks *c)
{
    if (!c)
        return;
    ticker_stop(&c->sampler);
    zeslm_clock_source_close(c->src);
    pthread_mutex_destroy(&c->lock);
    free(c->samples);
    json_decref(c->workloads);
    free(c);
}
