/* SPDX-License-Identifier: MIT */
/* compare of two fleets: the devices that changed most, ranked by how far their
 * geometric mean of new/old is from 1, in a short table that leads the output (the
 * pairs' own sections follow). */
#ifndef ZESLM_COMPARE_RANK_H
#define ZESLM_COMPARE_RANK_H

#include <stdbool.h>
#include <stddef.h>

#include "compare/compare_tally.h"
#include "model/run_doc.h"
#include "render/sheet.h"

typedef struct compare_ranked {
    size_t old_index, new_index;
    const run_doc_device *device; /* the new one (its host, rank and name label the line) */
    compare_counts counts;
} compare_ranked;

typedef struct compare_rank {
    compare_ranked *items;
    size_t n, cap;
    bool failed;                   /* out of host memory */
} compare_rank;

/* One pair's totals; its device must outlive the rank. */
void compare_rank_add(compare_rank *r, size_t old_index, size_t new_index, const run_doc_device *device,
                      const compare_counts *c);

/* The `top` pairs furthest from new/old 1 (those with a result in common), most first,
 * as a table titled for it at the front of the sheet. */
void compare_rank_lead(compare_rank *r, size_t top, sheet *sh);

void compare_rank_free(compare_rank *r);

#endif
