/* A run document across processes (`merge`, rank 0 of `run --mpi`): the devices and
 * errors of many documents in one, with where each came from. */
#include <stdlib.h>
#include <string.h>

#include "doc/run_fleet.h"

/* d as a device of `into`: every field of it (a field added to run_doc_device comes
 * along), its references and lists its own; where it came from. */
static bool merge_device(run_doc *into, size_t cap, const run_doc_device *d, const char *source)
{
    run_doc_device *m = run_doc_add_device(into, cap, d->index, d->host, json_incref(d->facts), d->module_format);
    if (!m)
        return false;
    run_doc_device own = *m;
    json_decref(own.summaries);
    json_decref(own.findings);
    json_decref(own.errors);
    *m = *d;
    m->facts = own.facts;
    m->summaries = json_deep_copy(d->summaries);
    m->findings = json_deep_copy(d->findings);
    m->errors = json_deep_copy(d->errors);
    m->results = own.results;
    m->rank = json_incref(d->rank);
    m->clocks = json_incref(d->clocks);
    /* Against the merged document's peers, once it is aggregated. */
    m->aggregated = false;
    snprintf(m->source, sizeof m->source, "%s", d->source[0] ? d->source : source);
    /* Its sections index its results, which keep their places; room for a power of
     * two of them, as run_doc_append keeps it. */
    size_t room = 1;
    while (room < d->n_sections)
        room *= 2;
    m->sections = malloc(room * sizeof *m->sections);
    if (!m->summaries || !m->findings || !m->errors || !m->sections) {
        m->n_sections = 0;
        return false;
    }
    if (d->n_sections)
        memcpy(m->sections, d->sections, d->n_sections * sizeof *m->sections);
    for (size_t i = 0; i < d->results.count; i++)
        if (zeslm_results_append(&m->results, &d->results.items[i]) != ZESLM_OK)
            return false;
    return true;
}

/* Adds every device and error of `from` to `into`, with where they came from. */
static bool merge_one(run_doc *into, size_t cap, const run_doc *from, const char *source)
{
    /* The results' strings point into the document read: `into` keeps it. */
    if (from->source) {
        if (!into->source && !(into->source = json_array()))
            return false;
        json_array_append(into->source, from->source);
    }
    for (size_t k = 0; k < from->n_devices; k++)
        if (!merge_device(into, cap, &from->devices[k], source))
            return false;
    for (size_t i = 0; i < json_array_size(from->errors); i++) {
        json_t *e = json_copy(json_array_get(from->errors, i));
        if (!e)
            return false;
        if (!json_object_get(e, "source"))
            json_object_set_new(e, "source", json_string(source));
        json_array_append_new(into->errors, e);
    }
    return true;
}

bool run_doc_merge(run_doc *out, const run_doc *docs, char *const *sources, size_t n, json_t *head)
{
    json_t *from = json_array();
    bool complete = true;
    if (!from) {
        json_decref(head);
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        json_t *theirs = json_object_get(docs[i].head, "merged_from");
        if (json_is_array(theirs))
            json_array_extend(from, theirs);
        else
            json_array_append_new(from, json_string(sources[i]));
        complete &= docs[i].complete;
    }
    json_object_set_new(head, "merged_from", from);
    zeslm_run_opts o = {.seed = docs[0].seed, .reps = docs[0].reps, .warmup = docs[0].warmup,
                        .min_time_s = docs[0].min_time_s, .converge_s = docs[0].converge_s, .quick = docs[0].quick};
    run_doc_init(out, head, &o);
    out->several = true;
    size_t cap = 0;
    for (size_t i = 0; i < n; i++)
        cap += docs[i].n_devices;
    for (size_t i = 0; i < n; i++)
        if (!merge_one(out, cap, &docs[i], sources[i]))
            return false;
    out->complete = complete && json_array_size(out->errors) == 0;
    return run_doc_aggregate(out);
}
