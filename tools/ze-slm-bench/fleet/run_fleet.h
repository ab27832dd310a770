/* SPDX-License-Identifier: MIT */
/* Many run documents as one (`merge`, rank 0 of `run --mpi`). */
#ifndef ZESLM_RUN_FLEET_H
#define ZESLM_RUN_FLEET_H

#include "model/run_doc.h"

/* Every device and error of docs[0..n) (n > 0) moved into `out`, each with where it
 * came from (sources[i]: its file, "rank N"; a merged input keeps its own), under
 * `head` (output_document's; taken) with merged_from; the run options are the first
 * document's; aggregated. The documents are left without devices (to be freed as
 * usual); `out` keeps the few strings results point to, so the documents read may be
 * freed at once. Returns false when out of memory; `out` is to be freed either way
 * once out->head is set. */
bool run_doc_merge(run_doc *out, run_doc *docs, char *const *sources, size_t n, json_t *head);

/* The same a document at a time, so that a merge holds one document read, not all:
 * begin (out->head is then set), add each (doc left without devices; free it then),
 * end (aggregated; false when out of memory). */
void run_doc_merge_begin(run_doc *out, json_t *head);
bool run_doc_merge_add(run_doc *out, run_doc *doc, const char *source);
bool run_doc_merge_end(run_doc *out);

#endif
