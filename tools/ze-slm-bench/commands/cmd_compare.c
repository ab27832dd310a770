/* `compare OLD.json NEW.json`: the ratio of medians of every result both runs
 * measured, marked where the change is larger than the runs' own spread; with
 * --fail-over PCT the exit status gates a CI job on regressions. Files of different
 * devices, or with no result in common, are an error: a gate must not pass on them.
 * Files of several devices compare device by device (device_pair_make). Both files
 * are read by run_doc_parse, the schema's one reader. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zeslm/units.h>

#include "cli/cli.h"
#include "render/fields.h"
#include "cli/commands.h"
#include "io/output.h"
#include "render/sheet.h"
#include "doc/device_pair.h"
#include "doc/results_index.h"
#include "render/table.h"

/* Exit status when a regression passes --fail-over. */
#define EXIT_REGRESSION 3

/* The document at path, and each device's measured results keyed (*index: one a
 * device). */
static int load(const char *path, run_doc *doc, results_index **index)
{
    unsigned char *text;
    size_t len;
    if (!cli_read_file(path, &text, &len))
        return 1;
    char why[512];
    int rc = run_doc_parse((const char *)text, len, doc, why, sizeof why) ? cli_error("%s: %s", path, why) : 0;
    free(text);
    if (rc == 0 && doc->n_devices == 0)
        rc = cli_error("%s: no device measured anything (its errors alone)", path);
    if (rc == 0 && !(*index = calloc(doc->n_devices, sizeof **index)))
        rc = cli_error("out of host memory");
    for (size_t k = 0; rc == 0 && k < doc->n_devices; k++)
        if (results_index_make(&doc->devices[k], &(*index)[k], why, sizeof why))
            rc = cli_error("%s: device %zu: %s", path, k, why);
    return rc;
}

static void unload(run_doc *doc, results_index *index)
{
    for (size_t k = 0; index && k < doc->n_devices; k++)
        results_index_free(&index[k]);
    free(index);
    if (doc->head)
        run_doc_free(doc);
}

typedef struct compare_opts {
    uint32_t fail_over;
    bool gate, any_device;
    const char *markdown, *json, *csv;
} compare_opts;

static int on_option(void *ctx, int key, const char *value)
{
    compare_opts *o = ctx;
    switch (key) {
    case 'a': o->any_device = true; return 0;
    case 'M': o->markdown = value; return 0;
    case 'j': o->json = value; return 0;
    case 'c': o->csv = value; return 0;
    }
    o->gate = true; /* 'f' */
    return cli_u32("--fail-over", value, 0, 100000, &o->fail_over) ? 0 : 2;
}

/* Running totals over the pairs of devices. */
typedef struct tally {
    size_t matched, marked, regressions;
    size_t resized; /* results only in new whose variant old measured at other parameters */
} tally;

/* One result of one pair of devices: the medians (NAN where a file lacks it) and
 * what changed. */
typedef struct compare_row {
    size_t old_device, new_device;
    result_key key;
    double old_ns, new_ns;
    const char *change; /* "", "*", "* REGRESSION", "only in new", "only in old" */
} compare_row;

static json_t *ns_or_null(double ns)
{
    return isnan(ns) ? json_null() : json_real(ns);
}

#define GETTER(name, expr)               \
    static json_t *name(const void *rec) \
    {                                    \
        const compare_row *r = rec;      \
        return expr;                     \
    }
GETTER(j_old_device, json_integer((json_int_t)r->old_device))
GETTER(j_new_device, json_integer((json_int_t)r->new_device))
static json_t *j_key(const void *rec)
{
    char text[256];
    result_key_text(&((const compare_row *)rec)->key, text, sizeof text);
    return json_string(text);
}
GETTER(j_old, ns_or_null(r->old_ns))
GETTER(j_new, ns_or_null(r->new_ns))
GETTER(j_ratio, isnan(r->old_ns) || isnan(r->new_ns) ? json_null() : json_real(r->new_ns / r->old_ns))
GETTER(j_change, json_string(r->change))

/* Times scaled ("1.07 ms"), "-" where absent. */
static void c_ns(double ns, char *buf, size_t len)
{
    if (isnan(ns))
        snprintf(buf, len, "-");
    else
        zeslm_format_si(ns, "ns", buf, len);
}

