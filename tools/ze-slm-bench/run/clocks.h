/* Clocks beside the numbers: each device's clock (and its temperature, power and
 * throttle reasons where the driver gives them) sampled on a thread while each workload
 * runs, and the results that count clocks (cycles per access, bytes per clock)
 * recomputed at the measured clock. The source is NVML on NVIDIA GPUs, loaded at run
 * time (tools/ze-slm-bench/run/clocks_nvml.c), and Level Zero Sysman on Intel's (tools/ze-slm-bench/run/clocks_sysman.c); a
 * device with no source is not sampled, and its cycles
 * stay at the reported maximum clock, as their names say. */
#ifndef ZESLM_CLOCKS_H
#define ZESLM_CLOCKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include <zeslm/device.h>

#include <zeslm/bench.h>

/* One reading; NAN where the source does not say. */
typedef struct clock_sample {
    double mhz;          /* the shader / compute clock */
    double temp_c;
    double power_w;
    uint64_t throttle;   /* the source's reason bits; 0 none */
} clock_sample;

/* One of a source's throttle-reason bits and its name. */
typedef struct clock_reason {
    uint64_t bit;
    const char *name;
} clock_reason;

/* A source of readings for one device (NVML, Level Zero Sysman). */
typedef struct clock_source {
    const char *name;
    void *handle;
    double max_mhz; /* the source's maximum clock; 0 unknown */
    /* Its device memory's maximum clock and bus width (NVML), for the paper peak of memory
     * bandwidth (expect/expected.c); 0 unknown. */
    double memory_max_mhz;
    uint32_t memory_bus_bits;
    bool (*sample)(void *handle, clock_sample *out);
    const clock_reason *reasons; /* the names of clock_sample.throttle's bits */
    size_t n_reasons;
    void (*close)(void *handle);
} clock_source;

/* NVML's source for device d: false with the reason in why when there is none (no
 * NVML, or no NVML device with d's PCI address or UUID). The library is
 * ZESLM_NVML_LIBRARY when set, else libnvidia-ml.so.1. */
bool clocks_nvml_open(const zeslm_device_info *d, clock_source *out, char *why, size_t why_len);
/* Level Zero Sysman's source for device d (an Intel GPU, through either backend, found
 * by UUID): false with the reason in why when there is none (Sysman off, which
 * ZES_ENABLE_SYSMAN=1 before the driver starts turns on; a driver without it; no such
 * device; no GPU frequency domain). */
bool clocks_sysman_open(const zeslm_device_info *d, clock_source *out, char *why, size_t why_len);

typedef struct clocks clocks;

/* The sampler of device d, or NULL (with the reason in why) when no source knows it. */
clocks *clocks_open(const zeslm_device_info *d, char *why, size_t why_len);
/* Samples every 10 ms on a thread of its own until clocks_stop. NULL: nothing. */
bool clocks_start(clocks *c);
/* Stops sampling and keeps the readings of `workload`; recomputes the clock-counting
 * results of all->items[first..] (computed at `reported_mhz`, the device's reported
 * maximum) at the median clock sampled. NULL: nothing. */
void clocks_stop(clocks *c, const char *workload, zeslm_results *all, size_t first, uint32_t reported_mhz);
/* {source, max_mhz, memory_max_mhz, memory_bus_bits, workloads: {NAME: {samples, mhz_min, mhz_median, mhz_max, temp_c_max,
 * power_w_mean, throttle_reasons}}}; null for NULL. */
json_t *clocks_json(const clocks *c);
/* The source's name ("NVML"). */
const char *clocks_source(const clocks *c);
void clocks_close(clocks *c);

#endif
