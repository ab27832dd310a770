/* SPDX-License-Identifier: MIT */
/* The run document: what a device's worker appends lands in the document, a file
 * written from it reads back into the same document, and every schema reads. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <zeslm/backends.h>
#include <zeslm/facts.h>

#include "fleet/fleet_aggregate.h"
#include "json/doc_reader.h"
#include "json/records.h"
#include "table/fields.h"
#include "io/output.h"
#include "fleet/run_fleet.h"
#include "model/hosts.h"
#include "json/run_doc_json.h"
#include "measured_result.h"
#include "model/run_doc.h"

/* A document of two devices, each with one workload of two results. */
static void two_devices(run_doc *doc)
{
    zeslm_run_opts o = {.seed = 7, .reps = 2, .warmup = 1};
    run_doc_init(doc, json_pack("{s:s, s:s}", "tool", "ze-slm-bench test", "host", "h"), &o);
    doc->several = true;
    for (uint32_t k = 0; k < 2; k++) {
        run_doc_device *d = run_doc_add_device(doc, 2, k, "h", json_pack("{s:s, s:s, s:s, s:b}", "backend", "cl",
                                                                          "name", "gpu", "driver", "1.0", "gpu", 1),
                                               "SPIR-V");
        assert_non_null(d);
        zeslm_results mine = {0};
        measured_result_add(&mine, "alone", 99, 5, 1.0); /* a workload before: its results are not this section's */
        run_section s = {.wl = zeslm_workload_find("reduce"), .first = 1, .count = 2};
        measured_result_add(&mine, "many", 1024, 1000 + 100 * k, 4.0 - k);
        measured_result_add(&mine, "sequential", 1024, 2000, 2.0);
        assert_true(run_doc_append(d, &mine, &s, NULL));
        zeslm_results_free(&mine);
    }
    assert_true(run_doc_aggregate(doc));
}

static void append_copies_the_section_and_rebases_it(void **state)
{
    (void)state;
    run_doc doc;
    two_devices(&doc);
    const run_doc_device *d = &doc.devices[1];
    assert_int_equal(d->results.count, 2);
    assert_int_equal(d->n_sections, 1);
    assert_int_equal(d->sections[0].first, 0);
    assert_int_equal(d->sections[0].count, 2);
    assert_string_equal(d->results.items[0].variant, "many");
    assert_int_equal(d->results.items[0].times_ns[0], 1100);
    assert_int_equal(doc.aggregate.n_rows, 2);
    run_doc_free(&doc);
}

static void params_are_typed(void **state)
{
    (void)state;
    run_doc doc;
    two_devices(&doc);
    json_t *j = run_doc_json(&doc);
    json_t *r = json_array_get(json_object_get(json_array_get(json_object_get(j, "devices"), 0), "results"), 0);
    json_t *want = json_pack("{s:i, s:s}", "n", 1024, "kind", "uniform");
    assert_true(json_equal(json_object_get(r, "params"), want));
    assert_string_equal(json_string_value(json_object_get(r, "parameters")), "n=1024 kind=uniform");
    assert_int_equal(json_integer_value(json_object_get(j, "schema")), RUN_DOC_SCHEMA);
    json_decref(want);
    json_decref(j);
    run_doc_free(&doc);
}

