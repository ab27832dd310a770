/* SPDX-License-Identifier: MIT */
#include <string.h>

#include <zeslm/units.h>

#include "render/expected_text.h"
#include "table/table.h"

static const table_column columns[] = {
    {"figure", false, 100}, {"measured", true, 95}, {"paper peak", true, 90}, {"of peak", true, 80},
    {"published", false, 97}, {"verdict", false, 99},
};
#define N_COLUMNS (sizeof columns / sizeof columns[0])

static double num(const json_t *o, const char *key)
{
    json_t *v = json_object_get(o, key);
    return json_is_number(v) ? json_number_value(v) : 0;
}

static const char *str(const json_t *o, const char *key)
{
    const char *s = json_string_value(json_object_get(o, key));
    return s ? s : "";
}

/* A value in its unit: SI-scaled rates and times, whole cycles and counts. */
static void value_text(double v, const char *unit, char *buf, size_t len)
{
    if (!strcmp(unit, "cycles") || !strcmp(unit, "banks"))
        snprintf(buf, len, "%.0f %s", v, unit);
    else
        zeslm_format_si(v, unit, buf, len);
}

void expected_text(FILE *f, const json_t *e, bool markdown)
{
    json_t *figs = json_object_get(e, "figures"), *fig;
    if (!json_array_size(figs))
        return;
    table t;
    table_init(&t, columns, N_COLUMNS);
    table_wrap(&t, 4);
    size_t i, j;
    json_array_foreach(figs, i, fig) {
        const char *unit = str(fig, "unit");
        char m[64], cyc[32] = "", meas[96], peak[48] = "", frac[16] = "", pub[240] = "";
        value_text(num(fig, "measured"), unit, m, sizeof m);
        if (num(fig, "measured_cycles") > 0)
            snprintf(cyc, sizeof cyc, " (%.0f cycles)", num(fig, "measured_cycles"));
        snprintf(meas, sizeof meas, "%s%s", m, cyc);
        if (num(fig, "paper_peak") > 0) {
            value_text(num(fig, "paper_peak"), unit, peak, sizeof peak);
            snprintf(frac, sizeof frac, "%.0f%%", 100 * num(fig, "peak_fraction"));
        }
        json_t *p;
        json_array_foreach(json_object_get(fig, "published"), j, p) {
            char v[48];
            value_text(num(p, "value"), str(p, "unit"), v, sizeof v);
            size_t used = strlen(pub);
            /* The row's verdict column says "as expected"; a published value missed says so here. */
            bool missed = strcmp(str(p, "verdict"), "as expected") != 0;
            snprintf(pub + used, sizeof pub - used, "%s%s%s%s%s", used ? "; " : "", v, missed ? " (" : "",
                     missed ? str(p, "verdict") : "", missed ? ")" : "");
        }
        table_add(&t, (const char *const[]){str(fig, "label"), meas, peak, frac, pub, str(fig, "verdict")}, NULL);
    }
    const char *family = str(e, "family");
    char head[600] = "Is this device normal? Each headline figure beside its paper peak (from the device's "
                     "properties)";
    if (*family)
        snprintf(head + strlen(head), sizeof head - strlen(head), " and the published values for %s (%s).", family,
                 str(e, "table"));
    else
        snprintf(head + strlen(head), sizeof head - strlen(head), ".");
    if (markdown)
        fprintf(f, "\n## Expected values\n\n%s\n\n", head);
    else
        text_wrap(f, "\n", "", head, TABLE_WIDTH);
    if (markdown)
        table_markdown(f, &t);
    else
        table_text(f, &t, TABLE_WIDTH);
    table_free(&t);
    if (*str(e, "note")) {
        if (markdown)
            fprintf(f, "\n%s\n", str(e, "note"));
        else
            text_wrap(f, "", "", str(e, "note"), TABLE_WIDTH);
    }
    /* Why each verdict that is not "as expected", then the peaks' formulas and the sources. */
    json_array_foreach(figs, i, fig) {
        char line[1200];
        const char *v = str(fig, "verdict");
        if (!strcmp(v, "LOW") || !strcmp(v, "HIGH")) {
            snprintf(line, sizeof line, "%s %s: %s.", str(fig, "label"), v, str(fig, "why"));
            markdown ? (void)fprintf(f, "\n- %s\n", line) : text_wrap(f, "", "  ", line, TABLE_WIDTH);
        }
    }
    json_array_foreach(figs, i, fig) {
        char line[1200];
        if (*str(fig, "peak_formula")) {
            snprintf(line, sizeof line, "%s peak: %s.", str(fig, "label"), str(fig, "peak_formula"));
            markdown ? (void)fprintf(f, "- %s\n", line) : text_wrap(f, "", "  ", line, TABLE_WIDTH);
        }
        json_t *p;
        json_array_foreach(json_object_get(fig, "published"), j, p) {
            char v[48];
            value_text(num(p, "value"), str(p, "unit"), v, sizeof v);
            snprintf(line, sizeof line, "%s published: %s, tolerance %.0f%%: %s; %s.", str(fig, "label"), v,
                     100 * num(p, "tolerance"), str(p, "source"), str(p, "conditions"));
            markdown ? (void)fprintf(f, "- %s\n", line) : text_wrap(f, "", "  ", line, TABLE_WIDTH);
        }
    }
}
