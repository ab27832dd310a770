/* SPDX-License-Identifier: MIT */
/* The clock-source registry: one row per source, the first that knows a device reads
 * it. Nothing else in the library names a clock source; clocks.c asks this table, as
 * device.c asks the backend registry (backends.c). */
#include "clock_source.h"
#include "error.h"

static const zeslm_clock_source_row sources[] = {
    /* Intel's GPUs (PCI vendor 0x8086) through Level Zero Sysman. */
    {0x8086, true, zeslm_clocks_sysman_open},
    /* Every other device through NVML, which knows only NVIDIA's (or its test double)
     * and says so for the rest. */
    {0, false, zeslm_clocks_nvml_open},
};

const zeslm_clock_source_row *zeslm_clock_source_row_of(const zeslm_device_info *d)
{
    size_t n = sizeof sources / sizeof sources[0];
    for (size_t i = 0; i + 1 < n; i++)
        if ((!sources[i].vendor_id || sources[i].vendor_id == d->vendor_id) && (!sources[i].gpu_only || d->is_gpu))
            return &sources[i];
    return &sources[n - 1];
}

#ifndef ZESLM_WITH_LEVEL_ZERO
zeslm_status zeslm_clocks_sysman_open(const zeslm_device_info *d, zeslm_clock_source **out)
{
    (void)d;
    (void)out;
    return zeslm_fail(ZESLM_ERR_NO_DEVICE, "Level Zero Sysman needs the Level Zero backend, which this build lacks");
}
#endif
