/* SPDX-License-Identifier: MIT */
/* What merge writes beside the verdicts for other tools: --openmetrics (Prometheus)
 * and --write-baseline (the next run's --baseline). */
#ifndef ZESLM_FLEET_EXPORTS_H
#define ZESLM_FLEET_EXPORTS_H

#include "io/output.h"
#include "render/verdicts_render.h"

/* Writes each of the two the plan asks for; o: the thresholds the baseline file
 * carries. Returns 0 or 1 (it has printed why). */
int fleet_exports_write(const output_plan *plan, const verdicts_output *out, const verdict_opts *o);

#endif