static void c_old(const void *rec, char *buf, size_t len)
{
    c_ns(((const compare_row *)rec)->old_ns, buf, len);
}

static void c_new(const void *rec, char *buf, size_t len)
{
    c_ns(((const compare_row *)rec)->new_ns, buf, len);
}

static void c_ratio(const void *rec, char *buf, size_t len)
{
    const compare_row *r = rec;
    if (isnan(r->old_ns) || isnan(r->new_ns))
        snprintf(buf, len, "-");
    else
        snprintf(buf, len, "%.3f", r->new_ns / r->old_ns);
}

/* The signed change of the median time, benchstat's way ("+7.5%": 7.5% slower),
 * then the marks ("+7.5% * REGRESSION"); only the marks where a file lacks the result. */
static void c_change(const void *rec, char *buf, size_t len)
{
    const compare_row *r = rec;
    if (isnan(r->old_ns) || isnan(r->new_ns) || r->old_ns <= 0) {
        snprintf(buf, len, "%s", r->change);
        return;
    }
    double pct = 100.0 * (r->new_ns / r->old_ns - 1.0);
    if (fabs(pct) < 0.05) /* neither sign for what rounds to zero */
        pct = 0;
    snprintf(buf, len, "%s%.1f%%%s%s", pct > 0 ? "+" : "", pct, *r->change ? " " : "", r->change);
}

/* The devices are the pair's heading in text and Markdown. */
static const field fields[] = {
    {"old_device", NULL, 0, true, false, j_old_device, NULL},
    {"new_device", NULL, 0, true, false, j_new_device, NULL},
    {"result", "result", 100, false, false, j_key, NULL},
    {"old_median_ns", "old", 60, true, false, j_old, c_old},
    {"new_median_ns", "new", 90, true, false, j_new, c_new},
    {"ratio", "new/old", 95, true, false, j_ratio, c_ratio},
    {"change", "time change", 97, false, false, j_change, c_change},
};
#define N_FIELDS (sizeof fields / sizeof fields[0])

/* Where each row goes: the pair's table, the JSON rows, every row for the CSV. */
typedef struct compare_out {
    table t;
    const size_t *map;
    json_t *rows;
    compare_row *all;
    size_t n_all;
    bool failed; /* out of host memory */
    size_t old_device, new_device;
} compare_out;

static void row(compare_out *out, result_key key, double old_ns, double new_ns, const char *change)
{
    compare_row r = {out->old_device, out->new_device, key, old_ns, new_ns, change};
    fields_row(fields, out->map, &out->t, &r, NULL);
    if (out->rows)
        json_array_append_new(out->rows, fields_json(fields, N_FIELDS, &r));
    /* Doubling at each power of two: a row at a time would copy 100,000 rows over. */
    size_t n = out->n_all;
    compare_row *all = n && (n & (n - 1)) ? out->all : realloc(out->all, (n ? 2 * n : 16) * sizeof *all);
    if (all)
        all[out->n_all++] = r;
    out->all = all ? all : out->all;
    out->failed |= !all;
}

/* The rows of one pair of devices. */
static void compare_pair(const results_index *old_f, const results_index *new_f, const compare_opts *opts, tally *t,
                         compare_out *out)
{
    for (size_t i = 0; i < new_f->count; i++) {
        const result_key *n = &new_f->keys[i], *o = results_index_find(old_f, n);
        double new_ns = (double)n->r->stats.median_ns;
        if (!o) {
            row(out, *n, NAN, new_ns, "only in new");
            t->resized += results_index_has_variant(old_f, n->r);
            continue;
        }
        t->matched++;
        /* Runs that settled on different work (the convergence rule doubles it) compare
         * as time per unit of work: the old median is scaled to the new run's work. */
        double ow = (double)o->r->work_units, nw = (double)n->r->work_units;
        double old_ns = (double)o->r->stats.median_ns * (ow > 0 && nw > 0 ? nw / ow : 1);
        double ratio = new_ns / old_ns;
        bool beyond_spread = fabs(ratio - 1) > fmax(o->r->stats.spread, n->r->stats.spread);
        /* A change within the runs' own spread is noise, however large. */
        bool regression = opts->gate && beyond_spread && ratio > 1 + opts->fail_over / 100.0;
        t->marked += beyond_spread;
        t->regressions += regression;
        row(out, *n, old_ns, new_ns, regression ? "* REGRESSION" : beyond_spread ? "*" : "");
    }
    for (size_t i = 0; i < old_f->count; i++)
        if (!results_index_find(new_f, &old_f->keys[i]))
            row(out, old_f->keys[i], (double)old_f->keys[i].r->stats.median_ns, NAN, "only in old");
}

