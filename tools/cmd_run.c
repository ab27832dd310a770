/* `run [BENCH...]`: the SLM workloads, verified and timed on the device. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "run_cli.h"

static void usage(void)
{
    printf("usage: %s run [BENCH...] [options]\n\nbenches (all when none is named):\n", PROG);
    for (size_t i = 0; i < zeslm_workload_count; i++)
        printf("  %-10s %s\n", zeslm_workloads[i]->name, zeslm_workloads[i]->summary);
    printf("\noptions:\n" RUN_CLI_HELP);
}

int run_parse(int argc, char **argv, run_cli *o, const zeslm_workload **chosen, size_t *n)
{
    static const struct option longopts[] = {RUN_CLI_LONGOPTS, {0}};
    if (!run_cli_defaults(o))
        return 2;
    int c;
    opterr = 0;
    optind = 0; /* GNU getopt: start afresh, so the parser can run more than once */
    while ((c = getopt_long(argc, argv, ":" RUN_CLI_SHORTOPTS, longopts, NULL)) != -1) {
        if (c == 'h') {
            usage();
            return 0;
        }
        int rc = run_cli_option(o, c, optarg);
        if (rc)
            return rc < 0 ? cli_bad_option(c, argv) : rc;
    }
    *n = 0;
    for (int i = optind; i < argc; i++) {
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

int cmd_run(int argc, char **argv)
{
    run_cli o;
    const zeslm_workload *chosen[ZESLM_WORKLOAD_MAX];
    size_t n;
    int rc = run_parse(argc, argv, &o, chosen, &n);
    return rc >= 0 ? rc : run_cli_execute(&o, chosen, n, argc, argv, NULL, NULL);
}
