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

typedef struct profile_cli {
    run_cli o;
    uint32_t sizes[MAX_SIZES];
    uint32_t n_sizes;
} profile_cli;

static int on_option(void *ctx, int key, const char *value)
{
    profile_cli *c = ctx;
    if (key != 'G')
        return run_cli_option(&c->o, key, value);
    return cli_u32_list("--group-sizes", value, 1, 1u << 20, c->sizes, MAX_SIZES, &c->n_sizes) ? 0 : 2;
}

static int run(int argc, char **argv)
{
    profile_cli c = {.sizes = {32, 64, 128, 256, 512, 1024}, .n_sizes = 6};
    if (!run_cli_defaults(&c.o))
        return 2;
    int first, parsed = cli_parse(&command_profile, &c, argc, argv, &first);
    if (parsed >= 0)
        return parsed;
    run_cli o = c.o;
    if (first + 1 != argc)
        return cli_usage_error("profile: name exactly one kernel as BENCH/VARIANT (e.g. reduce/many)");
    if (o.run.group_size)
        return cli_usage_error("profile: use --group-sizes, not --group-size");
    const char *spec = argv[first];
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

    o.group_sizes = c.sizes;
    o.n_group_sizes = c.n_sizes;
    /* An illegal size reports itself and the other sizes go on. */
    o.keep_going = true;
    const zeslm_workload *list[1] = {wl};
    return run_cli_execute(&o, list, 1, argc, argv, print_launches, output_text_stream(o.json, o.csv));
}

static void more_help(FILE *f)
{
    fprintf(f, "example: %s profile reduce/many --group-sizes 64,128,256,512\n"
               "BENCH/VARIANT names one variant of a bench of '%s run --help'.\n", PROG, PROG);
}

static const cli_option options[] = {
    RUN_CLI_OPTIONS,
    {"group-sizes", 'G', "N,N,...", "the group sizes to run at (default 32,64,128,256,512,1024)"},
};

const cli_command command_profile = {
    .name = "profile",
    .operands = "BENCH/VARIANT",
    .summary = "one kernel across group sizes, with every launch's device time",
    .options = options,
    .n_options = sizeof options / sizeof options[0],
    .more_help = more_help,
    .on_option = on_option,
    .run = run,
};
