/* SPDX-License-Identifier: MIT */
/* A run's JSON file as the run goes, after each workload (run/run_fanout.c): written
 * whole the first time, and again wherever what comes before the results changed (a
 * module format a later build decided) or the run has several devices (their results
 * interleave); otherwise grown in place: the workload's results written where the old
 * tail began, then the new tail, in one write (io/file_tail.h), so that a run of many
 * workloads writes each result once. After each workload the file is a whole document
 * (complete: false) that merge and a reader take as it is; the run's end writes it whole
 * (run_render_write). */
#ifndef ZESLM_RUN_FILE_H
#define ZESLM_RUN_FILE_H

#include <stddef.h>
#include <sys/types.h>

#include "io/file_tail.h"
#include "io/output.h"
#include "model/run_doc.h"

typedef struct run_file {
    file_tail file;  /* fd -1: the next publish writes the file whole */
    char *head;      /* what the file holds before its device's results */
    size_t head_len;
    size_t results;  /* how many results it holds */
    off_t cut;       /* where they end: the tail begins */
} run_file;

#define RUN_FILE_INIT {.file = {.fd = -1}}

/* doc in plan's JSON file (a regular file: output_plan_json_to_file). Returns 0, or 1
 * with the error printed. */
int run_file_publish(run_file *w, const output_plan *plan, const run_doc *doc);
/* Forgets the file (the run's last write replaces it). */
void run_file_close(run_file *w);

#endif
