/* SPDX-License-Identifier: MIT */
/* A document's devices against each other: each result over the devices, each device
 * against its peers (model/peers.h) of its model, its clock against the devices of its
 * name (THROTTLED). Worked out after a run or a merge, never read from a file. */
#ifndef ZESLM_FLEET_AGGREGATE_H
#define ZESLM_FLEET_AGGREGATE_H

#include <stdbool.h>

#include "model/run_doc.h"

/* A device is THROTTLED when its clock is below this share of the median clock of
 * the sampled devices of its name (docs/results-schema.md, "Several devices"). */
#define RUN_DOC_THROTTLED_BELOW 0.95

/* Each result over the devices, and each device against its peers (peers.h) of its
 * model (run_doc_same_model): its score, SLOW, its clock and THROTTLED. Returns
 * false when out of memory. */
bool run_doc_aggregate(run_doc *doc);

#endif
