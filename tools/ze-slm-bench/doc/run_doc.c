#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zeslm/backends.h>

#include "doc/report.h"
#include "doc/hosts.h"
#include "doc/run_doc.h"
#include "expect/verdict.h"

void run_doc_init(run_doc *doc, json_t *head, const zeslm_run_opts *o)
{
    *doc = (run_doc){.head = head, .seed = o->seed, .reps = o->reps, .warmup = o->warmup,
                     .min_time_s = o->min_time_s, .converge_s = o->converge_s, .quick = o->quick, .errors = json_array()};
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
        free(d->sections);
    }
    free(doc->devices);
    if (doc->aggregated)
        peers_free(&doc->aggregate);
    json_decref(doc->errors);
    json_decref(doc->head);
    json_decref(doc->source);
    json_decref(doc->verdicts);
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
                          .errors = json_array()};
    snprintf(d->host, sizeof d->host, "%s", host);
    snprintf(d->module_format, sizeof d->module_format, "%s", module_format ? module_format : "");
    copy_text(d->name, sizeof d->name, json_object_get(facts, "name"));
    /* The backend's label ("Level Zero") where this build knows its name. */
    const char *backend = json_string_value(json_object_get(facts, "backend"));
    uint32_t b;
    snprintf(d->backend, sizeof d->backend, "%s",
             backend && zeslm_backend_find(backend, &b) == ZESLM_OK ? zeslm_backend_label(b) : backend ? backend : "");
    copy_text(d->driver, sizeof d->driver, json_object_get(facts, "driver"));
    /* Unknown (null, or a file before the fact) is taken for a GPU, as the run takes it. */
    d->is_gpu = !json_is_false(json_object_get(facts, "gpu"));
    doc->n_devices++;
    return d;
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

