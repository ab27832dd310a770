/* SPDX-License-Identifier: MIT */
/* A run document's results set aside in its spool and read back (run_doc_spool.h). */
#include "io/run_doc_spool.h"
#include "io/spool.h"

bool run_doc_spill(run_doc *doc, size_t k)
{
    run_doc_device *d = &doc->devices[k];
    if (d->spilled)
        return true;
    if (!doc->spool && !(doc->spool = doc_spool_open()))
        return false;
    doc->spool_close = doc_spool_close;
    if (!doc_spool_put(doc->spool, &d->results, &d->spilled_at))
        return false;
    d->spilled_count = d->results.count;
    d->spilled = true;
    zeslm_results_free(&d->results);
    /* The sections' summaries are worked out again on load. */
    run_doc_device_sections_free(d);
    return true;
}

const zeslm_results *run_doc_results(const run_doc *doc, size_t k, zeslm_results *scratch)
{
    const run_doc_device *d = &doc->devices[k];
    *scratch = (zeslm_results){0};
    if (!d->spilled)
        return &d->results;
    return doc_spool_get(doc->spool, d->spilled_at, d->spilled_count, scratch) ? scratch : NULL;
}

bool run_doc_device_load(const run_doc *doc, size_t k, run_doc_device *copy)
{
    *copy = doc->devices[k];
    if (!copy->spilled)
        return true;
    if (!doc_spool_get(doc->spool, copy->spilled_at, copy->spilled_count, &copy->results))
        return false;
    if (run_doc_device_sections(copy, false))
        return true;
    run_doc_device_unload(copy);
    return false;
}

void run_doc_device_unload(run_doc_device *copy)
{
    if (!copy->spilled)
        return;
    zeslm_results_free(&copy->results);
    run_doc_device_sections_free(copy);
}
