#include <stdio.h>
#include <string.h>

#include "peers_report.h"
#include "units.h"

json_t *peers_aggregate_json(const peers *p)
{
    json_t *rows = json_array();
    for (size_t i = 0; i < p->n_rows; i++) {
        const peers_row *row = &p->rows[i];
        json_t *o = json_object(), *rates = json_array(), *ratios = json_array(), *below = json_array();
        json_object_set_new(o, "workload", json_string(row->first->workload));
        json_object_set_new(o, "variant", json_string(row->first->variant));
        json_object_set_new(o, "parameters", json_string(row->first->params));
        json_object_set_new(o, "rate_unit", json_string(row->first->rate_unit ? row->first->rate_unit : ""));
        for (size_t d = 0; d < p->n_devices; d++) {
            json_array_append_new(rates, row->rates[d] > 0 ? json_real(row->rates[d]) : json_null());
            json_array_append_new(ratios, row->ratios[d] > 0 ? json_real(row->ratios[d]) : json_null());
            if (row->ratios[d] > 0 && row->ratios[d] < PEERS_SLOW_BELOW)
                json_array_append_new(below, json_integer((json_int_t)d));
        }
        json_object_set_new(o, "rates", rates);
        json_object_set_new(o, "ratios", ratios);
        json_object_set_new(o, "median_rate", json_real(row->median_rate));
        json_object_set_new(o, "total_rate", row->total_rate > 0 ? json_real(row->total_rate) : json_null());
        json_object_set_new(o, "below_peers", below);
        json_array_append_new(rows, o);
    }
    json_t *agg = json_object();
    json_object_set_new(agg, "slow_below", json_real(PEERS_SLOW_BELOW));
    json_object_set_new(agg, "results", rows);
    return agg;
}

void peers_table(const peers *p, const char *const *heads, table *t, table_column *cols)
{
    /* The devices' columns are kept before the parameters when the text is too wide. */
    size_t n_cols = p->n_devices + 4;
    cols[0] = (table_column){"variant", false, 100};
    cols[1] = (table_column){"parameters", false, 50};
    for (size_t k = 0; k < p->n_devices; k++)
        cols[k + 2] = (table_column){heads[k], true, 90};
    cols[n_cols - 2] = (table_column){"median", true, 80};
    cols[n_cols - 1] = (table_column){"total", true, 70};
    table_init(t, cols, n_cols);
    const char *workload = "";
    for (size_t i = 0; i < p->n_rows; i++) {
        const peers_row *row = &p->rows[i];
        const char *unit = row->first->rate_unit ? row->first->rate_unit : "";
        char cells[n_cols][sizeof row->first->params + 8];
        const char *cell[n_cols];
        if (strcmp(workload, row->first->workload) != 0) {
            for (size_t c = 0; c < n_cols; c++)
                cell[c] = NULL;
            snprintf(cells[0], sizeof cells[0], "%s:", workload = row->first->workload);
            cell[0] = cells[0];
            table_add(t, cell, NULL);
        }
        snprintf(cells[0], sizeof cells[0], "%s", row->first->variant);
        snprintf(cells[1], sizeof cells[1], "%s", row->first->params);
        for (size_t k = 0; k < p->n_devices; k++) {
            char rate[32] = "-";
            if (row->rates[k] > 0)
                zeslm_format_si(row->rates[k], unit, rate, sizeof rate);
            /* '<': more than 10% below the median of the devices. */
            bool below = row->ratios[k] > 0 && row->ratios[k] < PEERS_SLOW_BELOW;
            snprintf(cells[k + 2], sizeof cells[k + 2], "%s%s", rate, below ? " <" : "");
        }
        snprintf(cells[n_cols - 2], sizeof cells[n_cols - 2], "-");
        if (row->measured)
            zeslm_format_si(row->median_rate, unit, cells[n_cols - 2], sizeof cells[n_cols - 2]);
        snprintf(cells[n_cols - 1], sizeof cells[n_cols - 1], "-");
        if (row->total_rate > 0)
            zeslm_format_si(row->total_rate, unit, cells[n_cols - 1], sizeof cells[n_cols - 1]);
        for (size_t c = 0; c < n_cols; c++)
            cell[c] = cells[c];
        table_add(t, cell, NULL);
    }
}

void peers_below_note(char *buf, size_t len)
{
    snprintf(buf, len, "('<': more than %.0f%% below the median of the devices that measured it; for ns/... units "
             "lower is better)", 100 * (1 - PEERS_SLOW_BELOW));
}
