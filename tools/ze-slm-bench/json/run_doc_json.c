/* SPDX-License-Identifier: MIT */
/* The run document written and read through its records' rows (json/records.h). */
#include <stdio.h>

#include "io/run_doc_spool.h"
#include "io/json_write.h"
#include "json/records.h"
#include "json/run_doc_json.h"

json_t *run_doc_json(const run_doc *doc)
{
    return schema_write(&records_run, doc);
}

bool run_doc_write(FILE *f, const void *doc)
{
    return schema_emit(f, &records_run, doc, 0) && fputc('\n', f) != EOF;
}

/* ---- A document of one device, in parts ----
 * Depths as run_doc_write nests them: the run's members at 1, its devices at 2, a
 * device's members at 3, its results at 4. */

bool run_doc_write_head(FILE *f, const run_doc *doc)
{
    run_doc_device d;
    if (doc->n_devices != 1 || !records_device_view(doc, 0, &d))
        return false;
    bool first = true, device_first = true;
    bool ok = fputc('{', f) != EOF &&
              schema_emit_rows(f, &records_run, doc, 0, 0, schema_row_index(&records_run, "devices"), &first) &&
              json_write_key(f, 1, first, "devices") && fputc('[', f) != EOF && json_write_indent(f, 2, true) &&
              fputc('{', f) != EOF &&
              schema_emit_rows(f, &records_device, &d, 2, 0, schema_row_index(&records_device, "results"), &device_first) &&
              json_write_key(f, 3, device_first, "results") && fputc('[', f) != EOF;
    run_doc_device_unload(&d);
    return ok;
}

bool run_doc_write_results(FILE *f, const run_doc *doc, size_t from)
{
    run_doc_device d;
    if (doc->n_devices != 1 || !records_device_view(doc, 0, &d))
        return false;
    bool ok = true;
    for (size_t i = from; ok && i < d.results.count; i++)
        ok = json_write_indent(f, 4, i == 0) && schema_emit(f, &records_result, &d.results.items[i], 4);
    run_doc_device_unload(&d);
    return ok;
}

bool run_doc_write_tail(FILE *f, const run_doc *doc)
{
    run_doc_device d;
    if (doc->n_devices != 1 || !records_device_view(doc, 0, &d))
        return false;
    bool first = false; /* the record has members before these rows */
    bool ok = (d.results.count == 0 || json_write_indent(f, 3, true)) && fputc(']', f) != EOF &&
              schema_emit_rows(f, &records_device, &d, 2, schema_row_index(&records_device, "results") + 1,
                               records_device.n_rows, &first) &&
              schema_emit_close(f, 2, false) && json_write_indent(f, 1, true) && fputc(']', f) != EOF &&
              schema_emit_rows(f, &records_run, doc, 0, schema_row_index(&records_run, "devices") + 1,
                               records_run.n_rows, &first) &&
              schema_emit_close(f, 0, false) && fputc('\n', f) != EOF;
    run_doc_device_unload(&d);
    return ok;
}

/* ---- Reading a results file back: the same rows ---- */

int run_doc_read_device(run_doc *doc, size_t cap, const json_t *o, zeslm_results *results, size_t k,
                        const char *host, char *why, size_t why_len)
{
    run_doc_device *d = run_doc_add_device(doc, cap, (uint32_t)k, host, NULL, NULL);
    if (!d) {
        snprintf(why, why_len, "out of host memory");
        return -1;
    }
    /* A file from before sizing: its sizes were the full ones. */
    d->size_scale = 1;
    char inner[256];
    if (schema_read(&records_device, o, d, inner, sizeof inner)) {
        snprintf(why, why_len, "device %zu: %s", k, inner);
        return -1;
    }
    if (results) {
        zeslm_results_free(&d->results);
        d->results = *results;
        *results = (zeslm_results){0};
    }
    /* Whichever way its results came. */
    for (size_t i = 0; i < d->results.count; i++)
        d->no_results |= d->results.items[i].outcome == ZESLM_NO_RESULTS;
    run_doc_device_names(d);
    if (!run_doc_device_sections(d, true)) {
        snprintf(why, why_len, "out of host memory");
        return -1;
    }
    return 0;
}
