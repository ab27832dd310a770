/* The one option parser of ze-slm-bench: every command describes its options as rows
 * of a table, and the same rows drive parsing, `COMMAND --help` and `help COMMAND`. */
#ifndef ZESLM_OPTIONS_H
#define ZESLM_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

typedef struct cli_option {
    const char *name;  /* long name without "--" */
    int key;           /* its short letter, and what the handler is given */
    const char *value; /* placeholder of its value ("N", "FILE|-"); NULL: a flag */
    const char *help;  /* one line */
} cli_option;

/* --backend and --device, rows shared by the commands that use a device. */
#define CLI_OPTION_BACKEND {"backend", 'b', "NAME|auto", "only that backend's devices (--version lists them)"}
#define CLI_OPTION_DEVICE {"device", 'd', "N|NAME", "the device at index N, or the first whose name contains NAME; run, profile: all, or N,M,... at once"}

/* --markdown, for the commands whose tables it writes. */
#define CLI_OPTION_MARKDOWN {"markdown", 'M', "FILE|-", "also write the tables as Markdown (-: to stdout, the text to stderr)"}

typedef struct cli_command {
    const char *name;
    const char *operands;       /* after the name in the usage line: "[BENCH...]"; "" none */
    const char *summary;        /* one line, for the list of commands */
    const cli_option *options;  /* --help is added to every command */
    size_t n_options;
    /* Options gathered when the tool runs (the workloads' own, for run and profile),
     * after `options`; may be NULL. Returns their rows and count. */
    const cli_option *(*more_options)(size_t *n);
    void (*more_help)(FILE *f); /* text after the options (benches, examples); may be NULL */
    /* Receives each option in order; returns 0 to go on, else the exit status. */
    int (*on_option)(void *ctx, int key, const char *value);
    /* Runs the command on its whole argv (argv[0] is its name); returns the exit status. */
    int (*run)(int argc, char **argv);
} cli_command;

/* The usage, the options and the command's further help, as --help prints them. */
void cli_command_help(const cli_command *cmd, FILE *f);

/* Parses argv[1..argc-1] of `cmd` (argv[0] is its name), handing options to
 * cmd->on_option with `ctx`. Returns -1 with *operands set to the index of the first
 * argument that is not an option (options and operands may be mixed; operands are
 * moved to the end), or the exit status to return: 0 after --help, 2 after printing
 * an unknown option or a missing value, or the handler's status. An option whose
 * value is "FILE|-" given last with no value gets "-" (stdout). */
int cli_parse(const cli_command *cmd, void *ctx, int argc, char **argv, int *operands);

#endif
