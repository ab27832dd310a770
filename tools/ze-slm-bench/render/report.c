/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <zeslm/units.h>

#include "cli/cli.h"
#include "render/group_best.h"
#include "table/fields.h"
#include "json/result_fields.h"
#include "render/report.h"
#include "table/table.h"

static bool measured(const zeslm_result *r)
{
    return r->outcome == ZESLM_MEASURED;
}

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
    size_t n_fields, map[RESULT_FIELDS_MAX], group_column = SIZE_MAX;
    const field *fields = result_fields(&n_fields);
    size_t n = fields_columns(fields, n_fields, markdown, cols, map);
    for (size_t c = 0; c < n; c++) {
        if (strcmp(fields[map[c]].key, "group_size") == 0)
            group_column = c;
        if (strcmp(fields[map[c]].key, "extra") == 0) {
            const zeslm_extra_column *x = extra_column(wl, extra_name(wl, all, first));
            cols[c].head = x ? x->head : "extra";
            if (x && x->keep && !markdown)
                cols[c].keep = x->keep;
        }
    }
    table_init(t, cols, n);
    *spread = 0;
    for (size_t i = first; i < all->count; i++) {
        const zeslm_result *r = &all->items[i];
        if (strcmp(r->workload, wl->name) != 0)
            continue;
        *spread += measured(r) && r->stats.spread > RESULT_SPREAD_WARN;
        char note[sizeof r->params + sizeof r->note + 48];
        if (!measured(r))
            outcome_note(r, note, sizeof note);
        fields_row(fields, map, t, r, measured(r) ? NULL : note);
        if (group_column != SIZE_MAX && group_best_of(all, first, r, NULL) == GROUP_BEST_CLEAR)
            table_mark(t, group_column, " best");
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
                 "machine.", spread, spread == 1 ? "" : "s", 100 * RESULT_SPREAD_WARN);
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
    table_column cols[RESULT_FIELDS_MAX];
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
    table_column cols[RESULT_FIELDS_MAX];
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
    size_t n_fields;
    const field *fields = result_fields(&n_fields);
    fields_csv_header(f, fields, n_fields);
    for (size_t i = 0; i < all->count; i++)
        fields_csv_row(f, fields, n_fields, &all->items[i]);
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
    {"device", NULL, 0, true, false, j_device, NULL, NULL, NULL},
    {"device_name", NULL, 0, false, false, j_device_name, NULL, NULL, NULL},
    {"host", NULL, 0, false, false, j_host, NULL, NULL, NULL},
    {"rank", NULL, 0, true, false, j_rank, NULL, NULL, NULL},
    {"verdict", NULL, 0, false, false, j_verdict, NULL, NULL, NULL},
};
#define N_DEVICE_FIELDS (sizeof device_fields / sizeof device_fields[0])

void report_csv_devices_header(FILE *f)
{
    size_t n_fields;
    const field *fields = result_fields(&n_fields);
    fields_csv_header_lead(f, device_fields, N_DEVICE_FIELDS, fields, n_fields);
}

void report_csv_device(FILE *f, const report_device *dev)
{
    size_t n_fields;
    const field *fields = result_fields(&n_fields);
    for (size_t i = 0; i < dev->results->count; i++)
        fields_csv_row_lead(f, device_fields, N_DEVICE_FIELDS, dev, fields, n_fields, &dev->results->items[i]);
}
