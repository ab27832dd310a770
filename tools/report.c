#include <math.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "output.h"
#include "report.h"
#include "table.h"
#include "units.h"

static const char *outcome_name(zeslm_outcome o)
{
    switch (o) {
    case ZESLM_MEASURED: return "measured";
    case ZESLM_NO_RESULTS: return "no_results";
    case ZESLM_SKIPPED: return "skipped";
    case ZESLM_FAILED: return "failed";
    }
    return "unknown";
}

static bool measured(const zeslm_result *r)
{
    return r->outcome == ZESLM_MEASURED;
}

/* One field of a result. The JSON value is the data; text and Markdown show `cell`
 * (scaled for people) where one is given, else the JSON value as text. */
typedef struct result_field {
    const char *key;      /* JSON and CSV */
    const char *head;     /* text and Markdown; NULL: JSON and CSV only */
    int keep;             /* text priority (table_column.keep); 0: Markdown only */
    bool right;
    bool measured_only;   /* absent from a result that was not measured */
    json_t *(*json)(const zeslm_result *r);               /* NULL: absent */
    void (*cell)(const zeslm_result *r, char *buf, size_t len);
} result_field;

static json_t *j_workload(const zeslm_result *r) { return json_string(r->workload); }
static json_t *j_variant(const zeslm_result *r) { return json_string(r->variant); }
static json_t *j_params(const zeslm_result *r) { return json_string(r->params); }
static json_t *j_outcome(const zeslm_result *r) { return json_string(outcome_name(r->outcome)); }
static json_t *j_group(const zeslm_result *r) { return json_integer(r->group_size); }
static json_t *j_groups(const zeslm_result *r) { return json_integer(r->groups); }
static json_t *j_verified(const zeslm_result *r) { return json_boolean(measured(r)); }
static json_t *j_min(const zeslm_result *r) { return json_integer((json_int_t)r->stats.min_ns); }
static json_t *j_median(const zeslm_result *r) { return json_integer((json_int_t)r->stats.median_ns); }
static json_t *j_max(const zeslm_result *r) { return json_integer((json_int_t)r->stats.max_ns); }
static json_t *j_mean(const zeslm_result *r) { return json_real(r->stats.mean_ns); }
static json_t *j_stddev(const zeslm_result *r) { return json_real(r->stats.stddev_ns); }
static json_t *j_outliers(const zeslm_result *r) { return json_integer((json_int_t)r->stats.outliers); }
static json_t *j_spread(const zeslm_result *r) { return json_real(r->stats.spread); }
static json_t *j_rate(const zeslm_result *r) { return json_real(r->rate); }
static json_t *j_rate_unit(const zeslm_result *r) { return json_string(r->rate_unit ? r->rate_unit : ""); }
static json_t *j_speedup(const zeslm_result *r) { return r->speedup ? json_real(r->speedup) : json_null(); }
static json_t *j_fraction(const zeslm_result *r) { return r->fraction ? json_real(r->fraction) : json_null(); }
static json_t *j_exceeded(const zeslm_result *r) { return json_boolean(r->ceiling_exceeded); }
static json_t *j_verification(const zeslm_result *r) { return json_string(r->verify_note); }
static json_t *j_extra(const zeslm_result *r) { return r->ratio ? json_real(r->ratio) : NULL; }
static json_t *j_extra_name(const zeslm_result *r) { return r->ratio ? json_string(r->ratio_name) : NULL; }
static json_t *j_note(const zeslm_result *r) { return *r->note ? json_string(r->note) : NULL; }

static json_t *j_times(const zeslm_result *r)
{
    json_t *t = json_array();
    for (size_t k = 0; k < r->stats.n; k++)
        json_array_append_new(t, json_integer((json_int_t)r->times_ns[k]));
    return t;
}

/* Three significant digits in the unit that suits the time ("1.07 ms"). */
static void duration(double ns, char *buf, size_t len)
{
    zeslm_format_si(ns, "ns", buf, len);
}

