/* SPDX-License-Identifier: MIT */
/* `inspect --isa`: each kernel's instruction mix (include/zeslm/isa.h) as table rows,
 * the whole kernel and then each innermost loop, and as JSON. */
#ifndef ZESLM_INSPECT_ISA_H
#define ZESLM_INSPECT_ISA_H

#include <stdbool.h>
#include <stdio.h>

#include <jansson.h>
#include <zeslm/isa.h>

#include "table/table.h"

extern const table_column inspect_isa_columns[];
extern const size_t inspect_isa_n_columns;

/* What the cells mean, under each target's heading (Markdown: a paragraph). */
void inspect_isa_legend(FILE *f, bool markdown);

/* The kernel called `name` among isa[0..n), or NULL. */
const zeslm_isa_kernel *inspect_isa_find(const zeslm_isa_kernel *isa, size_t n, const char *name);

/* Adds k's rows to t: "all", then one per innermost loop (its listing lines). */
void inspect_isa_rows(table *t, const zeslm_isa_kernel *k);

/* {"simd", "total": {class: {"messages", "bytes"}, ..., "first_line", "last_line"},
 * "innermost_loops", "loops": [...]}, a new reference. */
json_t *inspect_isa_json(const zeslm_isa_kernel *k);

#endif
