/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/device_pair.h"

/* A device's rank number, -1 where its document does not say. */
static long long rank_of(const run_doc_device *d)
{
    json_t *rank = json_object_get(d->rank, "rank");
    return json_is_integer(rank) ? (long long)json_integer_value(rank) : -1;
}

/* Whether a and b ran at the same place: the same index, and the same host and rank
 * wherever both say (a merged document repeats indices across hosts). */
static bool same_place(const run_doc_device *a, const run_doc_device *b)
{
    long long ra = rank_of(a), rb = rank_of(b);
    return a->index == b->index && (!*a->host || !*b->host || strcmp(a->host, b->host) == 0) &&
           (ra < 0 || rb < 0 || ra == rb);
}

/* OLD's devices by UUID (those with one, sorted), and those without: a device of NEW
 * with a UUID may be only those of its UUID or of none, so pairing 10,000 devices
 * looks at a few each, not at every one. */
typedef struct uuid_entry {
    const char *uuid;
    size_t i; /* its index in OLD */
} uuid_entry;

typedef struct by_uuid {
    const run_doc *old;
    uuid_entry *named;      /* OLD's devices with a UUID, by UUID */
    size_t n_named;
    size_t *plain, n_plain; /* indexes of OLD with no UUID */
} by_uuid;

static const char *uuid_of(const run_doc_device *d)
{
    const char *uuid, *pci;
    run_doc_device_ids(d, &uuid, &pci);
    return uuid;
}

static int by_uuid_cmp(const void *a, const void *b)
{
    return strcmp(((const uuid_entry *)a)->uuid, ((const uuid_entry *)b)->uuid);
}

static bool by_uuid_make(by_uuid *x, const run_doc *old)
{
    *x = (by_uuid){.old = old, .named = malloc((old->n_devices + 1) * sizeof *x->named),
                   .plain = malloc((old->n_devices + 1) * sizeof *x->plain)};
    if (!x->named || !x->plain)
        return false;
    for (size_t i = 0; i < old->n_devices; i++) {
        const char *uuid = uuid_of(&old->devices[i]);
        if (uuid)
            x->named[x->n_named++] = (uuid_entry){uuid, i};
        else
            x->plain[x->n_plain++] = i;
    }
    qsort(x->named, x->n_named, sizeof *x->named, by_uuid_cmp);
    return true;
}

static void by_uuid_free(by_uuid *x)
{
    free(x->named);
    free(x->plain);
}

/* Whether old device i may be device n (with `by_place`, only at its place); counted,
 * the lowest index in *first. */
static void consider(const run_doc *old, const bool *used_old, size_t i, const run_doc_device *n, bool by_place,
                     size_t *count, size_t *first)
{
    if (!used_old[i] && run_doc_same_device(&old->devices[i], n) && (!by_place || same_place(&old->devices[i], n))) {
        if (*count == 0 || i < *first)
            *first = i;
        ++*count;
    }
}

/* The unpaired devices of old that may be device n (with `by_place`, only at its
 * place): how many, and the first in *first. */
static size_t candidates(const by_uuid *x, const bool *used_old, const run_doc_device *n, bool by_place,
                         size_t *first)
{
    const run_doc *old = x->old;
    const char *uuid = uuid_of(n);
    size_t count = 0;
    if (!uuid) {
        for (size_t i = 0; i < old->n_devices; i++)
            consider(old, used_old, i, n, by_place, &count, first);
        return count;
    }
    for (size_t k = 0; k < x->n_plain; k++)
        consider(old, used_old, x->plain[k], n, by_place, &count, first);
    /* The first of its UUID, by bisection. */
    size_t lo = 0, hi = x->n_named;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(x->named[mid].uuid, uuid) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (size_t k = lo; k < x->n_named && strcmp(x->named[k].uuid, uuid) == 0; k++)
        consider(old, used_old, x->named[k].i, n, by_place, &count, first);
    return count;
}