static void c_min(const zeslm_result *r, char *b, size_t n) { duration((double)r->stats.min_ns, b, n); }
static void c_median(const zeslm_result *r, char *b, size_t n) { duration((double)r->stats.median_ns, b, n); }
static void c_max(const zeslm_result *r, char *b, size_t n) { duration((double)r->stats.max_ns, b, n); }
static void c_mean(const zeslm_result *r, char *b, size_t n) { duration(r->stats.mean_ns, b, n); }
static void c_verified(const zeslm_result *r, char *b, size_t n) { snprintf(b, n, "%s", measured(r) ? "yes" : "no"); }
static void c_spread(const zeslm_result *r, char *b, size_t n) { snprintf(b, n, "%.1f%%", 100 * r->stats.spread); }

/* The standard deviation as a share of the mean keeps the column narrow. */
static void c_sd(const zeslm_result *r, char *b, size_t n)
{
    snprintf(b, n, "%.1f%%", r->stats.mean_ns > 0 ? 100 * r->stats.stddev_ns / r->stats.mean_ns : 0.0);
}

static void c_rate(const zeslm_result *r, char *b, size_t n)
{
    zeslm_format_si(r->rate, r->rate_unit ? r->rate_unit : "", b, n);
}

static void c_fraction(const zeslm_result *r, char *b, size_t n)
{
    if (r->ceiling_exceeded)
        snprintf(b, n, ">ceiling");
    else if (r->fraction)
        snprintf(b, n, "%.0f%%", 100 * r->fraction);
}

static void c_speedup(const zeslm_result *r, char *b, size_t n)
{
    if (r->speedup)
        snprintf(b, n, "%.2fx", r->speedup);
}

static void c_extra(const zeslm_result *r, char *b, size_t n)
{
    if (r->ratio)
        zeslm_format_si(r->ratio, "", b, n);
}

/* Cells that say nothing the columns beside them do not. */
static void c_none(const zeslm_result *r, char *b, size_t n)
{
    (void)r;
    (void)b;
    (void)n;
}

/* The order of the JSON object; text shows the fields of keep > 0, dropping the least
 * kept first when a table is wider than TABLE_WIDTH. */
static const result_field fields[] = {
    {"workload", NULL, 0, false, false, j_workload, NULL},
    {"variant", "variant", 100, false, false, j_variant, NULL},
    {"parameters", "parameters", 90, false, false, j_params, NULL},
    {"outcome", NULL, 0, false, false, j_outcome, NULL},
    {"group_size", "group", 60, true, false, j_group, NULL},
    {"groups", "groups", 0, true, false, j_groups, NULL},
    {"times_ns", NULL, 0, false, true, j_times, NULL},
    {"min_ns", "min", 0, true, true, j_min, c_min},
    {"median_ns", "median", 95, true, true, j_median, c_median},
    {"max_ns", "max", 0, true, true, j_max, c_max},
    {"mean_ns", "mean", 0, true, true, j_mean, c_mean},
    {"stddev_ns", "sd", 40, true, true, j_stddev, c_sd},
    {"outliers", "out", 0, true, true, j_outliers, NULL},
    {"spread", "spread", 0, true, true, j_spread, c_spread},
    {"rate", "rate", 80, true, true, j_rate, c_rate},
    {"rate_unit", NULL, 0, false, true, j_rate_unit, NULL},
    {"speedup_vs_baseline", "speedup", 50, true, true, j_speedup, c_speedup},
    {"fraction_of_ceiling", "ceiling", 55, true, true, j_fraction, c_fraction},
    {"ceiling_exceeded", NULL, 0, false, true, j_exceeded, c_none},
    {"extra", "extra", 30, true, true, j_extra, c_extra},
    {"extra_name", NULL, 0, false, true, j_extra_name, NULL},
    {"verified", "verified", 70, false, false, j_verified, c_verified},
    {"verification", "verification", 0, false, true, j_verification, NULL},
    {"note", NULL, 0, false, false, j_note, NULL},
};
#define N_FIELDS (sizeof fields / sizeof fields[0])

