/* SPDX-License-Identifier: MIT */
/* A run fanned out over its devices, one thread each (`--device all`, a list), or on
 * one device. */
#ifndef ZESLM_RUN_FANOUT_H
#define ZESLM_RUN_FANOUT_H

#include "run/run_cli.h"

/* Opens the device, runs the workloads, prints their tables (one a workload, across
 * every group size of o->group_sizes), writes JSON / CSV / Markdown. SIGINT and
 * SIGTERM stop the run at the next launch; what was measured is still written.
 * Returns 0, 1 (an error), or 128 + the signal (interrupted: 130, 143). */
int run_cli_execute(run_cli *o, const run_choice *choices, size_t n, int argc, char **argv);

#endif
