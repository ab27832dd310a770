/* SPDX-License-Identifier: MIT */
/* compare's rows: one result of one pair of devices, and its fields described once
 * for the text and Markdown tables, the JSON and the CSV (table/fields.h). */
#ifndef ZESLM_COMPARE_ROWS_H
#define ZESLM_COMPARE_ROWS_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "compare/compare_stats.h"
#include "model/result_key.h"
#include "table/fields.h"

/* One result of one pair of devices: the medians (NAN where a file lacks it), the
 * statistics of the two sets of launches (st.ratio, the new time over the old, is the
 * estimate whose interval st.ci_low, st.ci_high are), and what the result is: "slower",
 * "faster", "unchanged", "untested", "only in new" or "only in old". */
typedef struct compare_row {
    size_t old_device, new_device;
    result_key key; /* the result's identity (model/result_key.h) */
    double old_ns, new_ns;
    /* Each side's noise, the one figure `run` shows and marks with "~" ((max - min) /
     * median of its launches; NAN where the file lacks the result), and its launches. */
    double old_spread, new_spread;
    size_t old_launches, new_launches;
    compare_stats st;
    const char *change;
    /* Unchanged, and the interval inside the threshold: evidence of no change, where
     * an interval reaching past it leaves the launches' noise to blame. */
    bool settled;
    bool regression; /* slower past --fail-over */
    /* What the pair's two results differ in beyond their identity (a group size the
     * run chose) and a figure no device can reach (a time a unit of work under one
     * clock of the device); "" where neither. */
    char note[200];
} compare_row;

/* The fields of a compare_row, in the JSON object's order. */
#define COMPARE_N_FIELDS 16
extern const field compare_fields[COMPARE_N_FIELDS];

/* The fields with a head as table columns (render/fields.h's fields_columns), each
 * side's spread and launches only where `sides` asks for them. Returns how many. */
size_t compare_columns(bool sides, bool markdown, table_column *cols, size_t *map);

/* v as a JSON real, null where it is NAN. */
json_t *compare_real_or_null(double v);

#endif
