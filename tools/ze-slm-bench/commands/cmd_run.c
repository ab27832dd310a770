/* SPDX-License-Identifier: MIT */
/* `run [BENCH[/VARIANT]...]`: the SLM workloads, verified and timed on the device;
 * `run --list`: every bench and variant. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "io/output.h"
#include "run/run_cli.h"
#include "run/run_fanout.h"
#include "commands/run_list.h"
#include "run/run_mpi.h"
#include "table/table.h"

static void more_help(FILE *f)
{
    run_benches_help(f);
}

/* Every row of the table is run_cli_option's to handle. */
static int on_option(void *ctx, int key, const char *value)
{
    return run_cli_option(ctx, key, value);
}

int run_parse(int argc, char **argv, run_cli *o, run_choice *chosen, size_t *n)
{
    if (!run_cli_defaults(o))
        return 2;
    int first, rc = cli_parse(&command_run, o, argc, argv, &first);
    if (rc >= 0)
        return rc;
    *n = 0;
    for (int i = first; i < argc; i++) {
        run_choice c;
        if ((rc = run_choice_parse("run", argv[i], &c)) != 0)
            return rc;
        for (size_t k = 0; k < *n; k++)
            if (chosen[k].wl == c.wl)
                return cli_usage_error("run: bench '%s' named twice", c.wl->name);
        chosen[(*n)++] = c;
    }
    if (*n == 0)
        for (; *n < zeslm_workload_count; (*n)++)
            chosen[*n] = (run_choice){zeslm_workloads[*n], NULL};
    return -1;
}

static int run(int argc, char **argv)
{
    run_cli o;
    size_t n;
    run_choice *chosen = calloc(zeslm_workload_count, sizeof *chosen);
    if (!chosen)
        return cli_error("out of host memory");
    int rc = run_parse(argc, argv, &o, chosen, &n);
    if (rc >= 0)
        goto out;
    if (o.list) {
        rc = run_list(chosen, n, &o, argc, argv);
        goto out;
    }
    /* Sysman, the clock source of Intel's GPUs (zeslm/clocks.h), starts with the
     * driver only when asked before zeInit; a user's own setting stands. */
    if (setenv("ZES_ENABLE_SYSMAN", "1", 0) != 0) {
        rc = cli_error("cannot set ZES_ENABLE_SYSMAN: out of memory");
        goto out;
    }
#ifdef ZESLM_WITH_MPI
    if (o.mpi) {
        rc = run_mpi_execute(&o, chosen, n, argc, argv);
        goto out;
    }
#endif
    rc = run_cli_execute(&o, chosen, n, argc, argv);
out:
    free(chosen);
    return rc;
}

static const cli_option options[] = {
    RUN_CLI_OPTIONS,
    {"list", 'l', NULL, "every bench and variant, one line each (with --json: as JSON); runs nothing" "\n"
     "Every bench and variant, one line each: what it measures, its rate, the roofline result it is a fraction "
     "of, whether it is a document's baseline, the sub-groups it needs and its kernel; nothing runs. With "
     "--json, as JSON. An output option given last with no file (--list --json) writes to standard output."},
    {"mpi", 'P', NULL, "under mpirun: every rank in lock step, the results gathered into rank 0's --json" "\n"
     "(In a build with MPI.) Under mpirun, mpiexec or srun: every rank runs on its own device, a barrier before "
     "each workload keeps the ranks in lock step, and rank 0 gathers the ranks' run documents and writes one, as "
     "merge does, to --json (one file), --csv and --markdown, and its tables and the table across the devices to "
     "standard output. One device a rank (no --device all). A rank whose device does not open, or that dies, is "
     "an error entry; the others finish. Rank 0 gives every rank a verdict as merge does and exits with merge's "
     "statuses (0 pass, 3 degraded, 4 failed; --fail-on). With MPICH's mpiexec -disable-auto-cleanup the other "
     "ranks outlive a rank that dies; otherwise the launcher ends them all."},
    {"mpi-wait", 'W', "SEC", "--mpi: the longest a rank waits for the others (default 600)"},
    {"rank-files", 'R', "DIR", "--mpi: each rank also writes DIR/HOST-RANK.json as it goes (a lost rank's work survives)"},
    {"fail-on", 'F', "LIST", "--mpi: the verdicts that set the exit status (as merge's; default fail)"},
    {"expect-gpus", RUN_KEY_EXPECT_GPUS, "N", "--mpi: each host should have N devices (as merge's)"},
    {"ranks-per-device", RUN_KEY_RANKS_PER_DEVICE, "N", "--mpi: more ranks than N on one device is ERROR (as merge's; default 1)"},
    {"min-peers", RUN_KEY_MIN_PEERS, "N", "--mpi: judge a device against its peers only where it has N (as merge's; default 2)"},
    {"no-confirm", RUN_KEY_NO_CONFIRM, NULL, "--mpi: judge once; a FAIL on speed is not measured again" "\n"
     "--mpi: judge once. Without it, a device below a FAIL floor on speed (ZESLM_FR_SLOW_FLOOR, "
     "ZESLM_FR_WORKLOAD_FLOOR, ZESLM_FR_LOW_FLOOR) is confirmed: every rank measures the workloads it failed "
     "once more, in lock step, and it is judged again on its second measurement; a FAIL that does not hold is "
     "ZESLM_FR_UNCONFIRMED, a WARN (docs/fleet-health.md, \"Confirmation\")."},
};

const cli_command command_run = {
    .name = "run",
    .operands = "[BENCH[/VARIANT]...]",
    .summary = "run the SLM workloads: verify every result, then time it on the device",
    RUN_CLI_COMMAND(options),
    .writes_as_it_goes = true,
};
