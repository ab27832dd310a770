/* SPDX-License-Identifier: MIT */
/* ze-slm-gendocs: writes the man page and the bash completion from the commands'
 * option tables (tools/ze-slm-bench/cli/options.h), so that --help, the man page and the completion
 * are one table read three ways. The prose around the options lives in templates
 * (templates/ze-slm-bench.1.in and templates/ze-slm-bench.bash.in, here); a line of the
 * template that is exactly a marker is replaced:
 *   man:        "@OPTIONS@" (every command's options), "@COMMAND NAME@" (the tag line
 *               of that command in COMMANDS), "@WORKLOADS@" (every workload and what it
 *               measures, from its own summary)
 *   completion: "@DATA@" (commands, benches, variants, targets, kernels, and every
 *               command's options and what each option's value is)
 * and "@VERSION@" within any line is the headers' version (include/zeslm/version.h).
 *   zsh, fish:  "@DATA@" (the same, as zsh's _arguments specs and fish's complete lines)
 * usage: ze-slm-gendocs man|completion|zsh|fish TEMPLATE OUTPUT
 *        ze-slm-gendocs table RESULTS.json WORKLOAD OUTPUT (one workload's text table)
 * The build writes both into the build tree; the test docs_generated fails when the
 * checked-in copies differ (`cmake --build build --target docs-update` rewrites them). */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <zeslm/bench.h>
#include <zeslm/kernels.h>
#include <zeslm/targets.h>
#include <zeslm/version.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "json/doc_reader.h"
#include "render/report.h"

/* roff text: '-' is a hyphen-minus only written "\-", a backslash "\e". */
static void roff(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '-')
            fputs("\\-", f);
        else if (*s == '\\')
            fputs("\\e", f);
        else
            fputc(*s, f);
    }
}

/* Every workload: its name, what it measures, and what --size counts for it. */
static void man_workloads(FILE *f)
{
    for (size_t w = 0; w < zeslm_workload_count; w++) {
        const zeslm_workload *wl = zeslm_workloads[w];
        fputs(".TP\n.B ", f);
        roff(f, wl->name);
        fputc('\n', f);
        roff(f, wl->summary);
        fputs(" (\\fB\\-\\-size\\fR: ", f);
        roff(f, wl->size_unit);
        fputs(").\n", f);
    }
}

/* The tag line of one option: ".BR \-b ", " \-\-backend " \fINAME|auto\fR"". */
static void man_option_tag(FILE *f, const cli_option *o)
{
    if (cli_option_has_letter(o))
        fprintf(f, ".TP\n.BR \\-%c \", \" \\-\\-", o->key);
    else
        fputs(".TP\n.BR \\-\\-", f);
    roff(f, o->name);
    if (o->value) {
        fputs(" \" \\fI", f);
        roff(f, o->value);
        fputs("\\fR\"", f);
    }
    fputc('\n', f);
}

/* An earlier command (before index c) with the same row: then only the row's line is
 * repeated, not its paragraph. */
static const cli_command *described_before(size_t c, const cli_option *o)
{
    for (size_t k = 0; k < c; k++) {
        const cli_option *p;
        for (size_t i = 0; (p = cli_option_at(cli_commands[k], i)) != NULL; i++)
            if (strcmp(p->name, o->name) == 0 && strcmp(p->help, o->help) == 0)
                return cli_commands[k];
    }
    return NULL;
}

static void man_options(FILE *f)
{
    for (size_t c = 0; c < cli_command_count; c++) {
        const cli_command *cmd = cli_commands[c];
        fputs(".SS ", f);
        roff(f, cmd->name);
        fputc('\n', f);
        const cli_option *o;
        for (size_t i = 0; (o = cli_option_at(cmd, i)) != NULL; i++) {
            const cli_command *before = described_before(c, o);
            const char *paragraph = strchr(o->help, '\n');
            char line[256];
            snprintf(line, sizeof line, "%.*s", (int)strcspn(o->help, "\n"), o->help);
            man_option_tag(f, o);
            if (before) {
                fputs("As for \\fB", f);
                roff(f, before->name);
                fputs("\\fR: ", f);
                roff(f, line);
                fputs(".\n", f);
            } else if (paragraph) {
                roff(f, paragraph + 1);
                fputc('\n', f);
            } else {
                /* --help's line, made a sentence */
                line[0] = (char)toupper((unsigned char)line[0]);
                roff(f, line);
                fputs(".\n", f);
            }
        }
    }
}