/* The rows and the totals, with the document's common head. */
static int write_json(const output_plan *plan, const compare_out *out, const tally *t, int argc, char **argv)
{
    json_t *doc = output_document(argc, argv);
    json_object_set(doc, "rows", out->rows);
    json_object_set_new(doc, "matched", json_integer((json_int_t)t->matched));
    json_object_set_new(doc, "beyond_spread", json_integer((json_int_t)t->marked));
    json_object_set_new(doc, "regressions", json_integer((json_int_t)t->regressions));
    int rc = output_plan_json(plan, doc);
    json_decref(doc);
    return rc;
}

/* Whether device i of s was paired (as old when `old`, else as new). */
static bool paired(const device_pair *pairs, size_t n, size_t i, bool old)
{
    for (size_t k = 0; k < n; k++)
        if ((old ? pairs[k].old_index : pairs[k].new_index) == i)
            return true;
    return false;
}

static int run(int argc, char **argv)
{
    compare_opts opts = {0};
    int first, parsed = cli_parse(&command_compare, &opts, argc, argv, &first);
    if (parsed >= 0)
        return parsed;
    if (argc - first != 2)
        return cli_usage_error("compare: give two results files, OLD and NEW");
    output_plan plan;
    int rc = output_plan_init(&plan, opts.json, opts.csv, opts.markdown);
    if (rc)
        return rc;
    const char *old_path = argv[first], *new_path = argv[first + 1];
    run_doc old_f = {0}, new_f = {0};
    results_index *old_x = NULL, *new_x = NULL;
    device_pair *pairs = NULL;
    size_t n_pairs = 0;
    sheet sh;
    sheet_init(&sh, "# ze-slm-bench compare\n");
    table_column cols[N_FIELDS];
    size_t map[N_FIELDS], n_cols = fields_columns(fields, N_FIELDS, false, cols, map);
    /* The JSON rows only for --json: 100,000 results make 700,000 values. */
    compare_out out = {.map = map, .rows = opts.json ? json_array() : NULL};
    rc = load(old_path, &old_f, &old_x);
    if (rc == 0)
        rc = load(new_path, &new_f, &new_x);
    if (rc == 0) {
        char why[512];
        pairs = calloc(old_f.n_devices < new_f.n_devices ? old_f.n_devices : new_f.n_devices, sizeof *pairs);
        if (!pairs)
            rc = cli_error("out of host memory");
        else if (device_pair_make(&old_f, &new_f, opts.any_device, pairs, &n_pairs, why, sizeof why))
            rc = cli_error("%s", why);
    }
    if (rc == 0 && n_pairs == 0) {
        if (old_f.n_devices == 1 && new_f.n_devices == 1)
            rc = cli_error("%s was measured on %s and %s on %s: different devices (--any-device compares them anyway)",
                           old_path, old_f.devices[0].name, new_path, new_f.devices[0].name);
        else
            rc = cli_error("%s and %s share no device by name (--any-device pairs them in order)", old_path, new_path);
    }
    if (rc)
        goto out;
    bool several = old_f.n_devices > 1 || new_f.n_devices > 1;
    tally t = {0};
    char line[2048];
    for (size_t k = 0; k < n_pairs; k++) {
        const run_doc_device *o = &old_f.devices[pairs[k].old_index], *n = &new_f.devices[pairs[k].new_index];
        if (several)
            snprintf(line, sizeof line, "\nold: %s device %zu (%s)\nnew: %s device %zu (%s)\n\n", old_path,
                     pairs[k].old_index, o->name, new_path, pairs[k].new_index, n->name);
        else
            snprintf(line, sizeof line, "\nold: %s (%s)\nnew: %s (%s)\n\n", old_path, o->name, new_path, n->name);
        sheet_prose(&sh, line + (k == 0));
        out.old_device = pairs[k].old_index;
        out.new_device = pairs[k].new_index;
        table_init(&out.t, cols, n_cols);
        compare_pair(&old_x[pairs[k].old_index], &new_x[pairs[k].new_index], &opts, &t, &out);
        sheet_table(&sh, NULL, &out.t);
    }
    for (size_t i = 0; i < old_f.n_devices; i++)
        if (!paired(pairs, n_pairs, i, true)) {
            snprintf(line, sizeof line, "\nonly in old: device %zu (%s), not compared\n", i, old_f.devices[i].name);
            sheet_prose(&sh, line);
        }
    for (size_t i = 0; i < new_f.n_devices; i++)
        if (!paired(pairs, n_pairs, i, false)) {
            snprintf(line, sizeof line, "\nonly in new: device %zu (%s), not compared\n", i, new_f.devices[i].name);
            sheet_prose(&sh, line);
        }
    int used = snprintf(line, sizeof line, "\n%zu results in both, %zu changed by more than their spread", t.matched,
                        t.marked);
    if (opts.gate)
        used += snprintf(line + used, sizeof line - (size_t)used, ", %zu slower by more than %u%%", t.regressions,
                         opts.fail_over);
    snprintf(line + used, sizeof line - (size_t)used, ".\n");
    sheet_prose(&sh, line);
    /* Default sizes follow a probe of the device, so two default runs of a slow or busy
     * device may settle on different sizes and share few results. */
    if (t.resized) {
        snprintf(line, sizeof line,
                 "%zu result%s ran at other parameters than the old run's of the same variant: default sizes "
                 "follow a probe of the device ('Default sizes:' under each run), so runs made with the same "
                 "--size compare them all.\n",
                 t.resized, t.resized == 1 ? "" : "s");
        sheet_line(&sh, "%s", line);
    }
    sheet_text(plan.text, &sh);
    if (sh.failed || out.failed)
        rc = cli_error("out of host memory");
    field_records csv = {fields, N_FIELDS, out.all, sizeof *out.all, out.n_all};
    if (rc == 0 && output_plan_write(&plan, OUTPUT_MARKDOWN, sheet_markdown, &sh))
        rc = 1;
    if (rc == 0 && output_plan_write(&plan, OUTPUT_CSV, fields_csv_write, &csv))
        rc = 1;
    if (write_json(&plan, &out, &t, argc, argv) && rc == 0)
        rc = 1;
    if (rc == 0 && t.matched == 0) {
        rc = cli_error("the two files have no result in common: nothing was compared");
    } else if (rc == 0 && t.regressions) {
        cli_error("%zu regression%s over %u%%", t.regressions, t.regressions == 1 ? "" : "s", opts.fail_over);
        rc = EXIT_REGRESSION;
    }
out:
    sheet_free(&sh);
    free(out.all);
    json_decref(out.rows);
    free(pairs);
    unload(&old_f, old_x);
    unload(&new_f, new_x);
    return rc;
}

