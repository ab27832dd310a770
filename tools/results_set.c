#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "results_set.h"

/* The elements of a schema-2 or -3 document's "devices", each read as one device. */
static int parse_devices(json_t *devices, results_set *out, char *why, size_t why_len)
{
    size_t n = json_array_size(devices);
    if (!json_is_array(devices) || n == 0) {
        snprintf(why, why_len, "schema 2 or 3 without a \"devices\" array of at least one device");
        return -1;
    }
    out->devices = calloc(n, sizeof *out->devices);
    if (!out->devices) {
        snprintf(why, why_len, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        char inner[200];
        json_t *d = json_array_get(devices, i);
        if (!json_is_object(d)) {
            snprintf(why, why_len, "device %zu of \"devices\" is not an object", i);
            return -1;
        }
        if (results_from_json(d, &out->devices[i], inner, sizeof inner)) {
            snprintf(why, why_len, "device %zu of \"devices\": %s", i, inner);
            return -1;
        }
        out->count++;
    }
    return 0;
}

int results_set_parse(const char *text, size_t len, results_set *out, char *why, size_t why_len)
{
    memset(out, 0, sizeof *out);
    json_error_t jerr;
    json_t *root = json_loadb(text, len, 0, &jerr);
    int rc = -1;
    if (!root) {
        snprintf(why, why_len, "not JSON: %s (line %d)", jerr.text, jerr.line);
        return -1;
    }
    json_t *schema = json_object_get(root, "schema");
    json_int_t version = json_is_integer(schema) ? json_integer_value(schema) : 0;
    if (version == 1) {
        out->devices = calloc(1, sizeof *out->devices);
        if (!out->devices) {
            snprintf(why, why_len, "out of memory");
            goto out;
        }
        if ((rc = results_from_json(root, out->devices, why, why_len)) == 0)
            out->count = 1;
    } else if (version == 2 || version == 3) {
        rc = parse_devices(json_object_get(root, "devices"), out, why, why_len);
    } else {
        snprintf(why, why_len, "not a ze-slm results file of schema 1, 2 or 3");
    }
out:
    json_decref(root);
    if (rc)
        results_set_free(out);
    return rc;
}

void results_set_free(results_set *s)
{
    for (size_t i = 0; i < s->count; i++)
        results_free(&s->devices[i]);
    free(s->devices);
    s->devices = NULL;
    s->count = 0;
}

bool results_set_pair(const results_set *old, const results_set *new, bool any_device, results_pair *pairs,
                      size_t *count)
{
    /* On the heap: a file may list any number of devices. */
    bool *used_old = calloc(old->count + new->count, sizeof *used_old);
    if (!used_old)
        return false;
    bool *used_new = used_old + old->count;
    size_t n = 0;
    for (size_t j = 0; j < new->count; j++) {
        for (size_t i = 0; i < old->count && !used_new[j]; i++) {
            if (!used_old[i] && strcmp(old->devices[i].device, new->devices[j].device) == 0) {
                used_old[i] = used_new[j] = true;
                pairs[n++] = (results_pair){i, j};
            }
        }
    }
    for (size_t j = 0, i = 0; any_device && j < new->count; j++) {
        if (used_new[j])
            continue;
        while (i < old->count && used_old[i])
            i++;
        if (i == old->count)
            break;
        used_old[i] = used_new[j] = true;
        pairs[n++] = (results_pair){i, j};
    }
    free(used_old);
    *count = n;
    return true;
}
