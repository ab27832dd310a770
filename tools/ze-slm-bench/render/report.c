/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <zeslm/units.h>

#include "cli/cli.h"
#include "render/group_best.h"
#include "table/fields.h"
#include "render/params_text.h"
#include "json/records.h"
#include "render/report.h"
#include "table/table.h"

static bool measured(const zeslm_result *r)
{
    return r->outcome == ZESLM_MEASURED;
}

/* The JSON and CSV value of each field is the schema's (json/records.h): the one
 * writer of a result. */
#define FIELD(name, key)                                 \
    static json_t *name(const void *rec)                 \
    {                                                    \
        return schema_field(&records_result, key, rec); \
    }

FIELD(j_workload, "workload")
FIELD(j_variant, "variant")
FIELD(j_params, "parameters")
FIELD(j_params_typed, "params")
FIELD(j_outcome, "outcome")
FIELD(j_group, "group_size")
FIELD(j_groups, "groups")
FIELD(j_verified, "verified")
FIELD(j_note, "note")
FIELD(j_times, "times_ns")
FIELD(j_min, "min_ns")
FIELD(j_median, "median_ns")
FIELD(j_max, "max_ns")
FIELD(j_wall, "wall_median_ns")
FIELD(j_mean, "mean_ns")
FIELD(j_stddev, "stddev_ns")
FIELD(j_outliers, "outliers")
FIELD(j_spread, "spread")
FIELD(j_rate, "rate")
FIELD(j_rate_unit, "rate_unit")
FIELD(j_converged, "converged")
FIELD(j_work, "work")
FIELD(j_work_unit, "work_unit")
FIELD(j_work_change, "work_change")
FIELD(j_work_rate_unit, "work_in_rate_unit")
FIELD(j_speedup, "speedup_vs_baseline")
FIELD(j_fraction, "fraction_of_ceiling")
FIELD(j_exceeded, "ceiling_exceeded")
FIELD(j_verification, "verification")
FIELD(j_extra, "extra")
FIELD(j_extra_name, "extra_name")

/* The cells for people: times in the unit that suits them ("1.07 ms"), rates scaled,
 * shares as percentages. */
#define CELL(name, ...)                                      \
    static void name(const void *rec, char *b, size_t n)     \
    {                                                        \
        const zeslm_result *r = rec;                         \
        __VA_ARGS__;                                         \
    }

CELL(c_min, zeslm_format_si((double)r->stats.min_ns, "ns", b, n))
/* A median whose launches spread by more than REPORT_SPREAD_WARN of it is marked, and
 * the table says so under it. */
CELL(c_median, zeslm_format_si((double)r->stats.median_ns, "ns", b, n);
     if (r->stats.spread > REPORT_SPREAD_WARN) snprintf(b + strlen(b), n - strlen(b), " ~"))
CELL(c_max, zeslm_format_si((double)r->stats.max_ns, "ns", b, n))
CELL(c_mean, zeslm_format_si(r->stats.mean_ns, "ns", b, n))
CELL(c_verified, snprintf(b, n, "%s", measured(r) ? "yes" : "no"))
CELL(c_spread, snprintf(b, n, "%.1f%%", 100 * r->stats.spread))
CELL(c_rate, zeslm_format_si(r->rate, r->rate_unit ? r->rate_unit : "", b, n))
CELL(c_fraction, if (r->ceiling_exceeded) snprintf(b, n, ">ceiling"); else if (r->fraction) snprintf(b, n, "%.0f%%", 100 * r->fraction))
/* The work a launch settled on, flagged where doubling it still moved the figure, as
 * >ceiling flags a beaten ceiling. */
CELL(c_work, if (r->work_unit) snprintf(b, n, "%s%llu %s", r->converged == ZESLM_UNCONVERGED ? "unconverged " : "",
                                        (unsigned long long)r->work_units, r->work_unit))
CELL(c_speedup, if (r->speedup) snprintf(b, n, "%.2fx", r->speedup))
CELL(c_extra, if (r->ratio) zeslm_format_si(r->ratio, "", b, n))
CELL(c_params, params_text(r->params, false, b, n))

/* The CSV's columns in order (their values the schema's, as the JSON writes them);
 * text shows the fields of keep > 0, the most kept first where a table is wider than
 * TABLE_WIDTH. Of the columns that may go, spread and group go last (without them
 * a row's noise and launch shape are lost), but for work, whose "unconverged" flags a
 * figure the text must not pass as settled (tests/cli/run/converge.sh); verified is "yes"
 * on every measured row (a wrong result is an error, not a row). */
