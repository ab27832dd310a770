/* SPDX-License-Identifier: MIT */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/run_doc_spool.h"
#include "io/json_read.h"
#include "io/json_write.h"
#include "model/hosts.h"
#include "json/records.h"
#include "json/result_fields.h"
#include "json/params_json.h"
#include "model/run_doc.h"
#include "expect/expected_verdict.h"
#include "io/ordered.h"

#define ROWS(r) .rows = r, .n_rows = sizeof r / sizeof r[0]
#define TEXT_OF(x) #x
#define TEXT(x) TEXT_OF(x)

/* The JSON Schema of what w_params and aggregate_row write (a row's .shape). */
#define PARAMS_SHAPE "{\"type\": \"object\", \"additionalProperties\": {\"type\": [\"number\", \"string\"]}}"
#define RATES_SHAPE "{\"type\": \"array\", \"items\": {\"type\": [\"number\", \"null\"]}}"
#define AGGREGATE_ROW_SHAPE                                                                                          \
    "{\"type\": \"object\", \"additionalProperties\": false, "                                                       \
    "\"required\": [\"workload\", \"variant\", \"parameters\", \"params\", \"rate_unit\", \"rates\", \"ratios\", "        \
    "\"median_rate\", \"total_rate\", \"below_peers\"], \"properties\": {"                                              \
    "\"workload\": {\"type\": \"string\"}, \"variant\": {\"type\": \"string\"}, \"parameters\": {\"type\": \"string\"}, " \
    "\"params\": " PARAMS_SHAPE ", \"group_size\": {\"type\": \"integer\", \"minimum\": 0}, "                         \
    "\"rate_unit\": {\"type\": \"string\"}, \"rates\": " RATES_SHAPE ", \"ratios\": " RATES_SHAPE ", "                \
    "\"median_rate\": {\"type\": \"number\"}, \"total_rate\": {\"type\": [\"number\", \"null\"]}, "                  \
    "\"below_peers\": {\"type\": \"array\", \"items\": {\"type\": \"integer\", \"minimum\": 0}}}}"
#define AGGREGATE_SHAPE                                                                                              \
    "{\"type\": \"object\", \"additionalProperties\": false, \"required\": [\"slow_below\", \"results\"], "   \
    "\"properties\": {\"slow_below\": {\"type\": \"number\"}, "                                                      \
    "\"results\": {\"type\": \"array\", \"items\": " AGGREGATE_ROW_SHAPE "}, \"hosts\": {\"type\": \"array\"}}}"

/* ---- JSON-backed records ---- */

/* The value of a map's entry, or an array's element, itself. */
static const schema_row a_string[] = {{.key = NULL, .kind = SCHEMA_STR}};
static const schema_record string_value = {.name = "string", ROWS(a_string), .json_backed = true};
static const schema_row a_number[] = {{.key = NULL, .kind = SCHEMA_DOUBLE, .flags = SCHEMA_NULLABLE}};
static const schema_record number_value = {.name = "finding", ROWS(a_number), .json_backed = true};

static const schema_row head_rows[] = {
    {.key = "tool", .kind = SCHEMA_STR},
    {.key = "version", .kind = SCHEMA_STR},
    {.key = "commit", .kind = SCHEMA_STR},
    /* The arguments as given: strings, or an object for one that is not UTF-8. */
    {.key = "command", .kind = SCHEMA_JSON,
     .shape = "{\"type\": \"array\", \"items\": {\"type\": [\"string\", \"object\"]}}"},
    {.key = "date", .kind = SCHEMA_STR},
    {.key = "host", .kind = SCHEMA_STR},
    /* The files or ranks a merged document came from. */
    {.key = "merged_from", .kind = SCHEMA_ARRAY, .sub = &string_value},
};
const schema_record records_head = {.name = "run head", ROWS(head_rows), .json_backed = true};

static const schema_row rank_rows[] = {
    {.key = "launcher", .kind = SCHEMA_STR, .flags = SCHEMA_NULLABLE},
    {.key = "rank", .kind = SCHEMA_I64, .flags = SCHEMA_REQUIRED},
    {.key = "local_rank", .kind = SCHEMA_I64, .flags = SCHEMA_NULLABLE},
    {.key = "size", .kind = SCHEMA_I64, .flags = SCHEMA_NULLABLE},
    {.key = "host", .kind = SCHEMA_STR},
    {.key = "device_choice", .kind = SCHEMA_STR},
    /* The inventory (docs/fleet-health.md): the driver's devices like the one taken, those
     * the launcher gave and the variable that said so, and the batch job. */
    {.key = "devices_seen", .kind = SCHEMA_I64, .flags = SCHEMA_NULLABLE},
    {.key = "devices_expected", .kind = SCHEMA_I64, .flags = SCHEMA_NULLABLE},
    {.key = "expected_from", .kind = SCHEMA_STR, .flags = SCHEMA_NULLABLE},
    {.key = "job", .kind = SCHEMA_STR, .flags = SCHEMA_NULLABLE},
};
const schema_record records_rank = {.name = "rank", ROWS(rank_rows), .json_backed = true};

