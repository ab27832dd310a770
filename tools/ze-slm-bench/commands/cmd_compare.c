/* SPDX-License-Identifier: MIT */
/* `compare OLD.json NEW.json`: benchstat's answer for two runs. For every result both
 * measured, a Mann-Whitney U test over the two sets of launch times and a confidence
 * interval for new/old (compare/compare_stats.h); a change is reported only where it is
 * significant, larger than a threshold and clear of the launches' scatter. The
 * summary comes first (per workload: slower, faster, unchanged, the geometric mean of
 * new/old), then the changes, then the results only one file has as counts a
 * workload. With --fail-over PCT the exit status gates a CI job on the significant
 * slowdowns. Files of different devices, or with no result in common, are an error:
 * a gate must not pass on them. Files of several devices compare device by device
 * (device_pair_make). Both files are read by json/doc_reader.h, the schema's one reader. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zeslm/grow.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "commands/compare_rank.h"
#include "compare/compare_rows.h"
#include "compare/compare_tally.h"
#include "compare/compare_stats.h"
#include "compare/device_pair.h"
#include "json/doc_reader.h"
#include "compare/results_index.h"
#include "io/output.h"
#include "table/fields.h"
#include "render/sheet.h"
#include "table/table.h"

/* Exit status when a regression passes --fail-over. */
#define EXIT_REGRESSION 3

/* One file: its reader, and its devices without their results (who each is), to pair
 * them before any is read whole. */
typedef struct side {
    const char *path;
    doc_reader r;
    run_doc light;
} side;

static int open_side(const char *path, uint64_t limit, side *s)
{
    char why[512];
    s->path = path;
    if (doc_reader_open(&s->r, path, limit, why, sizeof why) || doc_reader_light(&s->r, &s->light, why, sizeof why))
        return cli_error("%s: %s", path, why);
    if (s->light.n_devices == 0)
        return cli_error("%s: no device measured anything (its errors alone)", path);
    return 0;
}

static void close_side(side *s)
{
    if (s->light.head)
        run_doc_free(&s->light);
    doc_reader_close(&s->r);
}

/* Device k of s read whole, and its measured results keyed. */
typedef struct loaded {
    run_doc doc;
    results_index index;
} loaded;

static int load_device(side *s, size_t k, loaded *out)
{
    char why[512];
    memset(out, 0, sizeof *out);
    if (doc_reader_device(&s->r, k, false, &out->doc, why, sizeof why))
        return cli_error("%s: %s", s->path, why);
    if (results_index_make(&out->doc.devices[0], &out->index, why, sizeof why))
        return cli_error("%s: device %zu: %s", s->path, k, why);
    return 0;
}

static void unload(loaded *l)
{
    results_index_free(&l->index);
    if (l->doc.head)
        run_doc_free(&l->doc);
}

typedef struct compare_opts {
    double fail_over;  /* a fraction: 0.05 is 5% */
    double alpha, threshold;
    uint32_t top;      /* devices in the ranking of the most changed (0: none) */
    bool gate, any_device, verbose, sides;
    const char *markdown, *json, *csv;
    uint64_t read_limit;
} compare_opts;

/* A percentage option's value as a fraction. */
static int percent(const char *name, const char *value, double *out)
{
    char *end;
    double v = strtod(value, &end);
    if (end == value || *end || !(v >= 0 && v <= 1000))
        return cli_usage_error("%s: '%s' is not a percentage from 0 to 1000", name, value);
    *out = v / 100;
    return 0;
}

