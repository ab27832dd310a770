/* SPDX-License-Identifier: MIT */
/* A device's measured results keyed once by identity (model/result_key.h), for compare:
 * found by binary search, O(log n), so comparing two files is O(n log n). */
#ifndef ZESLM_RESULTS_INDEX_H
#define ZESLM_RESULTS_INDEX_H

#include "model/result_key.h"
#include "model/run_doc.h"

typedef struct results_index {
    result_key *keys;   /* the measured results, in the device's order */
    result_key *sorted; /* the same, by identity */
    size_t count;
} results_index;

/* Indexes d's measured results. Returns 0, or -1 with the reason in `why`: a result
 * that appears twice, or out of memory. */
int results_index_make(const run_doc_device *d, results_index *out, char *why, size_t why_len);
void results_index_free(results_index *x);

/* The result of k's identity in x, or NULL. */
const result_key *results_index_find(const results_index *x, const result_key *k);

/* Whether x holds a result of the workload and variant of r (at any parameters). */
bool results_index_has_variant(const results_index *x, const zeslm_result *r);

#endif
