#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "merge.h"
#include "peers_report.h"
#include "results_file.h"

/* The members of a run's device object that a merged device keeps as they are. */
static const char *const device_members[] = {"device_index", "device", "module_format", "started_s", "finished_s",
                                             "results", "summaries", "findings", "errors", "clocks"};

static json_t *rank_of(json_t *doc)
{
    json_t *r = json_object_get(json_object_get(doc, "rank"), "rank");
    return json_is_integer(r) ? json_incref(r) : json_null();
}

/* `to` gets host, rank and source; those `from` carries already (a merged document
 * merged again) win. */
static void place(json_t *to, json_t *from, json_t *doc, const char *source)
{
    json_t *host = json_object_get(from, "host"), *rank = json_object_get(from, "rank");
    json_object_set_new(to, "host", json_is_string(host) ? json_incref(host)
                                                          : json_incref(json_object_get(doc, "host")));
    /* A merged input's rank may be null (a run with no launcher): it stays so. */
    bool own = json_is_integer(rank) || (json_is_null(rank) && json_object_get(from, "source"));
    json_object_set_new(to, "rank", own ? json_incref(rank) : rank_of(doc));
    json_t *src = json_object_get(from, "source");
    json_object_set_new(to, "source", json_is_string(src) ? json_incref(src) : json_string(source));
}

/* One error entry of the merged document: `e` with where it happened. */
static void keep_error(fleet *f, json_t *errors, json_t *e, json_t *doc, const char *source, json_t *device)
{
    json_t *copy = json_is_object(e) ? json_copy(e) : json_object();
    if (!json_is_object(e))
        json_object_set_new(copy, "message", json_incref(e));
    place(copy, e, doc, source);
    if (device && !json_object_get(copy, "device_name"))
        json_object_set(copy, "device_name", json_object_get(json_object_get(device, "device"), "name"));
    json_array_append_new(errors, copy);
    f->n_errors++;
}

/* A device object of the merged document from one device of a run; its errors are
 * also kept at the top with where they happened (a merged input has done that). */
static json_t *device_of(fleet *f, json_t *errors, json_t *from, json_t *doc, const char *source, bool merged)
{
    json_t *d = json_object();
    for (size_t i = 0; i < sizeof device_members / sizeof device_members[0]; i++) {
        json_t *v = json_object_get(from, device_members[i]);
        if (v)
            json_object_set(d, device_members[i], v);
    }
    if (!json_object_get(d, "module_format"))
        json_object_set(d, "module_format", json_object_get(doc, "module_format"));
    /* The index `run --device` gave it on its host; "index" becomes its place here
     * (a merged input's "index" was already that). */
    json_t *index = json_object_get(from, "index");
    if (!merged && json_is_integer(index))
        json_object_set(d, "device_index", index);
    json_t *launch = json_object_get(from, "launch");
    json_object_set(d, "launch", launch ? launch : json_object_get(doc, "rank"));
    place(d, from, doc, source);
    json_t *own = json_object_get(from, "errors");
    for (size_t i = 0; !merged && i < json_array_size(own); i++)
        keep_error(f, errors, json_array_get(own, i), doc, source, d);
    return d;
}

static int fail(char *why, size_t len, const char *source, const char *what)
{
    snprintf(why, len, "%s: %s", source, what);
    return -1;
}

/* The measured rates of a device's results, for peers_compute; the strings stay the
 * document's. */
static int rebuild(json_t *device, zeslm_results *out, char *why, size_t why_len)
{
    json_t *results = json_object_get(device, "results");
    size_t n = json_array_size(results);
    out->items = calloc(n ? n : 1, sizeof *out->items);
    if (!out->items) {
        snprintf(why, why_len, "out of host memory");
        return -1;
    }
    out->cap = n;
    for (size_t i = 0; i < n; i++) {
        json_t *r = json_array_get(results, i);
        const char *outcome = json_string_value(json_object_get(r, "outcome"));
        json_t *rate = json_object_get(r, "rate");
        if (!outcome || strcmp(outcome, "measured") != 0 || !json_is_number(rate) || json_number_value(rate) <= 0)
            continue;
        zeslm_result *z = &out->items[out->count];
        const char *w = json_string_value(json_object_get(r, "workload")),
                   *v = json_string_value(json_object_get(r, "variant")),
                   *p = json_string_value(json_object_get(r, "parameters"));
        if (strlen(w) >= sizeof z->workload || strlen(v) >= sizeof z->variant || strlen(p) >= sizeof z->params) {
            snprintf(why, why_len, "result %zu: a name too long for a result", i);
            return -1;
        }
        snprintf(z->workload, sizeof z->workload, "%s", w);
        snprintf(z->variant, sizeof z->variant, "%s", v);
        snprintf(z->params, sizeof z->params, "%s", p);
        z->outcome = ZESLM_MEASURED;
        z->rate = json_number_value(rate);
        z->rate_unit = json_string_value(json_object_get(r, "rate_unit"));
        out->count++;
    }
    return 0;
}

