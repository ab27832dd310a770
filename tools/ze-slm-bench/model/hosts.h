/* SPDX-License-Identifier: MIT */
/* Where a document's devices ran (a merged document names them by place). */
#ifndef ZESLM_HOSTS_H
#define ZESLM_HOSTS_H

#include "model/run_doc.h"

/* Whether the document spans processes (merge, run --mpi): its head says what it
 * was merged from. Its devices are then named by place (d0, d1, ...), with their
 * host and rank. */
bool run_doc_merged(const run_doc *doc);

/* The summary per host, in the order hosts first appear: [{host, devices, slow,
 * throttled, errors, lowest_score}] (errors: the devices' and the open ones). */
json_t *run_doc_hosts(const run_doc *doc);

/* "HOST, rank N" of a device's rank object or an error's rank ("HOST" when none). */
void run_doc_where(const char *host, const json_t *rank, char *buf, size_t len);

#endif
