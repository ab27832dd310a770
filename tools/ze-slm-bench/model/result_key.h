/* SPDX-License-Identifier: MIT */
/* What makes two results the same result, across devices and documents (merge's rows,
 * compare's pairs): the workload, variant and parameters, and the group size where
 * the device measured those at several (a profile, which sweeps the group size; a run
 * lets the workload choose it, which may differ between devices). */
#ifndef ZESLM_RESULT_KEY_H
#define ZESLM_RESULT_KEY_H

#include <stdbool.h>
#include <stddef.h>

#include <zeslm/bench.h>

/* One result and whether its group size is part of its identity. */
typedef struct result_key {
    const zeslm_result *r;
    bool grouped;
} result_key;

/* keys[i] for each result of `all` (keys holds all->count): O(n). Returns false when
 * out of memory. */
bool result_keys(const zeslm_results *all, result_key *keys);

/* The order of workload, variant and parameters alone (the group size aside): 0 for the
 * same names. */
int result_names_cmp(const zeslm_result *a, const zeslm_result *b);

/* The order of identities: 0 for the same result. */
int result_key_cmp(const result_key *a, const result_key *b);

/* Its identity for people: "workload variant parameters", then " group=N" where the
 * group size is part of it. */
void result_key_text(const result_key *k, char *buf, size_t len);

#endif
