#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "results_file.h"

static int fail(char *why, size_t len, const char *msg, size_t index)
{
    snprintf(why, len, "%s (result %zu)", msg, index);
    return -1;
}

/* The string member `key` of o, or NULL. */
static const char *str(json_t *o, const char *key)
{
    return json_string_value(json_object_get(o, key));
}

int results_from_json(json_t *root, results_file *out, char *why, size_t why_len)
{
    memset(out, 0, sizeof *out);
    int rc = -1;
    json_t *results = json_object_get(root, "results");
    if (!json_is_array(results)) {
        snprintf(why, why_len, "no \"results\" array");
        goto out;
    }
    const char *device = str(json_object_get(root, "device"), "name");
    snprintf(out->device, sizeof out->device, "%s", device ? device : "unknown device");
    size_t n = json_array_size(results);
    out->items = calloc(n ? n : 1, sizeof *out->items);
    if (!out->items) {
        snprintf(why, why_len, "out of memory");
        goto out;
    }
    for (size_t i = 0; i < n; i++) {
        json_t *r = json_array_get(results, i);
        const char *w = str(r, "workload"), *v = str(r, "variant"), *p = str(r, "parameters"), *o = str(r, "outcome");
        if (!w || !v || !p || !o) {
            rc = fail(why, why_len, "a result lacks workload, variant, parameters or outcome", i);
            goto out;
        }
        if (strcmp(o, "measured") != 0)
            continue;
        json_t *median = json_object_get(r, "median_ns"), *spread = json_object_get(r, "spread");
        if (!json_is_integer(median) || json_integer_value(median) <= 0 || !json_is_number(spread) ||
            json_number_value(spread) < 0) {
            rc = fail(why, why_len, "a measured result lacks a positive median_ns or a spread", i);
            goto out;
        }
        results_entry *e = &out->items[out->count];
        if ((size_t)snprintf(e->key, sizeof e->key, "%s %s %s", w, v, p) >= sizeof e->key) {
            rc = fail(why, why_len, "a result's names are too long", i);
            goto out;
        }
        for (size_t k = 0; k < out->count; k++) {
            if (strcmp(out->items[k].key, e->key) == 0) {
                rc = fail(why, why_len, "a result appears twice", i);
                goto out;
            }
        }
        e->median_ns = (double)json_integer_value(median);
        json_t *work = json_object_get(r, "work");
        e->work = json_is_integer(work) && json_integer_value(work) > 0 ? (double)json_integer_value(work) : 0;
        e->spread = json_number_value(spread);
        out->count++;
    }
    rc = 0;
out:
    if (rc)
        results_free(out);
    return rc;
}

void results_free(results_file *f)
{
    free(f->items);
    f->items = NULL;
    f->count = 0;
}