/* One workload's clock readings (clocks.c's summary); null where none said. */
static const schema_row clock_workload_rows[] = {
    {.key = "samples", .kind = SCHEMA_U64},
    {.key = "mhz_min", .kind = SCHEMA_DOUBLE, .flags = SCHEMA_NULLABLE},
    {.key = "mhz_median", .kind = SCHEMA_DOUBLE, .flags = SCHEMA_NULLABLE},
    {.key = "mhz_max", .kind = SCHEMA_DOUBLE, .flags = SCHEMA_NULLABLE},
    {.key = "temp_c_max", .kind = SCHEMA_DOUBLE, .flags = SCHEMA_NULLABLE},
    {.key = "power_w_mean", .kind = SCHEMA_DOUBLE, .flags = SCHEMA_NULLABLE},
    {.key = "throttle_reasons", .kind = SCHEMA_STR},
};
static const schema_record clock_workload = {.name = "clock reading", ROWS(clock_workload_rows), .json_backed = true};

/* Sampled: {source, max_mhz, memory_max_mhz, memory_bus_bits, workloads}; not:
 * {source: null, not_sampled: why}. */
static const schema_row clocks_rows[] = {
    {.key = "source", .kind = SCHEMA_STR, .flags = SCHEMA_NULLABLE},
    {.key = "max_mhz", .kind = SCHEMA_DOUBLE, .flags = SCHEMA_NULLABLE},
    /* The memory's clock and bus width, where the source knows them (a paper peak). */
    {.key = "memory_max_mhz", .kind = SCHEMA_DOUBLE, .flags = SCHEMA_NULLABLE},
    {.key = "memory_bus_bits", .kind = SCHEMA_U64, .flags = SCHEMA_NULLABLE},
    {.key = "workloads", .kind = SCHEMA_MAP, .sub = &clock_workload},
    {.key = "not_sampled", .kind = SCHEMA_STR},
};
const schema_record records_clocks = {.name = "clocks", ROWS(clocks_rows), .json_backed = true};

static const schema_row open_error_rows[] = {
    {.key = "device", .kind = SCHEMA_I64, .flags = SCHEMA_NULLABLE},
    {.key = "name", .kind = SCHEMA_STR, .flags = SCHEMA_NULLABLE},
    {.key = "host", .kind = SCHEMA_STR, .flags = SCHEMA_NULLABLE},
    {.key = "rank", .kind = SCHEMA_I64, .flags = SCHEMA_NULLABLE},
    {.key = "status", .kind = SCHEMA_STR, .flags = SCHEMA_REQUIRED},
    {.key = "message", .kind = SCHEMA_STR, .flags = SCHEMA_REQUIRED},
    {.key = "source", .kind = SCHEMA_STR, .flags = SCHEMA_NULLABLE},
};
const schema_record records_open_error = {.name = "run error", ROWS(open_error_rows), .json_backed = true};

static const schema_row device_error_rows[] = {
    {.key = "workload", .kind = SCHEMA_STR},
    {.key = "status", .kind = SCHEMA_STR, .flags = SCHEMA_REQUIRED},
    {.key = "message", .kind = SCHEMA_STR, .flags = SCHEMA_REQUIRED},
};
const schema_record records_device_error = {.name = "device error", ROWS(device_error_rows), .json_backed = true};

/* A workload's findings: {KEY: number or null}. */
static const schema_row finding_rows[] = {{.key = NULL, .kind = SCHEMA_MAP, .sub = &number_value}};
static const schema_record findings_value = {.name = "findings", ROWS(finding_rows), .json_backed = true};

/* ---- A result ---- */

static const char *const outcomes[] = {
    [ZESLM_FAILED] = "failed", [ZESLM_MEASURED] = "measured", [ZESLM_NO_RESULTS] = "no_results",
    [ZESLM_SKIPPED] = "skipped",
};

static bool measured(const void *rec)
{
    return ((const zeslm_result *)rec)->outcome == ZESLM_MEASURED;
}

/* The largest rate a result may hold: 1e12 of its unit (every unit is G-scaled or ns/...),
 * a zettabyte a second in GB/s, where the fastest rate measured here is about 4e4 GMAC/s
 * (H100, roofline/imad). Above it a file is corrupt: 1e308 printed as "inf EB/s". */
#define RECORDS_RATE_MAX 1e12

bool records_result_valid(const zeslm_result *r, char *why, size_t why_len)
{
    if (r->outcome != ZESLM_MEASURED)
        return true;
    if (!(r->stats.median_ns > 0 && r->stats.spread >= 0)) {
        snprintf(why, why_len, "a measured result lacks a positive median_ns or a spread (%s %s %s)", r->workload,
                 r->variant, r->params);
        return false;
    }
    if (!(r->rate >= 0 && r->rate <= RECORDS_RATE_MAX)) {
        snprintf(why, why_len, "a measured result's rate %g is not between 0 and %g of its unit (%s %s %s)", r->rate,
                 RECORDS_RATE_MAX, r->workload, r->variant, r->params);
        return false;
    }
    return true;
}

