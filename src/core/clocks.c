/* SPDX-License-Identifier: MIT */
/* Which clock source reads a device, and the calls every source answers the same way. */
#include <math.h>
#include <stdio.h>

#include "clock_source.h"
#include "error.h"

zeslm_status zeslm_clock_source_open(const zeslm_device_info *d, zeslm_clock_source **out)
{
    if (!d || !out)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "zeslm_clock_source_open: NULL argument");
    *out = NULL;
    return zeslm_clock_source_row_of(d)->open(d, out);
}

const char *zeslm_clock_source_name(const zeslm_clock_source *s)
{
    return s->name;
}

double zeslm_clock_source_max_mhz(const zeslm_clock_source *s)
{
    return s->max_mhz;
}

void zeslm_clock_source_memory(const zeslm_clock_source *s, double *max_mhz, uint32_t *bus_bits)
{
    *max_mhz = s->memory_max_mhz;
    *bus_bits = s->memory_bus_bits;
}

zeslm_status zeslm_clock_source_sample(zeslm_clock_source *s, zeslm_clock_sample *out)
{
    *out = (zeslm_clock_sample){NAN, NAN, NAN, 0};
    return s->sample(s, out);
}

void zeslm_clock_reasons(const zeslm_clock_source *s, uint64_t throttle, char *names, size_t len)
{
    if (!len)
        return;
    names[0] = '\0';
    for (size_t i = 0, used = 0; i < s->n_reasons && used < len; i++)
        if (throttle & s->reasons[i].bit)
            used += (size_t)snprintf(names + used, len - used, "%s%s", used ? "," : "", s->reasons[i].name);
}

void zeslm_clock_source_close(zeslm_clock_source *s)
{
    if (s)
        s->close(s);
}
