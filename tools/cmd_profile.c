/* `profile BENCH/VARIANT --group-sizes LIST`: one kernel across group sizes, with
 * every launch's device time, to pick the best group size on this device. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "output.h"
#include "run_cli.h"

#define MAX_SIZES 32

/* arg: the stream the tables go to, so stdout keeps only JSON or CSV when asked. */
static void print_launches(const zeslm_results *all, size_t first, void *arg)
{
    FILE *text = arg;
    for (size_t i = first; i < all->count; i++) {
        const zeslm_result *r = &all->items[i];
        if (r->outcome != ZESLM_MEASURED)
            continue;
        fprintf(text, "  group %u, %s: launches (ns, ascending):", r->group_size, r->params);
        for (size_t k = 0; k < r->stats.n; k++)
            fprintf(text, " %llu", (unsigned long long)r->times_ns[k]);
        fputc('\n', text);
    }
}

int cmd_profile(int argc, char **argv)
{
    static const struct option longopts[] = {RUN_CLI_LONGOPTS, {"group-sizes", required_argument, NULL, 'G'}, {0}};
    run_cli o;
    if (!run_cli_defaults(&o))
        return 2;
    uint32_t sizes[MAX_SIZES] = {32, 64, 128, 256, 512, 1024};
    uint32_t n_sizes = 6;
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":" RUN_CLI_SHORTOPTS "G:", longopts, NULL)) != -1) {
        if (c == 'h') {
            printf("usage: %s profile BENCH/VARIANT [--group-sizes 64,128,256,...] [options]\n"
                   "example: %s profile reduce/many --group-sizes 64,128,256,512\n\noptions:\n" RUN_CLI_HELP,
                   PROG, PROG);
            return 0;
        }
        if (c == 'G') {
            if (!cli_u32_list("--group-sizes", optarg, 1, 1u << 20, sizes, MAX_SIZES, &n_sizes))
                return 2;
            continue;
        }
        int rc = run_cli_option(&o, c, optarg);
        if (rc)
            return rc < 0 ? cli_bad_option(c, argv) : rc;
    }
    if (optind + 1 != argc)
        return cli_usage_error("profile: name exactly one kernel as BENCH/VARIANT (e.g. reduce/many)");
    if (o.run.group_size)
        return cli_usage_error("profile: use --group-sizes, not --group-size");
    const char *spec = argv[optind];
    const char *slash = strchr(spec, '/');
    char bench[32];
    if (!slash || (size_t)(slash - spec) >= sizeof bench)
        return cli_usage_error("profile: '%s' is not BENCH/VARIANT (e.g. reduce/many)", spec);
    snprintf(bench, sizeof bench, "%.*s", (int)(slash - spec), spec);
    const zeslm_workload *wl = zeslm_workload_find(bench);
    if (!wl)
        return cli_usage_error("profile: unknown bench '%s'", bench);
    const char *variant = slash + 1;
    bool known = false;
    for (const char *const *v = wl->variants; *v; v++)
        known |= strcmp(*v, variant) == 0;
    if (!known)
        return cli_usage_error("profile: %s has no variant '%s'", wl->name, variant);
    o.run.variant = variant;

    o.group_sizes = sizes;
    o.n_group_sizes = n_sizes;
    /* An illegal size reports itself and the other sizes go on. */
    o.keep_going = true;
    const zeslm_workload *list[1] = {wl};
    return run_cli_execute(&o, list, 1, argc, argv, print_launches, output_text_stream(o.json, o.csv));
}
