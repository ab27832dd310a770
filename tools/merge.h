/* A merged run document (run_doc_merge) written: `merge` of files, and rank 0 of
 * `run --mpi` of the ranks' documents. */
#ifndef ZESLM_MERGE_H
#define ZESLM_MERGE_H

#include "output.h"
#include "run_doc.h"

/* Its text (run_render_fleet) on the plan's text stream, then the plan's JSON, CSV
 * and Markdown. Returns 0, or 1 when a write failed or the document holds an error
 * (the errors of the runs fail the merge as they failed their runs). */
int merge_write(const output_plan *plan, const run_doc *doc);

#endif
