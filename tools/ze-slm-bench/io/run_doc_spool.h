/* SPDX-License-Identifier: MIT */
/* A run document's results set aside on disk (io/spool.h) and read back: the model
 * (model/run_doc.h) holds the document and does no I/O; a merge of thousands of
 * devices spills here, and every writer loads a device through here. */
#ifndef ZESLM_RUN_DOC_SPOOL_H
#define ZESLM_RUN_DOC_SPOOL_H

#include <stdbool.h>
#include <stddef.h>

#include "model/run_doc.h"

/* Sets device k's results aside in the document's spool (made on first use), freeing
 * them: a merge of thousands of devices holds their identities, findings and the rows
 * across them, not their results. Aggregate first or after: run_doc_aggregate reads
 * them back a device at a time. False when the spool cannot be made or written. */
bool run_doc_spill(run_doc *doc, size_t k);

/* Device k's results: its own, or read back from the spool into `scratch` (empty;
 * the caller frees it with zeslm_results_free either way). NULL when that read
 * fails. */
const zeslm_results *run_doc_results(const run_doc *doc, size_t k, zeslm_results *scratch);

/* Device k whole into *copy, for a writer: a shallow copy whose results are read back
 * where they were spilled, and its sections worked out again from them;
 * run_doc_device_unload frees what the load made. False when that read fails or out
 * of memory. */
bool run_doc_device_load(const run_doc *doc, size_t k, run_doc_device *copy);
void run_doc_device_unload(run_doc_device *copy);

#endif