static bool result_check(const void *rec, char *why, size_t why_len)
{
    return records_result_valid(rec, why, why_len);
}

static json_t *w_params(const void *rec)
{
    return params_json(((const zeslm_result *)rec)->params);
}

static json_t *w_outcome(const void *rec)
{
    return json_string(outcomes[((const zeslm_result *)rec)->outcome]);
}

static bool r_outcome(void *rec, const json_t *v, char *why, size_t why_len)
{
    const char *s = json_string_value(v);
    for (size_t i = 0; s && i < sizeof outcomes / sizeof *outcomes; i++)
        if (strcmp(s, outcomes[i]) == 0) {
            ((zeslm_result *)rec)->outcome = (zeslm_outcome)i;
            return true;
        }
    snprintf(why, why_len, "result field \"outcome\" is not measured, failed, no_results or skipped");
    return false;
}

static json_t *w_times(const void *rec)
{
    const zeslm_result *r = rec;
    json_t *t = json_array();
    for (size_t k = 0; t && k < r->stats.n; k++)
        json_array_append_new(t, json_integer((json_int_t)r->times_ns[k]));
    return t;
}

/* The same, straight to f: a result's launch times are most of the numbers of a
 * document (20 a result at the default repetitions). */
static bool e_times(FILE *f, const void *rec, int depth)
{
    const zeslm_result *r = rec;
    return json_write_integers(f, r->times_ns, r->stats.n, depth);
}

/* The launch times (the caller frees r->times_ns). */
static bool r_times(void *rec, const json_t *v, char *why, size_t why_len)
{
    zeslm_result *r = rec;
    if (!v)
        return true;
    if (!json_is_array(v)) {
        snprintf(why, why_len, "result field \"times_ns\" is not an array");
        return false;
    }
    size_t n = json_array_size(v);
    if (n && !(r->times_ns = calloc(n, sizeof *r->times_ns))) {
        snprintf(why, why_len, "out of host memory");
        return false;
    }
    for (size_t k = 0; k < n; k++) {
        const json_t *t = json_array_get(v, k);
        if (!json_is_integer(t) || json_integer_value(t) < 0) {
            snprintf(why, why_len, "result field \"times_ns\" holds other than whole nanoseconds");
            return false;
        }
        r->times_ns[k] = (uint64_t)json_integer_value(t);
    }
    r->stats.n = n;
    return true;
}

/* null where the workload's work is fixed by its input and was not doubled. */
static json_t *w_converged(const void *rec)
{
    zeslm_convergence c = ((const zeslm_result *)rec)->converged;
    return c == ZESLM_WORK_FIXED ? json_null() : json_boolean(c == ZESLM_CONVERGED);
}

static bool r_converged(void *rec, const json_t *v, char *why, size_t why_len)
{
    zeslm_result *r = rec;
    if (v && !json_is_null(v) && !json_is_boolean(v)) {
        snprintf(why, why_len, "result field \"converged\" is not true, false or null");
        return false;
    }
    r->converged = !v || json_is_null(v) ? ZESLM_WORK_FIXED : json_is_true(v) ? ZESLM_CONVERGED : ZESLM_UNCONVERGED;
    return true;
}

/* The quantity's name, beside a value alone. */
static json_t *w_extra_name(const void *rec)
{
    const zeslm_result *r = rec;
    return r->ratio ? json_string(r->ratio_name ? r->ratio_name : "") : NULL;
}

static json_t *w_verified(const void *rec)
{
    return json_boolean(measured(rec));
}

#define R(field) .offset = offsetof(zeslm_result, field)
#define RT(field) .offset = offsetof(zeslm_result, field), .size = sizeof((zeslm_result *)0)->field
/* One table for every format: the JSON's members and the CSV's columns in this order,
 * and each field's head, text priority and cell (json/result_fields.h) for the text and
 * Markdown tables. Text shows the fields of keep > 0, the most kept first where a table
 * is wider than TABLE_WIDTH. Of the columns that may go, spread and group go last
 * (without them a row's noise and launch shape are lost), but for work, whose
 * "unconverged" flags a figure the text must not pass as settled
 * (tests/cli/run/converge.sh); verified is "yes" on every measured row (a wrong result
 * is an error, not a row). Spread is the one noise figure of a result, in text,
 * Markdown, compare --sides and the report page alike: what "~" marks past
 * RESULT_SPREAD_WARN. The extra column's head is its quantity's (the workload's
 * extras, render/report.c); "extra" only in JSON and CSV. */
