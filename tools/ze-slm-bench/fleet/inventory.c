/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fleet/inventory.h"
#include "fleet/reason_codes.h"

/* A device's identity on its host, and where it is in the fleet. */
typedef struct placed {
    const fleet_device *d;
    size_t k;
    char key[224]; /* "" unknown: a narrowed view without UUID nor PCI address */
} placed;

static int by_host_key(const void *a, const void *b)
{
    const placed *x = a, *y = b;
    int c = strcmp(x->d->host, y->d->host);
    c = c ? c : strcmp(x->key, y->key);
    c = c ? c : (x->d->rank > y->d->rank) - (x->d->rank < y->d->rank);
    return c ? c : (x->k > y->k) - (x->k < y->k);
}

/* What the identity says of the device, for people. */
static void described(const fleet_device *d, char *buf, size_t len)
{
    if (*d->uuid)
        snprintf(buf, len, "UUID %s", d->uuid);
    else if (*d->pci)
        snprintf(buf, len, "PCI %s", d->pci);
    else
        snprintf(buf, len, "device %u, which reports no UUID nor PCI address", d->index);
}

/* p[a..b) measured one device: each rank's entry an ERROR where more ranks than allowed. */
static void shared(const placed *p, size_t a, size_t b, const verdict_opts *o, verdicts *out)
{
    size_t ranks = 0;
    char list[160] = "";
    size_t at = 0;
    for (size_t i = a; i < b; i++) {
        if (i > a && p[i].d->rank == p[i - 1].d->rank)
            continue;
        ranks++;
        if (at < sizeof list - 16)
            at += (size_t)snprintf(list + at, sizeof list - at, "%s%ld", i > a ? ", " : "", p[i].d->rank);
        else if (at < sizeof list - 4)
            at += (size_t)snprintf(list + at, sizeof list - at, ", ...");
    }
    long allowed = o->ranks_per_device > 0 ? o->ranks_per_device : INVENTORY_RANKS_PER_DEVICE;
    if ((long)ranks <= allowed)
        return;
    char dev[200];
    described(p[a].d, dev, sizeof dev);
    for (size_t i = a; i < b; i++) {
        verdict_entry *e = &out->entries[p[i].k];
        if (e->v == VERDICT_ERROR)
            continue;
        e->v = VERDICT_ERROR;
        e->code = REASON_SHARED_DEVICE;
        snprintf(e->why, sizeof e->why,
                 "SHARED_DEVICE: %zu ranks (%s) measured one device (%s), more than --ranks-per-device %ld: a GPU "
                 "lost or a wrong binding",
                 ranks, list, dev, allowed);
    }
}

/* The host of p[a..b): its devices found against those expected; an entry where short. */
static bool count_host(const placed *p, size_t a, size_t b, const verdict_opts *o, verdicts *out,
                       verdict_entry *(*add)(verdicts *, size_t *), size_t *cap)
{
    long distinct = 0, seen = 0, expected = o->expect_gpus > 0 ? o->expect_gpus : 0, short_rank = -1, short_seen = 0,
         short_expected = 0;
    const char *from = o->expect_gpus > 0 ? "--expect-gpus" : NULL;
    /* The rank the line names: the one whose launcher said what was expected (with
     * --expect-gpus, the host's first), so that a drain script finds host and rank. */
    long said = p[a].d->rank;
    for (size_t i = a; i < b; i++) {
        const fleet_device *d = p[i].d;
        distinct += !*p[i].key || i == a || strcmp(p[i].key, p[i - 1].key) != 0;
        if (d->narrowed) {
            /* What this process may see: the driver shows fewer than the variable names. */
            if (d->seen >= 0 && d->expected > d->seen && short_rank < 0) {
                short_rank = d->rank;
                short_seen = d->seen;
                short_expected = d->expected;
                from = from ? from : d->expected_from;
            }
            continue;
        }
        seen = d->seen > seen ? d->seen : seen;
        if (o->expect_gpus <= 0 && d->expected > expected) {
            expected = d->expected;
            from = d->expected_from;
            said = d->rank;
        }
    }
    long found = distinct > seen ? distinct : seen;
    if (found >= expected && short_rank < 0)
        return true;
    verdict_entry *e = add(out, cap);
    if (!e)
        return false;
    e->v = VERDICT_ERROR;
    e->code = REASON_GPU_COUNT;
    snprintf(e->host, sizeof e->host, "%s", p[a].d->host);
    e->rank = found < expected ? said : short_rank;
    if (found < expected)
        snprintf(e->why, sizeof e->why, "GPU_COUNT: %ld device%s found of %ld expected (%s): a GPU lost, or not given",
                 found, found == 1 ? "" : "s", expected, from ? from : "?");
    else
        snprintf(e->why, sizeof e->why, "GPU_COUNT: rank %ld's driver shows %ld device%s where %s names %ld: a GPU lost",
                 short_rank, short_seen, short_seen == 1 ? "" : "s", from ? from : "?", short_expected);
    return true;
}

bool inventory_judge(const fleet *f, const verdict_opts *o, verdicts *out,
                     verdict_entry *(*add)(verdicts *, size_t *), size_t *cap)
{
    placed *p = malloc((f->n_devices ? f->n_devices : 1) * sizeof *p);
    if (!p)
        return false;
    size_t n = 0;
    for (size_t k = 0; k < f->n_devices; k++) {
        const fleet_device *d = &f->devices[k];
        /* A duplicate is a copy of a device already here; a device of no rank (a run
         * of its own, not launched) says nothing of a job's binding. */
        if (d->duplicate_of >= 0 || d->rank < 0)
            continue;
        p[n] = (placed){.d = d, .k = k};
        fleet_device_key(d, p[n].key, sizeof p[n].key);
        n++;
    }
    qsort(p, n, sizeof *p, by_host_key);
    bool ok = true;
    for (size_t a = 0, b; ok && a < n; a = b) {
        for (b = a + 1; b < n && strcmp(p[b].d->host, p[a].d->host) == 0; b++)
            ;
        for (size_t i = a, j; i < b; i = j) {
            for (j = i + 1; j < b && *p[i].key && strcmp(p[j].key, p[i].key) == 0; j++)
                ;
            if (*p[i].key)
                shared(p, i, j, o, out);
        }
        ok = count_host(p, a, b, o, out, add, cap);
    }
    free(p);
    return ok;
}
