#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "expect/expected_table.h"

/* Where the table is looked for after ZESLM_EXPECTED_FILE: where `make install` puts it,
 * then the source tree (tools/ze-slm-bench/CMakeLists.txt defines both). */
#ifndef ZESLM_EXPECTED_INSTALLED
#define ZESLM_EXPECTED_INSTALLED ""
#endif
#ifndef ZESLM_EXPECTED_SOURCE
#define ZESLM_EXPECTED_SOURCE ""
#endif

json_t *expected_table_load(char *path, size_t path_len, char *why, size_t why_len)
{
    const char *env = getenv("ZESLM_EXPECTED_FILE");
    const char *candidates[] = {env && *env ? env : NULL, ZESLM_EXPECTED_INSTALLED, ZESLM_EXPECTED_SOURCE};
    const char *chosen = NULL;
    for (size_t i = 0; i < sizeof candidates / sizeof *candidates && !chosen; i++)
        if (candidates[i] && *candidates[i] && (i == 0 || access(candidates[i], R_OK) == 0))
            chosen = candidates[i];
    if (!chosen) {
        snprintf(why, why_len, "no table of expected values (set ZESLM_EXPECTED_FILE, or install the tool)");
        return NULL;
    }
    snprintf(path, path_len, "%s", chosen);
    json_error_t err;
    json_t *t = json_load_file(chosen, 0, &err);
    if (!t) {
        snprintf(why, why_len, "%s: %s (line %d)", chosen, err.text, err.line);
        return NULL;
    }
    if (!json_is_array(json_object_get(t, "families"))) {
        snprintf(why, why_len, "%s: no \"families\" array", chosen);
        json_decref(t);
        return NULL;
    }
    return t;
}

json_t *expected_table_family(const json_t *table, const char *device_name)
{
    json_t *families = json_object_get(table, "families"), *f;
    size_t i, j;
    json_array_foreach(families, i, f) {
        json_t *m;
        json_array_foreach(json_object_get(f, "match"), j, m) {
            if (json_is_string(m) && *json_string_value(m) && strstr(device_name, json_string_value(m)))
                return f;
        }
    }
    return NULL;
}

double expected_table_property(const json_t *family, const char *key, const char **source)
{
    json_t *p = json_object_get(json_object_get(family, "properties"), key);
    if (source)
        *source = json_string_value(json_object_get(p, "source"));
    json_t *v = json_object_get(p, "value");
    return json_is_number(v) ? json_number_value(v) : 0;
}