static void more_help(FILE *f)
{
    fprintf(f, "new/old > 1 is slower. '*' marks a change larger than either run's own spread\n"
               "((max - min) / median); with --fail-over, a result marked so and slower by more\n"
               "than PERCENT makes the exit status %d. Files of different devices are refused\n"
               "unless --any-device is given; files with no result in common always are.\n"
               "A file of several devices (run --device all) compares device by device: each\n"
               "device of NEW with the device of OLD of the same name, kind (sub-device or\n"
               "not), UUID and PCI address where the files hold them, and index where several\n"
               "match; one that could be any of several is refused (with --any-device, those\n"
               "left pair in order).\n", EXIT_REGRESSION);
}

static const cli_option options[] = {
    {"fail-over", 'f', "PERCENT", "exit with status 3 when a result is slower by more than PERCENT" "\n"
     "Exit with status 3 when any result is slower by more than PERCENT percent and by more than the two runs' "
     "own spread."},
    {"any-device", 'a', NULL, "compare files measured on different devices" "\n"
     "Compare files measured on different devices (refused otherwise). Files with no result in common are "
     "always refused. Files of several devices (run --device all) compare device by device: each device of NEW "
     "with the device of OLD of the same name, kind (sub-device or not), UUID and PCI address where the files "
     "hold them, and index where several match; a device that could be any of several is refused (with "
     "--any-device, those left pair in order); a device without a partner is named and not compared."},
    {"json", 'j', "FILE|-", "also write the rows and totals as JSON (-: to stdout, the tables to stderr)"},
    {"csv", 'c', "FILE|-", "also write the rows as CSV, the JSON's keys as the header (-: to stdout)"},
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