static const schema_row result_rows[] = {
    {.key = "workload", .kind = SCHEMA_TEXT, RT(workload), .flags = SCHEMA_REQUIRED},
    {.key = "variant", .kind = SCHEMA_TEXT, RT(variant), .flags = SCHEMA_REQUIRED,
     .head = "variant", .keep = 100},
    {.key = "parameters", .kind = SCHEMA_TEXT, RT(params), .flags = SCHEMA_REQUIRED,
     .head = "parameters", .keep = 90, .cell = result_cell_params},
    /* The parameters as typed values: derived from "parameters". */
    {.key = "params", .kind = SCHEMA_SPECIAL, .write = w_params, .shape = PARAMS_SHAPE,
     .json_only = true},
    {.key = "outcome", .kind = SCHEMA_SPECIAL, .write = w_outcome, .read = r_outcome,
     .shape = "{\"enum\": [\"failed\", \"measured\", \"no_results\", \"skipped\"]}"},
    {.key = "group_size", .kind = SCHEMA_U32, R(group_size),
     .head = "group", .keep = 77, .right = true},
    {.key = "groups", .kind = SCHEMA_U32, R(groups),
     .head = "groups", .right = true},
    {.key = "times_ns", .kind = SCHEMA_SPECIAL, .flags = SCHEMA_GATED, .write = w_times, .read = r_times,
     .emit = e_times, .shape = "{\"type\": \"array\", \"items\": {\"type\": \"integer\", \"minimum\": 0}}",
     .json_only = true},
    {.key = "min_ns", .kind = SCHEMA_U64, R(stats.min_ns), .flags = SCHEMA_GATED,
     .head = "min", .right = true, .cell = result_cell_min},
    {.key = "median_ns", .kind = SCHEMA_U64, R(stats.median_ns), .flags = SCHEMA_GATED,
     .head = "median", .keep = 95, .right = true, .cell = result_cell_median},
    {.key = "max_ns", .kind = SCHEMA_U64, R(stats.max_ns), .flags = SCHEMA_GATED,
     .head = "max", .right = true, .cell = result_cell_max},
    {.key = "wall_median_ns", .kind = SCHEMA_U64, R(wall_ns), .flags = SCHEMA_GATED | SCHEMA_ZERO_OMIT,
     .right = true},
    {.key = "mean_ns", .kind = SCHEMA_DOUBLE, R(stats.mean_ns), .flags = SCHEMA_GATED,
     .head = "mean", .right = true, .cell = result_cell_mean},
    {.key = "stddev_ns", .kind = SCHEMA_DOUBLE, R(stats.stddev_ns), .flags = SCHEMA_GATED,
     .right = true},
    {.key = "outliers", .kind = SCHEMA_U32, R(stats.outliers), .flags = SCHEMA_GATED,
     .head = "out", .right = true},
    {.key = "spread", .kind = SCHEMA_DOUBLE, R(stats.spread), .flags = SCHEMA_GATED,
     .head = "spread", .keep = 78, .right = true, .cell = result_cell_spread},
    {.key = "rate", .kind = SCHEMA_DOUBLE, R(rate), .flags = SCHEMA_GATED,
     .head = "rate", .keep = 80, .right = true, .cell = result_cell_rate},
    {.key = "rate_unit", .kind = SCHEMA_STR, R(rate_unit), .flags = SCHEMA_GATED},
    {.key = "converged", .kind = SCHEMA_SPECIAL, .flags = SCHEMA_GATED, .write = w_converged, .read = r_converged,
     .shape = "{\"type\": [\"boolean\", \"null\"]}"},
    {.key = "work", .kind = SCHEMA_U64, R(work_units), .flags = SCHEMA_GATED,
     .head = "work", .keep = 79, .right = true, .cell = result_cell_work},
    {.key = "work_unit", .kind = SCHEMA_STR, R(work_unit), .flags = SCHEMA_GATED | SCHEMA_ZERO_OMIT},
    {.key = "work_change", .kind = SCHEMA_DOUBLE, R(work_change), .flags = SCHEMA_GATED | SCHEMA_ZERO_OMIT},
    /* That work in the rate's unit (what the rate divides by the median; a summary
     * reads it: slm_switch's spread a launch). */
    {.key = "work_in_rate_unit", .kind = SCHEMA_DOUBLE, R(work), .flags = SCHEMA_GATED | SCHEMA_ZERO_OMIT},
    {.key = "speedup_vs_baseline", .kind = SCHEMA_DOUBLE, R(speedup), .flags = SCHEMA_GATED | SCHEMA_ZERO_NULL,
     .head = "speedup", .keep = 50, .right = true, .cell = result_cell_speedup},
    {.key = "fraction_of_ceiling", .kind = SCHEMA_DOUBLE, R(fraction), .flags = SCHEMA_GATED | SCHEMA_ZERO_NULL,
     .head = "ceiling", .keep = 55, .right = true, .cell = result_cell_fraction},
    {.key = "ceiling_exceeded", .kind = SCHEMA_BOOL, R(ceiling_exceeded), .flags = SCHEMA_GATED},
    {.key = "extra", .kind = SCHEMA_DOUBLE, R(ratio), .flags = SCHEMA_GATED | SCHEMA_ZERO_OMIT,
     .head = "extra", .keep = 30, .right = true, .cell = result_cell_extra},
    {.key = "extra_name", .kind = SCHEMA_STR, R(ratio_name), .flags = SCHEMA_GATED | SCHEMA_ZERO_OMIT, .write = w_extra_name},
    /* Every measured result passed the check against the host: derived from "outcome". */
    {.key = "verified", .kind = SCHEMA_SPECIAL, .write = w_verified, .shape = "{\"type\": \"boolean\"}",
     .head = "verified", .keep = 62, .cell = result_cell_verified},
    {.key = "verification", .kind = SCHEMA_TEXT, RT(verify_note), .flags = SCHEMA_GATED,
     .head = "verification"},
    {.key = "note", .kind = SCHEMA_TEXT, RT(note), .flags = SCHEMA_ZERO_OMIT},
};
const schema_record records_result = {.name = "result", ROWS(result_rows), .gate = measured, .check = result_check};