bool run_doc_append(run_doc_device *d, const zeslm_results *src, const run_section *s, const json_t *errors)
{
    run_section *sections = realloc(d->sections, (d->n_sections + 1) * sizeof *sections);
    if (!sections)
        return false;
    d->sections = sections;
    run_section mine = *s;
    mine.first = d->results.count;
    for (size_t i = s->first; i < s->first + s->count && i < src->count; i++) {
        if (zeslm_results_append(&d->results, &src->items[i]) != ZESLM_OK)
            return false;
        d->no_results |= src->items[i].outcome == ZESLM_NO_RESULTS;
    }
    mine.count = d->results.count - mine.first;
    d->sections[d->n_sections++] = mine;
    if (s->wl && s->summary.count) {
        json_object_set_new(d->summaries, s->wl->name, report_summary_text(&s->summary));
        json_object_set_new(d->findings, s->wl->name, report_findings(&s->summary));
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
    double v[ZESLM_WORKLOAD_MAX];
    size_t n = 0;
    const char *name;
    json_t *w;
    json_object_foreach(workloads, name, w) {
        double mhz = json_number_value(json_object_get(w, "mhz_median"));
        if (mhz > 0 && n < sizeof v / sizeof v[0])
            v[n++] = mhz;
    }
    return n ? peers_median(v, n) : 0;
}

/* Each device's clock against the sampled devices of its name (two at least). */
static bool throttled(run_doc *doc)
{
    double *theirs = calloc(doc->n_devices ? doc->n_devices : 1, sizeof *theirs);
    if (!theirs)
        return false;
    for (size_t k = 0; k < doc->n_devices; k++)
        doc->devices[k].clock_mhz = device_clock(&doc->devices[k]);
    for (size_t k = 0; k < doc->n_devices; k++) {
        run_doc_device *d = &doc->devices[k];
        size_t n = 0;
        for (size_t j = 0; d->clock_mhz > 0 && j < doc->n_devices; j++)
            if (doc->devices[j].clock_mhz > 0 && strcmp(d->name, doc->devices[j].name) == 0)
                theirs[n++] = doc->devices[j].clock_mhz;
        d->peers_clock_mhz = n >= 2 ? peers_median(theirs, n) : 0;
        d->throttled = d->peers_clock_mhz > 0 && d->clock_mhz < RUN_DOC_THROTTLED_BELOW * d->peers_clock_mhz;
    }
    free(theirs);
    return true;
}

void run_doc_device_ids(const run_doc_device *d, const char **uuid, const char **pci)
{
    *uuid = json_string_value(json_object_get(d->facts, "uuid"));
    *pci = json_string_value(json_object_get(d->facts, "pci_address"));
    *uuid = *uuid && **uuid ? *uuid : NULL;
    *pci = *pci && **pci ? *pci : NULL;
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

bool run_doc_same_model(const run_doc_device *a, const run_doc_device *b)
{
    return strcmp(a->name, b->name) == 0 && strcmp(a->driver, b->driver) == 0;
}

bool run_doc_aggregate(run_doc *doc)
{
    /* Again after devices changed: the last one counts. */
    if (doc->aggregated)
        peers_free(&doc->aggregate);
    doc->aggregated = false;
    if (!throttled(doc))
        return false;
    const zeslm_results **all = calloc(doc->n_devices ? doc->n_devices : 1, sizeof *all);
    if (!all)
        return false;
    for (size_t k = 0; k < doc->n_devices; k++)
        all[k] = &doc->devices[k].results;
    bool computed = peers_compute(all, doc->n_devices, &doc->aggregate);
    /* Scores within each model and driver version (run_doc_same_model). */
    size_t *group = calloc(doc->n_devices ? doc->n_devices : 1, sizeof *group);
    for (size_t k = 0; group && k < doc->n_devices; k++) {
        group[k] = k;
        for (size_t j = 0; j < k && group[k] == k; j++)
            if (run_doc_same_model(&doc->devices[j], &doc->devices[k]))
                group[k] = group[j];
    }
    doc->aggregated = computed && group && peers_score_groups(&doc->aggregate, all, group);
    if (computed && !doc->aggregated)
        peers_free(&doc->aggregate);
    free(group);
    free(all);
    char(*ids)[320] = calloc(doc->n_devices ? doc->n_devices : 1, sizeof *ids);
    const char **id = calloc(doc->n_devices ? doc->n_devices : 1, sizeof *id);
    if (doc->aggregated && ids && id) {
        for (size_t k = 0; k < doc->n_devices; k++)
            id[k] = identity(&doc->devices[k], ids[k], sizeof ids[k]);
    }
    bool ok = doc->aggregated && ids && id && peers_share_devices(&doc->aggregate, id);
    free(ids);
    free(id);
    return ok;
}

bool run_doc_no_results(const run_doc *doc)
{
    bool none = false;
    for (size_t k = 0; k < doc->n_devices; k++)
        none |= doc->devices[k].no_results;
    return none;
}

static json_t *device_json(const run_doc *doc, size_t k)
{
    const run_doc_device *d = &doc->devices[k];
    json_t *o = json_object();
    json_object_set_new(o, "index", json_integer(d->index));
    json_object_set_new(o, "host", json_string(d->host));
    json_object_set_new(o, "device", json_incref(d->facts));
    json_object_set_new(o, "module_format", json_string(d->module_format));
    json_object_set_new(o, "started_s", json_real(d->started_s));
    json_object_set_new(o, "finished_s", d->finished_s > 0 ? json_real(d->finished_s) : json_null());
    json_object_set_new(o, "size_scale", json_real(d->size_scale));
    json_object_set_new(o, "size_rule", *d->size_rule ? json_string(d->size_rule) : json_null());
    json_object_set_new(o, "complete", json_boolean(!d->incomplete && (doc->complete || run_doc_merged(doc))));
    if (doc->aggregated) {
        const peers *p = &doc->aggregate;
        json_object_set_new(o, "peer_score", p->scores[k] > 0 ? json_real(p->scores[k]) : json_null());
        json_object_set_new(o, "slow", json_boolean(p->slow[k]));
        json_object_set_new(o, "busy_share", p->busy[k] > 0 ? json_real(p->busy[k]) : json_null());
        json_object_set_new(o, "clock_mhz", d->clock_mhz > 0 ? json_real(d->clock_mhz) : json_null());
        json_object_set_new(o, "peers_clock_mhz", d->peers_clock_mhz > 0 ? json_real(d->peers_clock_mhz) : json_null());
        json_object_set_new(o, "throttled", json_boolean(d->throttled));
        json_object_set_new(o, "same_device_as", p->same_as && p->same_as[k] != k
                                                     ? json_integer((json_int_t)p->same_as[k])
                                                     : json_null());
    }
    json_object_set_new(o, "rank", d->rank ? json_incref(d->rank) : json_null());
    json_object_set_new(o, "clocks", d->clocks ? json_incref(d->clocks) : json_null());
    if (d->source[0])
        json_object_set_new(o, "source", json_string(d->source));
    json_object_set_new(o, "results", report_json(&d->results));
    json_object_set_new(o, "summaries", json_deep_copy(d->summaries));
    json_object_set_new(o, "findings", json_deep_copy(d->findings));
    json_object_set_new(o, "errors", json_deep_copy(d->errors));
    /* Issue 31's verdicts, worked out again from the rest whenever a document is written. */
    json_object_set_new(o, "expected", verdict_device_json(d));
    return o;
}

/* Every result over the devices (see peers.h). */
static json_t *aggregate_json(const run_doc *doc)
{
    const peers *p = &doc->aggregate;
    json_t *rows = json_array();
    for (size_t i = 0; i < p->n_rows; i++) {
        const peers_row *row = &p->rows[i];
        json_t *o = json_object(), *rates = json_array(), *ratios = json_array(), *below = json_array();
        json_object_set_new(o, "workload", json_string(row->first->workload));
        json_object_set_new(o, "variant", json_string(row->first->variant));
        json_object_set_new(o, "parameters", json_string(row->first->params));
        json_object_set_new(o, "params", report_params_json(row->first->params));
        json_object_set_new(o, "rate_unit", json_string(row->first->rate_unit ? row->first->rate_unit : ""));
        for (size_t d = 0; d < p->n_devices; d++) {
            json_array_append_new(rates, row->rates[d] > 0 ? json_real(row->rates[d]) : json_null());
            json_array_append_new(ratios, row->ratios[d] > 0 ? json_real(row->ratios[d]) : json_null());
            if (row->ratios[d] > 0 && row->ratios[d] < PEERS_SLOW_BELOW)
                json_array_append_new(below, json_integer((json_int_t)d));
        }
        json_object_set_new(o, "rates", rates);
        json_object_set_new(o, "ratios", ratios);
        json_object_set_new(o, "median_rate", json_real(row->median_rate));
        json_object_set_new(o, "total_rate", row->total_rate > 0 ? json_real(row->total_rate) : json_null());
        json_object_set_new(o, "below_peers", below);
        json_array_append_new(rows, o);
    }
    json_t *agg = json_object();
    json_object_set_new(agg, "slow_below", json_real(PEERS_SLOW_BELOW));
    json_object_set_new(agg, "results", rows);
    json_object_set_new(agg, "hosts", run_doc_hosts(doc));
    return agg;
}

json_t *run_doc_json(const run_doc *doc)
{
    json_t *o = json_deep_copy(doc->head);
    json_object_set_new(o, "schema", json_integer(RUN_DOC_SCHEMA));
    json_object_set_new(o, "complete", json_boolean(doc->complete));
    json_object_set_new(o, "seed", json_integer((json_int_t)doc->seed));
    json_object_set_new(o, "reps", json_integer(doc->reps));
    json_object_set_new(o, "warmup", json_integer(doc->warmup));
    json_object_set_new(o, "min_time_s", json_real(doc->min_time_s));
    json_object_set_new(o, "converge_s", json_real(doc->converge_s));
    json_object_set_new(o, "quick", json_boolean(doc->quick));
    json_t *devices = json_array();
    for (size_t k = 0; k < doc->n_devices; k++)
        json_array_append_new(devices, device_json(doc, k));
    json_object_set_new(o, "devices", devices);
    json_object_set_new(o, "errors", json_deep_copy(doc->errors));
    if (doc->aggregated)
        json_object_set_new(o, "aggregate", aggregate_json(doc));
    if (doc->verdicts)
        json_object_set(o, "verdicts", doc->verdicts);
    return o;
}

/* ---- Reading a results file back ---- */

static double num(const json_t *o, const char *key)
{
    return json_number_value(json_object_get(o, key));
}

/* A count a file gives as a number: 0 where it is negative, not a number or past
 * what the count holds (converting such a double is undefined; fuzz_results found one). */
static uint64_t count(double v, uint64_t most)
{
    return v >= 0 && v <= (double)most ? (uint64_t)v : 0;
}

/* A string of the document (it outlives the result), or NULL. */
static const char *str(const json_t *o, const char *key)
{
    return json_string_value(json_object_get(o, key));
}

static const char *const outcomes[] = {
    [ZESLM_FAILED] = "failed", [ZESLM_MEASURED] = "measured", [ZESLM_NO_RESULTS] = "no_results",
    [ZESLM_SKIPPED] = "skipped",
};

/* One element of "results" as a result; its strings point into the document. */
static bool result_from_json(const json_t *o, zeslm_result *r, char *why, size_t why_len)
{
    *r = (zeslm_result){0};
    const char *workload = str(o, "workload"), *variant = str(o, "variant"), *params = str(o, "parameters");
    const char *outcome = str(o, "outcome");
    if (!workload || !variant || !params || !outcome) {
        snprintf(why, why_len, "a result without workload, variant, parameters or outcome");
        return false;
    }
    snprintf(r->workload, sizeof r->workload, "%s", workload);
    snprintf(r->variant, sizeof r->variant, "%s", variant);
    snprintf(r->params, sizeof r->params, "%s", params);
    r->outcome = ZESLM_FAILED;
    for (size_t i = 0; i < sizeof outcomes / sizeof *outcomes; i++)
        if (strcmp(outcome, outcomes[i]) == 0)
            r->outcome = (zeslm_outcome)i;
    r->group_size = (uint32_t)count(num(o, "group_size"), UINT32_MAX);
    r->groups = (uint32_t)count(num(o, "groups"), UINT32_MAX);
    const json_t *times = json_object_get(o, "times_ns");
    r->stats.n = json_array_size(times);
    if (r->stats.n && !(r->times_ns = calloc(r->stats.n, sizeof *r->times_ns))) {
        snprintf(why, why_len, "out of memory");
        return false;
    }
    for (size_t k = 0; k < r->stats.n; k++)
        r->times_ns[k] = count(json_number_value(json_array_get(times, k)), UINT64_MAX / 2);
    r->stats.min_ns = count(num(o, "min_ns"), UINT64_MAX / 2);
    r->stats.median_ns = count(num(o, "median_ns"), UINT64_MAX / 2);
    r->stats.max_ns = count(num(o, "max_ns"), UINT64_MAX / 2);
    r->wall_ns = count(num(o, "wall_median_ns"), UINT64_MAX / 2);
    r->stats.mean_ns = num(o, "mean_ns");
    r->stats.stddev_ns = num(o, "stddev_ns");
    r->stats.outliers = (uint32_t)count(num(o, "outliers"), UINT32_MAX);
    r->stats.spread = num(o, "spread");
    r->rate = num(o, "rate");
    r->rate_unit = str(o, "rate_unit");
    r->speedup = num(o, "speedup_vs_baseline");
    r->fraction = num(o, "fraction_of_ceiling");
    r->ceiling_exceeded = json_is_true(json_object_get(o, "ceiling_exceeded"));
    r->ratio = num(o, "extra");
    r->ratio_name = str(o, "extra_name");
    snprintf(r->verify_note, sizeof r->verify_note, "%s", str(o, "verification") ? str(o, "verification") : "");
    snprintf(r->note, sizeof r->note, "%s", str(o, "note") ? str(o, "note") : "");
    return true;
}

/* One device object (a schema-1 root, or an element of "devices"). */
static int device_from_json(run_doc *doc, size_t cap, json_t *o, size_t k, const char *host, char *why,
                            size_t why_len)
{
    json_t *facts = json_object_get(o, "device"), *results = json_object_get(o, "results");
    if (!json_is_object(facts) || !json_is_array(results)) {
        snprintf(why, why_len, "device %zu has no \"device\" object or \"results\" array", k);
        return -1;
    }
    const char *mine = str(o, "host");
    json_t *index = json_object_get(o, "index");
    run_doc_device *d = run_doc_add_device(doc, cap, json_is_integer(index) ? (uint32_t)json_integer_value(index)
                                                                              : (uint32_t)k,
                                           mine ? mine : host, json_incref(facts), str(o, "module_format"));
    if (!d) {
        snprintf(why, why_len, "out of memory");
        return -1;
    }
    /* A rank's object; the launch of a device merged by an earlier tool. */
    json_t *rank = json_object_get(o, "rank");
    rank = json_is_object(rank) ? rank : json_object_get(o, "launch");
    d->rank = json_is_object(rank) ? json_incref(rank) : NULL;
    json_t *clocks = json_object_get(o, "clocks");
    d->clocks = json_is_object(clocks) ? json_incref(clocks) : NULL;
    snprintf(d->source, sizeof d->source, "%s", str(o, "source") ? str(o, "source") : "");
    d->started_s = num(o, "started_s");
    d->finished_s = num(o, "finished_s");
    /* A file from before sizing: its sizes were the full ones. */
    d->size_scale = json_is_number(json_object_get(o, "size_scale")) ? num(o, "size_scale") : 1;
    snprintf(d->size_rule, sizeof d->size_rule, "%s", str(o, "size_rule") ? str(o, "size_rule") : "");
    d->incomplete = json_is_false(json_object_get(o, "complete"));
    static const char *const parts[] = {"summaries", "findings", "errors"};
    json_t **mine_parts[] = {&d->summaries, &d->findings, &d->errors};
    for (size_t i = 0; i < 3; i++) {
        json_t *v = json_object_get(o, parts[i]);
        if (v && json_typeof(v) == json_typeof(*mine_parts[i])) {
            json_decref(*mine_parts[i]);
            *mine_parts[i] = json_incref(v);
        }
    }
    zeslm_results read = {0};
    int rc = 0;
    for (size_t i = 0; i < json_array_size(results) && rc == 0; i++) {
        zeslm_result r;
        rc = result_from_json(json_array_get(results, i), &r, why, why_len) ? 0 : -1;
        if (rc == 0 && zeslm_results_append(&read, &r) != ZESLM_OK) {
            snprintf(why, why_len, "out of memory");
            rc = -1;
        }
        free(r.times_ns);
    }
    /* A section per run of one workload's results, its findings worked out again
     * from them as the run did (a workload this build does not know has none). */
    for (size_t i = 0; rc == 0 && i < read.count;) {
        size_t end = i;
        while (end < read.count && strcmp(read.items[end].workload, read.items[i].workload) == 0)
            end++;
        run_section sec = {.wl = zeslm_workload_find(read.items[i].workload), .first = i, .count = end - i};
        if (sec.wl && sec.wl->summarize)
            sec.wl->summarize(&read, i, &sec.summary);
        if (!run_doc_append(d, &read, &sec, NULL)) {
            snprintf(why, why_len, "out of memory");
            rc = -1;
        }
        i = end;
    }
    zeslm_results_free(&read);
    return rc;
}

int run_doc_parse(const char *text, size_t len, run_doc *out, char *why, size_t why_len)
{
    json_error_t jerr;
    json_t *root = json_loadb(text, len, 0, &jerr);
    memset(out, 0, sizeof *out);
    if (!json_is_object(root)) {
        snprintf(why, why_len, "not a JSON object: %s (line %d)", root ? "another value" : jerr.text, jerr.line);
        json_decref(root);
        return -1;
    }
    zeslm_run_opts o = {.seed = count(num(root, "seed"), UINT64_MAX / 2), .reps = (uint32_t)count(num(root, "reps"), UINT32_MAX),
                        .warmup = (uint32_t)count(num(root, "warmup"), UINT32_MAX), .min_time_s = num(root, "min_time_s"), .converge_s = num(root, "converge_s"),
                        .quick = json_is_true(json_object_get(root, "quick"))};
    json_t *head = json_object();
    static const char *const keys[] = {"tool", "version", "commit", "command", "date", "host", "merged_from"};
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
        if (json_object_get(root, keys[i]))
            json_object_set(head, keys[i], json_object_get(root, keys[i]));
    run_doc_init(out, head, &o);
    out->source = root;
    out->complete = json_is_true(json_object_get(root, "complete"));
    json_int_t schema = json_integer_value(json_object_get(root, "schema"));
    const char *host = str(root, "host") ? str(root, "host") : "";
    int rc = -1;
    if (schema == 1) {
        rc = device_from_json(out, 1, root, 0, host, why, why_len);
    } else if (schema == 2 || schema == RUN_DOC_SCHEMA) {
        json_t *devices = json_object_get(root, "devices");
        size_t n = json_array_size(devices);
        json_t *errors = json_object_get(root, "errors");
        /* A run none of whose devices opened (a rank's) has its errors alone. */
        rc = n || (schema == RUN_DOC_SCHEMA && json_array_size(errors)) ? 0 : -1;
        if (rc)
            snprintf(why, why_len, "schema %d without a \"devices\" array of at least one device", (int)schema);
        for (size_t k = 0; k < n && rc == 0; k++)
            rc = device_from_json(out, n, json_array_get(devices, k), k, host, why, why_len);
        if (rc == 0 && json_is_array(errors))
            json_array_extend(out->errors, errors);
        /* One run that stopped with no error said: each of its devices stopped with
         * it (a merged document says so of each device; a device that did not open
         * makes a run incomplete too, and is its own error). */
        bool stopped = !out->complete && !run_doc_merged(out) && json_array_size(out->errors) == 0;
        for (size_t k = 0; rc == 0 && stopped && k < out->n_devices; k++)
            out->devices[k].incomplete = true;
        out->several = n != 1;
    } else {
        snprintf(why, why_len, "not a ze-slm results file of schema 1, 2 or 3");
    }
    if (rc)
        run_doc_free(out);
    return rc;
}
