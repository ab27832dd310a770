/* A merged run document written through the output plan (`merge`, `run --mpi`). */
#include "merge.h"
#include "run_render.h"

int merge_write(const output_plan *plan, const run_doc *doc)
{
    int rc = run_render_fleet(plan->text, doc) ? 0 : 1;
    json_t *json = run_doc_json(doc);
    if (output_plan_json(plan, json))
        rc = 1;
    json_decref(json);
    if (output_plan_write(plan, OUTPUT_CSV, run_render_csv, doc))
        rc = 1;
    if (output_plan_write(plan, OUTPUT_MARKDOWN, run_render_markdown, doc))
        rc = 1;
    /* Errors in the documents fail the merge as they failed their runs. */
    for (size_t k = 0; k < doc->n_devices; k++)
        rc |= json_array_size(doc->devices[k].errors) != 0;
    return rc || json_array_size(doc->errors) ? 1 : 0;
}

