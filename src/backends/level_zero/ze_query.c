/* SPDX-License-Identifier: MIT */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <level_zero/zet_api.h>

#include "error.h"
#include "ze_query.h"
#include "ze_result.h"

/* Bounds on what the driver says it has: Intel's devices offer tens of groups of up
 * to a few hundred metrics, and one query's raw report is kilobytes. A larger
 * answer is refused, not trusted with an allocation. */
#define MAX_GROUPS 4096u
#define MAX_METRICS 4096u
#define MAX_RAW_BYTES (64u << 20)

struct zeslm_ze_query {
    ze_context_handle_t ctx;
    ze_device_handle_t device;
    zet_metric_group_handle_t group;
    bool activated;
    zet_metric_query_pool_handle_t pool;
    zet_metric_query_handle_t query;
    ze_event_pool_handle_t event_pool;
    ze_event_handle_t event;
    char name[ZET_MAX_METRIC_GROUP_NAME];
    zeslm_metric_value *metrics; /* names and units from open; values from read */
    uint32_t n_metrics;
    bool measured;               /* read has filled the values */
};

/* The group called `name` among the device's, sampled by queries. */
static zeslm_status find_group(ze_device_handle_t device, const char *name, zet_metric_group_handle_t *out)
{
    zeslm_status st = ZESLM_OK;
    zet_metric_group_handle_t *groups = NULL;
    uint32_t n = 0;
    ZE_TRY(zetMetricGroupGet(device, &n, NULL));
    if (n > MAX_GROUPS) {
        st = zeslm_fail(ZESLM_ERR_BACKEND, "zetMetricGroupGet: the driver claims %u metric groups (at most %u "
                                           "believed)", n, MAX_GROUPS);
        goto out;
    }
    if (n && !(groups = calloc(n, sizeof *groups))) {
        st = zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
        goto out;
    }
    if (n)
        ZE_TRY(zetMetricGroupGet(device, &n, groups));
    bool time_based = false;
    for (uint32_t i = 0; i < n; i++) {
        zet_metric_group_properties_t p = {.stype = ZET_STRUCTURE_TYPE_METRIC_GROUP_PROPERTIES};
        ZE_TRY(zetMetricGroupGetProperties(groups[i], &p));
        p.name[sizeof p.name - 1] = '\0';
        if (strcmp(p.name, name) != 0)
            continue;
        if (p.samplingType & ZET_METRIC_GROUP_SAMPLING_TYPE_FLAG_EVENT_BASED) {
            *out = groups[i];
            goto out;
        }
        time_based = true;
    }
    st = zeslm_fail(ZESLM_ERR_UNSUPPORTED, time_based ? "metric group '%s' is sampled by time only, not by queries "
                                                        "around launches"
                                                      : "the device offers no metric group '%s'", name);
out:
    free(groups);
    return st;
}

/* The names, units and descriptions of the group's metrics, in the driver's order. */
static zeslm_status read_metrics(zeslm_ze_query *q)
{
    zeslm_status st = ZESLM_OK;
    zet_metric_handle_t *metrics = NULL;
    uint32_t n = 0;
    ZE_TRY(zetMetricGet(q->group, &n, NULL));
    if (n == 0 || n > MAX_METRICS) {
        st = zeslm_fail(ZESLM_ERR_BACKEND, "zetMetricGet: metric group '%s' has %u metrics (1 to %u believed)",
                        q->name, n, MAX_METRICS);
        goto out;
    }
    metrics = calloc(n, sizeof *metrics);
    q->metrics = calloc(n, sizeof *q->metrics);
    if (!metrics || !q->metrics) {
        st = zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
        goto out;
    }
    ZE_TRY(zetMetricGet(q->group, &n, metrics));
    for (uint32_t i = 0; i < n; i++) {
        zet_metric_properties_t p = {.stype = ZET_STRUCTURE_TYPE_METRIC_PROPERTIES};
        ZE_TRY(zetMetricGetProperties(metrics[i], &p));
        zeslm_metric_value *m = &q->metrics[i];
        snprintf(m->name, sizeof m->name, "%.*s", (int)strnlen(p.name, sizeof p.name), p.name);
        snprintf(m->unit, sizeof m->unit, "%.*s", (int)strnlen(p.resultUnits, sizeof p.resultUnits), p.resultUnits);
        snprintf(m->description, sizeof m->description, "%.*s", (int)strnlen(p.description, sizeof p.description),
                 p.description);
    }
    q->n_metrics = n;
out:
    free(metrics);
    return st;
}

zeslm_status zeslm_ze_query_open(ze_context_handle_t ctx, ze_device_handle_t device, const char *group,
                                 zeslm_ze_query **out)
{
    zeslm_status st = ZESLM_OK;
    zeslm_ze_query *q = calloc(1, sizeof *q);
    if (!q)
        return zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
    q->ctx = ctx;
    q->device = device;
    snprintf(q->name, sizeof q->name, "%s", group);
    if ((st = find_group(device, group, &q->group)) != ZESLM_OK || (st = read_metrics(q)) != ZESLM_OK)
        goto out;
    ZE_TRY(zetContextActivateMetricGroups(ctx, device, 1, &q->group));
    q->activated = true;
    zet_metric_query_pool_desc_t pd = {.stype = ZET_STRUCTURE_TYPE_METRIC_QUERY_POOL_DESC,
                                       .type = ZET_METRIC_QUERY_POOL_TYPE_PERFORMANCE,
                                       .count = 1};
    ZE_TRY(zetMetricQueryPoolCreate(ctx, device, q->group, &pd, &q->pool));
    ZE_TRY(zetMetricQueryCreate(q->pool, 0, &q->query));
    ze_event_pool_desc_t ed = {.stype = ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, .flags = ZE_EVENT_POOL_FLAG_HOST_VISIBLE,
                               .count = 1};
    ZE_TRY(zeEventPoolCreate(ctx, &ed, 1, &device, &q->event_pool));
    ze_event_desc_t e = {.stype = ZE_STRUCTURE_TYPE_EVENT_DESC, .index = 0, .signal = ZE_EVENT_SCOPE_FLAG_HOST,
                         .wait = ZE_EVENT_SCOPE_FLAG_HOST};
    ZE_TRY(zeEventCreate(q->event_pool, &e, &q->event));
    *out = q;
out:
    if (st != ZESLM_OK)
        zeslm_ze_query_close(q);
    return st;
}

