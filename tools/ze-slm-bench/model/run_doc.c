/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zeslm/backends.h>

#include "model/hosts.h"
#include "model/intern.h"
#include "model/run_doc.h"
#include "model/spool.h"
#include "model/summary_json.h"

void run_doc_init(run_doc *doc, json_t *head, const zeslm_run_opts *o)
{
    *doc = (run_doc){.head = head, .seed = o->seed, .reps = o->reps, .warmup = o->warmup,
                     .min_time_s = o->min_time_s, .converge_s = o->converge_s, .quick = o->quick, .errors = json_array()};
}

/* d's sections and their summaries. */
static void sections_free(run_doc_device *d)
{
    for (size_t i = 0; i < d->n_sections; i++)
        zeslm_summary_free(&d->sections[i].summary);
    free(d->sections);
    d->sections = NULL;
    d->n_sections = 0;
}

void run_doc_free(run_doc *doc)
{
    for (size_t k = 0; k < doc->n_devices; k++) {
        run_doc_device *d = &doc->devices[k];
        json_decref(d->facts);
        json_decref(d->summaries);
        json_decref(d->findings);
        json_decref(d->errors);
        json_decref(d->rank);
        json_decref(d->clocks);
        zeslm_results_free(&d->results);
        sections_free(d);
    }
    free(doc->devices);
    if (doc->aggregated)
        peers_free(&doc->aggregate);
    json_decref(doc->errors);
    json_decref(doc->head);
    json_decref(doc->source);
    json_decref(doc->verdicts);
    doc_spool_close(doc->spool);
    memset(doc, 0, sizeof *doc);
}

bool run_doc_spill(run_doc *doc, size_t k)
{
    run_doc_device *d = &doc->devices[k];
    if (d->spilled)
        return true;
    if (!doc->spool && !(doc->spool = doc_spool_open()))
        return false;
    if (!doc_spool_put(doc->spool, &d->results, &d->spilled_at))
        return false;
    d->spilled_count = d->results.count;
    d->spilled = true;
    zeslm_results_free(&d->results);
    /* The sections' summaries are worked out again on load. */
    sections_free(d);
    return true;
}

const zeslm_results *run_doc_results(const run_doc *doc, size_t k, zeslm_results *scratch)
{
    const run_doc_device *d = &doc->devices[k];
    *scratch = (zeslm_results){0};
    if (!d->spilled)
        return &d->results;
    return doc_spool_get(doc->spool, d->spilled_at, d->spilled_count, scratch) ? scratch : NULL;
}

bool run_doc_device_load(const run_doc *doc, size_t k, run_doc_device *copy)
{
    *copy = doc->devices[k];
    if (!copy->spilled)
        return true;
    if (!doc_spool_get(doc->spool, copy->spilled_at, copy->spilled_count, &copy->results))
        return false;
    if (run_doc_device_sections(copy, false))
        return true;
    run_doc_device_unload(copy);
    return false;
}

void run_doc_device_unload(run_doc_device *copy)
{
    if (!copy->spilled)
        return;
    zeslm_results_free(&copy->results);
    sections_free(copy);
}

static void copy_text(char *dst, size_t len, const json_t *v)
{
    snprintf(dst, len, "%s", json_is_string(v) ? json_string_value(v) : "");
}

run_doc_device *run_doc_add_device(run_doc *doc, size_t cap, uint32_t index, const char *host, json_t *facts,
                                   const char *module_format)
{
    /* Reserved once: the fan-out's threads hold pointers to their devices. */
    if (!doc->devices && (doc->devices = calloc(cap ? cap : 1, sizeof *doc->devices)))
        doc->cap = cap ? cap : 1;
    if (doc->n_devices == doc->cap) {
        json_decref(facts);
        return NULL;
    }
    run_doc_device *d = &doc->devices[doc->n_devices];
    *d = (run_doc_device){.index = index, .facts = facts, .summaries = json_object(), .findings = json_object(),
                          .errors = json_array(), .same_device_as = -1};
    snprintf(d->host, sizeof d->host, "%s", host);
    snprintf(d->module_format, sizeof d->module_format, "%s", module_format ? module_format : "");
    run_doc_device_names(d);
    doc->n_devices++;
    return d;
}

void run_doc_device_names(run_doc_device *d)
{
    const json_t *facts = d->facts;
    copy_text(d->name, sizeof d->name, json_object_get(facts, "name"));
    /* The backend's label ("Level Zero") where this build knows its name. */
    const char *backend = json_string_value(json_object_get(facts, "backend"));
    uint32_t b;
    snprintf(d->backend, sizeof d->backend, "%s",
             backend && zeslm_backend_find(backend, &b) == ZESLM_OK ? zeslm_backend_label(b) : backend ? backend : "");
    copy_text(d->driver, sizeof d->driver, json_object_get(facts, "driver"));
    /* Unknown (null, or a file before the fact) is taken for a GPU, as the run takes it. */
    d->is_gpu = !json_is_false(json_object_get(facts, "gpu"));
}

