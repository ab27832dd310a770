/* SPDX-License-Identifier: MIT */
/* `profile BENCH/VARIANT --group-sizes LIST`: one kernel across group sizes in one
 * table (every launch's device time in --json), to pick the best group size on this
 * device. */
#include <stdio.h>
#include <string.h>

#include <zeslm/kernels.h>

#include "cli/commands.h"
#include "commands/profile_metrics.h"
#include "run/run_cli.h"
#include "run/run_fanout.h"
#include "commands/run_list.h"

#define MAX_SIZES 32

typedef struct profile_cli {
    run_cli o;
    uint32_t sizes[MAX_SIZES];
    uint32_t n_sizes;
    const char *metrics; /* --metrics: "list" or groups; NULL none */
} profile_cli;

static int on_option(void *ctx, int key, const char *value)
{
    profile_cli *c = ctx;
    if (key == 'E') {
        c->metrics = value;
        return 0;
    }
    if (key != 'G')
        return run_cli_option(&c->o, key, value);
    return cli_u32_list("--group-sizes", value, 1, 1u << 20, c->sizes, MAX_SIZES, &c->n_sizes) ? 0 : 2;
}

/* The group sizes the variant's own rules refuse (a tree needs powers of two, a
 * sub-group kernel whole sub-groups): refused before anything runs. Returns 0 or 1. */
static int check_rules(const zeslm_variant *v, const uint32_t *sizes, uint32_t n)
{
    uint32_t m = v->group_multiple > 1 ? v->group_multiple : 1;
    if (v->subgroup && v->subgroup != ZESLM_SUBGROUP_ANY && v->subgroup > m)
        m = v->subgroup;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t g = sizes[i];
        if (v->group_pow2 && (g & (g - 1)))
            return cli_error("profile: group size %u is not a power of two, which %s (a tree reduction) needs",
                                   g, v->kernel);
        if (g % m)
            return cli_error("profile: group size %u is not a multiple of %u, which %s needs", g, m, v->kernel);
    }
    return 0;
}

/* The group sizes above what the device, or the kernel as its driver builds it,
 * allows: refused before any runs (the device is opened again for the run). A kernel
 * the device cannot build is left to the run, which skips it saying why. Returns 0 or
 * the exit status. */
static int check_device(const cli_device_opts *devopt, const zeslm_variant *v, const uint32_t *sizes, uint32_t n)
{
    zeslm_device_list list;
    uint32_t index;
    zeslm_device *dev = NULL;
    int rc = cli_open_device(devopt, &list, &index, &dev);
    if (rc)
        return rc;
    const zeslm_device_info *d = &list.items[index];
    uint32_t limit = d->max_group_size;
    const struct zeslm_kernel_file *kf = zeslm_kernel_file_find(v->file);
    zeslm_kernel *k = NULL;
    zeslm_kernel_props p = {.struct_size = sizeof p};
    if (kf && !zeslm_kernel_file_unsupported(kf, d) && zeslm_kernel_create(dev, v->file, v->kernel, &k) == ZESLM_OK &&
        zeslm_kernel_props_get(k, &p) == ZESLM_OK && p.max_group_size && (!limit || p.max_group_size < limit))
        limit = p.max_group_size;
    for (uint32_t i = 0; i < n && !rc; i++)
        if (limit && sizes[i] > limit)
            rc = cli_error("profile: group size %u exceeds the maximum %u for %s on %s", sizes[i], limit,
                                 v->kernel, d->name);
    zeslm_kernel_free(k);
    zeslm_device_close(dev);
    zeslm_device_list_free(&list);
    return rc;
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
    const zeslm_variant *v = zeslm_variant_find(choice.wl, choice.variant);
    if ((rc = check_rules(v, c.sizes, c.n_sizes)) != 0)
        return rc;
    /* Before anything opens a device: collecting counters enables them in the driver,
     * which reads that once, when Level Zero starts. */
    if (c.metrics) {
        const profile_metrics_run pr = {.o = &o, .choice = &choice, .sizes = c.sizes, .n_sizes = c.n_sizes};
        return profile_metrics(c.metrics, &pr, argc, argv);
    }
    if (!cli_device_several(o.dev.device) && (rc = check_device(&o.dev, v, c.sizes, c.n_sizes)) != 0)
        return rc;
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
    {"metrics", 'E', "list|GROUP[,GROUP]", "Level Zero hardware counters: list the groups, or collect them around every launch" "\n"
     "Level Zero hardware counters: list lists the metric groups the driver offers. Before asking the driver, the tool checks that Intel's metrics library (libigdmd.so.1) loads and that dev.i915.perf_stream_paranoid allows it, and asks the driver in a child process (one line and exit 1 on any refusal, never a crash). GROUP[,GROUP] then enables metrics in the tool's own process (ZET_ENABLE_METRICS=1, which no other command sets) and wraps every launch of the variant, at each group size, in a metric query of each group in turn; every result whose output passed the check against the host shows the counters of its last timed launch, in a table per group and in --json (metric_values). A group the driver lacks: exit 2."},
};

const cli_command command_profile = {
    .name = "profile",
    .operands = "BENCH/VARIANT",
    .summary = "one kernel across group sizes in one table; every launch's device time in --json",
    RUN_CLI_COMMAND(options),
    .writes_as_it_goes = true,
};
