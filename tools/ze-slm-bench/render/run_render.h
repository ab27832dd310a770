/* SPDX-License-Identifier: MIT */
/* A run document for people: the text a run prints as it goes and at its end, its
 * Markdown and its CSV. One device and several differ only in their headings and
 * in the table across the devices. */
#ifndef ZESLM_RUN_RENDER_H
#define ZESLM_RUN_RENDER_H

#include <stdio.h>

#include "io/output.h"
#include "json/run_doc_json.h"
#include "model/run_doc.h"

/* Before the run: the devices, the seed and launches. */
void run_render_head(FILE *f, const run_doc *doc);
/* After device d finished section s: the tables of one device at once; for several,
 * a line of progress (their tables follow the run). */
void run_render_section(FILE *f, const run_doc *doc, const run_doc_device *d, const run_section *s);
/* After the run: the modules, and for several devices each one's tables and the
 * table across them. */
void run_render_tail(FILE *f, const run_doc *doc);

/* A merged document (merge, run --mpi): how many devices, hosts, slow, throttled
 * and errors (slow_said, errors_said: the verdicts' SLOW and ERROR entries, which the
 * head then gives; -1: the document's own); the table across the devices, each one with
 * where it ran; a line per host; the devices' errors. Returns false when out of memory. */
bool run_render_fleet(FILE *f, const run_doc *doc, long slow_said, long errors_said);

/* The Markdown and the CSV (output_plan writers: false when out of memory). */
bool run_render_markdown(FILE *f, const void *doc);
bool run_render_csv(FILE *f, const void *doc);

/* The document as every format the plan asks for: JSON (run_doc_json), CSV and
 * Markdown. Returns 0, or 1 when one could not be written. */
int run_render_write(const output_plan *plan, const run_doc *doc);


#endif