/* Whether the two files enumerated their devices alike: every place (index, host and
 * rank) both hold has the same device (run_doc_same_device) in both. Where one place
 * holds a tile in OLD and the root device in NEW, the devices were re-indexed (another
 * driver, an affinity mask), and an index no longer tells apart devices that nothing
 * else does: *at is then that place's device of NEW. */
static bool enumerated_alike(const run_doc *old, const run_doc *new, size_t *at)
{
    for (size_t j = 0; j < new->n_devices; j++)
        for (size_t i = 0; i < old->n_devices; i++)
            if (old->devices[i].index == new->devices[j].index && same_place(&old->devices[i], &new->devices[j]) &&
                !run_doc_same_device(&old->devices[i], &new->devices[j])) {
                *at = j;
                return false;
            }
    return true;
}

/* Whether d's facts name it alone (a UUID or a PCI address). */
static bool named(const run_doc_device *d)
{
    const char *uuid, *pci;
    run_doc_device_ids(d, &uuid, &pci);
    return uuid || pci;
}

static int by_new_index(const void *a, const void *b)
{
    size_t x = ((const device_pair *)a)->new_index, y = ((const device_pair *)b)->new_index;
    return (x > y) - (x < y);
}

int device_pair_make(const run_doc *old, const run_doc *new, bool any_device, device_pair *pairs, size_t *count,
                     char *why, size_t why_len)
{
    /* On the heap: a file may list any number of devices. */
    bool *used_old = calloc(old->n_devices + new->n_devices + 1, sizeof *used_old);
    if (!used_old) {
        snprintf(why, why_len, "out of host memory");
        return -1;
    }
    bool *used_new = used_old + old->n_devices;
    size_t n = 0, i = 0, at = 0;
    int rc = 0;
    bool alike = enumerated_alike(old, new, &at);
    by_uuid x;
    if (!by_uuid_make(&x, old)) {
        by_uuid_free(&x);
        free(used_old);
        snprintf(why, why_len, "out of host memory");
        return -1;
    }
    /* First the devices that match at their place too (the root device and its tiles
     * share a name, so a name alone pairs them wrongly once either file is reordered);
     * then those whose identity alone is unique. */
    for (int pass = 0; pass < 2 && !rc; pass++)
        for (size_t j = 0; j < new->n_devices && !rc; j++) {
            const run_doc_device *d = &new->devices[j];
            if (used_new[j])
                continue;
            size_t found = candidates(&x, used_old, d, pass == 0, &i);
            /* Re-indexed files: a device that only its index told apart from others of
             * its name and kind is not paired by that index (the guess that reported a
             * tile against another as a regression); pass 1 refuses it. */
            if (pass == 0 && found == 1 && !alike && !named(d) && candidates(&x, used_old, d, false, &i) > 1)
                continue;
            if (found == 1) {
                used_old[i] = used_new[j] = true;
                pairs[n++] = (device_pair){i, j};
            } else if (found > 1 && pass == 1) {
                bool sub = json_is_true(json_object_get(d->facts, "subdevice"));
                if (alike)
                    snprintf(why, why_len, "device %zu of NEW (%s%s) could be any of %zu devices of OLD of its name "
                             "and kind, none at its index: pair them by hand, or give files of one run order",
                             j, d->name, sub ? ", a sub-device" : "", found);
                else
                    snprintf(why, why_len, "device %zu of NEW (%s%s) could be any of %zu devices of OLD of its name "
                             "and kind, and the files were indexed differently (index %u is another device in "
                             "each) with no UUID to tell them apart: pairing by index would be a guess; give "
                             "files of one run order", j, d->name, sub ? ", a sub-device" : "", found,
                             new->devices[at].index);
                rc = -1;
            }
        }
    for (size_t j = 0, k = 0; !rc && any_device && j < new->n_devices; j++) {
        if (used_new[j])
            continue;
        while (k < old->n_devices && used_old[k])
            k++;
        if (k == old->n_devices)
            break;
        used_old[k] = used_new[j] = true;
        pairs[n++] = (device_pair){k, j};
    }
    free(used_old);
    by_uuid_free(&x);
    qsort(pairs, n, sizeof *pairs, by_new_index);
    *count = n;
    return rc;
}
