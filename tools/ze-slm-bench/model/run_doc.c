/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zeslm/backends.h>
#include <zeslm/grow.h>

#include "model/hosts.h"
#include "model/run_doc.h"
#include "model/summary_json.h"

void run_doc_init(run_doc *doc, json_t *head, const zeslm_run_opts *o)
{
    *doc = (run_doc){.head = head, .seed = o->seed, .reps = o->reps, .warmup = o->warmup,
                     .min_time_s = o->min_time_s, .converge_s = o->converge_s, .quick = o->quick, .errors = json_array()};
}

void run_doc_device_sections_free(run_doc_device *d)
{
    for (size_t i = 0; i < d->n_sections; i++)
        zeslm_summary_free(&d->sections[i].summary);
    free(d->sections);
    d->sections = NULL;
    d->n_sections = d->cap_sections = 0;
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
        run_doc_device_sections_free(d);
    }
    free(doc->devices);
    if (doc->aggregated)
        peers_free(&doc->aggregate);
    json_decref(doc->errors);
    json_decref(doc->head);
    json_decref(doc->source);
    json_decref(doc->verdicts);
    if (doc->spool)
        doc->spool_close(doc->spool);
    memset(doc, 0, sizeof *doc);
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

/* Room for one more section (a file of 100,000 sections: a workload's results
 * interleaved with another's). */
static bool section_room(run_doc_device *d)
{
    return ZESLM_GROW(d->sections, d->n_sections + 1, d->cap_sections);
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

bool run_doc_same_model(const run_doc_device *a, const run_doc_device *b)
{
    return strcmp(a->name, b->name) == 0 && strcmp(a->driver, b->driver) == 0;
}

bool run_doc_no_results(const run_doc *doc)
{
    bool none = false;
    for (size_t k = 0; k < doc->n_devices; k++)
        none |= doc->devices[k].no_results;
    return none;
}
