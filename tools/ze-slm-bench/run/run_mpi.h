/* SPDX-License-Identifier: MIT */
/* `run --mpi` under mpirun / mpiexec / srun: every rank runs the workloads on its own
 * device (its local rank's, tools/ze-slm-bench/run/rank.h), a barrier before each workload keeps the
 * ranks in lock step (every GPU loaded at once, as in production), and rank 0 keeps
 * its own run document as it is, gathers the other ranks' (run_doc_json's text, read
 * back with run_doc_parse) and writes one (fleet/run_fleet.h). Every wait is bounded by --mpi-wait: a rank that does
 * not open its device is an error entry, one that dies or hangs is an error entry
 * once the wait is over, and the others finish. Then, unless --no-confirm, the
 * confirmation (fleet/confirm.h): rank 0 judges, every live rank hears which workloads
 * are measured again (none: it goes on to the end) and measures them in lock step, and
 * the devices below a FAIL floor on speed are judged on their second measurement. Built
 * with ZESLM_WITH_MPI only. */
#ifndef ZESLM_RUN_MPI_H
#define ZESLM_RUN_MPI_H

#include "run/run_cli.h"

/* Returns this rank's exit status. Rank 0's is the worst of every rank's (1 when a
 * rank sent nothing); another rank's is 0 once rank 0 has its document (which holds
 * its errors), as launchers end every rank when one exits with an error. */
int run_mpi_execute(run_cli *o, const run_choice *choices, size_t n, int argc, char **argv);

#endif
