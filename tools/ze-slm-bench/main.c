/* SPDX-License-Identifier: MIT */
/* ze-slm-bench: measures and explains GPU shared local memory. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <zeslm/backends.h>
#include <zeslm/bench.h>
#include <zeslm/version.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "io/interrupt.h"
#include "io/output.h"

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

/* Everything printed to stdout reached it: a full disk or a closed pipe behind a
 * redirection is an error, not a silent success. Returns the exit status. */
static int stdout_flushed(int rc)
{
    int err = fflush(stdout) != 0 ? errno : ferror(stdout) ? EIO : 0;
    /* Said once: an output written to it already said why it failed. */
    if (!err || output_stdout_failed())
        return err && !rc ? 1 : rc;
    cli_error("cannot write to standard output: %s", strerror(err));
    return rc ? rc : 1;
}

static int dispatch(int argc, char **argv)
{
    if (argc >= 2 && command_first(argc, argv) == 0 && argv[1][0] == '-' && strcmp(argv[1], "--help") &&
        strcmp(argv[1], "-h") && strcmp(argv[1], "--version"))
        return cli_usage_error("give the command first, then its options (try --help)");
    if (argc < 2) {
        cli_usage(stderr);
        return 2;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        cli_usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("%s %s\n", PROG, zeslm_version()->text);
        cli_backends(stdout);
        return 0;
    }
    const cli_command *c = cli_command_find(argv[1]);
    if (!c) {
        char hint[64];
        cli_command_suggest(argv[1], hint, sizeof hint);
        return cli_usage_error("unknown command '%s'%s (try --help)", argv[1], hint);
    }
    if (!c->writes_as_it_goes)
        output_commit_at_end();
    return c->run(argc - 1, argv + 1);
}

int main(int argc, char **argv)
{
    /* Before any command: a signal that stops one removes its temporaries. */
    interrupt_install();
    int rc = stdout_flushed(dispatch(argc, argv));
    if (output_commit() != 0)
        rc = 1;
    /* A signal that a command deferred and did not take ends it as one. */
    return interrupt_close() ? interrupt_status() : rc;
}
