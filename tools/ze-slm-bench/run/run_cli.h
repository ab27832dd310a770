/* SPDX-License-Identifier: MIT */
/* Options shared by `run` and `profile`, and the loop that runs workloads. */
#ifndef ZESLM_RUN_CLI_H
#define ZESLM_RUN_CLI_H

#include <zeslm/bench.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "run/rank.h"

struct run_doc;

typedef struct run_cli {
    cli_device_opts dev;
    zeslm_run_opts run;
    const char *json;
    const char *csv;
    const char *markdown;
    const char *trace; /* --trace FILE: every timed launch as a Chrome trace (render/trace.h) */
    bool keep_going; /* go on to the next workload after one fails */
    bool list;       /* run --list: the benches and variants, not a run */
    /* Run every workload at each of these group sizes (profile); none: once, at
     * run.group_size. */
    const uint32_t *group_sizes;
    uint32_t n_group_sizes;
    /* run --mpi (tools/ze-slm-bench/run/run_mpi.h): the ranks in lock step, one document. */
    bool mpi;
    double mpi_wait_s; /* the longest a rank waits for the others: in MPI_Init, at a barrier, the gather */
    unsigned fail_on;  /* --mpi: the verdicts that set rank 0's exit status (fleet/fleet_verdict.h) */
    long expect_gpus, ranks_per_device; /* --mpi: the inventory's (fleet/inventory.h); 0: the defaults */
    long min_peers;                     /* --mpi: the fewest peers a device is judged against; 0: the default */
    bool no_confirm;                    /* --mpi --no-confirm: one pass, no confirmation (fleet/confirm.h) */
    const char *rank_files; /* --mpi --rank-files DIR: each rank also writes DIR/HOST-RANK.json as it goes */
    /* run --mpi's hooks (NULL: none), called with hook_ctx: before each workload (the
     * barrier), and with the finished document, which then goes to it instead of to
     * --json, --csv and --markdown; it may keep the document itself (moved out,
     * leaving it zeroed, which run_doc_free then leaves alone). */
    void (*before_workload)(void *hook_ctx);
    void (*take_document)(void *hook_ctx, struct run_doc *doc);
    void *hook_ctx;
    /* What json points at when `--json DIR/` named a rank's file (tools/ze-slm-bench/run/rank.h). */
    char rank_json[4096];
} run_cli;

/* --trace's key: it has no short letter; nor have run --mpi's inventory options. */
#define RUN_KEY_TRACE (CLI_KEY_LONG_ONLY + 16)
#define RUN_KEY_EXPECT_GPUS (CLI_KEY_LONG_ONLY + 17)
#define RUN_KEY_RANKS_PER_DEVICE (CLI_KEY_LONG_ONLY + 18)
#define RUN_KEY_MIN_PEERS (CLI_KEY_LONG_ONLY + 19)
#define RUN_KEY_NO_CONFIRM (CLI_KEY_LONG_ONLY + 20)

