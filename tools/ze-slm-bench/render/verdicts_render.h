/* SPDX-License-Identifier: MIT */
/* A fleet's verdicts for people (the failing lines first, never wrapped, so that
 * `grep SLOW` finds a whole line with its host) and for machines (JUnit, JSON lines). */
#ifndef ZESLM_VERDICTS_RENDER_H
#define ZESLM_VERDICTS_RENDER_H

#include <stdbool.h>
#include <stdio.h>

#include "fleet/fleet_verdict.h"
#include "io/output.h"

/* One line per entry that is not PASS ("SLOW n1, rank 3, d3 NVIDIA H100: 0.84 of ..."),
 * then the notes. */
void verdicts_text_first(FILE *f, const verdicts *v);
/* "Verdicts: 7 PASS, 1 SLOW; exit status 3 (degraded)."; `unwritten`: an output
 * failed, and the status is 1. */
void verdicts_text_last(FILE *f, const verdicts *v, unsigned fail_on, bool unwritten);

/* The writers of --junit and --jsonl; data: a verdicts_output. The fleet the verdicts
 * were computed from gives each device's line of JSON its index on its host and its
 * score per workload (what ze-slm-plot's fleet page draws). */
typedef struct verdicts_output {
    const verdicts *v;
    unsigned fail_on;
    const fleet *f;
} verdicts_output;
bool verdicts_junit(FILE *f, const void *data);
bool verdicts_jsonl(FILE *f, const void *data);

/* A merged document (merge, rank 0 of run --mpi) with its verdicts: the failing lines
 * first, the fleet's tables, the verdicts' count, and every
 * file of the plan (the JSON with "verdicts"; JUnit, JSON lines). `notes` (strings;
 * may be NULL) join the verdicts' own. Returns the exit status: 1 when a file was not
 * written or memory ran out, else the verdicts' (verdicts_exit_status). */
int verdicts_render(const output_plan *plan, run_doc *merged, const verdict_opts *o, const json_t *notes);

#endif
