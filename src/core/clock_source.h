/* SPDX-License-Identifier: MIT */
/* The contract between src/core/clocks.c and a clock source (NVML, Level Zero Sysman):
 * each source allocates a struct that starts with struct zeslm_clock_source and fills it. */
#ifndef ZESLM_CLOCK_SOURCE_H
#define ZESLM_CLOCK_SOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <zeslm/clocks.h>

/* One of a source's throttle-reason bits and its name. */
typedef struct zeslm_clock_reason {
    uint64_t bit;
    const char *name;
} zeslm_clock_reason;

struct zeslm_clock_source {
    const char *name;
    double max_mhz; /* 0: unknown */
    /* Its device memory's maximum clock and bus width (NVML), for the paper peak of
     * memory bandwidth; 0 unknown. */
    double memory_max_mhz;
    uint32_t memory_bus_bits;
    /* One reading; out comes filled with NAN and 0 throttle, the source sets what it knows. */
    zeslm_status (*sample)(zeslm_clock_source *s, zeslm_clock_sample *out);
    const zeslm_clock_reason *reasons; /* the names of zeslm_clock_sample.throttle's bits */
    size_t n_reasons;
    /* Releases what open took, the struct included. */
    void (*close)(zeslm_clock_source *s);
};

/* A row of the clock-source registry (clock_sources.c). */
typedef struct zeslm_clock_source_row {
    uint32_t vendor_id; /* the PCI vendor of the devices it reads; 0: any */
    bool gpu_only;      /* GPUs alone */
    zeslm_status (*open)(const zeslm_device_info *d, zeslm_clock_source **out);
} zeslm_clock_source_row;

/* The row that reads d: the first that knows it, else the last (which takes any). */
const zeslm_clock_source_row *zeslm_clock_source_row_of(const zeslm_device_info *d);

/* Each source's opener: ZESLM_ERR_NO_DEVICE with the reason through zeslm_fail when it
 * does not know d. */
zeslm_status zeslm_clocks_nvml_open(const zeslm_device_info *d, zeslm_clock_source **out);
zeslm_status zeslm_clocks_sysman_open(const zeslm_device_info *d, zeslm_clock_source **out);

#endif
