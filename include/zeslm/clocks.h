/* SPDX-License-Identifier: MIT */
/* A device's clock, temperature, power and throttle reasons, read while it works. The
 * source is NVML on NVIDIA GPUs, loaded at run time (src/backends/nvml/), and Level
 * Zero Sysman on Intel's (src/backends/level_zero/); a device with neither has no
 * source. A source is opened for a device of zeslm_device_list, by its PCI address
 * or UUID, and needs no zeslm_device open: it reads the driver's own counters. */
#ifndef ZESLM_CLOCKS_H
#define ZESLM_CLOCKS_H

#include <stddef.h>
#include <stdint.h>

#include <zeslm/device.h>
#include <zeslm/status.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One reading; NAN where the source does not say. */
typedef struct zeslm_clock_sample {
    double mhz;        /* the shader / compute clock, MHz */
    double temp_c;     /* the GPU's temperature, degrees Celsius */
    double power_w;    /* the board's power, watts (Sysman: since the last reading) */
    uint64_t throttle; /* the source's reason bits (zeslm_clock_reasons names them); 0 none */
} zeslm_clock_sample;

typedef struct zeslm_clock_source zeslm_clock_source;

/* The source of device d: NVML for every device but Intel's GPUs, Level Zero Sysman
 * for those. NVML is ZESLM_NVML_LIBRARY when set, else libnvidia-ml.so.1. Sysman reads
 * only when ZES_ENABLE_SYSMAN=1 was set before the Level Zero driver started (the
 * loader here has no zesInit). No source is ZESLM_ERR_NO_DEVICE with the reason, one
 * sentence, in zeslm_last_error() (no NVML, no device with d's address or UUID,
 * Sysman off). Close with zeslm_clock_source_close. */
zeslm_status zeslm_clock_source_open(const zeslm_device_info *d, zeslm_clock_source **out);
/* "NVML" or "Level Zero Sysman". */
const char *zeslm_clock_source_name(const zeslm_clock_source *s);
/* The source's maximum clock in MHz; 0 when it does not say. */
double zeslm_clock_source_max_mhz(const zeslm_clock_source *s);
/* Its device memory's maximum clock in MHz and bus width in bits (NVML), from which
 * memory bandwidth's paper peak follows; each 0 when the source does not say. */
void zeslm_clock_source_memory(const zeslm_clock_source *s, double *max_mhz, uint32_t *bus_bits);
/* One reading into *out (fields the source does not give are NAN). ZESLM_ERR_BACKEND
 * when the source gives no clock now. Safe on a thread of its own, one caller at a time. */
zeslm_status zeslm_clock_source_sample(zeslm_clock_source *s, zeslm_clock_sample *out);
/* The names of the reason bits in `throttle`, comma-separated ("sw_power_cap,
 * hw_slowdown"), into names (len bytes, truncated to fit, NUL-terminated); "" for 0. */
void zeslm_clock_reasons(const zeslm_clock_source *s, uint64_t throttle, char *names, size_t len);
/* NULL: nothing. */
void zeslm_clock_source_close(zeslm_clock_source *s);

#ifdef __cplusplus
}
#endif

#endif
