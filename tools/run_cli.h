/* Options shared by `run` and `profile`, and the loop that runs workloads. */
#ifndef ZESLM_RUN_CLI_H
#define ZESLM_RUN_CLI_H

#include <getopt.h>

#include <zeslm/bench.h>

#include "cli.h"

typedef struct run_cli {
    cli_device_opts dev;
    zeslm_run_opts run;
    const char *json;
    const char *csv;
    bool keep_going; /* go on to the next workload after one fails */
    /* Run every workload at each of these group sizes (profile); none: once, at
     * run.group_size. */
    const uint32_t *group_sizes;
    uint32_t n_group_sizes;
} run_cli;

#define RUN_CLI_SHORTOPTS "b:d:n:m:g:r:w:s:qt:j:c:kh"
#define RUN_CLI_LONGOPTS                                                                              \
    CLI_DEVICE_LONGOPTS, {"size", required_argument, NULL, 'n'}, {"taps", required_argument, NULL, 'm'}, \
        {"group-size", required_argument, NULL, 'g'}, {"reps", required_argument, NULL, 'r'},          \
        {"warmup", required_argument, NULL, 'w'}, {"seed", required_argument, NULL, 's'},              \
        {"quick", no_argument, NULL, 'q'}, {"timeout", required_argument, NULL, 't'},                  \
        {"json", required_argument, NULL, 'j'}, {"csv", required_argument, NULL, 'c'},                 \
        {"keep-going", no_argument, NULL, 'k'}, {"help", no_argument, NULL, 'h'}

#define RUN_CLI_HELP                                                                                   \
    "  --backend NAME|auto    --device N|NAME\n"                                                     \
    "  --size N        elements (reduce, conv, occupancy), words (hist), rounds (bank)\n"             \
    "  --taps M        conv filter length (default 257)\n"                                            \
    "  --group-size N  work-items per group (default: chosen per kernel and printed)\n"               \
    "  --reps N        timed launches (default 20)   --warmup N  untimed launches first (default 2)\n" \
    "  --seed S        input seed (default 2009)     --quick     small sizes, few repetitions\n"       \
    "  --timeout SEC   deadline of each launch (default 60)\n"                                         \
    "  --keep-going    after a workload fails (device error, timeout), go on to the next\n"            \
    "  --json FILE|-   results so far are kept in FILE as the run goes   --csv FILE|-\n"

/* Returns false after printing when the environment holds a bad default. */
bool run_cli_defaults(run_cli *o);
/* Handles one option character; 0 when handled, else the exit status to return
 * (-1 for an option this parser does not know). */
int run_cli_option(run_cli *o, int c, const char *arg);

/* Parses `run`'s command line into o and the named workloads (all when none; chosen
 * holds ZESLM_WORKLOAD_MAX). Returns -1 to go on, else the exit status to return. */
int run_parse(int argc, char **argv, run_cli *o, const zeslm_workload **chosen, size_t *n);

/* Opens the device, runs the workloads, prints tables, writes JSON / CSV. SIGINT and
 * SIGTERM stop the run at the next launch; what was measured is still written.
 * Returns 0, 1 (an error), or 130 (interrupted). */
int run_cli_execute(run_cli *o, const zeslm_workload *const *wls, size_t n, int argc, char **argv,
                    void (*after)(const zeslm_results *, size_t first, void *), void *after_arg);

#endif
