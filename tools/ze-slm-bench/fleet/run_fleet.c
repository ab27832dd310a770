/* SPDX-License-Identifier: MIT */
/* A run document across processes (`merge`, rank 0 of `run --mpi`): the devices and
 * errors of many documents in one, with where each came from. */
#include <stdlib.h>
#include <string.h>

#include <zeslm/grow.h>

#include "fleet/fleet_aggregate.h"
#include "fleet/run_fleet.h"
#include "model/safe_names.h"

/* *s as a string `into` keeps (its source: a set of the few units results name), so
 * the document it was read from can be freed. */
static bool intern(run_doc *into, const char **s)
{
    if (!*s)
        return true;
    json_t *v = json_object_get(into->source, *s);
    if (!v && (!(v = json_string(*s)) || json_object_set_new(into->source, *s, v)))
        return false;
    *s = json_string_value(v);
    return true;
}

/* Room for one more device, doubled at each power of two (a merged document is
 * filled by one thread: nothing holds a pointer to its devices meanwhile). */
static bool room(run_doc *into)
{
    return ZESLM_GROW(into->devices, into->n_devices + 1, into->cap);
}

/* d moved into `into`: every field of it (a field added to run_doc_device comes along),
 * its references and lists now into's, its strings interned; where it came from. d is
 * left empty. */
static bool move_device(run_doc *into, run_doc_device *d, const char *source)
{
    if (!room(into))
        return false;
    run_doc_device *m = &into->devices[into->n_devices++];
    *m = *d;
    memset(d, 0, sizeof *d);
    /* Against the merged document's peers, once it is aggregated. */
    m->aggregated = false;
    m->same_device_as = -1;
    if (!m->source[0])
        snprintf(m->source, sizeof m->source, "%s", source);
    if (!safe_names_device(m))
        return false;
    for (size_t i = 0; i < m->results.count; i++) {
        zeslm_result *r = &m->results.items[i];
        if (!intern(into, &r->rate_unit) || !intern(into, &r->work_unit) || !intern(into, &r->ratio_name))
            return false;
    }
    return true;
}

void run_doc_merge_begin(run_doc *out, json_t *head)
{
    run_doc_init(out, head, &(zeslm_run_opts){0});
    out->several = true;
    out->complete = true;
    out->source = json_object();
    json_object_set_new(head, "merged_from", json_array());
}

bool run_doc_merge_add(run_doc *out, run_doc *doc, const char *source)
{
    json_t *from = json_object_get(out->head, "merged_from");
    if (!out->source || !from)
        return false;
    /* The run options are the first document's. */
    if (json_array_size(from) == 0) {
        out->seed = doc->seed;
        out->reps = doc->reps;
        out->warmup = doc->warmup;
        out->min_time_s = doc->min_time_s;
        out->converge_s = doc->converge_s;
        out->quick = doc->quick;
    }
    json_t *theirs = json_object_get(doc->head, "merged_from");
    if (json_is_array(theirs))
        json_array_extend(from, theirs);
    else
        json_array_append_new(from, json_string(source));
    out->complete &= doc->complete;
    for (size_t k = 0; k < doc->n_devices; k++)
        if (!move_device(out, &doc->devices[k], source))
            return false;
    for (size_t i = 0; i < json_array_size(doc->errors); i++) {
        json_t *e = json_copy(json_array_get(doc->errors, i));
        if (!e)
            return false;
        if (!json_object_get(e, "source"))
            json_object_set_new(e, "source", json_string(source));
        if (!safe_names_error(e)) {
            json_decref(e);
            return false;
        }
        json_array_append_new(out->errors, e);
    }
    return true;
}

bool run_doc_merge_end(run_doc *out)
{
    out->complete = out->complete && json_array_size(out->errors) == 0;
    return run_doc_aggregate(out);
}

bool run_doc_merge(run_doc *out, run_doc *docs, char *const *sources, size_t n, json_t *head)
{
    run_doc_merge_begin(out, head);
    for (size_t i = 0; i < n; i++)
        if (!run_doc_merge_add(out, &docs[i], sources[i]))
            return false;
    return run_doc_merge_end(out);
}
