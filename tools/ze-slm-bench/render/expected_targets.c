/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "expect/expected_table.h"
#include "render/expected_targets.h"

/* "560 GB/s within 20%" for one published entry, with the products it is limited to. */
static void entry_line(sheet *sh, const json_t *e)
{
    char only[160] = "";
    json_t *d;
    size_t i;
    json_array_foreach(json_object_get(e, "devices"), i, d)
        snprintf(only + strlen(only), sizeof only - strlen(only), "%s%s", i ? ", " : " (only ",
                 json_string_value(d) ? json_string_value(d) : "?");
    if (*only)
        snprintf(only + strlen(only), sizeof only - strlen(only), ")");
    sheet_line(sh, "  %s%s: %g %s, tolerance %g%%: %s.", json_string_value(json_object_get(e, "figure")), only,
               json_number_value(json_object_get(e, "value")), json_string_value(json_object_get(e, "unit")),
               100 * json_number_value(json_object_get(e, "tolerance")),
               json_string_value(json_object_get(e, "conditions")));
    /* A source of several citations ("; " between them), one line each: a line holds 511
     * characters (sheet_line). */
    const char *src = json_string_value(json_object_get(e, "source"));
    for (int k = 0; src && *src; k++) {
        const char *end = strstr(src, "; ");
        int len = end ? (int)(end - src) : (int)strlen(src);
        sheet_line(sh, "    %s %.*s", k ? "and" : "Source:", len, src);
        src = end ? end + 2 : NULL;
    }
}

void expected_targets_describe(sheet *sh, json_t *rows, const zeslm_intel_target *const *targets, size_t n)
{
    char path[1024] = "", why[1200] = "";
    json_t *tab = expected_table_load(path, sizeof path, why, sizeof why);
    if (!tab) {
        for (size_t i = 0; i < n; i++)
            json_object_set_new(json_array_get(rows, i), "expected", json_pack("{s:n, s:s}", "table", "note", why));
        sheet_line(sh, "Published values: none read (%s)", why);
        return;
    }
    sheet_line(sh, "Published values a run on each target is judged against (%s):", path);
    for (size_t i = 0; i < n; i++) {
        json_t *family = expected_table_family_of_target(tab, targets[i]->name);
        json_t *published = family ? json_deep_copy(json_object_get(family, "published")) : json_null();
        json_object_set_new(json_array_get(rows, i), "expected",
                            json_pack("{s:s, s:O, s:o}", "table", path, "family",
                                      family ? json_object_get(family, "family") : json_null(), "published",
                                      published));
        /* Each family once, at its first target, naming the targets asked that share it. */
        bool seen = false;
        for (size_t k = 0; k < i && !seen; k++)
            seen = family && expected_table_family_of_target(tab, targets[k]->name) == family;
        if (seen)
            continue;
        if (!family) {
            sheet_line(sh, "%s: no family in the table lists this target", targets[i]->name);
            continue;
        }
        char names[256] = "";
        for (size_t k = i; k < n; k++)
            if (expected_table_family_of_target(tab, targets[k]->name) == family)
                snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", *names ? ", " : "",
                         targets[k]->name);
        sheet_line(sh, "%s (%s):", names, json_string_value(json_object_get(family, "family")));
        json_t *e;
        size_t j;
        json_array_foreach(json_object_get(family, "published"), j, e)
            entry_line(sh, e);
    }
    json_decref(tab);
}