/* ".BR run " \fI[BENCH[/VARIANT]...]\fR [\fIOPTIONS\fR]"": the tag of a command. */
static bool man_command(FILE *f, const char *name)
{
    const cli_command *cmd = cli_command_find(name);
    if (!cmd)
        return false;
    fputs(".BR ", f);
    roff(f, name);
    fputs(" \"", f);
    if (*cmd->operands) {
        fputs(" \\fI", f);
        roff(f, cmd->operands);
        fputs("\\fR", f);
    }
    fputs(" [\\fIOPTIONS\\fR]\"\n", f);
    return true;
}

/* Every option of cmd by its long name, space-separated. */
static void bash_options(FILE *f, const cli_command *cmd)
{
    const cli_option *o;
    for (size_t i = 0; (o = cli_option_at(cmd, i)) != NULL; i++)
        fprintf(f, "%s--%s", i ? " " : "", o->name);
}

static const char *const kind_names[] = {
    [CLI_VALUE_ANY] = "any",         [CLI_VALUE_FILE] = "file",     [CLI_VALUE_BACKEND] = "backend",
    [CLI_VALUE_DEVICE] = "device",   [CLI_VALUE_TARGET] = "target", [CLI_VALUE_TARGETS] = "targets",
    [CLI_VALUE_KERNEL] = "kernel",
};

/* The case arms of options that take a value, grouped by what the value is. */
static void bash_values(FILE *f, const cli_command *cmd)
{
    for (size_t k = 0; k < sizeof kind_names / sizeof *kind_names; k++) {
        const cli_option *o;
        int n = 0;
        for (size_t i = 0; (o = cli_option_at(cmd, i)) != NULL; i++)
            if (o->value && cli_option_kind(o) == (cli_value_kind)k)
                fprintf(f, "%s--%s|-%c", n++ ? "|" : "                ", o->name, o->key);
        if (n)
            fprintf(f, ") echo %s;;\n", kind_names[k]);
    }
}

static void bash_data(FILE *f)
{
    fputs("_ze_slm_bench_commands=\"", f);
    for (size_t c = 0; c < cli_command_count; c++)
        fprintf(f, "%s%s", c ? " " : "", cli_commands[c]->name);
    fputs("\"\n_ze_slm_bench_benches=\"", f);
    for (size_t w = 0; w < zeslm_workload_count; w++)
        fprintf(f, "%s%s", w ? " " : "", zeslm_workloads[w]->name);
    fputs("\"\n_ze_slm_bench_variants=\"", f);
    for (size_t w = 0; w < zeslm_workload_count; w++)
        for (size_t v = 0; v < zeslm_workloads[w]->n_variants; v++)
            fprintf(f, "%s%s/%s", w || v ? " " : "", zeslm_workloads[w]->name, zeslm_workloads[w]->variants[v].name);
    /* dg2 is ocloc's older name for acm-g10, which inspect also takes. */
    fputs("\"\n_ze_slm_bench_targets=\"", f);
    for (size_t t = 0; t < zeslm_intel_target_count; t++)
        fprintf(f, "%s ", zeslm_intel_targets[t].name);
    fputs("dg2\"\n_ze_slm_bench_kernels=\"", f);
    int n = 0;
    for (size_t k = 0; k < zeslm_kernel_file_count; k++)
        for (size_t i = 0; i < zeslm_kernel_files[k].n_kernels; i++)
            fprintf(f, "%s%s", n++ ? " " : "", zeslm_kernel_files[k].kernels[i]);
    fputs("\"\n\n# The options of a command (\"\": before the command, the device options).\n"
          "_ze_slm_bench_options()\n{\n    case $1 in\n", f);
    static const cli_option leading[] = {CLI_OPTION_BACKEND, CLI_OPTION_DEVICE};
    static const cli_command before = {.name = "", .operands = "", .options = leading, .n_options = 2};
    fputs("        \"\") echo \"--version ", f);
    bash_options(f, &before);
    fputs("\";;\n", f);
    for (size_t c = 0; c < cli_command_count; c++) {
        fprintf(f, "        %s) echo \"", cli_commands[c]->name);
        bash_options(f, cli_commands[c]);
        fputs("\";;\n", f);
    }
    fputs("    esac\n}\n\n# What the value of option $2 of command $1 is: file, backend, device, target,\n"
          "# kernel or any; nothing when $2 takes no value.\n"
          "_ze_slm_bench_value()\n{\n    case $1 in\n        \"\")\n            case $2 in\n",
          f);
    bash_values(f, &before);
    fputs("            esac;;\n", f);
    for (size_t c = 0; c < cli_command_count; c++) {
        fprintf(f, "        %s)\n            case $2 in\n", cli_commands[c]->name);
        bash_values(f, cli_commands[c]);
        fputs("            esac;;\n", f);
    }
    fputs("    esac\n}\n", f);
}

