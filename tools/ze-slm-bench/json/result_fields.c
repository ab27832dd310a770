/* SPDX-License-Identifier: MIT */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zeslm/bench.h>
#include <zeslm/units.h>

#include "table/params_text.h"
#include "json/records.h"
#include "json/result_fields.h"

#define CELL(name, ...)                                       \
    void name(const void *rec, char *b, size_t n)             \
    {                                                         \
        const zeslm_result *r = rec;                          \
        __VA_ARGS__;                                          \
    }

CELL(result_cell_min, zeslm_format_si((double)r->stats.min_ns, "ns", b, n))
/* A median whose launches spread by more than RESULT_SPREAD_WARN of it is marked, and
 * the table says so under it. */
CELL(result_cell_median, zeslm_format_si((double)r->stats.median_ns, "ns", b, n);
     if (r->stats.spread > RESULT_SPREAD_WARN) snprintf(b + strlen(b), n - strlen(b), " ~"))
CELL(result_cell_max, zeslm_format_si((double)r->stats.max_ns, "ns", b, n))
CELL(result_cell_mean, zeslm_format_si(r->stats.mean_ns, "ns", b, n))
CELL(result_cell_verified, snprintf(b, n, "%s", r->outcome == ZESLM_MEASURED ? "yes" : "no"))
CELL(result_cell_spread, snprintf(b, n, "%.1f%%", 100 * r->stats.spread))
CELL(result_cell_rate, zeslm_format_si(r->rate, r->rate_unit ? r->rate_unit : "", b, n))
CELL(result_cell_fraction, if (r->ceiling_exceeded) snprintf(b, n, ">ceiling");
     else if (r->fraction) snprintf(b, n, "%.0f%%", 100 * r->fraction))
/* The work a launch settled on, flagged where doubling it still moved the figure, as
 * >ceiling flags a beaten ceiling. */
CELL(result_cell_work, if (r->work_unit) snprintf(b, n, "%s%llu %s", r->converged == ZESLM_UNCONVERGED ? "unconverged " : "",
                                                  (unsigned long long)r->work_units, r->work_unit))
CELL(result_cell_speedup, if (r->speedup) snprintf(b, n, "%.2fx", r->speedup))
CELL(result_cell_extra, if (r->ratio) zeslm_format_si(r->ratio, "", b, n))
CELL(result_cell_params, params_text(r->params, false, b, n))

/* A field's value: its row's, as the JSON writes it. */
static json_t *row_value(const void *row, const void *rec)
{
    return schema_field(&records_result, ((const schema_row *)row)->key, rec);
}

static field fields[RESULT_FIELDS_MAX];
static size_t n_fields;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void make(void)
{
    if (records_result.n_rows > RESULT_FIELDS_MAX) {
        fprintf(stderr, "ze-slm-bench: internal error: a result has %zu fields, RESULT_FIELDS_MAX %d\n",
                records_result.n_rows, RESULT_FIELDS_MAX);
        abort();
    }
    for (size_t i = 0; i < records_result.n_rows && i < RESULT_FIELDS_MAX; i++) {
        const schema_row *row = &records_result.rows[i];
        fields[n_fields++] = (field){.key = row->key, .head = row->head, .keep = row->keep, .right = row->right,
                                     .list = row->json_only, .cell = row->cell, .value = row_value, .arg = row};
    }
}

const field *result_fields(size_t *n)
{
    pthread_once(&once, make);
    *n = n_fields;
    return fields;
}
