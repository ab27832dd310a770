/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/run_doc_spool.h"
#include "fleet/fleet_aggregate.h"
#include "model/intern.h"
#include "model/peers.h"

/* The device's clock: the median over its workloads of each one's median sampled;
 * 0 when it was not sampled. */
static double device_clock(const run_doc_device *d)
{
    json_t *workloads = json_object_get(d->clocks, "workloads");
    double *v = malloc((json_object_size(workloads) + 1) * sizeof *v);
    size_t n = 0;
    const char *name;
    json_t *w;
    json_object_foreach(workloads, name, w) {
        double mhz = json_number_value(json_object_get(w, "mhz_median"));
        if (mhz > 0 && v)
            v[n++] = mhz;
    }
    double clock = n ? peers_median(v, n) : 0;
    free(v);
    return clock;
}

/* Each device's clock against the sampled devices of its name (two at least): each
 * name's median once (interned: O(n log n) for a fleet of thousands). */
static bool throttled(run_doc *doc)
{
    size_t n = doc->n_devices;
    intern names = {0};
    size_t *name_of = calloc(n ? n : 1, sizeof *name_of);
    double *theirs = calloc(n ? n : 1, sizeof *theirs), *median = calloc(n ? n : 1, sizeof *median);
    bool ok = name_of && theirs && median;
    for (size_t k = 0; ok && k < n; k++) {
        doc->devices[k].clock_mhz = device_clock(&doc->devices[k]);
        long id = intern_add(&names, doc->devices[k].name);
        ok = id >= 0;
        name_of[k] = ok ? (size_t)id : 0;
    }
    for (size_t id = 0; ok && id < names.n; id++) {
        size_t m = 0;
        for (size_t k = 0; k < n; k++)
            if (name_of[k] == id && doc->devices[k].clock_mhz > 0)
                theirs[m++] = doc->devices[k].clock_mhz;
        median[id] = m >= 2 ? peers_median(theirs, m) : 0;
    }
    for (size_t k = 0; ok && k < n; k++) {
        run_doc_device *d = &doc->devices[k];
        d->peers_clock_mhz = d->clock_mhz > 0 ? median[name_of[k]] : 0;
        d->throttled = d->peers_clock_mhz > 0 && d->clock_mhz < RUN_DOC_THROTTLED_BELOW * d->peers_clock_mhz;
    }
    intern_free(&names);
    free(name_of);
    free(theirs);
    free(median);
    return ok;
}

/* The physical device d ran on, to tell ranks that shared one (or a rank's file read
 * twice): its UUID, else its host and PCI address, else, for a rank of a launch whose
 * view no affinity variable narrowed, its host, name, driver and index (as merge's
 * inventory has it, fleet/inventory.c); NULL when none of these says. */
static const char *identity(const run_doc_device *d, char *buf, size_t len)
{
    const char *uuid, *pci;
    run_doc_device_ids(d, &uuid, &pci);
    if (uuid)
        return uuid;
    if (pci) {
        snprintf(buf, len, "%s/%s", d->host, pci);
        return buf;
    }
    const char *choice = json_string_value(json_object_get(d->rank, "device_choice"));
    if (!json_is_integer(json_object_get(d->rank, "rank")) || !choice || strstr(choice, "AFFINITY") ||
        strstr(choice, "VISIBLE") || strstr(choice, "SELECTOR"))
        return NULL;
    snprintf(buf, len, "%.100s#%.100s#%.80s#%u", d->host, d->name, d->driver, d->index);
    return buf;
}

/* The aggregate's view of the devices: a rank's device read a second time (the same
 * host, rank and index as one before it: two runs' files of one rank, or a copy, which
 * merge judges DUPLICATE) measured nothing there, so that it counts once in the
 * medians and totals. */
typedef struct aggregated {
    const run_doc *doc;
    const bool *again;
} aggregated;

static const zeslm_results *results_of(void *ctx, size_t k, zeslm_results *scratch)
{
    const aggregated *a = ctx;
    return a->again[k] ? scratch : run_doc_results(a->doc, k, scratch);
}

static long rank_of(const run_doc_device *d)
{
    const json_t *r = json_object_get(d->rank, "rank");
    return json_is_integer(r) ? (long)json_integer_value(r) : -1;
}

static int by_place(const void *a, const void *b)
{
    const run_doc_device *x = *(const run_doc_device *const *)a, *y = *(const run_doc_device *const *)b;
    int c = strcmp(x->host, y->host);
    long rx = rank_of(x), ry = rank_of(y);
    c = c ? c : (rx > ry) - (rx < ry);
    c = c ? c : (x->index > y->index) - (x->index < y->index);
    return c ? c : (x > y) - (x < y);
}

/* Which devices repeat one before them (sorted by place: n log n); NULL out of memory. */
static bool *read_again(const run_doc *doc)
{
    bool *again = calloc(doc->n_devices ? doc->n_devices : 1, sizeof *again);
    const run_doc_device **d = malloc((doc->n_devices ? doc->n_devices : 1) * sizeof *d);
    if (!again || !d) {
        free(again);
        free(d);
        return NULL;
    }
    for (size_t k = 0; k < doc->n_devices; k++)
        d[k] = &doc->devices[k];
    qsort(d, doc->n_devices, sizeof *d, by_place);
    for (size_t k = 1, first = 0; k < doc->n_devices; k++) {
        if (rank_of(d[k]) < 0 || strcmp(d[first]->host, d[k]->host) != 0 || rank_of(d[first]) != rank_of(d[k]) ||
            d[first]->index != d[k]->index) {
            first = k;
            continue;
        }
        again[d[k] - doc->devices] = true;
    }
    free(d);
    return again;
}

bool run_doc_aggregate(run_doc *doc)
{
    /* Again after devices changed: the last one counts. */
    if (doc->aggregated)
        peers_free(&doc->aggregate);
    doc->aggregated = false;
    if (!throttled(doc))
        return false;
    bool *again = read_again(doc);
    aggregated view = {doc, again};
    bool computed = again && peers_compute_from(results_of, &view, doc->n_devices, &doc->aggregate);
    free(again);
    /* Scores within each model and driver version (run_doc_same_model). */
    size_t *group = calloc(doc->n_devices ? doc->n_devices : 1, sizeof *group);
    for (size_t k = 0; group && k < doc->n_devices; k++) {
        group[k] = k;
        for (size_t j = 0; j < k && group[k] == k; j++)
            if (run_doc_same_model(&doc->devices[j], &doc->devices[k]))
                group[k] = group[j];
    }
    doc->aggregated = computed && group && peers_score_groups(&doc->aggregate, group);
    if (computed && !doc->aggregated)
        peers_free(&doc->aggregate);
    free(group);
    char(*ids)[320] = calloc(doc->n_devices ? doc->n_devices : 1, sizeof *ids);
    const char **id = calloc(doc->n_devices ? doc->n_devices : 1, sizeof *id);
    if (doc->aggregated && ids && id) {
        for (size_t k = 0; k < doc->n_devices; k++)
            id[k] = identity(&doc->devices[k], ids[k], sizeof ids[k]);
    }
    bool ok = doc->aggregated && ids && id && peers_share_devices(&doc->aggregate, id);
    free(ids);
    free(id);
    for (size_t k = 0; ok && k < doc->n_devices; k++) {
        run_doc_device *d = &doc->devices[k];
        const peers *p = &doc->aggregate;
        d->peer_score = p->scores[k];
        d->slow = p->slow[k];
        d->busy_share = p->busy[k];
        d->same_device_as = p->same_as[k] != k ? (long long)p->same_as[k] : -1;
        d->aggregated = true;
    }
    return ok;
}