/* The first line of s inside a shell's single quotes: each ' closed, escaped and
 * opened again (zsh), or escaped (fish, whose backslashes are escaped too); in zsh's
 * option descriptions ('z') also its brackets and colons. */
static void quoted_body(FILE *f, const char *s, char shell)
{
    for (; *s && *s != '\n'; s++) {
        if (*s == '\'')
            fputs(shell == 'f' ? "\\'" : "'\\''", f);
        else if (shell == 'z' && (*s == '[' || *s == ']' || *s == ':'))
            fprintf(f, "\\%c", *s);
        else if (shell == 'f' && *s == '\\')
            fputs("\\\\", f);
        else
            fputc(*s, f);
    }
}

static void quoted(FILE *f, const char *s, char shell)
{
    fputc('\'', f);
    quoted_body(f, s, shell);
    fputc('\'', f);
}

/* What a command's operands are: workloads and variants, commands, files, or none. */
static char operand_kind(const cli_command *cmd)
{
    if (strcmp(cmd->name, "run") == 0 || strcmp(cmd->name, "profile") == 0)
        return 'w';
    if (strcmp(cmd->name, "help") == 0)
        return 'c';
    return strstr(cmd->operands, ".json") || strstr(cmd->operands, "FILE") ? 'f' : 0;
}

/* The words a value of kind k is one of, for zsh and fish ("" where none is known
 * without asking the machine). */
static void value_words(FILE *f, cli_value_kind k)
{
    if (k == CLI_VALUE_TARGET || k == CLI_VALUE_TARGETS)
        for (size_t t = 0; t < zeslm_intel_target_count; t++)
            fprintf(f, "%s%s", t ? " " : "", zeslm_intel_targets[t].name);
    if (k == CLI_VALUE_TARGETS)
        fputs(" all", f);
    if (k == CLI_VALUE_BACKEND)
        fputs("ze cl auto", f);
    if (k == CLI_VALUE_DEVICE)
        fputs("all", f);
    int n = 0;
    for (size_t i = 0; k == CLI_VALUE_KERNEL && i < zeslm_kernel_file_count; i++)
        for (size_t j = 0; j < zeslm_kernel_files[i].n_kernels; j++)
            fprintf(f, "%s%s", n++ ? " " : "", zeslm_kernel_files[i].kernels[j]);
}

static void workload_words(FILE *f)
{
    for (size_t w = 0; w < zeslm_workload_count; w++) {
        fprintf(f, "%s%s", w ? " " : "", zeslm_workloads[w]->name);
        for (size_t v = 0; v < zeslm_workloads[w]->n_variants; v++)
            fprintf(f, " %s/%s", zeslm_workloads[w]->name, zeslm_workloads[w]->variants[v].name);
    }
}

