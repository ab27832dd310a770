/* SPDX-License-Identifier: MIT */
/* Default sizes a device keeps: every workload's full-run size (chosen for a discrete
 * GPU) scaled by a factor that follows from the device's identity and properties
 * alone, so that the same device and driver get the same sizes on every run and on
 * every node of a cluster. A timed probe of memory speed chose them before; on a busy
 * CPU it read 4.10 then 3.74 GB/s minutes apart and halved hist's n, and
 * any rule over a timed figure has a boundary that a 10% wobble crosses. */
#include <stdio.h>

#include "backend.h"
#include "bench_internal.h"

double zeslm_size_rule(const zeslm_device_info *info, char *rule, size_t len)
{
    if (info->is_gpu) {
        snprintf(rule, len, "a GPU: the full sizes");
        return 1;
    }
    /* Unknown is one compute unit: the smaller sizes, which finish. */
    uint32_t units = info->compute_units ? info->compute_units : 1;
    double want = (double)units * ZESLM_SIZING_UNIT_BPS / ZESLM_SIZING_REFERENCE_BPS, scale = 1;
    /* A power of two: sizes that are powers of two stay so, and the factor is coarse. */
    while (scale > want && scale > 1.0 / (1u << 30))
        scale /= 2;
    if (scale >= 1)
        snprintf(rule, len, "not a GPU, %u compute units: the full sizes", units);
    else
        snprintf(rule, len, "not a GPU, %u compute unit%s: 1/%.0f of a GPU's sizes (%.0f GB/s a compute unit "
                 "against a GPU's %.0f GB/s)", units, units == 1 ? "" : "s", 1 / scale,
                 ZESLM_SIZING_UNIT_BPS * 1e-9, ZESLM_SIZING_REFERENCE_BPS * 1e-9);
    return scale;
}

double zeslm_default_size_scale(const zeslm_device *dev, char *rule, size_t len)
{
    if (!dev->sized) {
        snprintf(rule, len, "%s", "");
        return 1;
    }
    return zeslm_size_rule(&dev->info, rule, len);
}

uint64_t bench_fit_size(double scale, uint64_t quick, uint64_t full)
{
    if (scale >= 1 || full <= quick)
        return full;
    uint64_t want = (uint64_t)((double)full * scale);
    /* A full size of a power of two stays one (the kernels' strides and trees like it). */
    if ((full & (full - 1)) == 0)
        for (uint64_t p = full; p > 1; p /= 2)
            if (p <= want) {
                want = p;
                break;
            }
    return want > quick ? want : quick;
}

zeslm_status bench_default_size(zeslm_device *dev, const zeslm_run_opts *o, uint64_t given, uint64_t quick,
                                uint64_t full, uint64_t *out)
{
    if (given || o->quick) {
        *out = given ? given : quick;
        return ZESLM_OK;
    }
    char rule[256];
    dev->sized = true;
    *out = bench_fit_size(zeslm_size_rule(&dev->info, rule, sizeof rule), quick, full);
    return ZESLM_OK;
}