zeslm_status zeslm_ze_query_begin(zeslm_ze_query *q, ze_command_list_handle_t list)
{
    zeslm_status st = ZESLM_OK;
    q->measured = false;
    ZE_TRY(zetMetricQueryReset(q->query));
    ZE_TRY(zeEventHostReset(q->event));
    ZE_TRY(zetCommandListAppendMetricQueryBegin(list, q->query));
out:
    return st;
}

zeslm_status zeslm_ze_query_end(zeslm_ze_query *q, ze_command_list_handle_t list)
{
    zeslm_status st = ZESLM_OK;
    ZE_TRY(zetCommandListAppendMetricQueryEnd(list, q->query, q->event, 0, NULL));
out:
    return st;
}

/* A typed value as a double; false for a type this build does not know. */
static bool typed_value(const zet_typed_value_t *v, double *out)
{
    switch (v->type) {
    case ZET_VALUE_TYPE_UINT32: *out = v->value.ui32; return true;
    case ZET_VALUE_TYPE_UINT64: *out = (double)v->value.ui64; return true;
    case ZET_VALUE_TYPE_FLOAT32: *out = v->value.fp32; return true;
    case ZET_VALUE_TYPE_FLOAT64: *out = v->value.fp64; return true;
    case ZET_VALUE_TYPE_BOOL8: *out = v->value.b8 ? 1 : 0; return true;
    default: return false;
    }
}

zeslm_status zeslm_ze_query_read(zeslm_ze_query *q)
{
    zeslm_status st = ZESLM_OK;
    uint8_t *raw = NULL;
    zet_typed_value_t *values = NULL;
    ze_result_t done = zeEventQueryStatus(q->event);
    if (done == ZE_RESULT_NOT_READY) {
        st = zeslm_fail(ZESLM_ERR_BACKEND, "metric group '%s': the query's end event is not signalled after the "
                                           "launch completed", q->name);
        goto out;
    }
    ZE_TRY(done);
    size_t size = 0;
    ZE_TRY(zetMetricQueryGetData(q->query, &size, NULL));
    if (size == 0 || size > MAX_RAW_BYTES) {
        st = zeslm_fail(ZESLM_ERR_BACKEND, "zetMetricQueryGetData: %zu bytes of raw data for metric group '%s' (1 "
                                           "to %u believed)", size, q->name, MAX_RAW_BYTES);
        goto out;
    }
    if (!(raw = malloc(size))) {
        st = zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
        goto out;
    }
    ZE_TRY(zetMetricQueryGetData(q->query, &size, raw));
    uint32_t count = 0;
    ZE_TRY(zetMetricGroupCalculateMetricValues(q->group, ZET_METRIC_GROUP_CALCULATION_TYPE_METRIC_VALUES, size, raw,
                                               &count, NULL));
    /* One query is one report: a value for each metric of the group. */
    if (count != q->n_metrics) {
        st = zeslm_fail(ZESLM_ERR_BACKEND, "zetMetricGroupCalculateMetricValues: %u values from one query of "
                                           "metric group '%s', which has %u metrics", count, q->name, q->n_metrics);
        goto out;
    }
    if (!(values = calloc(count, sizeof *values))) {
        st = zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
        goto out;
    }
    ZE_TRY(zetMetricGroupCalculateMetricValues(q->group, ZET_METRIC_GROUP_CALCULATION_TYPE_METRIC_VALUES, size, raw,
                                               &count, values));
    if (count != q->n_metrics) {
        st = zeslm_fail(ZESLM_ERR_BACKEND, "zetMetricGroupCalculateMetricValues: %u values on the second call, %u "
                                           "on the first", count, q->n_metrics);
        goto out;
    }
    for (uint32_t i = 0; i < count; i++)
        if (!typed_value(&values[i], &q->metrics[i].value)) {
            st = zeslm_fail(ZESLM_ERR_BACKEND, "metric %s: a value of unknown type %d", q->metrics[i].name,
                            (int)values[i].type);
            goto out;
        }
    q->measured = true;
out:
    free(values);
    free(raw);
    return st;
}

zeslm_status zeslm_ze_query_values(const zeslm_ze_query *q, zeslm_metric_value **out, size_t *n)
{
    *out = NULL;
    *n = 0;
    if (!q->measured)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "metric group '%s': no launch measured yet", q->name);
    if (!(*out = malloc(q->n_metrics * sizeof **out)))
        return zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
    memcpy(*out, q->metrics, q->n_metrics * sizeof **out);
    *n = q->n_metrics;
    return ZESLM_OK;
}

void zeslm_ze_query_close(zeslm_ze_query *q)
{
    if (!q)
        return;
    if (q->event)
        zeEventDestroy(q->event);
    if (q->event_pool)
        zeEventPoolDestroy(q->event_pool);
    if (q->query)
        zetMetricQueryDestroy(q->query);
    if (q->pool)
        zetMetricQueryPoolDestroy(q->pool);
    if (q->activated)
        zetContextActivateMetricGroups(q->ctx, q->device, 0, NULL);
    free(q->metrics);
    free(q);
}
