/* SPDX-License-Identifier: MIT */
#include <getopt.h>
#include <stdbool.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "cli/suggest.h"
#include "table/table.h"

/* Room for any command's table and its --help; checked in cli_parse. */
#define MAX_OPTIONS 32

/* The rows every command has, after its own. */
static const cli_option common_options[] = {
    {"quiet", CLI_KEY_QUIET, NULL, "errors only: no tables, notes or progress line (files asked for are written)"},
    {"help", 'h', NULL, "this help"},
};

const cli_option *cli_option_at(const cli_command *cmd, size_t i)
{
    size_t more = 0;
    const cli_option *extra = cmd->more_options ? cmd->more_options(&more) : NULL;
    if (i < cmd->n_options)
        return &cmd->options[i];
    if (i < cmd->n_options + more)
        return &extra[i - cmd->n_options];
    i -= cmd->n_options + more;
    return i < sizeof common_options / sizeof *common_options ? &common_options[i] : NULL;
}

bool cli_option_has_letter(const cli_option *o)
{
    return o->key > 0 && o->key < CLI_KEY_LONG_ONLY;
}

static const struct {
    const char *placeholder;
    cli_value_kind kind;
} kinds[] = {
    {"FILE|-", CLI_VALUE_FILE},     {"NAME|auto", CLI_VALUE_BACKEND}, {"N|NAME", CLI_VALUE_DEVICE},
    {"TARGET,...", CLI_VALUE_TARGET}, {"TARGET,...|all", CLI_VALUE_TARGETS}, {"KERNEL", CLI_VALUE_KERNEL},
};

cli_value_kind cli_option_kind(const cli_option *o)
{
    for (size_t i = 0; o->value && i < sizeof kinds / sizeof *kinds; i++)
        if (strcmp(o->value, kinds[i].placeholder) == 0)
            return kinds[i].kind;
    return CLI_VALUE_ANY;
}

void cli_command_help(const cli_command *cmd, FILE *f)
{
    fprintf(f, "usage: %s %s%s%s [OPTIONS]\n%s\n\noptions:\n", PROG, cmd->name, *cmd->operands ? " " : "",
            cmd->operands, cmd->summary);
    const cli_option *o;
    for (size_t i = 0; (o = cli_option_at(cmd, i)) != NULL; i++) {
        char left[64], lead[80];
        snprintf(left, sizeof left, "%c%c%c --%s%s%s", cli_option_has_letter(o) ? '-' : ' ',
                 cli_option_has_letter(o) ? o->key : ' ', cli_option_has_letter(o) ? ',' : ' ', o->name,
                 o->value && o->value[0] != '[' ? " " : "", o->value ? o->value : "");
        snprintf(lead, sizeof lead, "  %-28s ", left);
        char line[256]; /* the first line of help; the rest is the man page's */
        snprintf(line, sizeof line, "%.*s", (int)strcspn(o->help, "\n"), o->help);
        text_wrap(f, lead, "                               ", line, TABLE_WIDTH);
    }
    if (cmd->more_help) {
        fputc('\n', f);
        cmd->more_help(f);
    }
}

static const cli_option *find(const cli_command *cmd, int key)
{
    const cli_option *o;
    for (size_t i = 0; (o = cli_option_at(cmd, i)) != NULL; i++)
        if (o->key == key)
            return o;
    return NULL;
}

/* An unknown long option, with the command's option nearest it ("--sze": did you
 * mean '--size'?), as commands and workloads are suggested. */
static int unknown_long(const cli_command *cmd, const char *arg)
{
    const char *names[MAX_OPTIONS + 2];
    size_t n = 0;
    const cli_option *o;
    for (size_t i = 0; (o = cli_option_at(cmd, i)) != NULL && n < MAX_OPTIONS + 2; i++)
        names[n++] = o->name;
    char word[64], hint[96] = "";
    snprintf(word, sizeof word, "%.*s", (int)strcspn(arg + 2, "="), arg + 2);
    const char *nearest = suggest_nearest(word, names, n, sizeof *names);
    if (nearest)
        snprintf(hint, sizeof hint, "; did you mean '--%s'?", nearest);
    return cli_usage_error("unknown option '%s'%s (try --help)", arg, hint);
}

int cli_parse(const cli_command *cmd, void *ctx, int argc, char **argv, int *operands)
{
    struct option longopts[MAX_OPTIONS + 2];
    /* ':' first: report a missing value as ':' rather than '?'; 3 bytes an option. */
    char shortopts[1 + 3 * (MAX_OPTIONS + 1) + 1] = ":";
    size_t n = 0, used = 1;
    const cli_option *o;
    for (size_t i = 0; (o = cli_option_at(cmd, i)) != NULL; i++) {
        if (i > MAX_OPTIONS)
            return cli_error("%s: more than %d options in its table", cmd->name, MAX_OPTIONS);
        bool has_value = o->value != NULL;
        /* A value in brackets ("[=full]") may be left out: --isa or --isa=full. */
        bool optional = has_value && o->value[0] == '[';
        longopts[n++] = (struct option){o->name, optional ? optional_argument : has_value ? required_argument : no_argument,
                                        NULL, o->key};
        if (!cli_option_has_letter(o))
            continue;
        shortopts[used++] = (char)o->key;
        if (has_value)
            shortopts[used++] = ':';
        if (optional)
            shortopts[used++] = ':';
    }
    shortopts[used] = '\0';
    longopts[n] = (struct option){0};

    int c;
    opterr = 0;
    optind = 0; /* GNU getopt: start afresh, so a process may parse more than once */
    while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
        if (c == 'h') {
            cli_command_help(cmd, stdout);
            return 0;
        }
        if (c == CLI_KEY_QUIET) {
            cli_quiet = true;
            continue;
        }
        /* An output option given last with no file writes to stdout ("run --list --json"). */
        const cli_option *out = c == ':' ? find(cmd, optopt) : NULL;
        if (out && out->value && strstr(out->value, "|-") && optind >= argc) {
            int rc = cmd->on_option(ctx, optopt, "-");
            if (rc)
                return rc;
            continue;
        }
        if (c == '?' && strncmp(argv[optind - 1], "--", 2) == 0)
            return unknown_long(cmd, argv[optind - 1]);
        if (c == '?' || c == ':')
            return cli_bad_option(c, argv);
        int rc = cmd->on_option(ctx, c, optarg);
        if (rc)
            return rc;
    }
    *operands = optind;
    return -1;
}