static int on_option(void *ctx, int key, const char *value)
{
    compare_opts *o = ctx;
    char *end;
    switch (key) {
    case 'a': o->any_device = true; return 0;
    case 'v': o->verbose = true; return 0;
    case 's': o->sides = true; return 0;
    case 'M': o->markdown = value; return 0;
    case 'j': o->json = value; return 0;
    case 'c': o->csv = value; return 0;
    case 'T': return cli_u32("--top", value, 0, 1000000, &o->top) ? 0 : 2;
    case 't': return percent("--threshold", value, &o->threshold);
    case 'R':
        if (!doc_read_size_parse(value, &o->read_limit))
            return cli_usage_error("--read-limit: '%s' is not a size (bytes, or with K, M, G or T: 4G)", value);
        return 0;
    case 'p':
        o->alpha = strtod(value, &end);
        /* Past 0.5 a "significant" change would be more likely noise than not. */
        if (end == value || *end || !(o->alpha > 0 && o->alpha <= 0.5))
            return cli_usage_error("--alpha: '%s' is not a probability in (0, 0.5]", value);
        return 0;
    }
    o->gate = true; /* 'f' */
    return percent("--fail-over", value, &o->fail_over);
}

#define N_FIELDS COMPARE_N_FIELDS

/* Every row, for the tables, the JSON and the CSV. */
typedef struct compare_out {
    compare_row *all;
    size_t n_all, cap;
    bool failed; /* out of host memory */
} compare_out;

static void add(compare_out *out, const compare_row *r)
{
    if (ZESLM_GROW(out->all, out->n_all + 1, out->cap))
        out->all[out->n_all++] = *r;
    else
        out->failed = true;
}

/* How many launch times r holds ("times_ns"; none in a file without them). */
static size_t n_times(const zeslm_result *r)
{
    return r->times_ns ? r->stats.n : 0;
}

/* The launch times of r, scaled by `scale` into `buf` (of n_times(r)). */
static void times_of(const zeslm_result *r, double scale, double *buf)
{
    for (size_t i = 0; i < n_times(r); i++)
        buf[i] = (double)r->times_ns[i] * scale;
}

/* The device's highest clock from its facts, in MHz; 0 where it reported none. */
static double clock_mhz(const run_doc_device *d)
{
    json_t *v = d->facts ? json_object_get(d->facts, "clock_mhz") : NULL;
    return json_is_number(v) ? json_number_value(v) : 0;
}

/* r's time a unit of work when it is under one clock of a device of clock_mhz (a
 * barrier of 70 ps on a 2.6 GHz CPU): no device finishes a unit of work in less. */
static bool under_one_clock(const zeslm_result *r, double clock_mhz, double *ns)
{
    *ns = r->rate;
    return clock_mhz > 0 && r->rate_unit && strncmp(r->rate_unit, "ns/", 3) == 0 && r->rate > 0 &&
           r->rate < 1e3 / clock_mhz;
}

/* What the row says beyond its numbers: a group size that differs (the key of a run's
 * result leaves out the group size it chose), a figure under one clock on either side. */
static void row_note(const zeslm_result *o, const zeslm_result *n, double old_mhz, double new_mhz, char *buf,
                     size_t len)
{
    int used = 0;
    double ns;
    *buf = '\0';
    if (o && n && o->group_size != n->group_size)
        used = snprintf(buf, len, "groups of %u, were %u", n->group_size, o->group_size);
    const zeslm_result *both[2] = {o, n};
    const double mhz[2] = {old_mhz, new_mhz};
    for (int s = 0; s < 2 && used >= 0 && (size_t)used < len; s++)
        if (both[s] && under_one_clock(both[s], mhz[s], &ns))
            used += snprintf(buf + used, len - (size_t)used, "%s%s %.3g %s is under one clock (%.3g ns): not a "
                             "possible time", used ? "; " : "", s ? "new" : "old", ns, both[s]->rate_unit,
                             1e3 / mhz[s]);
}