/* The devices of one input: `devices` of schema 2, the document itself of schema 1
 * (none when a rank's device did not open: its errors alone). */
static int take(fleet *f, json_t *devices, json_t *errors, const merge_input *in, char *why, size_t why_len)
{
    json_t *doc = in->doc, *schema = json_object_get(doc, "schema");
    json_int_t version = json_is_integer(schema) ? json_integer_value(schema) : 0;
    bool merged = json_object_get(doc, "merged_from") != NULL;
    json_t *list = NULL;
    if (version == 2) {
        list = json_incref(json_object_get(doc, "devices"));
        if (!json_is_array(list)) {
            json_decref(list);
            return fail(why, why_len, in->source, "schema 2 without a \"devices\" array");
        }
    } else if (version == 1) {
        list = json_array();
        if (json_object_get(doc, "results") || json_object_get(doc, "device"))
            json_array_append(list, doc);
    } else {
        return fail(why, why_len, in->source, "not a ze-slm results file of schema 1 or 2");
    }
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < json_array_size(list); i++) {
        json_t *from = json_array_get(list, i);
        results_file check;
        char inner[200], what[256];
        /* The same strict reading as compare's: what merge accepts, compare reads. */
        if (!json_is_object(from) || results_from_json(from, &check, inner, sizeof inner)) {
            snprintf(what, sizeof what, "device %zu: %s", i, json_is_object(from) ? inner : "not an object");
            rc = fail(why, why_len, in->source, what);
            break;
        }
        results_free(&check);
        json_array_append_new(devices, device_of(f, errors, from, doc, in->source, merged));
    }
    json_t *own = json_object_get(doc, "errors");
    /* Schema 1 keeps a run's workload errors at the top: they were the device's. */
    for (size_t i = 0; rc == 0 && version == 2 && i < json_array_size(own); i++) {
        json_t *e = json_array_get(own, i);
        if (merged)
            json_array_append(errors, e), f->n_errors++;
        else
            keep_error(f, errors, e, doc, in->source, NULL);
    }
    if (rc == 0 && version == 1 && json_array_size(list) == 0)
        for (size_t i = 0; i < json_array_size(own); i++)
            keep_error(f, errors, json_array_get(own, i), doc, in->source, NULL);
    json_decref(list);
    return rc;
}

void fleet_where(const json_t *o, char *buf, size_t len)
{
    const char *host = json_string_value(json_object_get(o, "host"));
    json_t *rank = json_object_get(o, "rank");
    if (json_is_integer(rank))
        snprintf(buf, len, "%s, rank %lld", host ? host : "unknown host", (long long)json_integer_value(rank));
    else
        snprintf(buf, len, "%s", host ? host : "unknown host");
}

/* The device's clock: the median over its workloads of each one's median sampled; 0
 * when it was not sampled. */
static double device_clock(json_t *device)
{
    json_t *workloads = json_object_get(json_object_get(device, "clocks"), "workloads");
    double v[64];
    size_t n = 0;
    const char *name;
    json_t *w;
    json_object_foreach(workloads, name, w) {
        json_t *mhz = json_object_get(w, "mhz_median");
        if (json_is_number(mhz) && json_number_value(mhz) > 0 && n < sizeof v / sizeof v[0])
            v[n++] = json_number_value(mhz);
    }
    return n ? peers_median(v, n) : 0;
}

/* Each device's clock against the devices of its name that were sampled too:
 * "clock_mhz", "peers_clock_mhz" and "throttled" in its object. */
static void throttled(fleet *f)
{
    double *mine = calloc(f->n_devices ? f->n_devices : 1, sizeof *mine);
    double *others = calloc(f->n_devices ? f->n_devices : 1, sizeof *others);
    for (size_t k = 0; mine && others && k < f->n_devices; k++)
        mine[k] = device_clock(f->devices[k]);
    for (size_t k = 0; mine && others && k < f->n_devices; k++) {
        const char *name = json_string_value(json_object_get(json_object_get(f->devices[k], "device"), "name"));
        size_t n = 0;
        for (size_t j = 0; mine[k] > 0 && name && j < f->n_devices; j++) {
            const char *other = json_string_value(json_object_get(json_object_get(f->devices[j], "device"), "name"));
            if (mine[j] > 0 && other && strcmp(name, other) == 0)
                others[n++] = mine[j];
        }
        double mid = n >= 2 ? peers_median(others, n) : 0;
        bool low = mid > 0 && mine[k] < MERGE_THROTTLED_BELOW * mid;
        json_object_set_new(f->devices[k], "clock_mhz", mine[k] > 0 ? json_real(mine[k]) : json_null());
        json_object_set_new(f->devices[k], "peers_clock_mhz", mid > 0 ? json_real(mid) : json_null());
        json_object_set_new(f->devices[k], "throttled", json_boolean(low));
        f->n_throttled += low;
    }
    free(mine);
    free(others);
}

/* Per host, in the order hosts first appear: its devices, how many are slow, its
 * errors, and its lowest score. */
