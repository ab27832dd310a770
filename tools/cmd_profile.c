/* `profile BENCH/VARIANT --group-sizes LIST`: one kernel across group sizes in one
 * table (every launch's device time in --json), to pick the best group size on this
 * device. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "run_cli.h"
#include "run_list.h"

#define MAX_SIZES 32

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
    run_choice choice;
    int rc = run_choice_parse("profile", argv[first], &choice);
    if (rc)
        return rc;
    if (!choice.variant || strchr(choice.variant, ','))
        return cli_usage_error("profile: '%s' is not BENCH/VARIANT (e.g. reduce/many)", argv[first]);
    o.group_sizes = c.sizes;
    o.n_group_sizes = c.n_sizes;
    return run_cli_execute(&o, &choice, 1, argc, argv);
}

static void more_help(FILE *f)
{
    fprintf(f, "example: %s profile reduce/many --group-sizes 64,128,256,512\n"
               "BENCH/VARIANT names one variant of a bench ('%s run --list' lists them).\n\n",
            PROG, PROG);
    run_benches_help(f);
}

static const cli_option options[] = {
    RUN_CLI_OPTIONS,
    {"group-sizes", 'G', "N,N,...", "the group sizes to run at (default 32,64,128,256,512,1024)" "\n"
     "The group sizes to run at (default 32,64,128,256,512,1024); each is checked against the device and the "
     "kernel before any runs."},
};

const cli_command command_profile = {
    .name = "profile",
    .operands = "BENCH/VARIANT",
    .summary = "one kernel across group sizes in one table; every launch's device time in --json",
    RUN_CLI_COMMAND_OPTIONS(options),
    .more_help = more_help,
    .on_option = on_option,
    .run = run,
};
