/* SPDX-License-Identifier: MIT */
/* The verdicts as Prometheus' text exposition format (version 0.0.4), for
 * node_exporter's textfile collector: a gauge per device and figure, the device's
 * verdict as a label (docs/fleet-health.md, "Metrics"). */
#ifndef ZESLM_OPENMETRICS_H
#define ZESLM_OPENMETRICS_H

#include <stdbool.h>
#include <stdio.h>

/* data: a verdicts_output (render/verdicts_render.h). */
bool openmetrics_write(FILE *f, const void *data);

#endif
