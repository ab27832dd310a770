/* Level Zero hardware counters (zet metric groups) for `profile --metrics`, asked for
 * without ever putting the tool at risk: the metrics library is checked first, and
 * the driver is asked with ZET_ENABLE_METRICS=1 in a child process (the 22.43 driver
 * segfaults there on pvc without a GPU), never in the caller's own. Present when
 * the library is built with the Level Zero backend (zeslm_backend_find("ze")). */
#ifndef ZESLM_METRICS_H
#define ZESLM_METRICS_H

#include <stddef.h>
#include <stdint.h>

#include <zeslm/status.h>

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

#endif
