/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

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

/* The physical device d ran on, to tell ranks that shared one: its UUID, else its host
 * and PCI address; NULL when it reported neither. */
static const char *identity(const run_doc_device *d, char *buf, size_t len)
{
    const char *uuid, *pci;
    run_doc_device_ids(d, &uuid, &pci);
    if (uuid || !pci)
        return uuid;
    snprintf(buf, len, "%s/%s", d->host, pci);
    return buf;
}

static const zeslm_results *results_of(void *doc, size_t k, zeslm_results *scratch)
{
    return run_doc_results(doc, k, scratch);
}

bool run_doc_aggregate(run_doc *doc)
{
    /* Again after devices changed: the last one counts. */
    if (doc->aggregated)
        peers_free(&doc->aggregate);
    doc->aggregated = false;
    if (!throttled(doc))
        return false;
    bool computed = peers_compute_from(results_of, doc, doc->n_devices, &doc->aggregate);
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