void run_doc_open_error(run_doc *doc, long index, const char *name, const char *host, long rank,
                        const char *status, const char *message)
{
    json_array_append_new(doc->errors,
                          json_pack("{s:o, s:s, s:s, s:o, s:s, s:s}", "device",
                                    index >= 0 ? json_integer(index) : json_null(), "name", name, "host", host,
                                    "rank", rank >= 0 ? json_integer(rank) : json_null(), "status", status,
                                    "message", message));
}

/* Room for one more section: doubled at each power of two, so a file of 100,000
 * sections (a workload's results interleaved with another's) is not copied over at
 * each. */
static bool section_room(run_doc_device *d)
{
    size_t n = d->n_sections;
    if (n && (n & (n - 1)))
        return true;
    run_section *grown = realloc(d->sections, (n ? 2 * n : 1) * sizeof *grown);
    if (grown)
        d->sections = grown;
    return grown != NULL;
}

bool run_doc_device_sections(run_doc_device *d, bool note)
{
    for (size_t i = 0; i < d->results.count;) {
        size_t end = i;
        while (end < d->results.count && strcmp(d->results.items[end].workload, d->results.items[i].workload) == 0)
            end++;
        run_section sec = {.wl = zeslm_workload_find(d->results.items[i].workload), .first = i, .count = end - i};
        i = end;
        /* A workload this build does not know has no table, and no section. */
        if (!sec.wl)
            continue;
        if (sec.wl->summarize)
            sec.wl->summarize(&d->results, sec.first, &sec.summary);
        if (sec.summary.incomplete) {
            zeslm_summary_free(&sec.summary);
            return false;
        }
        if (note && sec.summary.count) {
            json_object_set_new(d->summaries, sec.wl->name, summary_json_text(&sec.summary));
            json_object_set_new(d->findings, sec.wl->name, summary_json_findings(&sec.summary));
        }
        if (!section_room(d)) {
            zeslm_summary_free(&sec.summary);
            return false;
        }
        d->sections[d->n_sections++] = sec;
    }
    return true;
}

bool run_doc_append(run_doc_device *d, const zeslm_results *src, const run_section *s, const json_t *errors)
{
    if (!section_room(d))
        return false;
    /* The section's summary is copied: s stays the caller's. One that lost a finding
     * for want of memory is out of memory here too. */
    if (s->summary.incomplete)
        return false;
    run_section mine = *s;
    mine.first = d->results.count;
    mine.summary = (zeslm_summary){0};
    size_t n = s->summary.count;
    if (n && !(mine.summary.items = malloc(n * sizeof *mine.summary.items)))
        return false;
    if (n)
        memcpy(mine.summary.items, s->summary.items, n * sizeof *mine.summary.items);
    mine.summary.count = mine.summary.cap = n;
    for (size_t i = s->first; i < s->first + s->count && i < src->count; i++) {
        if (zeslm_results_append(&d->results, &src->items[i], sizeof src->items[i]) != ZESLM_OK) {
            zeslm_summary_free(&mine.summary);
            return false;
        }
        d->no_results |= src->items[i].outcome == ZESLM_NO_RESULTS;
    }
    mine.count = d->results.count - mine.first;
    d->sections[d->n_sections++] = mine;
    if (s->wl && s->summary.count) {
        json_object_set_new(d->summaries, s->wl->name, summary_json_text(&s->summary));
        json_object_set_new(d->findings, s->wl->name, summary_json_findings(&s->summary));
    }
    if (errors)
        json_array_extend(d->errors, (json_t *)errors);
    return true;
}

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

void run_doc_device_ids(const run_doc_device *d, const char **uuid, const char **pci)
{
    *uuid = json_string_value(json_object_get(d->facts, "uuid"));
    *pci = json_string_value(json_object_get(d->facts, "pci_address"));
    *uuid = *uuid && **uuid ? *uuid : NULL;
    *pci = *pci && **pci ? *pci : NULL;
}

bool run_doc_same_device(const run_doc_device *a, const run_doc_device *b)
{
    const json_t *sa = json_object_get(a->facts, "subdevice"), *sb = json_object_get(b->facts, "subdevice");
    const char *ua, *pa, *ub, *pb;
    run_doc_device_ids(a, &ua, &pa);
    run_doc_device_ids(b, &ub, &pb);
    return strcmp(a->name, b->name) == 0 &&
           (!json_is_boolean(sa) || !json_is_boolean(sb) || json_is_true(sa) == json_is_true(sb)) &&
           (!ua || !ub || strcmp(ua, ub) == 0) && (!pa || !pb || strcmp(pa, pb) == 0);
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

bool run_doc_same_model(const run_doc_device *a, const run_doc_device *b)
{
    return strcmp(a->name, b->name) == 0 && strcmp(a->driver, b->driver) == 0;
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

bool run_doc_no_results(const run_doc *doc)
{
    bool none = false;
    for (size_t k = 0; k < doc->n_devices; k++)
        none |= doc->devices[k].no_results;
    return none;
}
