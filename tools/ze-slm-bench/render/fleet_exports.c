/* SPDX-License-Identifier: MIT */
#include "render/fleet_exports.h"

#include "fleet/baseline_file.h"
#include "render/openmetrics.h"

typedef struct baseline_args {
    const verdicts_output *out;
    const verdict_opts *o;
} baseline_args;

static bool baseline_writer(FILE *f, const void *data)
{
    const baseline_args *a = data;
    return baseline_file_write(f, a->out->f, a->out->v, a->o);
}

int fleet_exports_write(const output_plan *plan, const verdicts_output *out, const verdict_opts *o)
{
    baseline_args a = {out, o};
    int rc = output_plan_write(plan, OUTPUT_OPENMETRICS, openmetrics_write, out);
    return rc | output_plan_write(plan, OUTPUT_BASELINE, baseline_writer, &a);
}
