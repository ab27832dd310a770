/* SPDX-License-Identifier: MIT */
#include <jansson.h>

#include "cli/cli.h"
#include "io/json_write.h"
#include "model/run_doc.h"
#include "render/trace.h"

/* The device's earliest traced start: its trace's zero. False where it has none. */
static bool first_start(const run_doc_device *d, uint64_t *t0)
{
    bool any = false;
    for (size_t i = 0; i < d->results.count; i++) {
        const zeslm_result *r = &d->results.items[i];
        for (size_t k = 0; r->launch_ns && k < r->stats.n; k++)
            if (!any || r->launch_ns[2 * k] < *t0) {
                *t0 = r->launch_ns[2 * k];
                any = true;
            }
    }
    return any;
}

/* The events of one result's launches on process `pid`. */
static bool result_events(json_t *events, const zeslm_result *r, json_int_t pid, uint64_t t0)
{
    char name[64];
    snprintf(name, sizeof name, "%s/%s", r->workload, r->variant);
    for (size_t k = 0; r->launch_ns && k < r->stats.n; k++) {
        uint64_t start = r->launch_ns[2 * k], ns = r->launch_ns[2 * k + 1];
        json_t *args = json_pack("{s:s, s:s, s:s, s:I, s:I, s:I, s:I, s:I}", "workload", r->workload, "variant",
                                 r->variant, "parameters", r->params, "group_size", (json_int_t)r->group_size,
                                 "groups", (json_int_t)r->groups, "launch", (json_int_t)k, "device_start_ns",
                                 (json_int_t)start, "device_ns", (json_int_t)ns);
        /* Microseconds, as the format has them; the ns are exact in args. */
        json_t *e = args ? json_pack("{s:s, s:s, s:s, s:f, s:f, s:I, s:i, s:o}", "name", name, "cat", r->workload,
                                     "ph", "X", "ts", (double)(start - t0) / 1e3, "dur", (double)ns / 1e3, "pid",
                                     pid, "tid", 0, "args", args)
                         : NULL;
        if (!e || json_array_append_new(events, e) != 0)
            return false;
    }
    return true;
}

bool trace_write(FILE *f, const void *data)
{
    const run_doc *doc = data;
    json_t *events = json_array();
    bool ok = events != NULL;
    for (size_t k = 0; ok && k < doc->n_devices; k++) {
        const run_doc_device *d = &doc->devices[k];
        char label[320];
        snprintf(label, sizeof label, "device %u: %s", d->index, d->name);
        json_t *meta = json_pack("{s:s, s:s, s:I, s:i, s:{s:s}}", "name", "process_name", "ph", "M", "pid",
                                 (json_int_t)k, "tid", 0, "args", "name", label);
        ok = meta && json_array_append_new(events, meta) == 0;
        uint64_t t0 = 0;
        if (!ok || !first_start(d, &t0))
            continue;
        for (size_t i = 0; ok && i < d->results.count; i++)
            ok = result_events(events, &d->results.items[i], (json_int_t)k, t0);
    }
    json_t *trace = ok ? json_pack("{s:o, s:s}", "traceEvents", events, "displayTimeUnit", "ns") : NULL;
    if (!trace)
        json_decref(events);
    ok = trace && json_write_line(f, trace);
    json_decref(trace);
    if (!ok)
        cli_error("cannot write the trace: out of host memory, or the write failed");
    return ok;
}