static void a_written_document_reads_back_the_same(void **state)
{
    (void)state;
    run_doc doc, back;
    two_devices(&doc);
    run_doc_open_error(&doc, 2, "cpu", "h", 0, zeslm_status_name(ZESLM_ERR_UNSUPPORTED), "no sub-groups");
    doc.devices[0].rank = json_pack("{s:s, s:i}", "launcher", "Slurm", "rank", 3);
    doc.devices[1].clocks = json_pack("{s:s, s:{s:{s:f}}}", "source", "NVML", "workloads", "reduce", "mhz_median",
                                      1500.0);
    assert_true(run_doc_aggregate(&doc));
    assert_true(doc.devices[1].clock_mhz == 1500 && !doc.devices[1].throttled);
    json_t *written = run_doc_json(&doc);
    char *text = json_dumps(written, 0), why[200] = "";
    assert_int_equal(run_doc_parse(text, strlen(text), &back, why, sizeof why), 0);
    assert_int_equal(back.n_devices, 2);
    assert_true(back.several);
    /* Its sections, for the text and Markdown: one workload of two results a device. */
    assert_int_equal(back.devices[1].n_sections, 1);
    assert_string_equal(back.devices[1].sections[0].wl->name, "reduce");
    assert_int_equal(back.devices[1].sections[0].count, 2);
    assert_true(run_doc_aggregate(&back));
    json_t *again = run_doc_json(&back);
    assert_true(json_equal(written, again));
    json_decref(again);
    json_decref(written);
    free(text);
    run_doc_free(&back);
    run_doc_free(&doc);
}

/* A result of `outcome` with every field it can hold set. */
static void add_full(zeslm_results *out, const char *variant, zeslm_outcome outcome, zeslm_convergence converged)
{
    measured_result_add(out, variant, 4096, 900, 3.5);
    zeslm_result *r = &out->items[out->count - 1];
    r->outcome = outcome;
    r->stats.outliers = 1;
    r->stats.spread = 0.125;
    r->stats.stddev_ns = 7.25;
    r->wall_ns = 1200;
    r->converged = converged;
    r->work_unit = "rounds";
    r->work_units = 8192;
    r->work_change = 0.015625;
    r->work = 4194304;
    r->speedup = 1.5;
    r->fraction = 0.75;
    r->ceiling_exceeded = true;
    r->ratio = 2.5;
    r->ratio_name = "slowdown vs stride 1";
    snprintf(r->note, sizeof r->note, "a note");
}

/* A merged document with every field of every record set: the head with where it was
 * merged from, a device with its rank, clocks, sizing, source and errors, results of
 * each outcome, and an error of a rank lost. */
static void full_document(run_doc *doc)
{
    zeslm_run_opts o = {.seed = 11, .reps = 3, .warmup = 2, .min_time_s = 0.25, .converge_s = 4, .quick = true};
    run_doc_init(doc, json_pack("{s:s, s:s, s:s, s:[s, s], s:s, s:s, s:[s, s]}", "tool", "ze-slm-bench 1.2.3",
                                "version", "1.2.3", "commit", "abc", "command", "merge", "a.json", "date",
                                "2026-11-25T00:00:00Z", "host", "h", "merged_from", "a.json", "b.json"),
                 &o);
    doc->complete = true;
    run_doc_device *d = run_doc_add_device(doc, 1, 2, "node-a",
                                           json_pack("{s:s, s:s, s:s, s:b, s:s}", "backend", "cl", "name", "gpu",
                                                     "driver", "1.0", "gpu", 1, "uuid", "u-1"),
                                           "SPIR-V");
    assert_non_null(d);
    d->started_s = 0.5;
    d->finished_s = 12.25;
    d->size_scale = 0.5;
    snprintf(d->size_rule, sizeof d->size_rule, "1 of 2 GPUs' memory: 1/2 of the full sizes");
    d->rank = json_pack("{s:s, s:i, s:i, s:i, s:s, s:s}", "launcher", "Slurm", "rank", 1, "local_rank", 1, "size", 2,
                        "host", "node-a", "device_choice", "local rank 1 of 2 devices");
    d->clocks = json_pack("{s:s, s:f, s:{s:{s:i, s:f, s:f, s:f, s:f, s:f, s:s}}}", "source", "NVML", "max_mhz",
                          1980.0, "workloads", "reduce", "samples", 40, "mhz_min", 1900.0, "mhz_median", 1950.0,
                          "mhz_max", 1980.0, "temp_c_max", 51.0, "power_w_mean", 240.5, "throttle_reasons", "");
    snprintf(d->source, sizeof d->source, "rank 1");
    zeslm_results mine = {0};
    add_full(&mine, "many", ZESLM_MEASURED, ZESLM_CONVERGED);
    add_full(&mine, "sequential", ZESLM_MEASURED, ZESLM_UNCONVERGED);
    add_full(&mine, "atomic", ZESLM_SKIPPED, ZESLM_WORK_FIXED);
    add_full(&mine, "tree", ZESLM_FAILED, ZESLM_WORK_FIXED);
    run_section s = {.wl = zeslm_workload_find("reduce"), .first = 0, .count = mine.count};
    json_t *errors = json_pack("[{s:s, s:s, s:s}]", "workload", "reduce", "status", "FAILED", "message", "tree");
    assert_true(run_doc_append(d, &mine, &s, errors));
    json_decref(errors);
    zeslm_results_free(&mine);
    run_doc_open_error(doc, 3, "gone", "node-b", 2, "RANK_LOST", "it died");
    json_object_set_new(json_array_get(doc->errors, 0), "source", json_string("rank 2"));
    assert_true(run_doc_aggregate(doc));
}

