/* SPDX-License-Identifier: MIT */
/* The records of a run document, each one table of schema rows (json/schema.h), read
 * and written by the same rows: the run and its head, a device, a result, an error,
 * a rank, clocks, findings and summaries; docs/results-schema.md says what each field
 * means. */
#ifndef ZESLM_RECORDS_H
#define ZESLM_RECORDS_H

#include <zeslm/bench.h>
#include <zeslm/metrics.h>

#include "json/schema.h"
#include "model/run_doc.h"

/* struct run_doc (model/run_doc.h) less its devices, which run_doc_parse reads one by
 * one with records_device (a schema-1 file is one device at its root). */
extern const schema_record records_run;
/* struct run_doc_device, its results included (read into its zeslm_results). */
extern const schema_record records_device;
/* struct zeslm_result. */
extern const schema_record records_result;
/* JSON-backed: the run's head (tool, version, commit, command, date, host,
 * merged_from), a rank (rank.h's rank_json), a device's clocks (clocks.h's
 * clocks_json), an error of the run (a device that did not open, a rank lost) and
 * an error of a device's workload. */
extern const schema_record records_head, records_rank, records_clocks, records_open_error, records_device_error;

/* profile --metrics: the hardware counters of one verified result's last timed launch
 * (an element of its document's metric_values), written by records_metrics. */
typedef struct records_metrics_row {
    const char *group;                /* the metric group */
    const zeslm_result *result;       /* the result they were read around */
    const zeslm_metric_value *values; /* n of them, as the driver gave them */
    size_t n;
} records_metrics_row;
extern const schema_record records_metrics, records_metric_value;

/* Whether a measured result's figures hold: a median_ns above 0 (a whole number of
 * nanoseconds, so finite) and a spread of at least 0. The one rule every reader
 * applies (merge, compare, a rank's document). */
bool records_result_valid(const zeslm_result *r, char *why, size_t why_len);

/* Device k of doc as a document writes it (run_doc_device_load, then incomplete where the
 * run is still going or stopped); run_doc_device_unload it. False out of host memory. */
bool records_device_view(const run_doc *doc, size_t k, run_doc_device *d);

/* A device's "results" array as the one reader parsed it (io/json_read.h), appended
 * to `list` as reading the device reads it, each by schema_read_values (its units kept
 * in `strings`). False where one does not read so (list then emptied): the caller reads
 * the device as a json_t, which says what is wrong. */
struct yyjson_val;
bool records_results_values(struct yyjson_val *results, zeslm_results *list, json_t *strings);

#endif