/* The options `run` and `profile` share, as rows of their option tables. */
#define RUN_CLI_OPTIONS                                                                              \
    CLI_OPTION_BACKEND, CLI_OPTION_DEVICE,                                                           \
        {"size", 'n', "N", "the problem size, in each bench's own unit (default: fitted to the device)" "\n"     \
         "The problem size, in each bench's own unit: 32-bit words streamed (roofline), elements (reduce, "  \
         "conv, occupancy), 64-bit words (hist), rounds each work-item makes (bank), steps of each chain a " \
         "launch (latency), work-items (atomics); run --help lists them. Without it each size follows from " \
         "the device's identity and properties, the same on every run: a GPU gets the full sizes, another "  \
         "device those scaled by its compute units times 2 GB/s over a GPU's 1000 GB/s, a power of two "      \
         "(never below --quick's); the run states the rule, and every row its size."},                      \
        {"group-size", 'g', "N", "work-items a group (default: chosen per kernel and printed)"},             \
        {"reps", 'r', "N", "timed launches (default 20; 5 with --quick)"},                                   \
        {"warmup", 'w', "N", "untimed launches first (default 2)"},                                          \
        {"seed", 's', "S", "input seed (default 2009)"},                                                     \
        {"quick", 'q', NULL, "small sizes, few repetitions" "\n"                                                 \
         "Small sizes and few repetitions: every workload in seconds, even on a CPU."},                     \
        {"timeout", 't', "SEC", "deadline of each launch (default 60)" "\n"                                      \
         "Deadline of each launch (default 60); a kernel that misses it ends its workload with an error "    \
         "naming it."},                                                                                      \
        {"min-time", 'T', "SEC", "repeat each variant until its timed launches add up to SEC of device time"}, \
        {"converge-time", 'C', "SEC", "time each result may spend doubling its work until it converges (default: the run's share)" "\n" \
         "Wall time each result may spend doubling the work of its launch (steps, rounds) until doubling it " \
         "changes the figure by less than 3% (or its launches' spread explains the change). Default: what is left of the run's 150 s target (30 s with "  \
         "--quick), shared by the workloads still to run by their expected cost, over the results each "    \
         "makes (2 to 10 s a result; 0.25 to 2 s with --quick). A result whose first launches take more "    \
         "than a seventh of it gets room for two doublings (seven times their time, up to 10 s; 2 s with "  \
         "--quick). A result that runs out of it is reported "                                               \
         "unconverged."},           \
        {"keep-going", 'k', NULL, "after a workload fails (device error, timeout), go on"},                  \
        {"json", 'j', "FILE|-", "results so far are kept in FILE as the run goes (-: stdout)" "\n"               \
         "Write the results as JSON (-: standard output, the tables then go to standard error). The file is " \
         "rewritten after every workload, so an interrupted run keeps what it measured."},                  \
        {"csv", 'c', "FILE|-", "the results as CSV (-: stdout)" "\n"                                             \
         "Write the results as CSV: one row per result, the JSON's keys as the header (all but the launch "  \
         "times)."},                                                                                         \
        CLI_OPTION_MARKDOWN,                                                                             \
        {"trace", RUN_KEY_TRACE, "FILE|-", "every timed launch as a trace for Perfetto or chrome://tracing" "\n" \
         "Write every timed launch of the run as a trace in the Chrome trace event format (JSON that "   \
         "Perfetto's UI and trace processor and chrome://tracing open): a process a device, an event a " \
         "launch from its device start for its device time (the kernel timestamps: the times_ns of the " \
         "JSON, in the order they ran), named workload/variant, with its parameters, group size and "    \
         "groups. Warm-up launches and the measurements a result's convergence discarded are not in it. " \
         "Written once, at the end, as the other files (not with --mpi)."}

/* The workloads' own options (conv's --taps) as option rows: a cli_command's
 * more_options for run and profile. */
const cli_option *run_cli_workload_options(size_t *n);

/* The members `run` and `profile` fill alike: the option table `rows` (RUN_CLI_OPTIONS and
 * the command's own), the workloads' own options, and the command's file-local
 * more_help, on_option and run, which each defines by those names. */
#define RUN_CLI_COMMAND(rows)                                                                               \
    .options = rows, .n_options = sizeof rows / sizeof rows[0], .more_options = run_cli_workload_options, \
    .more_help = more_help, .on_option = on_option, .run = run

/* Returns false after printing when the environment holds a bad default. */
bool run_cli_defaults(run_cli *o);
/* Handles one option character, the workloads' own included; 0 when handled, else
 * the exit status to return (-1 for an option this parser does not know). */
int run_cli_option(run_cli *o, int c, const char *arg);

/* A workload to run: all its variants (variant NULL) or one. */
typedef struct run_choice {
    const zeslm_workload *wl;
    const char *variant;
} run_choice;

/* Parses `run`'s command line into o and the named workloads (all when none; chosen
 * holds zeslm_workload_count). Returns -1 to go on, else the exit status to return. */
int run_parse(int argc, char **argv, run_cli *o, run_choice *chosen, size_t *n);

/* Parses BENCH or BENCH/VARIANT (`cmd` names the command in errors). Returns 0, or
 * prints the error and returns the exit status 2. */
int run_choice_parse(const char *cmd, const char *spec, run_choice *out);

/* Which process of a launch this is (tools/ze-slm-bench/run/rank.h), from the environment, and
 * `--json DIR/` made DIR/HOST-RANK.json (DIR created). *affinity: the variable that
 * narrowed the devices, or NULL. Returns 0, or the exit status after printing. */
int run_cli_rank(run_cli *o, rank_info *rk, const char **affinity);


#endif