/* The rows and the counts of one pair of devices. */
static void compare_pair(const results_index *old_f, const results_index *new_f, const compare_opts *opts,
                         size_t old_device, size_t new_device, double old_mhz, double new_mhz, compare_tally *t,
                         compare_out *out, size_t *resized)
{
    for (size_t i = 0; i < new_f->count; i++) {
        const result_key *nk = &new_f->keys[i], *ok = results_index_find(old_f, nk);
        const zeslm_result *n = nk->r;
        compare_row r = {old_device, new_device, *nk, NAN, (double)n->stats.median_ns, NAN, n->stats.spread, 0,
                         n->stats.n, {.p = NAN, .ci_low = NAN, .ci_high = NAN, .verdict = COMPARE_UNTESTED},
                         "only in new", false, false, ""};
        if (!ok) {
            row_note(NULL, n, old_mhz, new_mhz, r.note, sizeof r.note);
            compare_tally_only(t, n->workload, false);
            *resized += results_index_has_variant(old_f, n);
            add(out, &r);
            continue;
        }
        const zeslm_result *o = ok->r;
        /* Runs that settled on different work (the convergence rule doubles it) compare
         * as time per unit of work: the old times are scaled to the new run's work. */
        double ow = (double)o->work_units, nw = (double)n->work_units;
        double scale = ow > 0 && nw > 0 ? nw / ow : 1;
        double *old_t = malloc((n_times(o) + n_times(n) + 1) * sizeof *old_t);
        if (!old_t) {
            out->failed = true;
            return;
        }
        double *new_t = old_t + n_times(o);
        times_of(o, scale, old_t);
        times_of(n, 1, new_t);
        if (compare_samples(old_t, n_times(o), new_t, n_times(n), opts->alpha, opts->threshold,
                            COMPARE_SEPARATION, &r.st))
            out->failed = true;
        free(old_t);
        r.old_ns = (double)o->stats.median_ns * scale;
        r.old_spread = o->stats.spread;
        r.old_launches = o->stats.n;
        /* Files without launch times have the medians' ratio alone. */
        if (isnan(r.st.ratio))
            r.st.ratio = r.new_ns / r.old_ns;
        row_note(o, n, old_mhz, new_mhz, r.note, sizeof r.note);
        r.regression = opts->gate && r.st.verdict == COMPARE_SLOWER && r.st.ratio > 1 + opts->fail_over;
        static const char *const label[] = {"unchanged", "slower", "faster", "untested"};
        r.change = label[r.st.verdict];
        r.settled = r.st.verdict == COMPARE_UNCHANGED && r.st.ci_low >= 1 - opts->threshold &&
                    r.st.ci_high <= 1 + opts->threshold;
        compare_tally_matched(t, n->workload, r.st.verdict, r.st.ratio, r.regression);
        add(out, &r);
    }
    for (size_t i = 0; i < old_f->count; i++)
        if (!results_index_find(new_f, &old_f->keys[i])) {
            const zeslm_result *o = old_f->keys[i].r;
            compare_row r = {old_device, new_device, old_f->keys[i], (double)o->stats.median_ns, NAN,
                             o->stats.spread, NAN, o->stats.n, 0,
                             {.ratio = NAN, .p = NAN, .ci_low = NAN, .ci_high = NAN, .verdict = COMPARE_UNTESTED},
                             "only in old", false, false, ""};
            row_note(o, NULL, old_mhz, new_mhz, r.note, sizeof r.note);
            compare_tally_only(t, o->workload, true);
            add(out, &r);
        }
}

/* The summary's columns (compare_tally_table). */
static const table_column summary_cols[] = {
    {"workload", false, 10}, {"results", true, 9},   {"slower", true, 8},           {"faster", true, 8},
    {"unchanged", true, 7},  {"untested", true, 6}, {"new/old (geomean)", true, 9},
};
#define N_SUMMARY (sizeof summary_cols / sizeof summary_cols[0])

/* "175 results in both, 4 changed: 3 slower, 1 faster; new/old 1.004 (geometric mean)." */
static void counts_line(const compare_counts *c, char *buf, size_t len)
{
    int used = snprintf(buf, len, "%zu results in both, %zu changed: %zu slower, %zu faster", c->matched,
                        c->slower + c->faster, c->slower, c->faster);
    if (c->untested && used > 0 && (size_t)used < len)
        used += snprintf(buf + used, len - (size_t)used, ", %zu untested (too few launch times)", c->untested);
    if (c->matched && used > 0 && (size_t)used < len)
        snprintf(buf + used, len - (size_t)used, "; new/old %.3f (geometric mean).", compare_geomean(c));
}