static const field fields[] = {
    {"workload", NULL, 0, false, false, j_workload, NULL},
    {"variant", "variant", 100, false, false, j_variant, NULL},
    {"parameters", "parameters", 90, false, false, j_params, c_params},
    {"params", NULL, 0, false, true, j_params_typed, NULL},
    {"outcome", NULL, 0, false, false, j_outcome, NULL},
    {"group_size", "group", 77, true, false, j_group, NULL},
    {"groups", "groups", 0, true, false, j_groups, NULL},
    {"times_ns", NULL, 0, false, true, j_times, NULL},
    {"min_ns", "min", 0, true, false, j_min, c_min},
    {"median_ns", "median", 95, true, false, j_median, c_median},
    {"max_ns", "max", 0, true, false, j_max, c_max},
    {"wall_median_ns", NULL, 0, true, false, j_wall, NULL},
    {"mean_ns", "mean", 0, true, false, j_mean, c_mean},
    {"stddev_ns", NULL, 0, true, false, j_stddev, NULL},
    {"outliers", "out", 0, true, false, j_outliers, NULL},
    /* The one noise figure of a result, in text, Markdown, compare --sides and the
     * report page alike: what "~" marks past REPORT_SPREAD_WARN. */
    {"spread", "spread", 78, true, false, j_spread, c_spread},
    {"rate", "rate", 80, true, false, j_rate, c_rate},
    {"rate_unit", NULL, 0, false, false, j_rate_unit, NULL},
    {"converged", NULL, 0, false, false, j_converged, NULL},
    {"work", "work", 79, true, false, j_work, c_work},
    {"work_unit", NULL, 0, false, false, j_work_unit, NULL},
    {"work_change", NULL, 0, false, false, j_work_change, NULL},
    {"work_in_rate_unit", NULL, 0, false, false, j_work_rate_unit, NULL},
    {"speedup_vs_baseline", "speedup", 50, true, false, j_speedup, c_speedup},
    {"fraction_of_ceiling", "ceiling", 55, true, false, j_fraction, c_fraction},
    {"ceiling_exceeded", NULL, 0, false, false, j_exceeded, NULL},
    /* Its head is the quantity's (the workload's extras); "extra" only in JSON and CSV. */
    {"extra", "extra", 30, true, false, j_extra, c_extra},
    {"extra_name", NULL, 0, false, false, j_extra_name, NULL},
    {"verified", "verified", 62, false, false, j_verified, c_verified},
    {"verification", "verification", 0, false, false, j_verification, NULL},
    {"note", NULL, 0, false, false, j_note, NULL},
};
#define N_FIELDS (sizeof fields / sizeof fields[0])

/* A result that was not measured: what the text says in place of its numbers. */
static void outcome_note(const zeslm_result *r, char *buf, size_t len)
{
    if (r->outcome == ZESLM_SKIPPED)
        snprintf(buf, len, "skipped: %s", r->note);
    else if (r->outcome == ZESLM_FAILED)
        snprintf(buf, len, "%s: failed: see the error below", r->params);
    else
        snprintf(buf, len, "%s: no results: %s", r->params, r->note);
}

/* The column of the quantity `name` a result of wl carries as its second number (the
 * workload says, zeslm_workload.extras), or NULL. */
static const zeslm_extra_column *extra_column(const zeslm_workload *wl, const char *name)
{
    for (size_t i = 0; name && i < wl->n_extras; i++)
        if (strcmp(wl->extras[i].name, name) == 0)
            return &wl->extras[i];
    return NULL;
}

static const char *extra_head(const zeslm_workload *wl, const char *name)
{
    const zeslm_extra_column *c = extra_column(wl, name);
    return c ? c->head : "extra";
}

/* What an "extra" column holds in wl's results (the first name found), or NULL. */
static const char *extra_name(const zeslm_workload *wl, const zeslm_results *all, size_t first)
{
    for (size_t i = first; i < all->count; i++)
        if (strcmp(all->items[i].workload, wl->name) == 0 && all->items[i].ratio && all->items[i].ratio_name)
            return all->items[i].ratio_name;
    return NULL;
}

/* Builds wl's table; *spread counts its rows marked for their spread, and the best
 * group size of a variant run at several is marked "best" beside it where it is a
 * clear one (render/group_best.h). */
