/* Many run documents as one (`merge`, rank 0 of `run --mpi`). */
#ifndef ZESLM_RUN_FLEET_H
#define ZESLM_RUN_FLEET_H

#include "doc/run_doc.h"

/* Every device and error of docs[0..n) (n > 0, documents read back) in `out`, each
 * with where it came from (sources[i]: its file, "rank N"; a merged input keeps its
 * own), under `head` (output_document's; taken) with merged_from; the run options
 * are the first document's; aggregated. `out` keeps the documents' text alive, so
 * docs may be freed first. Returns false when out of memory; `out` is to be freed
 * either way once out->head is set. */
bool run_doc_merge(run_doc *out, const run_doc *docs, char *const *sources, size_t n, json_t *head);

#endif
