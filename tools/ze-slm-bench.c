/* ze-slm-bench: measures and explains GPU shared local memory. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"

static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} commands[] = {
    {"devices", cmd_devices, "list every device of every backend with its SLM facts"},
    {"limits", cmd_limits, "per-group SLM limits, occupancy, and the bundled kernels' resources"},
    {"run", cmd_run, "run the SLM workloads: verify every result, then time it on the device"},
    {"profile", cmd_profile, "one kernel across group sizes, with every launch's device time"},
    {"inspect", cmd_inspect, "per-kernel SIMD width, registers, SLM and spills for Intel targets, no GPU needed"},
    {"compare", cmd_compare, "compare two results files: ratios of medians, gate on regressions"},
};

static void usage(FILE *f)
{
    fprintf(f, "usage: %s COMMAND [OPTIONS]\n\ncommands:\n", PROG);
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        fprintf(f, "  %-9s %s\n", commands[i].name, commands[i].summary);
    fprintf(f, "\n'%s COMMAND --help' describes a command's options.\n", PROG);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(stdout);
        return 0;
    }
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].run(argc - 1, argv + 1);
    return cli_usage_error("unknown command '%s' (try --help)", argv[1]);
}
