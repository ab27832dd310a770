/* SPDX-License-Identifier: MIT */
/* The one option parser of ze-slm-bench: every command describes its options as rows
 * of a table, and the same rows drive parsing, `COMMAND --help` and `help COMMAND`,
 * the man page and the bash completion (tools/ze-slm-bench/gendocs.c writes both from them). */
#ifndef ZESLM_OPTIONS_H
#define ZESLM_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* What an option's value is, as the bash completion offers it; known from the value's
 * placeholder (cli_option_kind). */
typedef enum cli_value_kind {
    CLI_VALUE_ANY,     /* nothing to offer (a number, a free name) */
    CLI_VALUE_FILE,    /* file names (and "-") */
    CLI_VALUE_BACKEND, /* the backends of this build, and auto */
    CLI_VALUE_DEVICE,  /* the device indices `devices` lists, and all */
    CLI_VALUE_TARGET,  /* Intel ocloc targets, comma-separated */
    CLI_VALUE_TARGETS, /* the same, or all */
    CLI_VALUE_KERNEL,  /* the bundled kernels */
} cli_value_kind;

/* Keys of options without a short letter (getopt_long returns them as any other). */
#define CLI_KEY_LONG_ONLY 0x100
#define CLI_KEY_QUIET (CLI_KEY_LONG_ONLY + 1)

typedef struct cli_option {
    const char *name;  /* long name without "--" */
    int key;           /* its short letter, and what the handler is given; from
                        * CLI_KEY_LONG_ONLY on, no letter */
    const char *value; /* placeholder of its value ("N", "FILE|-"); NULL: a flag; in brackets ("[=full]"): optional */
    /* One line for --help; after a '\n', the man page's paragraph (plain text), which
     * is the line itself when there is none. */
    const char *help;
} cli_option;

/* --backend and --device, rows shared by the commands that use a device. */
#define CLI_OPTION_BACKEND                                                                                  \
    {"backend", 'b', "NAME|auto", "only that backend's devices (--version lists them)" "\n"                     \
     "Only the devices of backend NAME (ze for Level Zero, cl for OpenCL, where built in; --version lists " \
     "them); auto, the default, lists every backend."}
#define CLI_OPTION_DEVICE                                                                                        \
    {"device", 'd', "N|NAME", "the device at index N, or the first whose name contains NAME; run, profile: all, or N,M,... at once" "\n" \
     "The device at index N of the devices list, or the first whose name contains NAME (case-insensitive). "    \
     "Default: a GPU of the first backend that has one, else the first other device. For run and profile: all "       \
     "(every device listed, Level Zero tiles and root devices each one) or a comma-separated list of indices "   \
     "and names runs those devices at once, a thread each: each device's tables, then every result across the " \
     "devices (each device's rate, their median, the total of a throughput) and each device's score, the "      \
     "median over its results of its rate over the devices' median; a score below 0.90 flags the device as "     \
     "slow. --json writes one file of schema 3 holding every device (as for one); --csv one row per result, led by its "      \
     "device's index and name (device, device_name); --markdown each device's tables under a heading that "     \
     "names it, then the table across the devices. A chosen device that does not open is one error line and "   \
     "an entry of the file's errors; the others run and the exit status is 1 (none opens: nothing runs)."}

/* --markdown, for the commands whose tables it writes. */
/* merge's and compare's bound on a results file read (json/doc_reader.h's DOC_READ_LIMIT). */
#define CLI_OPTION_READ_LIMIT                                                                                    \
    {"read-limit", 'R', "SIZE", "read results files of at most SIZE bytes (K, M, G, T: powers of 1024; default 4G)" \
     "\n" "Read results files of at most SIZE bytes (a number, or with K, M, G or T: powers of 1024; default 4G, "  \
     "twice a merged document of 10,000 devices of 185 results). A file is read a device at a time, so memory "  \
     "does not grow with SIZE; time does. A larger file is refused with one line. One device, and a file that "  \
     "is not a regular file (a pipe), are read whole: at most 256 MiB."}

#define CLI_OPTION_MARKDOWN                                                                                      \
    {"markdown", 'M', "FILE|-", "also write the tables as Markdown (-: to stdout, the text to stderr)" "\n"          \
     "Also write the tables as Markdown, to paste into an issue or a README (-: standard output, the text "      \
     "tables then go to standard error). Given last with no file: -."}

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
    /* Renames each output file as it is written, and takes signals itself (run and
     * profile: a stopped run's document says complete: false). Other commands rename
     * theirs together at the end (output_commit). */
    bool writes_as_it_goes;
} cli_command;

/* Row i of the command's options, its gathered ones after them, then --help; NULL
 * past the end. */
const cli_option *cli_option_at(const cli_command *cmd, size_t i);
/* Whether o has a short letter ("-q"), not only its long name. */
bool cli_option_has_letter(const cli_option *o);
/* What o's value is, from its placeholder: "FILE|-" a file, "NAME|auto" a backend,
 * "N|NAME" a device, "TARGET,..." targets, "KERNEL" a bundled kernel. */
cli_value_kind cli_option_kind(const cli_option *o);

/* Every command, in the order the usage lists them (tools/ze-slm-bench/cli/help.c). */
extern const cli_command *const cli_commands[];
extern const size_t cli_command_count;
const cli_command *cli_command_find(const char *name);
/* "; did you mean 'run'?" where a command is near the unknown `name`, else "". */
void cli_command_suggest(const char *name, char *buf, size_t len);
/* The tool's usage: its commands and this build's backends. */
void cli_usage(FILE *f);
/* The line of --version that names this build's backends. */
void cli_backends(FILE *f);

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