/* zsh: one _arguments spec an option ("(-n --size)"{-n,--size}"[help]:N:action"). */
static void zsh_option(FILE *f, const cli_option *o)
{
    fputs("        ", f);
    if (cli_option_has_letter(o))
        fprintf(f, "'(-%c --%s)'{-%c,--%s%s}", o->key, o->name, o->key, o->name, o->value ? "=" : "");
    else
        fprintf(f, "'--%s%s'", o->name, o->value ? "=" : "");
    fputs("'[", f);
    quoted_body(f, o->help, 'z');
    fputs("]'", f);
    if (o->value) {
        cli_value_kind k = cli_option_kind(o);
        fprintf(f, "':%s:", k == CLI_VALUE_FILE ? "file" : "value");
        if (k == CLI_VALUE_FILE)
            fputs("_files", f);
        else if (k != CLI_VALUE_ANY) {
            fputs("(", f);
            value_words(f, k);
            fputs(")", f);
        } else
            fputs(" ", f);
        fputc('\'', f);
    }
    fputs(" \\\n", f);
}

static void zsh_data(FILE *f)
{
    fputs("local -a commands\ncommands=(\n", f);
    for (size_t c = 0; c < cli_command_count; c++) {
        char item[512];
        snprintf(item, sizeof item, "%s:%s", cli_commands[c]->name, cli_commands[c]->summary);
        fputs("    ", f);
        quoted(f, item, 0);
        fputc('\n', f);
    }
    fputs(")\nif (( CURRENT == 2 )); then\n    _describe -t commands command commands\n    return\nfi\n"
          "local cmd=$words[2]\nshift words\n(( CURRENT-- ))\ncase $cmd in\n", f);
    for (size_t c = 0; c < cli_command_count; c++) {
        const cli_command *cmd = cli_commands[c];
        fprintf(f, "    %s)\n        _arguments -s -S \\\n", cmd->name);
        const cli_option *o;
        for (size_t i = 0; (o = cli_option_at(cmd, i)) != NULL; i++)
            zsh_option(f, o);
        switch (operand_kind(cmd)) {
        case 'w': fputs("        '*:workload:(", f); workload_words(f); fputs(")'", f); break;
        case 'c': fputs("        '1:command:(", f);
            for (size_t k = 0; k < cli_command_count; k++)
                fprintf(f, "%s%s", k ? " " : "", cli_commands[k]->name);
            fputs(")'", f);
            break;
        case 'f': fputs("        '*:file:_files'", f); break;
        default: fputs("        ''", f);
        }
        fputs(";;\n", f);
    }
    fputs("esac\n", f);
}

static void fish_data(FILE *f)
{
    fputs("complete -c ze-slm-bench -f\n", f);
    for (size_t c = 0; c < cli_command_count; c++) {
        fprintf(f, "complete -c ze-slm-bench -n __fish_use_subcommand -a %s -d ", cli_commands[c]->name);
        quoted(f, cli_commands[c]->summary, 'f');
        fputc('\n', f);
    }
    for (size_t c = 0; c < cli_command_count; c++) {
        const cli_command *cmd = cli_commands[c];
        char when[64];
        snprintf(when, sizeof when, "-n '__fish_seen_subcommand_from %s'", cmd->name);
        const cli_option *o;
        for (size_t i = 0; (o = cli_option_at(cmd, i)) != NULL; i++) {
            fprintf(f, "complete -c ze-slm-bench %s", when);
            if (cli_option_has_letter(o))
                fprintf(f, " -s %c", o->key);
            fprintf(f, " -l %s", o->name);
            cli_value_kind k = o->value ? cli_option_kind(o) : CLI_VALUE_ANY;
            if (o->value && k == CLI_VALUE_FILE)
                fputs(" -r -F", f);
            else if (o->value && k != CLI_VALUE_ANY) {
                fputs(" -x -a '", f);
                value_words(f, k);
                fputc('\'', f);
            } else if (o->value)
                fputs(" -x", f);
            fputs(" -d ", f);
            quoted(f, o->help, 'f');
            fputc('\n', f);
        }
        switch (operand_kind(cmd)) {
        case 'w': fprintf(f, "complete -c ze-slm-bench %s -a '", when); workload_words(f); fputs("'\n", f); break;
        case 'c':
            fprintf(f, "complete -c ze-slm-bench %s -a '", when);
            for (size_t k = 0; k < cli_command_count; k++)
                fprintf(f, "%s%s", k ? " " : "", cli_commands[k]->name);
            fputs("'\n", f);
            break;
        case 'f': fprintf(f, "complete -c ze-slm-bench %s -F\n", when); break;
        default: break;
        }
    }
}

/* One workload's text table from a results file, at 100 columns: the README's and
 * reading-results.md's example, checked against them by the readme_table test. */