/* The text --json writes (io/output.c's flags). */
static char *text_of(const run_doc *doc)
{
    json_t *j = run_doc_json(doc);
    char *text = json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(j);
    return text;
}

/* Every row of the schema's tables is written, read and written again: the same
 * bytes. The fixture sets every field, which the test checks against the tables
 * themselves, so a field added to a table and not to the fixture fails here. */
static void every_field_reads_back_to_the_same_bytes(void **state)
{
    (void)state;
    run_doc doc, back;
    full_document(&doc);
    char *text = text_of(&doc), why[256] = "";
    json_t *j = json_loads(text, 0, NULL);
    json_t *dev = json_array_get(json_object_get(j, "devices"), 0);
    json_t *measured = json_array_get(json_object_get(dev, "results"), 0);
    for (size_t i = 0; i < records_result.n_rows; i++)
        assert_non_null(json_object_get(measured, records_result.rows[i].key));
    for (size_t i = 0; i < records_device.n_rows; i++)
        if (strcmp(records_device.rows[i].key, "launch") != 0) /* a name schema 2 read only */
            assert_non_null(json_object_get(dev, records_device.rows[i].key));
    /* (verdicts: merge's, of a document merged from others; a run's has none.) */
    for (size_t i = 0; i < records_run.n_rows; i++)
        assert_true(!records_run.rows[i].key || strcmp(records_run.rows[i].key, "verdicts") == 0 ||
                    json_object_get(j, records_run.rows[i].key));
    for (size_t i = 0; i < records_head.n_rows; i++)
        assert_non_null(json_object_get(j, records_head.rows[i].key));
    json_decref(j);
    assert_int_equal(run_doc_parse(text, strlen(text), &back, why, sizeof why), 0);
    const zeslm_result *r = &back.devices[0].results.items[1];
    assert_int_equal(r->converged, ZESLM_UNCONVERGED);
    assert_int_equal(r->work_units, 8192);
    assert_string_equal(r->work_unit, "rounds");
    assert_true(r->work_change == 0.015625 && back.devices[0].size_scale == 0.5);
    assert_true(run_doc_aggregate(&back));
    char *again = text_of(&back);
    assert_string_equal(text, again);
    free(again);
    free(text);
    run_doc_free(&back);
    run_doc_free(&doc);
}

/* A measured result's median is a whole positive number of nanoseconds, in every
 * reader: 0, -5 and 1e308 are refused, saying which field. */
static void a_measured_result_needs_a_positive_median(void **state)
{
    (void)state;
    static const char *const medians[] = {"0", "-5", "1e308", "null", "\"5\""};
    for (size_t i = 0; i < sizeof medians / sizeof *medians; i++) {
        char text[512], why[256] = "";
        snprintf(text, sizeof text,
                 "{\"schema\": 1, \"device\": {\"name\": \"x\"}, \"results\": [{\"workload\": \"reduce\", "
                 "\"variant\": \"many\", \"parameters\": \"n=8\", \"outcome\": \"measured\", \"median_ns\": %s}]}",
                 medians[i]);
        run_doc doc;
        assert_int_equal(run_doc_parse(text, strlen(text), &doc, why, sizeof why), -1);
        assert_non_null(strstr(why, "median_ns"));
    }
}

