#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "doc/hosts.h"
#include "doc/verdict.h"

static const char *const names[VERDICT_COUNT] = {"PASS", "SLOW", "LOW", "INCOMPLETE", "ERROR", "MISSING"};

const char *verdict_name(verdict v)
{
    return v < VERDICT_COUNT ? names[v] : "?";
}

int verdict_parse(const char *name)
{
    for (int v = 0; v < VERDICT_COUNT; v++)
        if (strcasecmp(name, names[v]) == 0)
            return v;
    return -1;
}

bool verdict_parse_list(const char *list, unsigned *mask)
{
    if (strcasecmp(list, "all") == 0) {
        *mask = VERDICT_FAIL_ALL;
        return true;
    }
    if (strcasecmp(list, "none") == 0) {
        *mask = 0;
        return true;
    }
    unsigned m = 0;
    char buf[256];
    if (snprintf(buf, sizeof buf, "%s", list) >= (int)sizeof buf)
        return false;
    char *save = NULL;
    for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        int v = verdict_parse(t);
        if (v <= VERDICT_PASS)
            return false;
        m |= 1u << v;
    }
    if (m == 0)
        return false;
    *mask = m;
    return true;
}

static long rank_number(const json_t *rank)
{
    const json_t *n = json_is_object(rank) ? json_object_get(rank, "rank") : rank;
    return json_is_integer(n) ? (long)json_integer_value(n) : -1;
}

static long rank_size(const json_t *rank)
{
    const json_t *n = json_is_object(rank) ? json_object_get(rank, "size") : NULL;
    return json_is_integer(n) ? (long)json_integer_value(n) : 0;
}

static const char *fact(const run_doc_device *d, const char *key)
{
    const char *s = json_string_value(json_object_get(d->facts, key));
    return s ? s : "";
}

/* The devices of d's model the aggregate scored it against. */
static size_t model_peers(const run_doc *doc, size_t k)
{
    size_t n = 0;
    for (size_t j = 0; j < doc->n_devices; j++)
        n += run_doc_same_model(&doc->devices[j], &doc->devices[k]);
    return n;
}

static int by_key(const void *a, const void *b)
{
    const zeslm_result *x = *(const zeslm_result *const *)a, *y = *(const zeslm_result *const *)b;
    int c = strcmp(x->workload, y->workload);
    c = c ? c : strcmp(x->variant, y->variant);
    return c ? c : strcmp(x->params, y->params);
}

static double speed(const zeslm_result *r)
{
    return peers_lower_is_better(r->rate_unit) ? 1 / r->rate : r->rate;
}

/* Device d's score against the baseline's devices of its model: the median over the
 * results both measured of its speed over the baseline's median speed there. */
static double baseline_score(const run_doc_device *d, const run_doc *base)
{
    size_t total = 0;
    for (size_t k = 0; k < base->n_devices; k++)
        if (strcmp(base->devices[k].name, d->name) == 0)
            total += base->devices[k].results.count;
    if (total == 0)
        return 0;
    const zeslm_result **rows = malloc(total * sizeof *rows);
    double *ratios = malloc((d->results.count ? d->results.count : 1) * sizeof *ratios);
    double *scratch = malloc(total * sizeof *scratch);
    double score = 0;
    if (!rows || !ratios || !scratch)
        goto out;
    size_t m = 0;
    for (size_t k = 0; k < base->n_devices; k++)
        if (strcmp(base->devices[k].name, d->name) == 0)
            for (size_t i = 0; i < base->devices[k].results.count; i++)
                if (base->devices[k].results.items[i].rate > 0)
                    rows[m++] = &base->devices[k].results.items[i];
    qsort(rows, m, sizeof *rows, by_key);
    size_t n_ratios = 0;
    for (size_t i = 0; i < d->results.count; i++) {
        const zeslm_result *r = &d->results.items[i], *key = r;
        if (r->rate <= 0)
            continue;
        const zeslm_result **hit = bsearch(&key, rows, m, sizeof *rows, by_key);
        if (!hit)
            continue;
        /* Every baseline result of this key: bsearch lands on any of them. */
        size_t lo = (size_t)(hit - rows), hi = lo, n = 0;
        while (lo > 0 && by_key(&rows[lo - 1], &key) == 0)
            lo--;
        while (hi < m && by_key(&rows[hi], &key) == 0)
            hi++;
        for (size_t j = lo; j < hi; j++)
            scratch[n++] = speed(rows[j]);
        ratios[n_ratios++] = speed(r) / peers_median(scratch, n);
    }
    score = n_ratios ? peers_median(ratios, n_ratios) : 0;
out:
    free(rows);
    free(ratios);
    free(scratch);
    return score;
}

