#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "doc/results_file.h"

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

static int by_key(const void *a, const void *b)
{
    return strcmp((*(const results_entry *const *)a)->key, (*(const results_entry *const *)b)->key);
}

/* The device's index (a schema-2 element's "index"), its sub-device flag, its UUID
 * and PCI address, and the host and rank it ran on, where the file holds them. */
static void identity(json_t *root, results_file *out)
{
    json_t *device = json_object_get(root, "device"), *index = json_object_get(root, "index");
    json_t *sub = json_object_get(device, "subdevice");
    const char *uuid = str(device, "uuid"), *pci = str(device, "pci_address");
    out->index = json_is_integer(index) ? (long long)json_integer_value(index) : -1;
    out->subdevice = json_is_boolean(sub) ? json_is_true(sub) : -1;
    snprintf(out->uuid, sizeof out->uuid, "%s", uuid ? uuid : "");
    snprintf(out->pci, sizeof out->pci, "%s", pci ? pci : "");
    const char *host = str(root, "host");
    json_t *rank = json_object_get(json_object_get(root, "rank"), "rank");
    snprintf(out->host, sizeof out->host, "%s", host ? host : "");
    out->rank = json_is_integer(rank) ? (long long)json_integer_value(rank) : -1;
}

/* The launch times of result r into f->times from *used on (none where it has no
 * "times_ns"); -1 where they are not positive integers. */
static int read_times(json_t *r, results_file *f, size_t *used, results_entry *e)
{
    json_t *times = json_object_get(r, "times_ns"), *t;
    size_t i;
    e->times_at = *used;
    e->n_times = 0;
    if (!times)
        return 0;
    if (!json_is_array(times))
        return -1;
    json_array_foreach(times, i, t) {
        if (!json_is_integer(t) || json_integer_value(t) <= 0)
            return -1;
        f->times[(*used)++] = (double)json_integer_value(t);
        e->n_times++;
    }
    return 0;
}

/* Reads the results, keyed by workload, variant and parameters, and by group size too
 * where `with_group`. Returns 0; -1 with a reason in `why`; -2 where two results
 * share a key and no key holds the group size. */
static int read_results(json_t *root, results_file *out, bool with_group, char *why, size_t why_len)
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
    /* One block for every launch time: 100,000 results of 20 launches are 16 MB. */
    size_t n_times = 0, used = 0;
    for (size_t i = 0; i < n; i++)
        n_times += json_array_size(json_object_get(json_array_get(results, i), "times_ns"));
    out->items = calloc(n ? n : 1, sizeof *out->items);
    out->times = malloc((n_times ? n_times : 1) * sizeof *out->times);
    if (!out->items || !out->times) {
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
        json_t *group = json_object_get(r, "group_size");
        int len = with_group && json_is_integer(group)
                       ? snprintf(e->key, sizeof e->key, "%s %s %s group=%lld", w, v, p,
                                  (long long)json_integer_value(group))
                       : snprintf(e->key, sizeof e->key, "%s %s %s", w, v, p);
        if (len < 0 || (size_t)len >= sizeof e->key) {
            rc = fail(why, why_len, "a result's names are too long", i);
            goto out;
        }
        e->median_ns = (double)json_integer_value(median);
        json_t *work = json_object_get(r, "work");
        e->work = json_is_integer(work) && json_integer_value(work) > 0 ? (double)json_integer_value(work) : 0;
        e->spread = json_number_value(spread);
        if (read_times(r, out, &used, e)) {
            rc = fail(why, why_len, "a measured result's times_ns are not positive integers", i);
            goto out;
        }
        out->count++;
    }
    /* Sorted once: O(n log n) for the whole file where a search per result was
     * quadratic (95,672 results did not finish in 120 s). */
    out->sorted = malloc((out->count ? out->count : 1) * sizeof *out->sorted);
    if (!out->sorted) {
        snprintf(why, why_len, "out of memory");
        goto out;
    }
    for (size_t i = 0; i < out->count; i++)
        out->sorted[i] = &out->items[i];
    qsort(out->sorted, out->count, sizeof *out->sorted, by_key);
    for (size_t i = 1; i < out->count; i++)
        if (strcmp(out->sorted[i - 1]->key, out->sorted[i]->key) == 0) {
            snprintf(why, why_len, "a result appears twice (%s)", out->sorted[i]->key);
            rc = with_group ? -1 : -2;
            goto out;
        }
    identity(root, out);
    rc = 0;
out:
    if (rc)
        results_free(out);
    return rc;
}

int results_from_json(json_t *root, results_file *out, char *why, size_t why_len)
{
    int rc = read_results(root, out, false, why, why_len);
    /* A profile measures each result at every group size: the size is in its key. */
    return rc == -2 ? read_results(root, out, true, why, why_len) : rc;
}

void results_free(results_file *f)
{
    free(f->items);
    free(f->sorted);
    free(f->times);
    f->items = NULL;
    f->sorted = NULL;
    f->times = NULL;
    f->count = 0;
}

/* The place in f->sorted of the first key not before `key`: a binary search. */
static size_t lower_bound(const results_file *f, const char *key)
{
    size_t lo = 0, hi = f->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(f->sorted[mid]->key, key) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

const results_entry *results_find(const results_file *f, const char *key)
{
    size_t i = lower_bound(f, key);
    return i < f->count && strcmp(f->sorted[i]->key, key) == 0 ? f->sorted[i] : NULL;
}

bool results_has_variant(const results_file *f, const char *key)
{
    const char *space = strchr(key, ' ');
    space = space ? strchr(space + 1, ' ') : NULL;
    char prefix[sizeof f->items->key];
    if (!space)
        return false;
    snprintf(prefix, sizeof prefix, "%.*s", (int)(space + 1 - key), key);
    size_t i = lower_bound(f, prefix);
    return i < f->count && strncmp(f->sorted[i]->key, prefix, strlen(prefix)) == 0;
}
