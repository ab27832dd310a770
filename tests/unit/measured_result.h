/* SPDX-License-Identifier: MIT */
/* A measured result for the document tests: reduce/`variant` at n=`n`, two launches of
 * `ns` and `ns` + 10, at `rate` GB/s. */
#ifndef ZESLM_TEST_MEASURED_RESULT_H
#define ZESLM_TEST_MEASURED_RESULT_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <zeslm/bench.h>

static inline void measured_result_add(zeslm_results *out, const char *variant, uint32_t n, uint64_t ns, double rate)
{
    out->items = realloc(out->items, (out->count + 1) * sizeof *out->items);
    zeslm_result *r = &out->items[out->count++];
    *r = (zeslm_result){.outcome = ZESLM_MEASURED, .group_size = 64, .groups = 8, .rate = rate, .rate_unit = "GB/s"};
    snprintf(r->workload, sizeof r->workload, "reduce");
    snprintf(r->variant, sizeof r->variant, "%s", variant);
    snprintf(r->params, sizeof r->params, "n=%u kind=uniform", n);
    snprintf(r->verify_note, sizeof r->verify_note, "all outputs");
    r->times_ns = malloc(2 * sizeof *r->times_ns);
    r->times_ns[0] = ns;
    r->times_ns[1] = ns + 10;
    r->stats = (zeslm_stats){.n = 2, .min_ns = ns, .median_ns = ns, .max_ns = ns + 10, .mean_ns = (double)ns + 5};
}

#endif
