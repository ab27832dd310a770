/* `run [BENCH...]`: the SLM workloads, verified and timed on the device. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "run_cli.h"

static void more_help(FILE *f)
{
    fprintf(f, "benches (all when none is named):\n");
    for (size_t i = 0; i < zeslm_workload_count; i++)
        fprintf(f, "  %-10s %s\n", zeslm_workloads[i]->name, zeslm_workloads[i]->summary);
}

/* Every row of RUN_CLI_OPTIONS is run_cli_option's to handle. */
static int on_option(void *ctx, int key, const char *value)
{
    return run_cli_option(ctx, key, value);
}

int run_parse(int argc, char **argv, run_cli *o, const zeslm_workload **chosen, size_t *n)
{
    if (!run_cli_defaults(o))
        return 2;
    int first, rc = cli_parse(&command_run, o, argc, argv, &first);
    if (rc >= 0)
        return rc;
    *n = 0;
    for (int i = first; i < argc; i++) {
        const zeslm_workload *wl = zeslm_workload_find(argv[i]);
        if (!wl)
            return cli_usage_error("run: unknown bench '%s' (see '%s run --help')", argv[i], PROG);
        for (size_t k = 0; k < *n; k++)
            if (chosen[k] == wl)
                return cli_usage_error("run: bench '%s' named twice", argv[i]);
        chosen[(*n)++] = wl;
    }
    if (*n == 0)
        for (; *n < zeslm_workload_count; (*n)++)
            chosen[*n] = zeslm_workloads[*n];
    return -1;
}

static int run(int argc, char **argv)
{
    run_cli o;
    const zeslm_workload *chosen[ZESLM_WORKLOAD_MAX];
    size_t n;
    int rc = run_parse(argc, argv, &o, chosen, &n);
    return rc >= 0 ? rc : run_cli_execute(&o, chosen, n, argc, argv, NULL, NULL);
}

static const cli_option options[] = {RUN_CLI_OPTIONS};

const cli_command command_run = {
    .name = "run",
    .operands = "[BENCH...]",
    .summary = "run the SLM workloads: verify every result, then time it on the device",
    .options = options,
    .n_options = sizeof options / sizeof options[0],
    .more_help = more_help,
    .on_option = on_option,
    .run = run,
};
