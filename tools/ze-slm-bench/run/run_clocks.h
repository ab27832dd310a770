/* SPDX-License-Identifier: MIT */
/* Clocks beside the numbers: each device's clock (and its temperature, power and
 * throttle reasons where the driver gives them) sampled on a thread while each workload
 * runs, and the results that count clocks (cycles per access, bytes per clock)
 * recomputed at the measured clock. The library's clock source reads the device
 * (zeslm/clocks.h: NVML on NVIDIA GPUs, Level Zero Sysman on Intel's); a device with
 * no source is not sampled, and its cycles stay at the reported maximum clock, as
 * their names say. */
#ifndef RUN_CLOCKS_H
#define RUN_CLOCKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include <zeslm/bench.h>
#include <zeslm/device.h>

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