static verdict_entry *add(verdicts *v, size_t *cap)
{
    if (v->n == *cap) {
        size_t grown_cap = *cap ? 2 * *cap : 16;
        verdict_entry *grown = realloc(v->entries, grown_cap * sizeof *grown);
        if (!grown)
            return NULL;
        v->entries = grown;
        *cap = grown_cap;
    }
    verdict_entry *e = &v->entries[v->n++];
    *e = (verdict_entry){.device = -1, .rank = -1};
    return e;
}

static void note(verdicts *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void note(verdicts *v, const char *fmt, ...)
{
    char buf[640];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    json_array_append_new(v->notes, json_string(buf));
}

/* Ranks seen twice, one GPU on two hosts, documents of other tool versions. */
static void duplicates(const run_doc *doc, verdicts *v)
{
    for (size_t k = 0; k < doc->n_devices; k++) {
        const run_doc_device *d = &doc->devices[k];
        long r = rank_number(d->rank);
        const char *uuid = fact(d, "uuid");
        for (size_t j = 0; j < k; j++) {
            const run_doc_device *e = &doc->devices[j];
            if (r >= 0 && rank_number(e->rank) == r && d->index == e->index && strcmp(d->host, e->host) == 0)
                note(v, "%s, rank %ld, device %u appears twice: one file given twice, or two runs' files", d->host, r,
                     d->index);
            else if (*uuid && strcmp(uuid, fact(e, "uuid")) == 0 && strcmp(d->host, e->host) != 0)
                note(v, "one device UUID (%s) on two hosts, %s and %s: a cloned UUID or a wrong host name", uuid,
                     e->host, d->host);
        }
    }
}

static void counts_of(const run_doc *doc, verdicts *v)
{
    for (size_t k = 0; k < doc->n_devices; k++) {
        long s = rank_size(doc->devices[k].rank);
        v->expected = s > v->expected ? s : v->expected;
    }
}

bool verdicts_compute(const run_doc *doc, const verdict_opts *o, verdicts *out)
{
    memset(out, 0, sizeof *out);
    size_t cap = 0;
    out->notes = json_array();
    if (!out->notes)
        return false;
    for (size_t k = 0; k < doc->n_devices; k++)
        if (!add(out, &cap))
            return false;
    for (size_t k = 0; k < doc->n_devices; k++) {
        const run_doc_device *d = &doc->devices[k];
        verdict_entry *e = &out->entries[k];
        e->device = (long)k;
        e->rank = rank_number(d->rank);
        snprintf(e->host, sizeof e->host, "%s", d->host);
        snprintf(e->model, sizeof e->model, "%s", d->name);
        e->score = doc->aggregated ? doc->aggregate.scores[k] : 0;
        e->peers = model_peers(doc, k);
        if (o->baseline)
            e->baseline_score = baseline_score(d, o->baseline);
        if (json_array_size(d->errors)) {
            const json_t *first = json_array_get(d->errors, 0);
            e->v = VERDICT_ERROR;
            snprintf(e->why, sizeof e->why, "%s: %s", json_string_value(json_object_get(first, "workload")),
                     json_string_value(json_object_get(first, "message")));
        } else if (d->incomplete) {
            e->v = VERDICT_INCOMPLETE;
            snprintf(e->why, sizeof e->why, "its run stopped after %zu results (complete: false)", d->results.count);
        } else if (e->baseline_score > 0 && e->baseline_score < o->low_below) {
            e->v = VERDICT_LOW;
            snprintf(e->why, sizeof e->why, "%.2f of the baseline of its model (LOW below %.2f)", e->baseline_score,
                     o->low_below);
        } else if (e->score > 0 && e->score < o->slow_below) {
            e->v = VERDICT_SLOW;
            snprintf(e->why, sizeof e->why, "%.2f of the median of %zu devices of its model and driver (SLOW below %.2f)",
                     e->score, e->peers, o->slow_below);
        } else if (o->baseline && e->baseline_score == 0) {
            snprintf(e->why, sizeof e->why, "the baseline has no device of its model");
        }
        if (d->throttled && e->v == VERDICT_PASS)
            snprintf(e->why, sizeof e->why, "THROTTLED: clock %.0f MHz, its peers' %.0f MHz", d->clock_mhz,
                     d->peers_clock_mhz);
    }
    /* The document's errors: devices that did not open, lost ranks, bad files. */
    for (size_t i = 0; i < json_array_size(doc->errors); i++) {
        const json_t *err = json_array_get(doc->errors, i);
        verdict_entry *e = add(out, &cap);
        if (!e)
            return false;
        e->v = VERDICT_ERROR;
        e->rank = rank_number(json_object_get(err, "rank"));
        const char *host = json_string_value(json_object_get(err, "host"));
        const char *name = json_string_value(json_object_get(err, "name"));
        snprintf(e->host, sizeof e->host, "%s", host ? host : "");
        snprintf(e->model, sizeof e->model, "%s", name ? name : "");
        const char *status = json_string_value(json_object_get(err, "status"));
        const char *msg = json_string_value(json_object_get(err, "message"));
        const char *src = json_string_value(json_object_get(err, "source"));
        snprintf(e->why, sizeof e->why, "%s: %s%s%s", status ? status : "ERROR", msg ? msg : "", src ? " in " : "",
                 src ? src : "");
    }
    /* Ranks expected: --expect, else the largest size a rank said. */
    counts_of(doc, out);
    for (size_t i = 0; i < json_array_size(doc->errors); i++) {
        const json_t *r = json_object_get(json_array_get(doc->errors, i), "size");
        long s = json_is_integer(r) ? (long)json_integer_value(r) : 0;
        out->expected = s > out->expected ? s : out->expected;
    }
    if (o->expect > 0)
        out->expected = o->expect;
    size_t seen_n = (size_t)(out->expected > 0 ? out->expected : 1);
    bool *seen = calloc(seen_n, sizeof *seen);
    if (!seen)
        return false;
    for (size_t i = 0; i < out->n; i++)
        if (out->entries[i].rank >= 0 && out->entries[i].rank < out->expected)
            seen[out->entries[i].rank] = true;
    for (long r = 0; r < out->expected; r++) {
        if (seen[r])
            continue;
        verdict_entry *e = add(out, &cap);
        if (!e) {
            free(seen);
            return false;
        }
        e->v = VERDICT_MISSING;
        e->rank = r;
        snprintf(e->why, sizeof e->why, "rank %ld of %ld left no results file and no error", r, out->expected);
    }
    free(seen);
    duplicates(doc, out);
    for (size_t i = 0; i < out->n; i++)
        out->worst = out->entries[i].v > out->worst ? out->entries[i].v : out->worst;
    return true;
}

void verdicts_free(verdicts *v)
{
    free(v->entries);
    json_decref(v->notes);
    memset(v, 0, sizeof *v);
}

int verdicts_exit_status(const verdicts *v, unsigned fail_on)
{
    int rc = 0;
    for (size_t i = 0; i < v->n; i++) {
        verdict x = v->entries[i].v;
        if (!(fail_on & (1u << x)))
            continue;
        if (x == VERDICT_SLOW || x == VERDICT_LOW)
            rc = rc ? rc : VERDICT_EXIT_DEGRADED;
        else
            rc = VERDICT_EXIT_FAILED;
    }
    return rc;
}

const verdict_entry *verdicts_device(const verdicts *v, size_t k)
{
    return &v->entries[k];
}

static json_t *entry_json(const verdict_entry *e)
{
    return json_pack("{s:s, s:o, s:o, s:s?, s:s?, s:o, s:o, s:s}", "verdict", verdict_name(e->v), "device",
                     e->device >= 0 ? json_integer(e->device) : json_null(), "rank",
                     e->rank >= 0 ? json_integer(e->rank) : json_null(), "host", *e->host ? e->host : NULL, "model",
                     *e->model ? e->model : NULL, "score", e->score > 0 ? json_real(e->score) : json_null(),
                     "baseline_score", e->baseline_score > 0 ? json_real(e->baseline_score) : json_null(), "why",
                     e->why);
}

json_t *verdicts_json(const verdicts *v, unsigned fail_on)
{
    json_t *entries = json_array(), *counts = json_object(), *hosts = json_object();
    for (int x = 0; x < VERDICT_COUNT; x++)
        json_object_set_new(counts, names[x], json_integer(0));
    for (size_t i = 0; i < v->n; i++) {
        const verdict_entry *e = &v->entries[i];
        json_array_append_new(entries, entry_json(e));
        json_t *c = json_object_get(counts, names[e->v]);
        json_integer_set(c, json_integer_value(c) + 1);
        const char *h = *e->host ? e->host : "unknown host";
        json_t *was = json_object_get(hosts, h);
        int worst = was ? verdict_parse(json_string_value(was)) : 0;
        if (!was || (int)e->v > worst)
            json_object_set_new(hosts, h, json_string(names[e->v]));
    }
    int rc = verdicts_exit_status(v, fail_on);
    return json_pack("{s:s, s:i, s:o, s:s, s:o, s:o, s:O, s:o}", "status",
                     rc == 0 ? "pass" : rc == VERDICT_EXIT_DEGRADED ? "degraded" : "failed", "exit_status", rc,
                     "expected_ranks", v->expected > 0 ? json_integer(v->expected) : json_null(), "worst",
                     names[v->worst], "counts", counts, "hosts", hosts, "notes", v->notes, "entries", entries);
}
