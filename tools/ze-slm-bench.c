/* ze-slm-bench: measures and explains GPU shared local memory. */
#include <stdio.h>
#include <string.h>

#include <zeslm/backends.h>
#include <zeslm/version.h>

#include "cli.h"
#include "commands.h"
#include "options.h"

extern const cli_command command_help;

/* Every command, in the order the usage lists them. */
static const cli_command *const commands[] = {
    &command_devices, &command_limits, &command_run,  &command_profile,
    &command_inspect, &command_compare, &command_merge, &command_help,
};
#define N_COMMANDS (sizeof commands / sizeof *commands)

static void print_backends(FILE *f)
{
    fprintf(f, "backends in this build (--backend NAME, in order of preference):");
    for (uint32_t b = 0; b < zeslm_backend_count(); b++)
        fprintf(f, "%s %s (%s)", b ? "," : "", zeslm_backend_name(b), zeslm_backend_label(b));
    fputc('\n', f);
}

static void usage(FILE *f)
{
    fprintf(f, "usage: %s COMMAND [OPTIONS]\n       %s --version\n\ncommands:\n", PROG, PROG);
    for (size_t i = 0; i < N_COMMANDS; i++)
        fprintf(f, "  %-9s %s\n", commands[i]->name, commands[i]->summary);
    fprintf(f, "\n'%s help COMMAND' or '%s COMMAND --help' describes a command's options.\n", PROG, PROG);
    print_backends(f);
}

static const cli_command *find_command(const char *name)
{
    for (size_t i = 0; i < N_COMMANDS; i++)
        if (strcmp(name, commands[i]->name) == 0)
            return commands[i];
    return NULL;
}

/* `help` is the list; `help COMMAND` is what `COMMAND --help` prints: both come
 * from the command's row. */
static int help_run(int argc, char **argv)
{
    int first, parsed = cli_parse(&command_help, NULL, argc, argv, &first);
    if (parsed >= 0)
        return parsed;
    if (argc - first > 1)
        return cli_usage_error("help: give one command, not %d", argc - first);
    if (first == argc) {
        usage(stdout);
        return 0;
    }
    const cli_command *c = find_command(argv[first]);
    if (!c)
        return cli_usage_error("help: unknown command '%s' (try %s help)", argv[first], PROG);
    cli_command_help(c, stdout);
    return 0;
}

const cli_command command_help = {
    .name = "help",
    .operands = "[COMMAND]",
    .summary = "this list, or one command's options",
    .run = help_run,
};

/* The options that may come before the command: the device rows of the commands. */
static const cli_option leading[] = {CLI_OPTION_BACKEND, CLI_OPTION_DEVICE};

/* How many arguments the leading option at argv[i] spans ("--device=1": 1,
 * "-d 1": 2); 0 when it is none of them or its value is missing. */
static int leading_width(int argc, char **argv, int i)
{
    const char *a = argv[i];
    for (size_t k = 0; k < sizeof leading / sizeof *leading; k++) {
        size_t n = strlen(leading[k].name);
        if (a[1] == leading[k].key && a[2] == '\0')
            return i + 1 < argc ? 2 : 0;
        if (strncmp(a, "--", 2) == 0 && strncmp(a + 2, leading[k].name, n) == 0) {
            if (a[2 + n] == '=')
                return 1;
            if (a[2 + n] == '\0')
                return i + 1 < argc ? 2 : 0;
        }
    }
    return 0;
}

/* `ze-slm-bench --backend ze limits` reads as naturally as `limits --backend ze`:
 * device options written before the command are moved after it. Returns the index of
 * the command in argv, or 0 when there is none. */
static int command_first(int argc, char **argv)
{
    int i = 1;
    while (i < argc && argv[i][0] == '-' && strcmp(argv[i], "--help") && strcmp(argv[i], "-h") &&
           strcmp(argv[i], "--version")) {
        int width = leading_width(argc, argv, i);
        if (!width)
            return 0;
        i += width;
    }
    if (i >= argc || i == 1)
        return i < argc ? i : 0;
    /* Rotate argv[1..i] so the command comes first and the options follow it. */
    char *command = argv[i];
    memmove(&argv[2], &argv[1], (size_t)(i - 1) * sizeof *argv);
    argv[1] = command;
    return 1;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && command_first(argc, argv) == 0 && argv[1][0] == '-' && strcmp(argv[1], "--help") &&
        strcmp(argv[1], "-h") && strcmp(argv[1], "--version"))
        return cli_usage_error("give the command first, then its options (try --help)");
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("%s %s\n", PROG, zeslm_version()->text);
        print_backends(stdout);
        return 0;
    }
    const cli_command *c = find_command(argv[1]);
    if (!c)
        return cli_usage_error("unknown command '%s' (try --help)", argv[1]);
    return c->run(argc - 1, argv + 1);
}
