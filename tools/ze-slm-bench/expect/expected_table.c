/* SPDX-License-Identifier: MIT */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/json_read.h"
#include "expect/expected_table.h"
#include "io/data_dir.h"

/* The table's name in the tool's data folder (io/data_dir.h). */
#define EXPECTED_NAME "expected.json"

json_t *expected_table_load(char *path, size_t path_len, char *why, size_t why_len)
{
    const char *env = getenv("ZESLM_EXPECTED_FILE");
    char dir[4096];
    int n = -1;
    if (env && *env)
        n = snprintf(path, path_len, "%s", env);
    else if (data_dir_find(EXPECTED_NAME, dir, sizeof dir))
        n = snprintf(path, path_len, "%s/%s", dir, EXPECTED_NAME);
    if (n < 0) {
        snprintf(why, why_len, "no table of expected values (set ZESLM_EXPECTED_FILE or ZESLM_DATA_DIR, "
                               "or install the tool)");
        return NULL;
    }
    if ((size_t)n >= path_len) {
        snprintf(why, why_len, "the table of expected values' path is over %zu bytes", path_len - 1);
        return NULL;
    }
    const char *chosen = path;
    json_error_t err;
    json_t *t = json_read_file(chosen, 0, &err);
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

/* The process's one reading of the table, and what it said. */
static struct {
    pthread_once_t once;
    json_t *table;
    char path[1024], why[1200];
} shared = {.once = PTHREAD_ONCE_INIT};

static void shared_free(void)
{
    json_decref(shared.table);
    shared.table = NULL;
}

static void shared_load(void)
{
    shared.table = expected_table_load(shared.path, sizeof shared.path, shared.why, sizeof shared.why);
    /* Where atexit cannot take the hook (out of memory) the table stays reachable from
     * here until the process ends: held, not lost. */
    if (shared.table)
        (void)atexit(shared_free);
}

const json_t *expected_table_shared(char *path, size_t path_len, char *why, size_t why_len)
{
    /* pthread_once fails only on a once control not initialised (EINVAL): not this one. */
    (void)pthread_once(&shared.once, shared_load);
    if (!shared.table) {
        snprintf(why, why_len, "%s", shared.why);
        return NULL;
    }
    snprintf(path, path_len, "%s", shared.path);
    return shared.table;
}

/* Whether a string of the array `key` of `o` is in `text` (substrings) or equals it. */
static bool listed(const json_t *o, const char *key, const char *text, bool substring)
{
    json_t *m;
    size_t i;
    json_array_foreach(json_object_get(o, key), i, m) {
        const char *s = json_string_value(m);
        if (s && *s && (substring ? strstr(text, s) != NULL : strcmp(text, s) == 0))
            return true;
    }
    return false;
}

static bool has_id(const json_t *family, unsigned id)
{
    json_t *m;
    size_t i;
    json_array_foreach(json_object_get(family, "device_ids"), i, m) {
        const char *s = json_string_value(m);
        char *end;
        if (s && strtoul(s, &end, 16) == id && *end == '\0')
            return true;
    }
    return false;
}

json_t *expected_table_family(const json_t *table, const expected_device *d)
{
    json_t *families = json_object_get(table, "families"), *f;
    size_t i;
    /* By name first, in the table's order; then by id; then by target. */
    for (int pass = 0; pass < 3; pass++) {
        json_array_foreach(families, i, f) {
            if (pass == 0 ? d->name && listed(f, "match", d->name, true)
                : pass == 1 ? d->device_id && has_id(f, d->device_id)
                            : d->target && *d->target && listed(f, "targets", d->target, false))
                return f;
        }
    }
    return NULL;
}

json_t *expected_table_family_of_target(const json_t *table, const char *target)
{
    return expected_table_family(table, &(expected_device){NULL, 0, target});
}

bool expected_table_entry_applies(const json_t *entry, const char *device_name)
{
    json_t *devices = json_object_get(entry, "devices");
    return !json_array_size(devices) || (device_name && listed(entry, "devices", device_name, true));
}

void expected_table_target_of(const char *module_format, char *out, size_t len)
{
    static const char prefix[] = "native zebin (";
    const char *close;
    *out = '\0';
    if (module_format && strncmp(module_format, prefix, sizeof prefix - 1) == 0 &&
        (close = strchr(module_format, ')')) != NULL)
        snprintf(out, len, "%.*s", (int)(close - module_format - (sizeof prefix - 1)), module_format + sizeof prefix - 1);
}

double expected_table_property(const json_t *family, const char *key, const char **source)
{
    json_t *p = json_object_get(json_object_get(family, "properties"), key);
    if (source)
        *source = json_string_value(json_object_get(p, "source"));
    json_t *v = json_object_get(p, "value");
    return json_is_number(v) ? json_number_value(v) : 0;
}