/* The field's value for r, or NULL where it is absent. */
static json_t *value(const result_field *f, const zeslm_result *r)
{
    return f->measured_only && !measured(r) ? NULL : f->json(r);
}

/* CSV holds every field but the arrays (the launch times), which only JSON holds. */
static bool in_csv(const result_field *f)
{
    return f->json != j_times;
}

/* The value as CSV or table text: strings bare, numbers in full, null empty. */
static void plain(const json_t *v, char *buf, size_t len)
{
    *buf = '\0';
    if (json_is_string(v))
        snprintf(buf, len, "%s", json_string_value(v));
    else if (json_is_integer(v))
        snprintf(buf, len, "%lld", (long long)json_integer_value(v));
    else if (json_is_real(v))
        snprintf(buf, len, "%.10g", json_real_value(v));
    else if (json_is_boolean(v))
        snprintf(buf, len, "%s", json_is_true(v) ? "true" : "false");
}

static void cell_text(const result_field *f, const zeslm_result *r, char *buf, size_t len)
{
    *buf = '\0';
    if (f->measured_only && !measured(r))
        return;
    if (f->cell) {
        f->cell(r, buf, len);
        return;
    }
    json_t *v = f->json(r);
    plain(v, buf, len);
    json_decref(v);
}

/* The fields with a head, as table columns; `markdown` keeps those text leaves out. */
static size_t columns(table_column *cols, size_t *map, bool markdown)
{
    size_t n = 0;
    for (size_t i = 0; i < N_FIELDS; i++) {
        if (!fields[i].head || (!markdown && fields[i].keep == 0))
            continue;
        cols[n] = (table_column){fields[i].head, fields[i].right, markdown ? 1 : fields[i].keep};
        map[n++] = i;
    }
    return n;
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

static void build(table *t, table_column *cols, bool markdown, const zeslm_workload *wl, const zeslm_results *all,
                  size_t first)
{
    size_t map[N_FIELDS];
    size_t n = columns(cols, map, markdown);
    table_init(t, cols, n);
    for (size_t i = first; i < all->count; i++) {
        const zeslm_result *r = &all->items[i];
        if (strcmp(r->workload, wl->name) != 0)
            continue;
        char text[N_FIELDS][192], note[sizeof r->params + sizeof r->note + 48];
        const char *cells[N_FIELDS];
        for (size_t c = 0; c < n; c++) {
            cell_text(&fields[map[c]], r, text[c], sizeof text[c]);
            cells[c] = text[c];
        }
        if (!measured(r))
            outcome_note(r, note, sizeof note);
        table_add(t, cells, measured(r) ? NULL : note);
    }
}

/* What an "extra" column holds in wl's results (the first name found), or NULL. */
static const char *extra_name(const zeslm_workload *wl, const zeslm_results *all, size_t first)
{
    for (size_t i = first; i < all->count; i++)
        if (strcmp(all->items[i].workload, wl->name) == 0 && all->items[i].ratio && all->items[i].ratio_name)
            return all->items[i].ratio_name;
    return NULL;
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

void report_table(FILE *f, const zeslm_workload *wl, const zeslm_results *all, size_t first,
                  const zeslm_summary *summary)
{
    char head[64];
    snprintf(head, sizeof head, "\n== %s: ", wl->name);
    text_wrap(f, head, "   ", wl->summary, TABLE_WIDTH);
    table t;
    table_column cols[N_FIELDS];
    build(&t, cols, false, wl, all, first);
    table_text(f, &t, TABLE_WIDTH);
    table_free(&t);
    text_wrap(f, "", " ", "(sd: standard deviation of the launches, % of their mean; min, max, outliers and "
                          "how each result was verified: --json, --csv, --markdown)", TABLE_WIDTH);
    const char *extra = extra_name(wl, all, first);
    if (extra) {
        char line[160];
        snprintf(line, sizeof line, "(extra: %s)", extra);
        text_wrap(f, "", " ", line, TABLE_WIDTH);
    }
    char names[128];
    if (ceilings(wl, names, sizeof names)) {
        char line[256];
        snprintf(line, sizeof line, "(ceiling: the fraction of %s measured in this run, when the run includes it; "
                                    ">ceiling: the rate beat it, so that ceiling is no upper bound here)", names);
        text_wrap(f, "", " ", line, TABLE_WIDTH);
    }
    summary_text(f, summary, "");
}

void report_markdown(FILE *f, const zeslm_workload *wl, const zeslm_results *all, size_t first,
                     const zeslm_summary *summary)
{
    fprintf(f, "\n## %s\n\n%s.\n\n", wl->name, wl->summary);
    table t;
    table_column cols[N_FIELDS];
    build(&t, cols, true, wl, all, first);
    table_markdown(f, &t);
    table_free(&t);
    const char *extra = extra_name(wl, all, first);
    if (extra)
        fprintf(f, "\nextra: %s.\n", extra);
    if (summary && summary->count) {
        fputc('\n', f);
        for (size_t i = 0; i < summary->count; i++)
            fprintf(f, "%s\n", summary->items[i].sentence);
    }
}

json_t *report_json(const zeslm_results *all)
{
    json_t *arr = json_array();
    for (size_t i = 0; i < all->count; i++) {
        json_t *o = json_object();
        for (size_t k = 0; k < N_FIELDS; k++) {
            json_t *v = value(&fields[k], &all->items[i]);
            if (v)
                json_object_set_new(o, fields[k].key, v);
        }
        json_array_append_new(arr, o);
    }
    return arr;
}

json_t *report_summary_text(const zeslm_summary *s)
{
    char text[ZESLM_SUMMARY_MAX * sizeof s->items[0].sentence + 1] = "";
    size_t used = 0;
    for (size_t i = 0; i < s->count && used < sizeof text; i++)
        used += (size_t)snprintf(text + used, sizeof text - used, "%s%s", used ? " " : "", s->items[i].sentence);
    return json_string(text);
}

json_t *report_findings(const zeslm_summary *s)
{
    json_t *o = json_object();
    for (size_t i = 0; i < s->count; i++)
        if (*s->items[i].key)
            json_object_set_new(o, s->items[i].key, isnan(s->items[i].value) ? json_null() : json_real(s->items[i].value));
    return o;
}

/* RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. */
static void csv_field(FILE *f, const char *s)
{
    if (!s[strcspn(s, ",\"\n ")]) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

int report_csv(const zeslm_results *all, const char *path)
{
    FILE *f = output_open(path);
    if (!f)
        return 1;
    bool sep = false;
    for (size_t k = 0; k < N_FIELDS; k++)
        if (in_csv(&fields[k])) {
            fprintf(f, "%s%s", sep ? "," : "", fields[k].key);
            sep = true;
        }
    fputc('\n', f);
    for (size_t i = 0; i < all->count; i++) {
        sep = false;
        for (size_t k = 0; k < N_FIELDS; k++) {
            if (!in_csv(&fields[k]))
                continue;
            json_t *v = value(&fields[k], &all->items[i]);
            char text[256];
            plain(v, text, sizeof text);
            json_decref(v);
            fprintf(f, "%s", sep ? "," : "");
            csv_field(f, text);
            sep = true;
        }
        fputc('\n', f);
    }
    return output_close(f, path, true);
}

static bool progress_shown;

void report_progress(const char *workload, const char *variant, const char *params, void *arg)
{
    (void)arg;
    if (!isatty(STDERR_FILENO))
        return;
    fprintf(stderr, "\r\033[K[%s] %s %s ...", workload, variant, params);
    fflush(stderr);
    progress_shown = true;
}

void report_progress_done(void)
{
    if (progress_shown) {
        fprintf(stderr, "\r\033[K");
        progress_shown = false;
    }
}
