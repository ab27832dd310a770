/* Devices against their peers (tools/peers.h) as a document's `aggregate` and as the
 * table across the devices: shared by `run --device all|LIST` and `merge`. */
#ifndef ZESLM_PEERS_REPORT_H
#define ZESLM_PEERS_REPORT_H

#include <jansson.h>

#include "peers.h"
#include "table.h"

/* {slow_below, results: [{workload, variant, parameters, rate_unit, rates, ratios,
 * median_rate, total_rate, below_peers}]}, a rate and ratio per device (null where it
 * measured nothing, or, for a ratio, fewer than two devices did). */
json_t *peers_aggregate_json(const peers *p);

/* Every result across the devices as a table: variant, parameters, a column per
 * device headed heads[k], median, total; '<' marks a rate more than 10% below the
 * median. `cols` holds p->n_devices + 4 and, with heads, must outlive t. */
void peers_table(const peers *p, const char *const *heads, table *t, table_column *cols);

/* What '<' means in that table. */
void peers_below_note(char *buf, size_t len);

#endif