/* One pair's summary, changes and results only one file has, into the sheet. */
static void render_pair(sheet *sh, const compare_opts *opts, const compare_tally *t, const compare_row *rows,
                        size_t n_rows, const table_column *cols, const size_t *map, size_t n_cols)
{
    char line[4096];
    counts_line(&t->all, line, sizeof line);
    sheet_line(sh, "%s", line);
    table tt;
    table_init(&tt, summary_cols, N_SUMMARY);
    compare_tally_table(t, &tt);
    sheet_table(sh, NULL, &tt);
    table ct;
    table_init(&ct, cols, n_cols);
    /* The result's name and the verdict are cut into lines before the ratio, the
     * interval or the verdict is left out. */
    for (size_t c = 0; c < n_cols; c++)
        if (c == 0 || strcmp(cols[c].head, "time change") == 0)
            table_squeeze(&ct, c);
    for (size_t i = 0; i < n_rows; i++) {
        const compare_row *r = &rows[i];
        bool changed = r->st.verdict == COMPARE_SLOWER || r->st.verdict == COMPARE_FASTER;
        if (changed || opts->verbose)
            fields_row(compare_fields, map, &ct, r, NULL);
    }
    if (ct.rows)
        sheet_table(sh, opts->verbose ? "Every result" : "Changes", &ct);
    else
        table_free(&ct);
    for (int old = 1; old >= 0 && !opts->verbose; old--) {
        char list[2048];
        compare_tally_unmatched(t, old, list, sizeof list);
        if (*list)
            sheet_line(sh, "Only in %s: %s (--verbose lists them).", old ? "old" : "new", list);
    }
}

/* The fewest launches a side, as many on each, that can show a change at `alpha`:
 * asked of the test itself (two sets apart in every launch), whatever rule it follows.
 * 0 past 64. */
static size_t fewest_launches(double alpha)
{
    double t[128];
    for (size_t n = 2; n <= 64; n++) {
        for (size_t i = 0; i < n; i++) {
            t[i] = 1000 + (double)i;
            t[n + i] = 1e6 + (double)i;
        }
        compare_stats st;
        if (compare_samples(t, n, t + n, n, alpha, 0, 0, &st) == 0 && st.verdict != COMPARE_UNTESTED)
            return n;
    }
    return 0;
}

