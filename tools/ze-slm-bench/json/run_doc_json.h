/* SPDX-License-Identifier: MIT */
/* The run document as JSON, written and read by its records' rows. */
#ifndef ZESLM_RUN_DOC_JSON_H
#define ZESLM_RUN_DOC_JSON_H

#include <stdio.h>

#include <jansson.h>

#include "model/run_doc.h"

/* The document as JSON: the one writer of a results file (records_run's rows,
 * json/records.h). */
json_t *run_doc_json(const run_doc *doc);

/* The same bytes as run_doc_json's tree dumped (output.c's json_writer), written a
 * result at a time (schema_emit): an output_writer for output_plan_write. */
bool run_doc_write(FILE *f, const void *doc);

/* A document of one device in three parts whose bytes together are run_doc_write's: the
 * head (the run's rows up to its devices, the device's up to the '[' of its results),
 * its results from index `from` on (a ',' before each but the very first), and the tail
 * (the end of its results, the device's rows after them, the run's after its devices, a
 * newline). A run's file grows by the results of each workload and has its tail written
 * again (run/run_file.c). False on a failed write, or where doc has other than one
 * device. */
bool run_doc_write_head(FILE *f, const run_doc *doc);
bool run_doc_write_results(FILE *f, const run_doc *doc, size_t from);
bool run_doc_write_tail(FILE *f, const run_doc *doc);

/* One device object (a schema-1 root, or an element of "devices") added to doc (cap:
 * as run_doc_add_device), every field through records_device, then a section per
 * run of one known workload's results, its summary and findings worked out again from
 * them as the run did. Its strings point into o, which must outlive it. `results`:
 * its results read already (records_results_values; o's "results" then an empty
 * array), moved into it; NULL: o's. Returns 0, or -1 with the reason in why. */
int run_doc_read_device(run_doc *doc, size_t cap, const json_t *o, zeslm_results *results, size_t k,
                        const char *host, char *why, size_t why_len);

#endif
