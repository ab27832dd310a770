/* SPDX-License-Identifier: MIT */
/* The closing summary of a run: the best variant of each workload, its fraction of
 * the ceiling, and what the tables flagged (unconverged, >ceiling, spread, SLOW). */
#ifndef ZESLM_RUN_SUMMARY_H
#define ZESLM_RUN_SUMMARY_H

#include <stdbool.h>
#include <stdio.h>

#include "model/run_doc.h"

/* The index among d's results of the best measured result of section s: the highest
 * rate, or the lowest of a time per unit ("ns/access"). SIZE_MAX: none measured, or
 * results in more than one unit (roofline's ceilings, which are no alternatives). */
size_t run_summary_best(const run_doc_device *d, const run_section *s);

/* d's summary as text (a table), or as Markdown. */
void run_summary(FILE *f, const run_doc_device *d, bool slow, bool markdown);

#endif
