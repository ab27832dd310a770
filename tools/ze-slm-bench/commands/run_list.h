/* SPDX-License-Identifier: MIT */
/* `run --list`: every bench and variant, one line each, or as JSON. */
#ifndef ZESLM_RUN_LIST_H
#define ZESLM_RUN_LIST_H

#include "run/run_cli.h"

/* The benches with what each measures and counts by --size, and the documents whose
 * kernels are the baselines: the end of `run --help` and `profile --help`. */
void run_benches_help(FILE *f);

/* Lists the variants of the chosen benches (one variant where a choice names one):
 * text on stdout, or JSON where o->json is given. Returns the exit status. */
int run_list(const run_choice *chosen, size_t n, const run_cli *o, int argc, char **argv);

#endif
