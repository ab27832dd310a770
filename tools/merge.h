/* Many results documents as one (`merge`, and rank 0 of `run --mpi`): every device of
 * every file (schema 1 or 2, any mix of hosts and ranks) with its host and rank, the
 * table across the devices, each device against the median of its peers (SLOW), the
 * errors kept with their host and rank, and a summary per host. No I/O here. */
#ifndef ZESLM_MERGE_H
#define ZESLM_MERGE_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "bench.h"
#include "peers.h"

typedef struct merge_input {
    json_t *doc;        /* a results document (borrowed) */
    const char *source; /* its file name, or "rank N" */
} merge_input;

typedef struct fleet {
    json_t *doc;            /* the merged document: schema 2, as docs/results-schema.md says */
    size_t n_devices;
    json_t **devices;       /* the doc's device objects, borrowed from doc */
    zeslm_results *results; /* per device: its measured rates, rebuilt to set the devices side by side */
    peers p;
    size_t n_hosts, n_errors, n_slow, n_throttled;
} fleet;

/* A device is THROTTLED when its clock (the median over its workloads of the median
 * sampled in each) is below this share of the median clock of the devices of its name. */
#define MERGE_THROTTLED_BELOW 0.95

/* Builds the merged document into out, under `head` (output_document's; taken).
 * Returns 0, or -1 with the reason (naming the source) in why. */
int fleet_build(const merge_input *in, size_t n, json_t *head, fleet *out, char *why, size_t why_len);
void fleet_free(fleet *f);

/* "host, rank N" of a device object or error entry of the merged document. */
void fleet_where(const json_t *o, char *buf, size_t len);

#endif