/* A measured result's rate is at most 1e12 of its unit and not negative, in every reader:
 * 1e308 (printed as "inf EB/s"), 1e13 and -1 are refused, saying it is the rate; 4 GB/s reads. */
static void a_measured_result_needs_a_plausible_rate(void **state)
{
    (void)state;
    static const char *const rates[] = {"1e308", "1e13", "-1", "4.0"};
    for (size_t i = 0; i < sizeof rates / sizeof *rates; i++) {
        char text[512], why[256] = "";
        snprintf(text, sizeof text,
                 "{\"schema\": 1, \"device\": {\"name\": \"x\"}, \"results\": [{\"workload\": \"reduce\", "
                 "\"variant\": \"many\", \"parameters\": \"n=8\", \"outcome\": \"measured\", \"median_ns\": 1000, "
                 "\"spread\": 0.01, \"rate\": %s, \"rate_unit\": \"GB/s\"}]}",
                 rates[i]);
        run_doc doc;
        bool plausible = i == 3;
        assert_int_equal(run_doc_parse(text, strlen(text), &doc, why, sizeof why), plausible ? 0 : -1);
        if (plausible)
            run_doc_free(&doc);
        else
            assert_non_null(strstr(why, "rate"));
    }
}

/* Devices of two documents read back, as `merge` makes one of them: where each came
 * from, its rank and clocks kept, THROTTLED against the devices of its name, and a
 * line per host. */
static void documents_merge_into_one_with_where_and_throttled(void **state)
{
    (void)state;
    run_doc a, b, docs[2], merged;
    two_devices(&a);
    two_devices(&b);
    static const double mhz[4] = {1980, 1980, 1500, 1990};
    for (size_t k = 0; k < 4; k++) {
        run_doc_device *d = &(k < 2 ? &a : &b)->devices[k % 2];
        d->clocks = json_pack("{s:s, s:{s:{s:f}}}", "source", "NVML", "workloads", "reduce", "mhz_median", mhz[k]);
        d->rank = json_pack("{s:s, s:i}", "launcher", "PALS", "rank", (int)k);
    }
    snprintf(b.devices[0].host, sizeof b.devices[0].host, "node-b");
    snprintf(b.devices[1].host, sizeof b.devices[1].host, "node-b");
    run_doc_open_error(&b, 7, "gone", "node-b", 4, "RANK_LOST", "it died");
    for (size_t i = 0; i < 2; i++) {
        json_t *j = run_doc_json(i ? &b : &a);
        char *text = json_dumps(j, 0), why[200] = "";
        assert_int_equal(run_doc_parse(text, strlen(text), &docs[i], why, sizeof why), 0);
        free(text);
        json_decref(j);
    }
    run_doc_free(&a);
    run_doc_free(&b);
    char fa[] = "a.json", fb[] = "b.json";
    char *sources[] = {fa, fb};
    assert_true(run_doc_merge(&merged, docs, sources, 2, json_object()));
    run_doc_free(&docs[0]);
    run_doc_free(&docs[1]); /* the merged document keeps what its results point into */
    assert_true(run_doc_merged(&merged));
    assert_int_equal(merged.n_devices, 4);
    assert_false(merged.complete);
    assert_string_equal(merged.devices[3].source, "b.json");
    assert_string_equal(merged.devices[3].results.items[0].rate_unit, "GB/s");
    assert_int_equal(json_integer_value(json_object_get(merged.devices[2].rank, "rank")), 2);
    for (size_t k = 0; k < 4; k++)
        assert_true(merged.devices[k].throttled == (k == 2));
    assert_true(merged.devices[2].peers_clock_mhz == 1980);
    json_t *j = run_doc_json(&merged);
    json_t *e = json_array_get(json_object_get(j, "errors"), 0);
    assert_string_equal(json_string_value(json_object_get(e, "source")), "b.json");
    assert_int_equal(json_integer_value(json_object_get(e, "rank")), 4);
    assert_int_equal(json_integer_value(json_object_get(e, "device")), 7);
    json_t *hosts = json_object_get(json_object_get(j, "aggregate"), "hosts");
    assert_int_equal(json_array_size(hosts), 2);
    json_t *nb = json_array_get(hosts, 1);
    assert_string_equal(json_string_value(json_object_get(nb, "host")), "node-b");
    assert_int_equal(json_integer_value(json_object_get(nb, "devices")), 2);
    assert_int_equal(json_integer_value(json_object_get(nb, "throttled")), 1);
    assert_int_equal(json_integer_value(json_object_get(nb, "errors")), 1);
    assert_int_equal(json_array_size(json_object_get(j, "merged_from")), 2);
    char where[64];
    run_doc_where("node-b", merged.devices[2].rank, where, sizeof where);
    assert_string_equal(where, "node-b, rank 2");
    json_decref(j);
    run_doc_free(&merged);
}

