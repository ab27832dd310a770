/* SPDX-License-Identifier: MIT */
/* Level Zero hardware counters (zet metric groups) for `profile --metrics`, asked for
 * without ever putting the tool at risk: the metrics library is checked first, and
 * the driver is asked with ZET_ENABLE_METRICS=1 in a child process (the 22.43 driver
 * segfaults there on pvc without a GPU), before the caller's own process enables
 * metrics (zeslm_metrics_enable) to collect them around its launches (the query-pool
 * flow: zeslm_metrics_start). Present when the library is built with the Level Zero
 * backend (zeslm_backend_find("ze")). */
#ifndef ZESLM_METRICS_H
#define ZESLM_METRICS_H

#include <stddef.h>
#include <stdint.h>

#include <zeslm/device.h>
#include <zeslm/status.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct zeslm_metric_group {
    uint32_t device;         /* the Level Zero device's index, drivers in order */
    char device_name[128];
    char name[128];          /* the group's name: "ComputeBasic" */
    char description[256];
    uint32_t metric_count;
    /* zet_metric_group_sampling_type_flags_t: 1 event based (queries), 2 time based */
    uint32_t sampling;
} zeslm_metric_group;

/* The metric groups every Level Zero device offers. When there can be none, the
 * reason in one line in zeslm_last_error() and ZESLM_ERR_UNSUPPORTED: the metrics
 * library (libigdmd.so.1) cannot be loaded, dev.i915.perf_stream_paranoid forbids
 * it, zeInit with metrics fails (its status named), the driver dies of a signal, or
 * it offers no group. *out is malloc'd (free()). */
zeslm_status zeslm_metric_groups(zeslm_metric_group **out, size_t *n);

/* One metric of a group as the driver computed it from one query's raw data
 * (zetMetricGroupCalculateMetricValues, metric values). */
typedef struct zeslm_metric_value {
    char name[128];          /* "GpuTime" (zet_metric_properties_t.name) */
    char unit[64];           /* the driver's unit ("ns", "events"); "" when it gives none */
    char description[256];
    double value;            /* the driver's typed value as a double (integers up to 2^53 exact) */
} zeslm_metric_value;

/* Sets ZET_ENABLE_METRICS=1 in this process, which Intel's driver reads once, when
 * Level Zero is initialised: call it before the first device list or open, and only
 * after zeslm_metric_groups succeeded (it proves the driver survives it). Ordinary
 * runs never call it. */
zeslm_status zeslm_metrics_enable(void);

/* From now on every launch on dev is wrapped in a query of metric group `group`
 * (its name): the group activated on the device's context, a query pool of one
 * performance query, and after each launch the query's raw data read and its values
 * computed. ZESLM_ERR_UNSUPPORTED when dev is not a Level Zero device, the device has
 * no such group, or it cannot be sampled by queries; one group at a time
 * (ZESLM_ERR_INVALID_ARG while another is started). */
zeslm_status zeslm_metrics_start(zeslm_device *dev, const char *group);

/* The values of dev's latest launch since zeslm_metrics_start, one per metric of the
 * group, in the driver's order. *out is malloc'd (free()); ZESLM_ERR_INVALID_ARG when
 * no launch has been measured since. */
zeslm_status zeslm_metrics_latest(zeslm_device *dev, zeslm_metric_value **out, size_t *n);

/* Ends what zeslm_metrics_start began (the group deactivated); nothing when none. */
void zeslm_metrics_stop(zeslm_device *dev);

#ifdef __cplusplus
}
#endif

#endif