/* ---- A device ---- */

static bool aggregated_device(const void *rec)
{
    return ((const run_doc_device *)rec)->aggregated;
}

static json_t *w_same_device(const void *rec)
{
    long long e = ((const run_doc_device *)rec)->same_device_as;
    return e >= 0 ? json_integer(e) : json_null();
}

/* A rank's object; schema 2 wrote a rank's number here, its object under "launch". */
static bool r_rank(void *rec, const json_t *v, char *why, size_t why_len)
{
    run_doc_device *d = rec;
    if (!json_is_object(v) || d->rank)
        return true;
    return (d->rank = schema_copy(&records_rank, v, why, why_len)) != NULL;
}

static json_t *w_nothing(const void *rec)
{
    (void)rec;
    return NULL;
}

static json_t *w_results(const void *rec)
{
    const run_doc_device *d = rec;
    json_t *a = json_array();
    for (size_t i = 0; a && i < d->results.count; i++)
        json_array_append_new(a, schema_write(&records_result, &d->results.items[i]));
    return a;
}

/* The same, straight to f: a device's results are most of a document. */
static bool e_results(FILE *f, const void *rec, int depth)
{
    const run_doc_device *d = rec;
    bool ok = fputc('[', f) != EOF;
    for (size_t i = 0; ok && i < d->results.count; i++)
        ok = json_write_indent(f, depth + 1, i == 0) && schema_emit(f, &records_result, &d->results.items[i], depth + 1);
    return ok && (d->results.count == 0 || json_write_indent(f, depth, true)) && fputc(']', f) != EOF;
}

/* The results into the device's list (sections are the caller's). */
static bool r_results(void *rec, const json_t *v, char *why, size_t why_len)
{
    run_doc_device *d = rec;
    if (!json_is_array(v)) {
        snprintf(why, why_len, "device field \"results\" is missing or not an array");
        return false;
    }
    for (size_t i = 0; i < json_array_size(v); i++) {
        zeslm_result r = {0};
        char inner[256];
        bool ok = schema_read(&records_result, json_array_get(v, i), &r, inner, sizeof inner) == 0;
        if (!ok)
            snprintf(why, why_len, "result %zu: %s", i, inner);
        else if (zeslm_results_append(&d->results, &r, sizeof r) != ZESLM_OK)
            ok = snprintf(why, why_len, "out of host memory") < 0;
        free(r.times_ns);
        if (!ok)
            return false;
    }
    return true;
}

bool records_results_values(struct yyjson_val *results, zeslm_results *list, json_t *strings)
{
    bool ok = yyjson_is_arr(results);
    yyjson_val *e;
    size_t idx, max;
    yyjson_arr_foreach(results, idx, max, e) {
        zeslm_result r = {0};
        ok = ok && schema_read_values(&records_result, e, &r, strings) &&
             zeslm_results_append(list, &r, sizeof r) == ZESLM_OK;
        free(r.times_ns);
    }
    if (!ok)
        zeslm_results_free(list);
    return ok;
}

static json_t *w_device_complete(const void *rec)
{
    return json_boolean(!((const run_doc_device *)rec)->incomplete);
}

static bool r_device_complete(void *rec, const json_t *v, char *why, size_t why_len)
{
    if (v && !json_is_boolean(v)) {
        snprintf(why, why_len, "device field \"complete\" is not true or false");
        return false;
    }
    ((run_doc_device *)rec)->incomplete = json_is_false(v);
    return true;
}

static json_t *w_expected(const void *rec)
{
    return verdict_device_json(rec);
}

