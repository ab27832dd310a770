/* SPDX-License-Identifier: MIT */
/* A run's timed launches as a trace that Perfetto and chrome://tracing open: the
 * Chrome trace event format (JSON: {"traceEvents": [...]}, complete events of ph "X"
 * with ts and dur in microseconds), one process a device, one event a timed launch. */
#ifndef ZESLM_TRACE_H
#define ZESLM_TRACE_H

#include <stdbool.h>
#include <stdio.h>

/* An output_writer over a run_doc: every timed launch of every result that kept its
 * launches (zeslm_result.launch_ns), in the order they ran; ts is from the device's
 * first traced launch, on its own clock (devices' clocks are not one). Each event's
 * args hold the workload, variant, parameters, group size and groups, the launch's
 * index within its result, and its device start and time in whole ns. */
bool trace_write(FILE *f, const void *run_doc);

#endif