/* Who a device is, for the text: from its facts ("gpu": false is a CPU). */
static void a_device_is_named_from_its_facts(void **state)
{
    (void)state;
    run_doc doc;
    zeslm_run_opts o = {0};
    run_doc_init(&doc, json_object(), &o);
    /* A backend this build has (either may be left out), named by its label. */
    uint32_t b;
    const char *name = zeslm_backend_find("cl", &b) == ZESLM_OK ? "cl" : "ze";
    assert_int_equal(zeslm_backend_find(name, &b), ZESLM_OK);
    run_doc_device *d = run_doc_add_device(&doc, 2, 3, "h", json_pack("{s:s, s:s, s:s, s:b}", "backend", name, "name",
                                                                      "cpu", "driver", "2.0", "gpu", 0), "source");
    assert_false(d->is_gpu);
    assert_string_equal(d->name, "cpu");
    assert_string_equal(d->driver, "2.0");
    assert_string_equal(d->backend, zeslm_backend_label(b));
    assert_int_equal(d->index, 3);
    d = run_doc_add_device(&doc, 2, 4, "h", json_pack("{s:s, s:b}", "name", "gpu", "gpu", 1), "SPIR-V");
    assert_true(d->is_gpu);
    assert_null(run_doc_add_device(&doc, 2, 5, "h", json_object(), "")); /* past its capacity */
    run_doc_free(&doc);
}

static void schema_1_reads_as_one_device(void **state)
{
    (void)state;
    static const char one[] = "{\"schema\": 1, \"seed\": 3, \"device\": {\"name\": \"x\", \"backend\": \"cl\"}, "
                              "\"results\": [{\"workload\": \"reduce\", \"variant\": \"many\", \"parameters\": "
                              "\"n=8\", \"outcome\": \"measured\", \"median_ns\": 40, \"times_ns\": [40]}], "
                              "\"errors\": [{\"workload\": \"bank\", \"status\": \"FAILED\", \"message\": \"m\"}]}";
    run_doc doc;
    char why[200] = "";
    assert_int_equal(run_doc_parse(one, sizeof one - 1, &doc, why, sizeof why), 0);
    assert_int_equal(doc.n_devices, 1);
    assert_false(doc.several);
    assert_int_equal(doc.seed, 3);
    assert_string_equal(doc.devices[0].name, "x");
    assert_int_equal(doc.devices[0].results.items[0].stats.median_ns, 40);
    /* The errors at its root are its device's, not the run's. */
    assert_int_equal(json_array_size(doc.devices[0].errors), 1);
    assert_int_equal(json_array_size(doc.errors), 0);
    run_doc_free(&doc);
}

