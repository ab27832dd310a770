/* SPDX-License-Identifier: MIT */
/* The Level Zero query-pool flow of one metric group around launches (pti-gpu's
 * ze_metric_query sample does the same): the group activated on a context, one
 * performance query begun before a launch and ended after it on the same command
 * list, its raw data read and turned into the group's metric values. The backend
 * (backend_ze.c) calls it around the launches of a device that started metrics. */
#ifndef ZESLM_ZE_QUERY_H
#define ZESLM_ZE_QUERY_H

#include <level_zero/ze_api.h>

#include <zeslm/metrics.h>

typedef struct zeslm_ze_query zeslm_ze_query;

/* Finds `group` among the device's metric groups (one sampled by queries), reads its
 * metrics' names and units, activates it on ctx and makes one query and the event
 * that ends it. *q is the caller's, released with zeslm_ze_query_close. */
zeslm_status zeslm_ze_query_open(ze_context_handle_t ctx, ze_device_handle_t device, const char *group,
                                 zeslm_ze_query **q);
/* Appends the query's begin to `list`, after resetting it and its event (host side). */
zeslm_status zeslm_ze_query_begin(zeslm_ze_query *q, ze_command_list_handle_t list);
/* Appends the query's end, which signals its event. */
zeslm_status zeslm_ze_query_end(zeslm_ze_query *q, ze_command_list_handle_t list);
/* Once the list has completed: the raw data read and the values computed and kept. */
zeslm_status zeslm_ze_query_read(zeslm_ze_query *q);
/* A copy of the values zeslm_ze_query_read kept (*out malloc'd). */
zeslm_status zeslm_ze_query_values(const zeslm_ze_query *q, zeslm_metric_value **out, size_t *n);
/* Destroys what open made and deactivates the group; NULL does nothing. */
void zeslm_ze_query_close(zeslm_ze_query *q);

#endif