/* The rows and the totals, with the document's common head. */
static int write_json(const output_plan *plan, const compare_out *out, const compare_counts *c,
                      const compare_opts *opts, int argc, char **argv)
{
    json_t *doc = output_document(argc, argv), *rows = json_array();
    for (size_t i = 0; rows && i < out->n_all; i++)
        json_array_append_new(rows, fields_json(compare_fields, N_FIELDS, &out->all[i]));
    json_object_set_new(doc, "rows", rows);
    json_object_set_new(doc, "alpha", json_real(opts->alpha));
    json_object_set_new(doc, "threshold", json_real(opts->threshold));
    json_object_set_new(doc, "separation", json_real(COMPARE_SEPARATION));
    json_object_set_new(doc, "matched", json_integer((json_int_t)c->matched));
    json_object_set_new(doc, "slower", json_integer((json_int_t)c->slower));
    json_object_set_new(doc, "faster", json_integer((json_int_t)c->faster));
    json_object_set_new(doc, "unchanged", json_integer((json_int_t)c->unchanged));
    json_object_set_new(doc, "untested", json_integer((json_int_t)c->untested));
    json_object_set_new(doc, "geomean_ratio", compare_real_or_null(compare_geomean(c)));
    json_object_set_new(doc, "regressions", json_integer((json_int_t)c->regressions));
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

static void add_counts(compare_counts *to, const compare_counts *c)
{
    to->matched += c->matched;
    to->slower += c->slower;
    to->faster += c->faster;
    to->unchanged += c->unchanged;
    to->untested += c->untested;
    to->only_old += c->only_old;
    to->only_new += c->only_new;
    to->regressions += c->regressions;
    to->log_sum += c->log_sum;
}

static int run(int argc, char **argv)
{
    compare_opts opts = {.alpha = COMPARE_ALPHA, .threshold = COMPARE_THRESHOLD, .top = 10, .read_limit = DOC_READ_LIMIT};
    int first, parsed = cli_parse(&command_compare, &opts, argc, argv, &first);
    if (parsed >= 0)
        return parsed;
    if (argc - first != 2)
        return cli_usage_error("compare: give two results files, OLD and NEW");
    output_plan plan;
    int rc = output_plan_init(&plan, opts.json, opts.csv, opts.markdown);
    if (rc == 0)
        rc = output_plan_inputs(&plan, "the input", argv + first, 2);
    if (rc)
        return rc;
    const char *old_path = argv[first], *new_path = argv[first + 1];
    side old_s = {0}, new_s = {0};
    const run_doc *old_f = &old_s.light, *new_f = &new_s.light;
    /* Each pair's two devices, read whole one pair at a time; held to the end only for
     * --json and --csv, whose rows point into them. */
    bool keep = opts.json || opts.csv;
    loaded *held = NULL;
    size_t n_held = 0;
    device_pair *pairs = NULL;
    size_t n_pairs = 0;
    sheet sh;
    sheet_init(&sh, "# ze-slm-bench compare\n");
    table_column cols[N_FIELDS];
    size_t map[N_FIELDS], n_cols = compare_columns(opts.sides, false, cols, map);
    compare_out out = {0};
    compare_rank ranked = {0};
    rc = open_side(old_path, opts.read_limit, &old_s);
    if (rc == 0)
        rc = open_side(new_path, opts.read_limit, &new_s);
    if (rc == 0) {
        char why[512];
        size_t most = old_f->n_devices < new_f->n_devices ? old_f->n_devices : new_f->n_devices;
        pairs = calloc(most, sizeof *pairs);
        held = calloc(keep ? 2 * most : 2, sizeof *held);
        if (!pairs || !held)
            rc = cli_error("out of host memory");
        else if (device_pair_make(old_f, new_f, opts.any_device, pairs, &n_pairs, why, sizeof why))
            rc = cli_error("%s", why);
    }
    if (rc == 0 && n_pairs == 0) {
        if (old_f->n_devices == 1 && new_f->n_devices == 1)
            rc = cli_error("%s was measured on %s and %s on %s: different devices (--any-device compares them anyway)",
                           old_path, old_f->devices[0].name, new_path, new_f->devices[0].name);
        else
            rc = cli_error("%s and %s share no device by name (--any-device pairs them in order)", old_path, new_path);
    }
    if (rc)
        goto out;
    bool several = old_f->n_devices > 1 || new_f->n_devices > 1;
    compare_counts total = {0};
    size_t resized = 0;
    char line[2048];
    for (size_t k = 0; k < n_pairs && !out.failed; k++) {
        const run_doc_device *o = &old_f->devices[pairs[k].old_index], *n = &new_f->devices[pairs[k].new_index];
        loaded *lo = &held[n_held], *ln = &held[n_held + 1];
        rc = load_device(&old_s, pairs[k].old_index, lo);
        if (rc == 0)
            rc = load_device(&new_s, pairs[k].new_index, ln);
        n_held += 2;
        if (rc)
            goto out;
        /* Lines, wrapped to the width as the tables are: a path may be long. */
        if (k)
            sheet_prose(&sh, "\n");
        if (several) {
            sheet_line(&sh, "old: %s device %zu (%s)", old_path, pairs[k].old_index, o->name);
            sheet_line(&sh, "new: %s device %zu (%s)", new_path, pairs[k].new_index, n->name);
        } else {
            sheet_line(&sh, "old: %s (%s)", old_path, o->name);
            sheet_line(&sh, "new: %s (%s)", new_path, n->name);
        }
        sheet_prose(&sh, "\n");
        compare_tally t = {0};
        size_t first_row = out.n_all;
        compare_pair(&lo->index, &ln->index, &opts, pairs[k].old_index, pairs[k].new_index,
                     clock_mhz(&lo->doc.devices[0]), clock_mhz(&ln->doc.devices[0]), &t, &out, &resized);
        out.failed |= t.failed;
        if (!out.failed)
            render_pair(&sh, &opts, &t, out.all + first_row, out.n_all - first_row, cols, map, n_cols);
        add_counts(&total, &t.all);
        compare_rank_add(&ranked, pairs[k].old_index, pairs[k].new_index, n, &t.all);
        compare_tally_free(&t);
        /* Rendered: without --json or --csv, neither the rows nor the devices are needed
         * again, and memory holds one pair of devices whatever the files' size. */
        if (!keep) {
            out.n_all = first_row;
            unload(lo);
            unload(ln);
            n_held -= 2;
        }
    }
    for (size_t i = 0; i < old_f->n_devices; i++)
        if (!paired(pairs, n_pairs, i, true)) {
            snprintf(line, sizeof line, "\nonly in old: device %zu (%s), not compared\n", i, old_f->devices[i].name);
            sheet_prose(&sh, line);
        }
    for (size_t i = 0; i < new_f->n_devices; i++)
        if (!paired(pairs, n_pairs, i, false)) {
            snprintf(line, sizeof line, "\nonly in new: device %zu (%s), not compared\n", i, new_f->devices[i].name);
            sheet_prose(&sh, line);
        }
    if (several) {
        counts_line(&total, line, sizeof line);
        sheet_line(&sh, "All devices: %s", line);
    }
    sheet_prose(&sh, "\n");
    snprintf(line, sizeof line,
             "(A change: p < %g in a Mann-Whitney U test over the launch times, new/old (the Hodges-Lehmann "
             "estimate over the pairs of launches) more than %g%% from 1, and %.0f%% of the pairs of launches "
             "agreeing; the interval of new/old is its %g%% confidence interval. No change: none, and the interval "
             "within %g%% of 1; ~: none shown, but the interval reaches past %g%%: the launches are too noisy to "
             "tell, as ~ marks noise in run's tables.)",
             opts.alpha, 100 * opts.threshold, 100 * COMPARE_SEPARATION, 100 * (1 - opts.alpha),
             100 * opts.threshold, 100 * opts.threshold);
    sheet_line(&sh, "%s", line);
    if (opts.gate)
        sheet_line(&sh, "%zu significantly slower by more than %g%%.", total.regressions, 100 * opts.fail_over);
    /* Results of a variant measured at other sizes in the two runs (sizes given by
     * --size, the rule of other devices, or a timed probe in files before the rule)
     * share nothing. */
    if (resized)
        sheet_line(&sh,
                   "%zu result%s ran at other parameters than the old run's of the same variant: runs made with the "
                   "same --size compare them all.",
                   resized, resized == 1 ? "" : "s");
    if (several)
        compare_rank_lead(&ranked, opts.top, &sh);
    sheet_text(plan.text, &sh);
    if (sh.failed || out.failed || ranked.failed)
        rc = cli_error("out of host memory");
    field_records csv = {compare_fields, N_FIELDS, out.all, sizeof *out.all, out.n_all};
    if (rc == 0 && output_plan_write(&plan, OUTPUT_MARKDOWN, sheet_markdown, &sh))
        rc = 1;
    if (rc == 0 && output_plan_write(&plan, OUTPUT_CSV, fields_csv_write, &csv))
        rc = 1;
    if (rc == 0 && opts.json && write_json(&plan, &out, &total, &opts, argc, argv))
        rc = 1;
    if (rc == 0 && total.matched == 0) {
        rc = cli_error("the two files have no result in common: nothing was compared");
    } else if (rc == 0 && opts.gate && total.untested == total.matched) {
        /* A gate that tested nothing must not pass. */
        rc = cli_error("no result in common has enough launch times (times_ns) in both files to test: "
                       "--fail-over tested nothing (%zu launches a side are the fewest at --alpha %g)",
                       fewest_launches(opts.alpha), opts.alpha);
    } else if (rc == 0 && total.regressions) {
        cli_error("%zu regression%s over %g%%", total.regressions, total.regressions == 1 ? "" : "s",
                  100 * opts.fail_over);
        rc = EXIT_REGRESSION;
    }
out:
    compare_rank_free(&ranked);
    sheet_free(&sh);
    free(out.all);
    free(pairs);
    for (size_t i = 0; i < n_held; i++)
        unload(&held[i]);
    free(held);
    close_side(&old_s);
    close_side(&new_s);
    return rc;
}

static void more_help(FILE *f)
{
    fprintf(f, "new/old > 1 is slower. A result is reported as changed only where a Mann-Whitney\n"
               "U test over the two runs' launch times gives p < --alpha (0.05), the medians\n"
               "differ by more than --threshold (3%%) and %.0f%% of the pairs of launches agree\n"
               "on the direction (a shift inside the launches' scatter is no change). Of the\n"
               "rest, 'no change' where the interval of new/old lies within --threshold of 1,\n"
               "'~' (noise, as in run's tables) where it reaches past: too noisy to tell.\n"
               "Every row shows new/old, its interval and the verdict at any width; --sides\n"
               "adds each side's median, spread and launches. The summary leads: per\n"
               "workload, slower, faster and unchanged, and the\n"
               "geometric mean of new/old. With --fail-over, a significant slowdown by more\n"
               "than PERCENT makes the exit status %d. Files of different devices are refused\n"
               "unless --any-device is given; files with no result in common always are.\n"
               "A file of several devices (run --device all) compares device by device: each\n"
               "device of NEW with the device of OLD of the same name, kind (sub-device or\n"
               "not), UUID and PCI address where the files hold them, and index where several\n"
               "match; one that could be any of several is refused (with --any-device, those\n"
               "left pair in order). Either file may be - (standard input). No output may\n"
               "name OLD or NEW.\n", 100 * COMPARE_SEPARATION, EXIT_REGRESSION);
}

static const cli_option options[] = {
    {"fail-over", 'f', "PERCENT", "exit with status 3 when a result is significantly slower by more than PERCENT" "\n"
     "Exit with status 3 when any result is significantly slower (see --alpha and --threshold) by more than "
     "PERCENT percent. An error where no result in common has launch times to test."},
    {"alpha", 'p', "P", "the p-value under which a change is significant (default 0.05)"},
    {"threshold", 't', "PERCENT", "the least change of the median reported (default 3)"},
    {"top", 'T', "N", "files of several devices: first a table of the N devices that changed most (default 10)" "\n"
     "Files of several devices (two fleets' merged documents): the output leads with a table of the N paired "
     "devices whose geometric mean of new/old over their results in common is furthest from 1 (2x slower and 2x "
     "faster weigh alike), each with its host, rank, index in each file, and counts of slower and faster results; "
     "each pair's own section follows. 0: no such table."},
    {"verbose", 'v', NULL, "every result in the table, unchanged ones and those only one file has"},
    {"sides", 's', NULL, "each side's median, spread and launches in the table, beside the ratio"},
    {"any-device", 'a', NULL, "compare files measured on different devices" "\n"
     "Compare files measured on different devices (refused otherwise). Files with no result in common are "
     "always refused. Files of several devices (run --device all) compare device by device: each device of NEW "
     "with the device of OLD of the same name, kind (sub-device or not), UUID and PCI address where the files "
     "hold them, and index where several match; a device that could be any of several is refused (with "
     "--any-device, those left pair in order); a device without a partner is named and not compared."},
    {"json", 'j', "FILE|-", "also write the rows and totals as JSON (-: to stdout, the tables to stderr)"},
    {"csv", 'c', "FILE|-", "also write the rows as CSV, the JSON's keys as the header (-: to stdout)"},
    CLI_OPTION_MARKDOWN,
    CLI_OPTION_READ_LIMIT,
};

const cli_command command_compare = {
    .name = "compare",
    .operands = "OLD.json NEW.json",
    .summary = "compare two results files: a U test over the launches, summary first, CI gate",
    .options = options,
    .n_options = sizeof options / sizeof options[0],
    .more_help = more_help,
    .on_option = on_option,
    .run = run,
};
