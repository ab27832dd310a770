/* `compare OLD.json NEW.json`: the ratio of medians of every result both runs
 * measured, marked where the change is larger than the runs' own spread; with
 * --fail-over PCT the exit status gates a CI job on regressions. Files of different
 * devices, or with no result in common, are an error: a gate must not pass on them. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "output.h"
#include "results_file.h"
#include "table.h"
#include "units.h"

/* Exit status when a regression passes --fail-over. */
#define EXIT_REGRESSION 3

static int load(const char *path, results_file *f)
{
    unsigned char *text;
    size_t len;
    if (!cli_read_file(path, &text, &len))
        return 1;
    char why[256];
    int rc = results_parse((const char *)text, len, f, why, sizeof why) ? cli_error("%s: %s", path, why) : 0;
    free(text);
    return rc;
}

static const results_entry *find(const results_file *f, const char *key)
{
    for (size_t i = 0; i < f->count; i++)
        if (strcmp(f->items[i].key, key) == 0)
            return &f->items[i];
    return NULL;
}

static const table_column columns[] = {
    {"result", false, 100}, {"old", true, 60}, {"new", true, 90}, {"new/old", true, 95}, {"change", false, 97},
};

/* One row: medians in ns (NAN: absent), their ratio where both are there. */
static void row(table *t, const char *key, double old_ns, double new_ns, const char *change)
{
    char old_text[32] = "-", new_text[32] = "-", ratio[32] = "-";
    if (!isnan(old_ns))
        zeslm_format_si(old_ns, "ns", old_text, sizeof old_text);
    if (!isnan(new_ns))
        zeslm_format_si(new_ns, "ns", new_text, sizeof new_text);
    if (!isnan(old_ns) && !isnan(new_ns))
        snprintf(ratio, sizeof ratio, "%.3f", new_ns / old_ns);
    table_add(t, (const char *const[]){key, old_text, new_text, ratio, change}, NULL);
}

typedef struct compare_opts {
    uint32_t fail_over;
    bool gate, any_device;
    const char *markdown;
} compare_opts;

/* The comparison as Markdown: the files, the table, the summary. */
static int write_markdown(const char *path, const char *head, const table *t, const char *summary)
{
    FILE *f = output_open(path);
    if (!f)
        return 1;
    fprintf(f, "# ze-slm-bench compare\n\n");
    for (const char *line = head; *line;) {
        size_t len = strcspn(line, "\n");
        fprintf(f, "%.*s  \n", (int)len, line);
        line += len + (line[len] == '\n');
    }
    fputc('\n', f);
    table_markdown(f, t);
    fprintf(f, "\n%s.\n", summary);
    return output_close(f, path, !ferror(f));
}

static int on_option(void *ctx, int key, const char *value)
{
    compare_opts *o = ctx;
    if (key == 'a' || key == 'M') {
        o->any_device |= key == 'a';
        o->markdown = key == 'M' ? value : o->markdown;
        return 0;
    }
    o->gate = true; /* 'f' */
    return cli_u32("--fail-over", value, 0, 100000, &o->fail_over) ? 0 : 2;
}

static int run(int argc, char **argv)
{
    compare_opts opts = {0};
    int first, parsed = cli_parse(&command_compare, &opts, argc, argv, &first);
    if (parsed >= 0)
        return parsed;
    int rc = output_check(NULL, NULL, opts.markdown);
    if (rc)
        return rc;
    const uint32_t fail_over = opts.fail_over;
    const bool gate = opts.gate;
    if (argc - first != 2)
        return cli_usage_error("compare: give two results files, OLD and NEW");
    results_file old_f = {0}, new_f = {0};
    rc = load(argv[first], &old_f);
    if (rc == 0)
        rc = load(argv[first + 1], &new_f);
    if (rc == 0 && !opts.any_device && strcmp(old_f.device, new_f.device) != 0)
        rc = cli_error("%s was measured on %s and %s on %s: different devices (--any-device compares them anyway)",
                       argv[first], old_f.device, argv[first + 1], new_f.device);
    if (rc) {
        results_free(&old_f);
        results_free(&new_f);
        return rc;
    }
    FILE *text = output_text_stream(NULL, NULL, opts.markdown);
    char head[1200];
    snprintf(head, sizeof head, "old: %s (%s)\nnew: %s (%s)\n", argv[first], old_f.device, argv[first + 1],
             new_f.device);
    fprintf(text, "%s\n", head);
    table t;
    table_init(&t, columns, sizeof columns / sizeof columns[0]);
    size_t matched = 0, regressions = 0, marked = 0;
    for (size_t i = 0; i < new_f.count; i++) {
        const results_entry *n = &new_f.items[i], *o = find(&old_f, n->key);
        if (!o) {
            row(&t, n->key, NAN, n->median_ns, "only in new");
            continue;
        }
        matched++;
        double ratio = n->median_ns / o->median_ns;
        bool beyond_spread = fabs(ratio - 1) > fmax(o->spread, n->spread);
        /* A change within the runs' own spread is noise, however large. */
        bool regression = gate && beyond_spread && ratio > 1 + fail_over / 100.0;
        marked += beyond_spread;
        regressions += regression;
        row(&t, n->key, o->median_ns, n->median_ns, regression ? "* REGRESSION" : beyond_spread ? "*" : "");
    }
    for (size_t i = 0; i < old_f.count; i++)
        if (!find(&new_f, old_f.items[i].key))
            row(&t, old_f.items[i].key, old_f.items[i].median_ns, NAN, "only in old");
    table_text(text, &t, TABLE_WIDTH);
    char summary[160];
    int used = snprintf(summary, sizeof summary, "%zu results in both, %zu changed by more than their spread", matched,
                        marked);
    if (gate)
        snprintf(summary + used, sizeof summary - (size_t)used, ", %zu slower by more than %u%%", regressions,
                 fail_over);
    fprintf(text, "\n%s.\n", summary);
    if (opts.markdown && write_markdown(opts.markdown, head, &t, summary))
        rc = 1;
    if (t.failed)
        rc = cli_error("out of host memory");
    table_free(&t);
    results_free(&old_f);
    results_free(&new_f);
    if (matched == 0)
        return cli_error("the two files have no result in common: nothing was compared");
    if (regressions) {
        cli_error("%zu regression%s over %u%%", regressions, regressions == 1 ? "" : "s", fail_over);
        return EXIT_REGRESSION;
    }
    return rc;
}

static void more_help(FILE *f)
{
    fprintf(f, "new/old > 1 is slower. '*' marks a change larger than either run's own spread\n"
               "((max - min) / median); with --fail-over, a result marked so and slower by more\n"
               "than PERCENT makes the exit status %d. Files of different devices are refused\n"
               "unless --any-device is given; files with no result in common always are.\n", EXIT_REGRESSION);
}

static const cli_option options[] = {
    {"fail-over", 'f', "PERCENT", "exit with status 3 when a result is slower by more than PERCENT"},
    {"any-device", 'a', NULL, "compare files measured on different devices"},
    CLI_OPTION_MARKDOWN,
};

const cli_command command_compare = {
    .name = "compare",
    .operands = "OLD.json NEW.json",
    .summary = "compare two results files: ratios of medians, gate on regressions",
    .options = options,
    .n_options = sizeof options / sizeof options[0],
    .more_help = more_help,
    .on_option = on_option,
    .run = run,
};