#define D(field) .offset = offsetof(run_doc_device, field)
#define DT(field) .offset = offsetof(run_doc_device, field), .size = sizeof((run_doc_device *)0)->field
static const schema_row device_rows[] = {
    {.key = "index", .kind = SCHEMA_U32, D(index)},
    {.key = "host", .kind = SCHEMA_TEXT, DT(host)},
    /* Every fact of the device (output_device_json; zeslm/facts.h is its table). */
    {.key = "device", .kind = SCHEMA_JSON, D(facts), .flags = SCHEMA_REQUIRED, .shape = "{\"type\": \"object\"}"},
    {.key = "module_format", .kind = SCHEMA_TEXT, DT(module_format)},
    {.key = "started_s", .kind = SCHEMA_DOUBLE, D(started_s)},
    {.key = "finished_s", .kind = SCHEMA_DOUBLE, D(finished_s), .flags = SCHEMA_ZERO_NULL},
    {.key = "size_scale", .kind = SCHEMA_DOUBLE, D(size_scale)},
    /* The rule that chose size_scale (zeslm_size_rule); "": no default size was chosen. */
    {.key = "size_rule", .kind = SCHEMA_TEXT, DT(size_rule), .flags = SCHEMA_ZERO_NULL},
    /* false: its run stopped before every workload asked for (w_devices adds the run's
     * own state: every device of a run still going, or stopped, is incomplete). */
    {.key = "complete", .kind = SCHEMA_SPECIAL, .write = w_device_complete, .read = r_device_complete,
     .shape = "{\"type\": \"boolean\"}"},
    /* Against its peers (run_doc_aggregate), worked out again on reading. */
    {.key = "peer_score", .kind = SCHEMA_DOUBLE, D(peer_score), .flags = SCHEMA_GATED | SCHEMA_ZERO_NULL},
    {.key = "slow", .kind = SCHEMA_BOOL, D(slow), .flags = SCHEMA_GATED},
    {.key = "busy_share", .kind = SCHEMA_DOUBLE, D(busy_share), .flags = SCHEMA_GATED | SCHEMA_ZERO_NULL},
    {.key = "clock_mhz", .kind = SCHEMA_DOUBLE, D(clock_mhz), .flags = SCHEMA_GATED | SCHEMA_ZERO_NULL},
    {.key = "peers_clock_mhz", .kind = SCHEMA_DOUBLE, D(peers_clock_mhz), .flags = SCHEMA_GATED | SCHEMA_ZERO_NULL},
    {.key = "throttled", .kind = SCHEMA_BOOL, D(throttled), .flags = SCHEMA_GATED},
    {.key = "same_device_as", .kind = SCHEMA_SPECIAL, .flags = SCHEMA_GATED, .write = w_same_device,
     .shape = "{\"type\": [\"integer\", \"null\"], \"minimum\": 0}"},
    {.key = "rank", .kind = SCHEMA_JSON, D(rank), .flags = SCHEMA_ZERO_NULL, .sub = &records_rank, .read = r_rank},
    /* Schema 2's name for it: read, never written. */
    {.key = "launch", .kind = SCHEMA_JSON, D(rank), .flags = SCHEMA_ZERO_OMIT, .sub = &records_rank, .write = w_nothing,
     .read = r_rank},
    /* A merged document's: the file or rank it came from. */
    {.key = "source", .kind = SCHEMA_TEXT, DT(source), .flags = SCHEMA_ZERO_OMIT},
    /* Its results come before every row a run changes as it goes (its clocks, summaries,
     * findings, errors): json/run_doc_json.c grows a file in place at their end. */
    {.key = "results", .kind = SCHEMA_SPECIAL, .write = w_results, .read = r_results, .emit = e_results,
     .shape = "{\"type\": \"array\", \"items\": {\"$ref\": \"#/$defs/result\"}}"},
    {.key = "clocks", .kind = SCHEMA_JSON, D(clocks), .flags = SCHEMA_ZERO_NULL, .sub = &records_clocks},
    {.key = "summaries", .kind = SCHEMA_MAP, D(summaries), .sub = &string_value},
    {.key = "findings", .kind = SCHEMA_MAP, D(findings), .sub = &findings_value},
    {.key = "errors", .kind = SCHEMA_ARRAY, D(errors), .sub = &records_device_error},
    /* What its expected figures say of it (expect/expected_verdict.h): derived, worked out again
     * from the rest whenever a document is written. */
    {.key = "expected", .kind = SCHEMA_SPECIAL, .write = w_expected, .shape = "{\"type\": \"object\"}"},
};
const schema_record records_device = {.name = "device", ROWS(device_rows), .gate = aggregated_device};

/* ---- The run ---- */

static bool aggregated_run(const void *rec)
{
    return ((const run_doc *)rec)->aggregated;
}

static json_t *w_schema(const void *rec)
{
    (void)rec;
    return json_integer(RUN_DOC_SCHEMA);
}

static json_t *w_devices(const void *rec)
{
    const run_doc *doc = rec;
    json_t *a = json_array();
    for (size_t k = 0; a && k < doc->n_devices; k++) {
        run_doc_device d;
        if (!run_doc_device_load(doc, k, &d)) {
            json_decref(a);
            return NULL;
        }
        json_t *o = schema_write(&records_device, &d);
        run_doc_device_unload(&d);
        /* A run still going, or stopped, leaves each of its devices incomplete; a merged
         * document's devices say their own. */
        if (o && !doc->complete && !run_doc_merged(doc))
            json_object_set_new(o, "complete", json_false());
        json_array_append_new(a, o);
    }
    return a;
}

/* A device's JSON, made on a worker thread (emit_device) and written in order. */
typedef struct device_text {
    char *text;
    size_t len;
    bool ok;
} device_text;

typedef struct emitting {
    const run_doc *doc;
    FILE *f;
    int depth;
} emitting;

bool records_device_view(const run_doc *doc, size_t k, run_doc_device *d)
{
    if (!run_doc_device_load(doc, k, d))
        return false;
    /* As w_devices: a run still going, or stopped, leaves each device incomplete. */
    d->incomplete |= !doc->complete && !run_doc_merged(doc);
    return true;
}