static void build(table *t, table_column *cols, bool markdown, const zeslm_workload *wl, const zeslm_results *all,
                  size_t first, size_t *spread)
{
    size_t map[N_FIELDS];
    size_t n = fields_columns(fields, N_FIELDS, markdown, cols, map);
    for (size_t c = 0; c < n; c++)
        if (fields[map[c]].json == j_extra) {
            const zeslm_extra_column *x = extra_column(wl, extra_name(wl, all, first));
            cols[c].head = x ? x->head : "extra";
            if (x && x->keep && !markdown)
                cols[c].keep = x->keep;
        }
    table_init(t, cols, n);
    *spread = 0;
    for (size_t i = first; i < all->count; i++) {
        const zeslm_result *r = &all->items[i];
        if (strcmp(r->workload, wl->name) != 0)
            continue;
        *spread += measured(r) && r->stats.spread > REPORT_SPREAD_WARN;
        char note[sizeof r->params + sizeof r->note + 48];
        if (!measured(r))
            outcome_note(r, note, sizeof note);
        fields_row(fields, map, t, r, measured(r) ? NULL : note);
        for (size_t c = 0; c < n; c++)
            if (fields[map[c]].json == j_group && group_best_of(all, first, r, NULL) == GROUP_BEST_CLEAR)
                table_mark(t, c, " best");
    }
}

/* The roofline results wl's variants are fractions of ("roofline/read"); false: none. */
static bool ceilings(const zeslm_workload *wl, char *buf, size_t len)
{
    size_t used = 0;
    *buf = '\0';
    for (size_t i = 0; i < wl->n_variants; i++) {
        const char *c = wl->variants[i].ceiling;
        bool seen = false;
        for (size_t k = 0; k < i && c; k++)
            seen |= wl->variants[k].ceiling && strcmp(wl->variants[k].ceiling, c) == 0;
        if (c && !seen && used < len)
            used += (size_t)snprintf(buf + used, len - used, "%sroofline/%s", used ? ", " : "", c);
    }
    return used > 0;
}

static void summary_text(FILE *f, const zeslm_summary *s, const char *lead)
{
    for (size_t i = 0; s && i < s->count; i++)
        text_wrap(f, lead, "", s->items[i].sentence, TABLE_WIDTH);
}

/* What a table's own columns and marks mean: its extra quantity, its ceilings, its
 * spread warning (the notes every table shares are report_footnotes'). */
static void table_notes(FILE *f, const zeslm_workload *wl, const zeslm_results *all, size_t first, size_t spread,
                        bool markdown)
{
    const char *extra = extra_name(wl, all, first);
    char names[128], line[512];
    if (extra) {
        snprintf(line, sizeof line, "(%s: %s)", extra_head(wl, extra), extra);
        markdown ? (void)fprintf(f, "\n%s\n", line) : text_wrap(f, "", " ", line, TABLE_WIDTH);
    }
    bool any_ceiling = false;
    for (size_t i = first; i < all->count; i++)
        any_ceiling |= strcmp(all->items[i].workload, wl->name) == 0 &&
                       (all->items[i].fraction > 0 || all->items[i].ceiling_exceeded);
    if (any_ceiling && ceilings(wl, names, sizeof names)) {
        snprintf(line, sizeof line, "(ceiling: of %s)", names);
        markdown ? (void)fprintf(f, "\n%s\n", line) : text_wrap(f, "", " ", line, TABLE_WIDTH);
    }
    for (size_t i = first; i < all->count; i++) {
        const zeslm_result *best = &all->items[i], *runner_up;
        if (strcmp(best->workload, wl->name) == 0 && group_best_of(all, first, best, &runner_up) == GROUP_BEST_UNCLEAR) {
            group_best_sentence(best, runner_up, line, sizeof line);
            markdown ? (void)fprintf(f, "\n%s\n", line) : text_wrap(f, "", " ", line, TABLE_WIDTH);
        }
    }
    if (spread) {
        snprintf(line, sizeof line, "warning: %zu row%s marked ~ spread by more than %.0f%% of the median between "
                 "launches: the device was busy or its clock moved; more launches (--reps, --min-time) or a quiet "
                 "machine.", spread, spread == 1 ? "" : "s", 100 * REPORT_SPREAD_WARN);
        markdown ? (void)fprintf(f, "\n%s\n", line) : text_wrap(f, "", "         ", line, TABLE_WIDTH);
    }
}

void report_table(FILE *f, const zeslm_workload *wl, const zeslm_results *all, size_t first,
                  const zeslm_summary *summary)
{
    char head[64];
    snprintf(head, sizeof head, "\n== %s: ", wl->name);
    text_wrap(f, head, "   ", wl->summary, TABLE_WIDTH);
    table t;
    table_column cols[N_FIELDS];
    size_t spread;
    build(&t, cols, false, wl, all, first, &spread);
    table_text(f, &t, TABLE_WIDTH);
    table_free(&t);
    table_notes(f, wl, all, first, spread, false);
    summary_text(f, summary, "");
}