static void another_schema_is_refused_with_a_reason(void **state)
{
    (void)state;
    static const char *const bad[] = {"{\"schema\": 4}", "[1]", "{\"schema\": 3, \"devices\": [{\"device\": {}}]}",
                                      "{\"schema\": 1, \"device\": {}, \"results\": [{\"workload\": \"a\"}]}"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        run_doc doc;
        char why[200] = "";
        assert_int_equal(run_doc_parse(bad[i], strlen(bad[i]), &doc, why, sizeof why), -1);
        assert_true(*why);
    }
}

/* A schema-3 document of one device whose members after "device" are `members`. */
static int parse_device(const char *members, run_doc *doc, char *why, size_t why_len)
{
    char text[4096];
    int n = snprintf(text, sizeof text, "{\"schema\": 3, \"devices\": [{\"device\": {\"name\": \"x\"}, %s}]}", members);
    assert_true(n > 0 && (size_t)n < sizeof text);
    return run_doc_parse(text, (size_t)n, doc, why, why_len);
}

#define RESULT(extra)                                                                                                  \
    "{\"workload\": \"reduce\", \"variant\": \"many\", \"parameters\": \"n=8\", \"outcome\": \"measured\", "        \
    "\"median_ns\": 40, \"spread\": 0, \"rate\": 2.5, \"rate_unit\": \"GB/s\", \"times_ns\": [40]" extra "}"

/* A device's results are read from their text where plain, by jansson where not (a
 * member nested past what the text reader takes): the same results either way, their
 * units alive as long as the document (ASan checks that in CI), an escaped key decoded,
 * a key given twice refused either way, and no results at all an error as before. */
static void a_device_reads_the_same_by_either_path(void **state)
{
    (void)state;
    static const char *const texts[] = {
        "\"results\": [" RESULT("") ", " RESULT("") "]",
        "\"results\": [" RESULT("") ", " RESULT(", \"x\": [[[[[1]]]]]") "]",
        "\"re\\u0073ults\": [" RESULT("") ", " RESULT("") "]",
    };
    static const char *const twice[] = {
        "\"results\": [" RESULT("") "], \"results\": [" RESULT("") ", " RESULT("") "]",
        "\"results\": [" RESULT("") "], \"results\": [" RESULT("") ", " RESULT(", \"x\": [[[[[1]]]]]") "]",
        "\"results\": [" RESULT(", \"rate\": 3") "]",
        "\"results\": [" RESULT(", \"x\": [[[[[1]]]]], \"rate\": 3") "]",
    };
    for (size_t i = 0; i < sizeof twice / sizeof *twice; i++) {
        run_doc doc;
        char why[200] = "";
        assert_int_equal(parse_device(twice[i], &doc, why, sizeof why), -1);
        if (!strstr(why, "duplicate"))
            fail_msg("%s: %s", twice[i], why);
    }
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        run_doc doc;
        char why[200] = "";
        assert_int_equal(parse_device(texts[i], &doc, why, sizeof why), 0);
        const zeslm_results *r = &doc.devices[0].results;
        assert_int_equal(r->count, 2);
        for (size_t k = 0; k < r->count; k++) {
            assert_string_equal(r->items[k].rate_unit, "GB/s");
            assert_int_equal(r->items[k].stats.median_ns, 40);
            assert_int_equal(r->items[k].times_ns[0], 40);
        }
        run_doc_free(&doc);
    }
    /* A device of a result that ran nothing says so, whichever way it was read. */
    static const char *const none[] = {
        "\"results\": [{\"workload\": \"a\", \"variant\": \"b\", \"parameters\": \"\", \"outcome\": \"no_results\"}]",
        "\"results\": [{\"workload\": \"a\", \"variant\": \"b\", \"parameters\": \"\", \"outcome\": \"no_results\", "
        "\"x\": [[[[[1]]]]]}]",
    };
    for (size_t i = 0; i < sizeof none / sizeof *none; i++) {
        run_doc doc;
        char why[200] = "";
        assert_int_equal(parse_device(none[i], &doc, why, sizeof why), 0);
        assert_true(doc.devices[0].no_results);
        run_doc_free(&doc);
    }
    run_doc doc;
    char why[200] = "";
    assert_int_equal(parse_device(texts[0], &doc, why, sizeof why), 0);
    assert_false(doc.devices[0].no_results);
    run_doc_free(&doc);
    assert_int_equal(parse_device("\"errors\": []", &doc, why, sizeof why), -1);
    assert_string_equal(why, "device 0: device field \"results\" is missing or not an array");
}