static void *emit_device(void *ctx, size_t k)
{
    const emitting *e = ctx;
    device_text *t = calloc(1, sizeof *t);
    run_doc_device d;
    if (!t || !records_device_view(e->doc, k, &d))
        return t;
    FILE *m = open_memstream(&t->text, &t->len);
    t->ok = m && schema_emit(m, &records_device, &d, e->depth + 1);
    t->ok = m && fclose(m) == 0 && t->ok;
    run_doc_device_unload(&d);
    return t;
}

static void drop_device(void *ctx, void *made)
{
    (void)ctx;
    device_text *t = made;
    if (t)
        free(t->text);
    free(t);
}

static int write_device(void *ctx, size_t k, void *made)
{
    const emitting *e = ctx;
    device_text *t = made;
    bool ok = t && t->ok && json_write_indent(e->f, e->depth + 1, k == 0) && fwrite(t->text, 1, t->len, e->f) == t->len;
    drop_device(ctx, made);
    return !ok;
}

/* The same, straight to f: each device's text made on every core (most of a merged
 * document's bytes), written in their order. */
static bool e_devices(FILE *f, const void *rec, int depth)
{
    const run_doc *doc = rec;
    emitting e = {doc, f, depth};
    static const ordered_steps steps = {emit_device, write_device, drop_device};
    unsigned threads = ordered_cores();
    bool ok = fputc('[', f) != EOF && ordered_map(doc->n_devices, threads, 2 * (size_t)threads, &steps, &e) == 0;
    return ok && (doc->n_devices == 0 || json_write_indent(f, depth, true)) && fputc(']', f) != EOF;
}

/* Row i of the results over the devices (see peers.h), as the aggregate lists it. */
static json_t *aggregate_row(const peers *p, size_t i)
{
    const peers_row *row = &p->rows[i];
    json_t *o = json_object(), *rates = json_array(), *ratios = json_array(), *below = json_array();
    json_object_set_new(o, "workload", json_string(row->first->workload));
    json_object_set_new(o, "variant", json_string(row->first->variant));
    json_object_set_new(o, "parameters", json_string(row->first->params));
    json_object_set_new(o, "params", params_json(row->first->params));
    if (row->grouped)
        json_object_set_new(o, "group_size", json_integer(row->first->group_size));
    json_object_set_new(o, "rate_unit", json_string(row->first->rate_unit ? row->first->rate_unit : ""));
    for (size_t d = 0; d < p->n_devices; d++) {
        json_array_append_new(rates, row->rates[d] > 0 ? json_real(row->rates[d]) : json_null());
        json_array_append_new(ratios, row->ratios[d] > 0 ? json_real(row->ratios[d]) : json_null());
        if (row->ratios[d] > 0 && row->ratios[d] < PEERS_SLOW_BELOW)
            json_array_append_new(below, json_integer((json_int_t)d));
    }
    json_object_set_new(o, "rates", rates);
    json_object_set_new(o, "ratios", ratios);
    json_object_set_new(o, "median_rate", json_real(row->median_rate));
    json_object_set_new(o, "total_rate", row->total_rate > 0 ? json_real(row->total_rate) : json_null());
    json_object_set_new(o, "below_peers", below);
    return o;
}

/* Every result over the devices (see peers.h): derived, worked out again on reading. */
static json_t *w_aggregate(const void *rec)
{
    const run_doc *doc = rec;
    const peers *p = &doc->aggregate;
    json_t *rows = json_array();
    for (size_t i = 0; i < p->n_rows; i++)
        json_array_append_new(rows, aggregate_row(p, i));
    json_t *agg = json_object();
    json_object_set_new(agg, "slow_below", json_real(PEERS_SLOW_BELOW));
    json_object_set_new(agg, "results", rows);
    json_object_set_new(agg, "hosts", run_doc_hosts(doc));
    return agg;
}

/* The same, straight to f a row at a time: a tree of every row (a dozen allocations a
 * result) made and freed at once was a merge's one cost that grew faster than its
 * results (perf: malloc_consolidate in its free, 61 to 414 samples from 10,000 to 40,000
 * results). */
static bool e_aggregate(FILE *f, const void *rec, int depth)
{
    const run_doc *doc = rec;
    const peers *p = &doc->aggregate;
    json_t *slow = json_real(PEERS_SLOW_BELOW), *hosts = run_doc_hosts(doc);
    bool ok = slow && hosts && fputc('{', f) != EOF && json_write_indent(f, depth + 1, true) &&
              fputs("\"slow_below\": ", f) >= 0 && json_write(f, slow, depth + 1) &&
              json_write_indent(f, depth + 1, false) && fputs("\"results\": [", f) >= 0;
    for (size_t i = 0; ok && i < p->n_rows; i++) {
        json_t *row = aggregate_row(p, i);
        ok = row && json_write_indent(f, depth + 2, i == 0) && json_write(f, row, depth + 2);
        json_decref(row);
    }
    ok = ok && (p->n_rows == 0 || json_write_indent(f, depth + 1, true)) && fputc(']', f) != EOF &&
         json_write_indent(f, depth + 1, false) && fputs("\"hosts\": ", f) >= 0 &&
         json_write(f, hosts, depth + 1) && json_write_indent(f, depth, true) && fputc('}', f) != EOF;
    json_decref(slow);
    json_decref(hosts);
    return ok;
}

