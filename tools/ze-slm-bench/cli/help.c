/* SPDX-License-Identifier: MIT */
/* The list of commands and the `help` command: the usage, `help` and `help COMMAND`
 * all come from the commands' rows. */
#include <stdio.h>
#include <string.h>

#include <zeslm/backends.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "cli/suggest.h"

static int help_run(int argc, char **argv);

const cli_command command_help = {
    .name = "help",
    .operands = "[COMMAND]",
    .summary = "this list, or one command's options",
    .run = help_run,
};

const cli_command *const cli_commands[] = {
    &command_devices, &command_limits, &command_run,  &command_profile,
    &command_inspect, &command_compare, &command_merge, &command_check, &command_help,
};
const size_t cli_command_count = sizeof cli_commands / sizeof *cli_commands;

const cli_command *cli_command_find(const char *name)
{
    for (size_t i = 0; i < cli_command_count; i++)
        if (strcmp(name, cli_commands[i]->name) == 0)
            return cli_commands[i];
    return NULL;
}

void cli_command_suggest(const char *name, char *buf, size_t len)
{
    const char *names[sizeof cli_commands / sizeof *cli_commands];
    for (size_t i = 0; i < cli_command_count; i++)
        names[i] = cli_commands[i]->name;
    suggest_text(suggest_nearest(name, names, cli_command_count, sizeof *names), buf, len);
}

void cli_backends(FILE *f)
{
    fprintf(f, "backends in this build (--backend NAME, in order of preference):");
    for (uint32_t b = 0; b < zeslm_backend_count(); b++)
        fprintf(f, "%s %s (%s)", b ? "," : "", zeslm_backend_name(b), zeslm_backend_label(b));
    fputc('\n', f);
}

void cli_usage(FILE *f)
{
    fprintf(f, "usage: %s COMMAND [OPTIONS]\n       %s --version\n\ncommands:\n", PROG, PROG);
    for (size_t i = 0; i < cli_command_count; i++)
        fprintf(f, "  %-9s %s\n", cli_commands[i]->name, cli_commands[i]->summary);
    fprintf(f, "\n'%s help COMMAND' or '%s COMMAND --help' describes a command's options.\n", PROG, PROG);
    cli_backends(f);
}

/* `help` is the list; `help COMMAND` is what `COMMAND --help` prints. */
static int help_run(int argc, char **argv)
{
    int first, parsed = cli_parse(&command_help, NULL, argc, argv, &first);
    if (parsed >= 0)
        return parsed;
    if (argc - first > 1)
        return cli_usage_error("help: give one command, not %d", argc - first);
    if (first == argc) {
        cli_usage(stdout);
        return 0;
    }
    const cli_command *c = cli_command_find(argv[first]);
    char hint[64];
    cli_command_suggest(argv[first], hint, sizeof hint);
    if (!c)
        return cli_usage_error("help: unknown command '%s'%s (try %s help)", argv[first], hint, PROG);
    cli_command_help(c, stdout);
    return 0;
}
