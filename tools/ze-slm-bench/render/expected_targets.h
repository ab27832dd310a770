/* SPDX-License-Identifier: MIT */
/* The table of expected values beside `limits --target`: each target's
 * family, and the published values a run on it is judged against, with their sources. */
#ifndef ZESLM_EXPECTED_TARGETS_H
#define ZESLM_EXPECTED_TARGETS_H

#include <stddef.h>

#include <jansson.h>
#include <zeslm/targets.h>

#include "render/sheet.h"

/* Adds "expected" to each of the n JSON rows (the row of targets[i]): {table, family,
 * published: the family's entries, as the table has them}, or {table: null, note} when
 * no table could be read, or family null when no family lists the target; and writes
 * the same to the sheet, each family once, naming its targets. */
void expected_targets_describe(sheet *sh, json_t *rows, const zeslm_intel_target *const *targets, size_t n);

#endif
