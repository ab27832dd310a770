#include <getopt.h>
#include <stdbool.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "table/table.h"

/* Room for any command's table and its --help; checked in cli_parse. */
#define MAX_OPTIONS 32

static const cli_option help_option = {"help", 'h', NULL, "this help"};

const cli_option *cli_option_at(const cli_command *cmd, size_t i)
{
    size_t more = 0;
    const cli_option *extra = cmd->more_options ? cmd->more_options(&more) : NULL;
    if (i < cmd->n_options)
        return &cmd->options[i];
    if (i < cmd->n_options + more)
        return &extra[i - cmd->n_options];
    return i == cmd->n_options + more ? &help_option : NULL;
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
        snprintf(left, sizeof left, "-%c, --%s%s%s", o->key, o->name, o->value && o->value[0] != '[' ? " " : "",
                 o->value ? o->value : "");
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
        /* An output option given last with no file writes to stdout ("run --list --json"). */
        const cli_option *out = c == ':' ? find(cmd, optopt) : NULL;
        if (out && out->value && strstr(out->value, "|-") && optind >= argc) {
            int rc = cmd->on_option(ctx, optopt, "-");
            if (rc)
                return rc;
            continue;
        }
        if (c == '?' || c == ':')
            return cli_bad_option(c, argv);
        int rc = cmd->on_option(ctx, c, optarg);
        if (rc)
            return rc;
    }
    *operands = optind;
    return -1;
}
