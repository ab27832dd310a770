#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "doc/results_set.h"

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

/* Whether a and b may be one device: the same name, and the same sub-device flag,
 * UUID and PCI address wherever both files give them. */
static bool same_device(const results_file *a, const results_file *b)
{
    return strcmp(a->device, b->device) == 0 && (a->subdevice < 0 || b->subdevice < 0 || a->subdevice == b->subdevice) &&
           (!*a->uuid || !*b->uuid || strcmp(a->uuid, b->uuid) == 0) &&
           (!*a->pci || !*b->pci || strcmp(a->pci, b->pci) == 0);
}

/* Whether a and b ran at the same place: the same index, and the same host and rank
 * wherever both files give them (a merged document repeats indices across hosts). */
static bool same_place(const results_file *a, const results_file *b)
{
    return a->index == b->index && (!*a->host || !*b->host || strcmp(a->host, b->host) == 0) &&
           (a->rank < 0 || b->rank < 0 || a->rank == b->rank);
}

/* The unpaired devices of old that may be new device j (with `by_index`, only at
 * its place): how many, and the first in *first. */
static size_t candidates(const results_set *old, const bool *used_old, const results_file *n, bool by_index,
                         size_t *first)
{
    size_t count = 0;
    for (size_t i = old->count; i-- > 0;)
        if (!used_old[i] && same_device(&old->devices[i], n) && (!by_index || same_place(&old->devices[i], n))) {
            count++;
            *first = i;
        }
    return count;
}

int results_set_pair(const results_set *old, const results_set *new, bool any_device, results_pair *pairs,
                     size_t *count, char *why, size_t why_len)
{
    /* On the heap: a file may list any number of devices. */
    bool *used_old = calloc(old->count + new->count, sizeof *used_old);
    if (!used_old) {
        snprintf(why, why_len, "out of host memory");
        return -1;
    }
    bool *used_new = used_old + old->count;
    size_t n = 0, i = 0;
    int rc = 0;
    /* First the devices that match at their index too (the root device and its tiles
     * share a name, so a name alone pairs them wrongly once either file is reordered);
     * then those whose identity alone is unique. */
    for (int pass = 0; pass < 2 && !rc; pass++)
        for (size_t j = 0; j < new->count && !rc; j++) {
            const results_file *d = &new->devices[j];
            if (used_new[j] || (pass == 0 && d->index < 0))
                continue;
            size_t found = candidates(old, used_old, d, pass == 0, &i);
            if (found == 1) {
                used_old[i] = used_new[j] = true;
                pairs[n++] = (results_pair){i, j};
            } else if (found > 1 && pass == 1) {
                snprintf(why, why_len, "device %zu of NEW (%s%s) could be any of %zu devices of OLD of its name "
                         "and kind, none at its index: pair them by hand, or give files of one run order",
                         j, d->device, d->subdevice == 1 ? ", a sub-device" : "", found);
                rc = -1;
            }
        }
    for (size_t j = 0, k = 0; !rc && any_device && j < new->count; j++) {
        if (used_new[j])
            continue;
        while (k < old->count && used_old[k])
            k++;
        if (k == old->count)
            break;
        used_old[k] = used_new[j] = true;
        pairs[n++] = (results_pair){k, j};
    }
    free(used_old);
    /* In NEW's order, as the tables print them (a few devices: insertion sort). */
    for (size_t a = 1; a < n; a++)
        for (size_t b = a; b > 0 && pairs[b - 1].new_index > pairs[b].new_index; b--) {
            results_pair t = pairs[b];
            pairs[b] = pairs[b - 1];
            pairs[b - 1] = t;
        }
    *count = n;
    return rc;
}
