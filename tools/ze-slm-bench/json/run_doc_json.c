/* SPDX-License-Identifier: MIT */
/* The run document written and read through its records' rows (json/records.h). */
#include <stdio.h>

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