static int table_of(const char *path, const char *workload, const char *out_path)
{
    const zeslm_workload *wl = zeslm_workload_find(workload);
    run_doc doc;
    char why[512];
    if (!wl) {
        fprintf(stderr, "ze-slm-gendocs: no workload '%s'\n", workload);
        return 2;
    }
    if (doc_read_file(path, DOC_READ_LIMIT, &doc, why, sizeof why)) {
        fprintf(stderr, "ze-slm-gendocs: %s: %s\n", path, why);
        return 1;
    }
    FILE *out = fopen(out_path, "w");
    int rc = out ? 0 : 1;
    const zeslm_results *all = doc.n_devices ? &doc.devices[0].results : NULL;
    size_t first = 0;
    while (all && first < all->count && strcmp(all->items[first].workload, workload) != 0)
        first++;
    if (out && (!all || first == all->count)) {
        fprintf(stderr, "ze-slm-gendocs: %s has no result of %s\n", path, workload);
        rc = 1;
    } else if (out) {
        /* The table and its notes; the workload's conclusions are the run's text. */
        const zeslm_summary none = {.count = 0};
        setenv("COLUMNS", "100", 1);
        report_table(out, wl, all, first, &none);
    }
    if (out && (ferror(out) | fclose(out)))
        rc = 1;
    if (rc)
        fprintf(stderr, "ze-slm-gendocs: could not write %s\n", out_path);
    run_doc_free(&doc);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc == 5 && strcmp(argv[1], "table") == 0)
        return table_of(argv[2], argv[3], argv[4]);
    if (argc != 4 || (strcmp(argv[1], "man") && strcmp(argv[1], "completion") && strcmp(argv[1], "zsh") &&
                      strcmp(argv[1], "fish"))) {
        fprintf(stderr, "usage: ze-slm-gendocs man|completion|zsh|fish TEMPLATE OUTPUT\n");
        return 2;
    }
    bool man = strcmp(argv[1], "man") == 0;
    char shell = argv[1][0] == 'z' ? 'z' : argv[1][0] == 'f' ? 'f' : 'b';
    FILE *in = fopen(argv[2], "r"), *out = in ? fopen(argv[3], "w") : NULL;
    if (!in || !out) {
        fprintf(stderr, "ze-slm-gendocs: cannot open %s\n", in ? argv[3] : argv[2]);
        if (in)
            fclose(in);
        return 1;
    }
    char line[4096];
    int rc = 0;
    while (fgets(line, sizeof line, in)) {
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            fprintf(stderr, "ze-slm-gendocs: %s: a line longer than %zu bytes\n", argv[2], sizeof line - 2);
            rc = 1;
            break;
        }
        line[strcspn(line, "\n")] = '\0';
        if (man && strcmp(line, "@OPTIONS@") == 0)
            man_options(out);
        else if (man && strcmp(line, "@WORKLOADS@") == 0)
            man_workloads(out);
        else if (man && strncmp(line, "@COMMAND ", 9) == 0 && line[strlen(line) - 1] == '@') {
            line[strlen(line) - 1] = '\0';
            if (!man_command(out, line + 9)) {
                fprintf(stderr, "ze-slm-gendocs: %s: no command '%s'\n", argv[2], line + 9);
                rc = 1;
                break;
            }
        } else if (!man && strcmp(line, "@DATA@") == 0)
            shell == 'z' ? zsh_data(out) : shell == 'f' ? fish_data(out) : bash_data(out);
        else if (strstr(line, "@VERSION@")) {
            char *at = strstr(line, "@VERSION@");
            fprintf(out, "%.*s%d.%d.%d%s\n", (int)(at - line), line, ZESLM_VERSION_MAJOR, ZESLM_VERSION_MINOR,
                    ZESLM_VERSION_PATCH, at + strlen("@VERSION@"));
        } else
            fprintf(out, "%s\n", line);
    }
    if (ferror(in) || ferror(out))
        rc = 1;
    fclose(in);
    if (fclose(out) != 0 || rc) {
        fprintf(stderr, "ze-slm-gendocs: could not write %s\n", argv[3]);
        return 1;
    }
    return 0;
}