/* Read light (who each device is, for compare to pair them), a device's derived
 * expected values are left out, and a key that is not a string is refused with why, as
 * the file is opened: every device's text is parsed then, to find where it ends. */
static void a_light_read_skips_the_derived_and_says_why(void **state)
{
    (void)state;
    static const char good[] = "{\"schema\": 3, \"devices\": [{\"device\": {\"name\": \"x\"}, \"results\": [], "
                               "\"expected\": {\"a\": true}}]}",
                      bad[] = "{\"schema\": 3, \"devices\": [{\"device\": {\"name\": \"x\"}, \"\\q\": 1, "
                              "\"results\": []}]}";
    doc_reader r;
    run_doc doc;
    char why[200] = "";
    assert_int_equal(doc_reader_text(&r, good, sizeof good - 1, why, sizeof why), 0);
    assert_int_equal(doc_reader_light(&r, &doc, why, sizeof why), 0);
    assert_string_equal(doc.devices[0].name, "x");
    run_doc_free(&doc);
    doc_reader_close(&r);
    assert_int_equal(doc_reader_text(&r, bad, sizeof bad - 1, why, sizeof why), -1);
    assert_string_equal(why, "not JSON: invalid escape near '\"\\q' (line 1)");
    doc_reader_close(&r);
}

/* The device facts are fields like every other record: one row a fact of the
 * library's table, in its order (output.c has a getter for at most 48). */
static void every_device_fact_is_a_field(void **state)
{
    (void)state;
    size_t n;
    const field *f = output_device_fields(&n);
    assert_int_equal(n, zeslm_device_fact_count);
    for (size_t i = 0; i < n; i++) {
        assert_string_equal(f[i].key, zeslm_device_facts[i].key);
        assert_string_equal(f[i].head, zeslm_device_facts[i].label);
    }
}

/* A caller built before `reps` existed: the library reads none of the members past
 * its struct_size, so reps is 0 there and the run is refused before any device use. */
static void run_options_past_struct_size_are_not_read(void **state)
{
    (void)state;
    zeslm_run_opts o = {.struct_size = offsetof(zeslm_run_opts, reps), .reps = 5, .timeout_s = 1};
    zeslm_results out = {0};
    assert_int_equal(zeslm_workload_run(zeslm_workloads[0], NULL, &o, &out), ZESLM_ERR_INVALID_ARG);
    assert_int_equal(out.count, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(append_copies_the_section_and_rebases_it),
        cmocka_unit_test(params_are_typed),
        cmocka_unit_test(a_written_document_reads_back_the_same),
        cmocka_unit_test(every_field_reads_back_to_the_same_bytes),
        cmocka_unit_test(a_measured_result_needs_a_positive_median),
        cmocka_unit_test(a_measured_result_needs_a_plausible_rate),
        cmocka_unit_test(documents_merge_into_one_with_where_and_throttled),
        cmocka_unit_test(a_device_is_named_from_its_facts),
        cmocka_unit_test(schema_1_reads_as_one_device),
        cmocka_unit_test(another_schema_is_refused_with_a_reason),
        cmocka_unit_test(a_device_reads_the_same_by_either_path),
        cmocka_unit_test(a_light_read_skips_the_derived_and_says_why),
        cmocka_unit_test(every_device_fact_is_a_field),
        cmocka_unit_test(run_options_past_struct_size_are_not_read),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
