/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <zeslm/units.h>

#include "compare/compare_rows.h"

json_t *compare_real_or_null(double v)
{
    return isnan(v) ? json_null() : json_real(v);
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
GETTER(j_old, compare_real_or_null(r->old_ns))
GETTER(j_new, compare_real_or_null(r->new_ns))
GETTER(j_old_spread, compare_real_or_null(r->old_spread))
GETTER(j_new_spread, compare_real_or_null(r->new_spread))
GETTER(j_old_launches, isnan(r->old_ns) ? json_null() : json_integer((json_int_t)r->old_launches))
GETTER(j_new_launches, isnan(r->new_ns) ? json_null() : json_integer((json_int_t)r->new_launches))
GETTER(j_ratio, compare_real_or_null(r->st.ratio))
GETTER(j_ci_low, compare_real_or_null(r->st.ci_low))
GETTER(j_ci_high, compare_real_or_null(r->st.ci_high))
GETTER(j_p, compare_real_or_null(r->st.p))
GETTER(j_change, json_string(r->change))
GETTER(j_regression, json_boolean(r->regression))
GETTER(j_note, *r->note ? json_string(r->note) : json_null())

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

/* A spread as a percentage, "-" where the side lacks the result. */
static void c_pct(double v, char *buf, size_t len)
{
    isnan(v) ? snprintf(buf, len, "-") : snprintf(buf, len, "%.1f%%", 100 * v);
}

static void c_old_spread(const void *rec, char *buf, size_t len)
{
    c_pct(((const compare_row *)rec)->old_spread, buf, len);
}

static void c_new_spread(const void *rec, char *buf, size_t len)
{
    c_pct(((const compare_row *)rec)->new_spread, buf, len);
}

static void c_ratio(const void *rec, char *buf, size_t len)
{
    double ratio = ((const compare_row *)rec)->st.ratio;
    isnan(ratio) ? snprintf(buf, len, "-") : snprintf(buf, len, "%.3f", ratio);
}

static void c_interval(const void *rec, char *buf, size_t len)
{
    const compare_row *r = rec;
    if (isnan(r->st.ci_low))
        snprintf(buf, len, "-");
    else
        snprintf(buf, len, "%.3f-%.3f", r->st.ci_low, r->st.ci_high);
}

static void c_p(const void *rec, char *buf, size_t len)
{
    double p = ((const compare_row *)rec)->st.p;
    if (isnan(p))
        snprintf(buf, len, "-");
    else
        p < 0.001 ? snprintf(buf, len, "<0.001") : snprintf(buf, len, "%.3f", p);
}

/* The signed change of the time, benchstat's way ("+7.5% slower": 7.5% more time, the
 * ratio's); where no change is shown, "no change" when the interval says so and "~"
 * (noise, as in `run`'s tables) when the launches spread too far to tell; the label
 * alone where a file lacks the result; the row's note after it. */
static void c_change(const void *rec, char *buf, size_t len)
{
    const compare_row *r = rec;
    double pct = 100.0 * (r->st.ratio - 1.0);
    int n;
    if (isnan(pct) || r->st.verdict == COMPARE_UNTESTED)
        n = snprintf(buf, len, "%s", r->change);
    else if (r->st.verdict == COMPARE_UNCHANGED)
        n = snprintf(buf, len, "%s", r->settled ? "no change" : "~");
    else
        n = snprintf(buf, len, "%+.1f%% %s%s", pct, r->change, r->regression ? " REGRESSION" : "");
    if (*r->note && n >= 0 && (size_t)n < len)
        snprintf(buf + n, len - (size_t)n, " (%s)", r->note);
}

/* Each side's spread and launches: shown on demand (compare --sides), after the
 * medians. */
#define SIDE_KEEP 58

/* The devices are the pair's heading in text and Markdown. */
const field compare_fields[] = {
    {"old_device", NULL, 0, true, false, j_old_device, NULL},
    {"new_device", NULL, 0, true, false, j_new_device, NULL},
    {"result", "result", 100, false, false, j_key, NULL},
    {"old_median_ns", "old", 60, true, false, j_old, c_old},
    {"old_spread", "old spread", SIDE_KEEP, true, false, j_old_spread, c_old_spread},
    {"old_launches", "old launches", SIDE_KEEP - 1, true, false, j_old_launches, NULL},
    {"new_median_ns", "new", 90, true, false, j_new, c_new},
    {"new_spread", "new spread", SIDE_KEEP, true, false, j_new_spread, c_new_spread},
    {"new_launches", "new launches", SIDE_KEEP - 1, true, false, j_new_launches, NULL},
    /* What a comparison means stays at any width: text cuts the result's name into
     * lines before it leaves any of these out. */
    {"ratio", "new/old", TABLE_KEEP_ALWAYS, true, false, j_ratio, c_ratio},
    {"ci_low", "interval", TABLE_KEEP_ALWAYS, true, false, j_ci_low, c_interval},
    {"ci_high", NULL, 0, true, false, j_ci_high, NULL},
    {"p", "p", 70, true, false, j_p, c_p},
    {"change", "time change", TABLE_KEEP_ALWAYS, false, false, j_change, c_change},
    {"regression", NULL, 0, false, false, j_regression, NULL},
    {"note", NULL, 0, false, false, j_note, NULL},
};
_Static_assert(sizeof compare_fields / sizeof compare_fields[0] == COMPARE_N_FIELDS, "one field a row member");

size_t compare_columns(bool sides, bool markdown, table_column *cols, size_t *map)
{
    size_t n = fields_columns(compare_fields, COMPARE_N_FIELDS, markdown, cols, map), kept = 0;
    for (size_t i = 0; i < n; i++) {
        const char *key = compare_fields[map[i]].key;
        bool side = strstr(key, "_spread") || strstr(key, "_launches");
        if (sides || !side) {
            cols[kept] = cols[i];
            map[kept++] = map[i];
        }
    }
    return kept;
}
