/* compare's rows: one result of one pair of devices, and its fields described once
 * for the text and Markdown tables, the JSON and the CSV (render/fields.h). */
#ifndef ZESLM_COMPARE_ROWS_H
#define ZESLM_COMPARE_ROWS_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "doc/compare_stats.h"
#include "doc/result_key.h"
#include "render/fields.h"

/* One result of one pair of devices: the medians (NAN where a file lacks it), the
 * statistics of the two sets of launches (st.ratio, the new time over the old, is the
 * estimate whose interval st.ci_low, st.ci_high are), and what the result is: "slower",
 * "faster", "unchanged", "untested", "only in new" or "only in old". */
typedef struct compare_row {
    size_t old_device, new_device;
    result_key key; /* the result's identity (doc/result_key.h) */
    double old_ns, new_ns;
    compare_stats st;
    const char *change;
    bool regression; /* slower past --fail-over */
    /* What the pair's two results differ in beyond their identity (a group size the
     * run chose) and a figure no device can reach (a time a unit of work under one
     * clock of the device); "" where neither. */
    char note[200];
} compare_row;

/* The fields of a compare_row, in the JSON object's order. */
#define COMPARE_N_FIELDS 12
extern const field compare_fields[COMPARE_N_FIELDS];

/* v as a JSON real, null where it is NAN. */
json_t *compare_real_or_null(double v);

#endif