static json_t *w_verdicts(const void *rec)
{
    const json_t *v = ((const run_doc *)rec)->verdicts;
    return v ? json_deep_copy(v) : NULL;
}

#define RUN(field) .offset = offsetof(run_doc, field)
static const schema_row run_rows[] = {
    /* The version written; run_doc_parse reads 1, 2 and 3 before these rows. */
    {.key = "schema", .kind = SCHEMA_SPECIAL, .write = w_schema, .shape = "{\"const\": " TEXT(RUN_DOC_SCHEMA) "}"},
    /* The head's members, at the document's top level. */
    {.key = NULL, .kind = SCHEMA_JSON, RUN(head), .sub = &records_head},
    {.key = "complete", .kind = SCHEMA_BOOL, RUN(complete)},
    {.key = "seed", .kind = SCHEMA_U64, RUN(seed)},
    {.key = "reps", .kind = SCHEMA_U32, RUN(reps)},
    {.key = "warmup", .kind = SCHEMA_U32, RUN(warmup)},
    {.key = "min_time_s", .kind = SCHEMA_DOUBLE, RUN(min_time_s)},
    {.key = "converge_s", .kind = SCHEMA_DOUBLE, RUN(converge_s)},
    {.key = "quick", .kind = SCHEMA_BOOL, RUN(quick)},
    /* Each with records_device: run_doc_parse reads them (schema 1: the root is one). */
    {.key = "devices", .kind = SCHEMA_SPECIAL, .write = w_devices, .emit = e_devices,
     .shape = "{\"type\": \"array\", \"items\": {\"$ref\": \"#/$defs/device\"}}"},
    {.key = "errors", .kind = SCHEMA_ARRAY, RUN(errors), .sub = &records_open_error},
    {.key = "aggregate", .kind = SCHEMA_SPECIAL, .flags = SCHEMA_GATED, .write = w_aggregate, .emit = e_aggregate,
     .shape = AGGREGATE_SHAPE},
    /* merge's verdicts on the fleet (expect/expected_verdict.h's verdicts_json): derived, worked
     * out again by the merge that writes them. */
    {.key = "verdicts", .kind = SCHEMA_SPECIAL, .flags = SCHEMA_ZERO_OMIT, .write = w_verdicts, .shape = "{\"type\": \"object\"}"},
};
const schema_record records_run = {.name = "run", ROWS(run_rows), .gate = aggregated_run};

/* ---- profile --metrics ---- */

#define MV(field) .offset = offsetof(zeslm_metric_value, field)
#define MVT(field) .offset = offsetof(zeslm_metric_value, field), .size = sizeof((zeslm_metric_value *)0)->field
static const schema_row metric_value_rows[] = {
    {.key = "name", .kind = SCHEMA_TEXT, MVT(name), .flags = SCHEMA_REQUIRED},
    {.key = "value", .kind = SCHEMA_DOUBLE, MV(value), .flags = SCHEMA_REQUIRED},
    {.key = "unit", .kind = SCHEMA_TEXT, MVT(unit)},
    {.key = "description", .kind = SCHEMA_TEXT, MVT(description)},
};
const schema_record records_metric_value = {.name = "metric", ROWS(metric_value_rows)};

static json_t *w_metric_workload(const void *rec)
{
    return json_string(((const records_metrics_row *)rec)->result->workload);
}

static json_t *w_metric_variant(const void *rec)
{
    return json_string(((const records_metrics_row *)rec)->result->variant);
}

/* The parameters as the text column writes them (a string here, as it always was). */
static json_t *w_metric_params(const void *rec)
{
    return json_string(((const records_metrics_row *)rec)->result->params);
}

static json_t *w_metric_group_size(const void *rec)
{
    return json_integer(((const records_metrics_row *)rec)->result->group_size);
}

static json_t *w_metric_values(const void *rec)
{
    const records_metrics_row *m = rec;
    json_t *a = json_array();
    for (size_t i = 0; a && i < m->n; i++)
        json_array_append_new(a, schema_write(&records_metric_value, &m->values[i]));
    return a;
}

static const schema_row metrics_rows[] = {
    {.key = "metric_group", .kind = SCHEMA_STR, .offset = offsetof(records_metrics_row, group)},
    {.key = "workload", .kind = SCHEMA_SPECIAL, .write = w_metric_workload},
    {.key = "variant", .kind = SCHEMA_SPECIAL, .write = w_metric_variant},
    {.key = "params", .kind = SCHEMA_SPECIAL, .write = w_metric_params},
    {.key = "group_size", .kind = SCHEMA_SPECIAL, .write = w_metric_group_size},
    {.key = "metrics", .kind = SCHEMA_SPECIAL, .write = w_metric_values},
};
const schema_record records_metrics = {.name = "metric values", ROWS(metrics_rows)};
