#include <math.h>
#include <stdio.h>

#include <zeslm/units.h>

#include "commands/compare_rows.h"

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
 * ratio's), "~" where no change is shown, the label alone where a file lacks the
 * result; the row's note after it. */
static void c_change(const void *rec, char *buf, size_t len)
{
    const compare_row *r = rec;
    double pct = 100.0 * (r->st.ratio - 1.0);
    int n;
    if (isnan(pct) || r->st.verdict == COMPARE_UNTESTED)
        n = snprintf(buf, len, "%s", r->change);
    else if (r->st.verdict == COMPARE_UNCHANGED)
        n = snprintf(buf, len, "~");
    else
        n = snprintf(buf, len, "%+.1f%% %s%s", pct, r->change, r->regression ? " REGRESSION" : "");
    if (*r->note && n >= 0 && (size_t)n < len)
        snprintf(buf + n, len - (size_t)n, " (%s)", r->note);
}

/* The devices are the pair's heading in text and Markdown. */
const field compare_fields[] = {
    {"old_device", NULL, 0, true, false, j_old_device, NULL},
    {"new_device", NULL, 0, true, false, j_new_device, NULL},
    {"result", "result", 100, false, false, j_key, NULL},
    {"old_median_ns", "old", 60, true, false, j_old, c_old},
    {"new_median_ns", "new", 90, true, false, j_new, c_new},
    {"ratio", "new/old", 95, true, false, j_ratio, c_ratio},
    {"ci_low", "interval", 65, true, false, j_ci_low, c_interval},
    {"ci_high", NULL, 0, true, false, j_ci_high, NULL},
    {"p", "p", 70, true, false, j_p, c_p},
    {"change", "time change", 97, false, false, j_change, c_change},
    {"regression", NULL, 0, false, false, j_regression, NULL},
    {"note", NULL, 0, false, false, j_note, NULL},
};
_Static_assert(sizeof compare_fields / sizeof compare_fields[0] == COMPARE_N_FIELDS, "one field a row member");