static json_t *hosts_json(fleet *f, json_t *errors)
{
    json_t *hosts = json_array();
    for (size_t k = 0; k < f->n_devices + json_array_size(errors); k++) {
        json_t *o = k < f->n_devices ? f->devices[k] : json_array_get(errors, k - f->n_devices);
        const char *host = json_string_value(json_object_get(o, "host"));
        host = host ? host : "unknown host";
        json_t *h = NULL;
        for (size_t i = 0; i < json_array_size(hosts) && !h; i++)
            if (strcmp(json_string_value(json_object_get(json_array_get(hosts, i), "host")), host) == 0)
                h = json_array_get(hosts, i);
        if (!h) {
            h = json_object();
            json_object_set_new(h, "host", json_string(host));
            json_object_set_new(h, "devices", json_integer(0));
            json_object_set_new(h, "slow", json_integer(0));
            json_object_set_new(h, "throttled", json_integer(0));
            json_object_set_new(h, "errors", json_integer(0));
            json_object_set_new(h, "lowest_score", json_null());
            json_array_append_new(hosts, h);
        }
        const char *count = k < f->n_devices ? "devices" : "errors";
        json_object_set_new(h, count, json_integer(json_integer_value(json_object_get(h, count)) + 1));
        if (k >= f->n_devices)
            continue;
        json_object_set_new(h, "slow", json_integer(json_integer_value(json_object_get(h, "slow")) + f->p.slow[k]));
        bool hot = json_is_true(json_object_get(f->devices[k], "throttled"));
        json_object_set_new(h, "throttled", json_integer(json_integer_value(json_object_get(h, "throttled")) + hot));
        json_t *low = json_object_get(h, "lowest_score");
        if (f->p.scores[k] > 0 && (json_is_null(low) || f->p.scores[k] < json_real_value(low)))
            json_object_set_new(h, "lowest_score", json_real(f->p.scores[k]));
    }
    f->n_hosts = json_array_size(hosts);
    return hosts;
}

int fleet_build(const merge_input *in, size_t n, json_t *head, fleet *f, char *why, size_t why_len)
{
    *f = (fleet){.doc = head};
    json_t *devices = json_array(), *errors = json_array(), *sources = json_array();
    bool complete = true;
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < n; i++) {
        json_t *from = json_object_get(in[i].doc, "merged_from");
        if (json_is_array(from))
            json_array_extend(sources, from);
        else
            json_array_append_new(sources, json_string(in[i].source));
        complete &= json_is_true(json_object_get(in[i].doc, "complete"));
        rc = take(f, devices, errors, &in[i], why, why_len);
    }
    f->n_devices = json_array_size(devices);
    if (rc == 0 && f->n_devices == 0 && json_array_size(errors) == 0)
        rc = fail(why, why_len, n ? in[0].source : "merge", "no device and no error in any file");
    f->devices = calloc(f->n_devices ? f->n_devices : 1, sizeof *f->devices);
    f->results = calloc(f->n_devices ? f->n_devices : 1, sizeof *f->results);
    const zeslm_results **all = calloc(f->n_devices ? f->n_devices : 1, sizeof *all);
    if (rc == 0 && (!f->devices || !f->results || !all))
        rc = fail(why, why_len, "merge", "out of host memory");
    for (size_t k = 0; rc == 0 && k < f->n_devices; k++) {
        f->devices[k] = json_array_get(devices, k);
        all[k] = &f->results[k];
        char inner[200];
        if (rebuild(f->devices[k], &f->results[k], inner, sizeof inner))
            rc = fail(why, why_len, json_string_value(json_object_get(f->devices[k], "source")), inner);
    }
    if (rc == 0 && !peers_compute(all, f->n_devices, &f->p))
        rc = fail(why, why_len, "merge", "out of host memory");
    free(all);
    json_object_set_new(head, "schema", json_integer(2));
    json_object_set_new(head, "complete", json_boolean(complete && json_array_size(errors) == 0));
    json_object_set_new(head, "merged_from", sources);
    json_object_set_new(head, "devices", devices);
    json_object_set_new(head, "errors", errors);
    if (rc)
        return rc;
    for (size_t k = 0; k < f->n_devices; k++) {
        json_object_set_new(f->devices[k], "index", json_integer((json_int_t)k));
        json_object_set_new(f->devices[k], "peer_score", f->p.scores[k] > 0 ? json_real(f->p.scores[k]) : json_null());
        json_object_set_new(f->devices[k], "slow", json_boolean(f->p.slow[k]));
        f->n_slow += f->p.slow[k];
    }
    throttled(f);
    json_object_set_new(head, "aggregate", peers_aggregate_json(&f->p));
    json_object_set_new(head, "hosts", hosts_json(f, errors));
    return 0;
}

void fleet_free(fleet *f)
{
    for (size_t k = 0; f->results && k < f->n_devices; k++)
        free(f->results[k].items);
    free(f->results);
    free(f->devices);
    peers_free(&f->p);
    json_decref(f->doc);
    *f = (fleet){0};
}