unsigned report_footnotes_needed(const zeslm_results *all)
{
    unsigned mask = 0;
    for (size_t i = 0; i < all->count; i++) {
        const zeslm_result *r = &all->items[i];
        if (!measured(r))
            continue;
        mask |= REPORT_NOTE_SPREAD;
        mask |= r->fraction > 0 || r->ceiling_exceeded ? REPORT_NOTE_CEILING : 0;
        mask |= r->work_unit ? REPORT_NOTE_WORK : 0;
    }
    return mask;
}

void report_footnotes(FILE *f, bool markdown, unsigned mask)
{
    static const struct {
        unsigned bit;
        const char *text;
    } notes[] = {
        {REPORT_NOTE_SPREAD, "(spread: (max - min) / median of the launches; ~ marks a median whose launches "
                             "spread by more than 20%: read it as noise; min, max, the standard deviation, outliers "
                             "and how each result was verified: --json, --csv, --markdown)"},
        {REPORT_NOTE_CEILING, "(ceiling: the median's fraction of the best launch of the roofline result the "
                              "table names, measured in this run; >ceiling: the rate beat it, so that ceiling is "
                              "no upper bound here)"},
        {REPORT_NOTE_WORK, "(work: what one launch did once doubling it changed the figure by less than 3%, or "
                           "by less than its launches' spread explains; unconverged: the time budget ran out first)"},
    };
    bool first = true;
    for (size_t i = 0; i < sizeof notes / sizeof *notes; i++) {
        if (!(mask & notes[i].bit))
            continue;
        if (markdown)
            fprintf(f, "%s%s\n", first ? "\n" : "", notes[i].text);
        else
            text_wrap(f, first ? "\n" : "", " ", notes[i].text, TABLE_WIDTH);
        first = false;
    }
}

void report_markdown(FILE *f, const zeslm_workload *wl, const zeslm_results *all, size_t first,
                     const zeslm_summary *summary, int level)
{
    fprintf(f, "\n%.*s %s\n\n%s.\n\n", level, "######", wl->name, wl->summary);
    table t;
    table_column cols[N_FIELDS];
    size_t spread;
    build(&t, cols, true, wl, all, first, &spread);
    table_markdown(f, &t);
    table_free(&t);
    table_notes(f, wl, all, first, spread, true);
    if (summary && summary->count) {
        fputc('\n', f);
        for (size_t i = 0; i < summary->count; i++)
            fprintf(f, "%s\n", summary->items[i].sentence);
    }
}

void report_csv(FILE *f, const zeslm_results *all)
{
    fields_csv_header(f, fields, N_FIELDS);
    for (size_t i = 0; i < all->count; i++)
        fields_csv_row(f, fields, N_FIELDS, &all->items[i]);
}

static json_t *j_device(const void *rec)
{
    return json_integer(((const report_device *)rec)->index);
}

static json_t *j_device_name(const void *rec)
{
    return json_string(((const report_device *)rec)->name);
}

static json_t *j_host(const void *rec)
{
    const char *h = ((const report_device *)rec)->host;
    return h ? json_string(h) : json_null();
}

static json_t *j_rank(const void *rec)
{
    long r = ((const report_device *)rec)->rank;
    return r >= 0 ? json_integer(r) : json_null();
}

static json_t *j_verdict(const void *rec)
{
    const char *v = ((const report_device *)rec)->verdict;
    return v ? json_string(v) : json_null();
}

/* The columns a result's row leads with when one file holds several devices. */
static const field device_fields[] = {
    {"device", NULL, 0, true, false, j_device, NULL},
    {"device_name", NULL, 0, false, false, j_device_name, NULL},
    {"host", NULL, 0, false, false, j_host, NULL},
    {"rank", NULL, 0, true, false, j_rank, NULL},
    {"verdict", NULL, 0, false, false, j_verdict, NULL},
};
#define N_DEVICE_FIELDS (sizeof device_fields / sizeof device_fields[0])

void report_csv_devices_header(FILE *f)
{
    fields_csv_header_lead(f, device_fields, N_DEVICE_FIELDS, fields, N_FIELDS);
}

void report_csv_device(FILE *f, const report_device *dev)
{
    for (size_t i = 0; i < dev->results->count; i++)
        fields_csv_row_lead(f, device_fields, N_DEVICE_FIELDS, dev, fields, N_FIELDS, &dev->results->items[i]);
}
