/* SPDX-License-Identifier: MIT */
/* The measuring method of ze-slm-bench, for a kernel of your own: untimed warm-up
 * launches, then timed ones, every launch's device time and their statistics, with
 * the output optionally poisoned before the first launch and checked after the last.
 * The tool's workloads time their launches through this same call. */
#ifndef ZESLM_MEASURE_H
#define ZESLM_MEASURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <zeslm/device.h>
#include <zeslm/status.h>
#include <zeslm/timing.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The most timed launches min_time_s may add up to when max_reps is 0, so that a
 * kernel of a few microseconds cannot fill memory with times. */
#define ZESLM_MEASURE_MAX_REPS 1000000

/* How to measure; all zeros but `reps` is a plain measurement. */
typedef struct zeslm_measure_opts {
    uint32_t warmup;        /* untimed launches before the timed ones */
    uint32_t reps;          /* timed launches, at least 1 */
    /* Seconds of device time the timed launches must add up to: more launches follow
     * `reps` until they do, up to max_reps (0: ZESLM_MEASURE_MAX_REPS). 0: reps only. */
    double min_time_s;
    uint32_t max_reps;
    /* Overwritten before the first launch with a pattern no kernel writes by accident
     * (32-bit words 0xA5A5A5A5 ^ index), so that a kernel that writes nothing cannot
     * pass on what the buffer held; poison_bytes of it from the start (0: all of it;
     * more than it holds: ZESLM_ERR_INVALID_ARG). NULL: nothing poisoned. */
    zeslm_buffer *poison;
    size_t poison_bytes;
    /* Reads the output back and checks it against the host's after the timed
     * launches, before any time is returned: ZESLM_OK with how it was checked written
     * into `how` (len bytes), or ZESLM_ERR_VERIFY (message through the caller's own
     * means, returned as is). NULL: no check. */
    zeslm_status (*verify)(void *arg, char *how, size_t len);
    void *verify_arg;
    /* One repetition other than one launch of the kernel (several passes, arguments
     * set between them): it launches, and returns the device time of what it
     * launched in *ns. NULL: one zeslm_kernel_launch_nd of the kernel and launch. */
    zeslm_status (*repetition)(void *arg, uint64_t *ns);
    void *repetition_arg;
    /* Asked before every launch: true stops the measurement with
     * ZESLM_ERR_INTERRUPTED (a signal handler's flag, a deadline). NULL: never. */
    bool (*stop)(void *arg);
    void *stop_arg;
} zeslm_measure_opts;

typedef struct zeslm_measurement {
    uint64_t *times_ns;     /* every timed launch's device time, ascending; n of them */
    size_t n;
    zeslm_stats stats;      /* of times_ns */
    char verified[160];     /* how verify checked the output; "" without verify */
} zeslm_measurement;

/* Measures `kernel` launched as `launch` (both unused when opts->repetition is set)
 * with `opts`: opts->warmup untimed launches, then opts->reps timed ones (and more
 * for min_time_s), then opts->verify. *out is filled on ZESLM_OK and must then be
 * released with zeslm_measurement_free; on any failure it holds nothing to free.
 * A device that wrote no timestamp (a driver with no GPU behind it: nothing executed)
 * is ZESLM_ERR_NO_TIMING after the first launch, without verification. */
zeslm_status zeslm_measure(zeslm_kernel *kernel, const zeslm_launch *launch, const zeslm_measure_opts *opts,
                           zeslm_measurement *out);
void zeslm_measurement_free(zeslm_measurement *m);

#ifdef __cplusplus
}
#endif

#endif
