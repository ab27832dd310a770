/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zeslm/grow.h>

#include "io/run_doc_spool.h"
#include "fleet/fleet.h"
#include "model/intern.h"
#include "model/peers.h"

struct fleet_keys {
    intern rows, models;
    bool *lower;     /* per row: lower is better (its unit is "ns/...") */
    size_t cap_lower;
    size_t *model_count; /* per model: its devices, counted as they are added */
    size_t cap_models;
};

bool fleet_init(fleet *f)
{
    memset(f, 0, sizeof *f);
    f->errors = json_array();
    f->keys = calloc(1, sizeof *f->keys);
    if (!f->errors || !f->keys) {
        fleet_free(f);
        return false;
    }
    return true;
}

void fleet_free(fleet *f)
{
    if (f->keys) {
        intern_free(&f->keys->rows);
        intern_free(&f->keys->models);
        free(f->keys->lower);
        free(f->keys->model_count);
        free(f->keys);
    }
    free(f->devices);
    free(f->pairs);
    json_decref(f->errors);
    memset(f, 0, sizeof *f);
}

size_t fleet_rows(const fleet *f)
{
    return f->keys->rows.n;
}

/* A result's key as one string: workload, variant and parameters apart by a byte no
 * name holds. */
static void key_of(const zeslm_result *r, char *buf, size_t len)
{
    snprintf(buf, len, "%s\x1f%s\x1f%s", r->workload, r->variant, r->params);
}

static long row_of(fleet *f, const zeslm_result *r)
{
    char key[160];
    key_of(r, key, sizeof key);
    struct fleet_keys *k = f->keys;
    long row = intern_add(&k->rows, key);
    if (row < 0)
        return -1;
    if (!ZESLM_GROW(k->lower, (size_t)row + 1, k->cap_lower))
        return -1;
    k->lower[row] = peers_lower_is_better(r->rate_unit);
    return row;
}

static const char *fact(const run_doc_device *d, const char *key)
{
    const char *s = json_string_value(json_object_get(d->facts, key));
    return s ? s : "";
}

long fleet_rank_field(const json_t *rank, const char *key, long none)
{
    const json_t *n = json_is_object(rank) ? json_object_get(rank, key) : rank;
    return json_is_integer(n) ? (long)json_integer_value(n) : none;
}

/* One more device of model m. */
static bool count_model(struct fleet_keys *k, long m)
{
    size_t had = k->cap_models;
    if (!ZESLM_GROW(k->model_count, (size_t)m + 1, k->cap_models))
        return false;
    memset(k->model_count + had, 0, (k->cap_models - had) * sizeof *k->model_count);
    k->model_count[m]++;
    return true;
}

static bool add_device(fleet *f, const run_doc *doc, const run_doc_device *d, const zeslm_results *results,
                       const char *source)
{
    if (!ZESLM_GROW(f->devices, f->n_devices + 1, f->cap_devices) ||
        !ZESLM_GROW(f->pairs, f->n_pairs + results->count, f->cap_pairs))
        return false;
    fleet_device *x = &f->devices[f->n_devices];
    *x = (fleet_device){.rank = fleet_rank_field(d->rank, "rank", -1),
                        .size = fleet_rank_field(d->rank, "size", 0),
                        .local_rank = fleet_rank_field(d->rank, "local_rank", -1),
                        .seen = fleet_rank_field(d->rank, "devices_seen", -1),
                        .expected = fleet_rank_field(d->rank, "devices_expected", -1),
                        .duplicate_of = -1, .shared_with = -1,
                        .index = d->index, .incomplete = d->incomplete, .first = f->n_pairs};
    const char *choice = json_string_value(json_object_get(d->rank, "device_choice"));
    const char *from = json_string_value(json_object_get(d->rank, "expected_from"));
    /* The affinity variables name the choice where they narrowed the devices (rank.c). */
    x->narrowed = choice && (strstr(choice, "AFFINITY") || strstr(choice, "VISIBLE") || strstr(choice, "SELECTOR"));
    snprintf(x->expected_from, sizeof x->expected_from, "%s", from ? from : "");
    /* Names past these lengths are cut: they only label the verdicts. */
    snprintf(x->host, sizeof x->host, "%.*s", (int)sizeof x->host - 1, d->host);
    snprintf(x->name, sizeof x->name, "%.*s", (int)sizeof x->name - 1, d->name);
    snprintf(x->driver, sizeof x->driver, "%.*s", (int)sizeof x->driver - 1, d->driver);
    snprintf(x->uuid, sizeof x->uuid, "%s", fact(d, "uuid"));
    snprintf(x->pci, sizeof x->pci, "%s", fact(d, "pci_address"));
    snprintf(x->source, sizeof x->source, "%s", d->source[0] ? d->source : source ? source : "");
    if (doc->aggregated) {
        x->throttled = d->throttled;
        x->clock_mhz = d->clock_mhz;
        x->peers_clock_mhz = d->peers_clock_mhz;
    }
    if (json_array_size(d->errors)) {
        const json_t *e = json_array_get(d->errors, 0);
        snprintf(x->error, sizeof x->error, "%s: %s", json_string_value(json_object_get(e, "workload")),
                 json_string_value(json_object_get(e, "message")));
    }
    char model[256];
    snprintf(model, sizeof model, "%.127s\x1f%.95s", x->name, x->driver);
    long m = intern_add(&f->keys->models, model);
    if (m < 0 || !count_model(f->keys, m))
        return false;
    x->model = (uint32_t)m;
    for (size_t i = 0; i < results->count; i++) {
        const zeslm_result *r = &results->items[i];
        if (r->outcome != ZESLM_MEASURED || !(r->rate > 0))
            continue;
        long row = row_of(f, r);
        if (row < 0)
            return false;
        f->pairs[f->n_pairs++] = (fleet_pair){(uint32_t)row, f->keys->lower[row] ? 1 / r->rate : r->rate};
    }
    x->count = x->measured = f->n_pairs - x->first;
    f->n_devices++;
    return true;
}

bool fleet_add_doc(fleet *f, const run_doc *doc, const char *source)
{
    for (size_t k = 0; k < doc->n_devices; k++) {
        zeslm_results scratch;
        const zeslm_results *r = run_doc_results(doc, k, &scratch);
        bool ok = r && add_device(f, doc, &doc->devices[k], r, source);
        zeslm_results_free(&scratch);
        if (!ok)
            return false;
    }
    for (size_t i = 0; i < json_array_size(doc->errors); i++) {
        json_t *e = json_copy(json_array_get(doc->errors, i));
        if (!e)
            return false;
        if (source && !json_object_get(e, "source"))
            json_object_set_new(e, "source", json_string(source));
        if (json_array_append_new(f->errors, e))
            return false;
    }
    return true;
}

static int by_source(const void *a, const void *b)
{
    const fleet_device *x = a, *y = b;
    int c = strcmp(x->source, y->source);
    c = c ? c : (x->rank > y->rank) - (x->rank < y->rank);
    return c ? c : (x->index > y->index) - (x->index < y->index);
}

static int by_error_source(const void *a, const void *b)
{
    const char *x = json_string_value(json_object_get(*(json_t *const *)a, "source"));
    const char *y = json_string_value(json_object_get(*(json_t *const *)b, "source"));
    return strcmp(x ? x : "", y ? y : "");
}

void fleet_sort(fleet *f)
{
    /* A fleet of errors alone has no device list, which qsort may not take. */
    if (f->n_devices)
        qsort(f->devices, f->n_devices, sizeof *f->devices, by_source);
    size_t n = json_array_size(f->errors);
    json_t **e = malloc((n ? n : 1) * sizeof *e);
    if (!e)
        return; /* left in the order read */
    for (size_t i = 0; i < n; i++)
        e[i] = json_incref(json_array_get(f->errors, i));
    qsort(e, n, sizeof *e, by_error_source);
    json_array_clear(f->errors);
    for (size_t i = 0; i < n; i++)
        json_array_append_new(f->errors, e[i]);
    free(e);
}

static int by_place(const void *a, const void *b)
{
    const fleet_device *x = *(const fleet_device *const *)a, *y = *(const fleet_device *const *)b;
    int c = strcmp(x->host, y->host);
    c = c ? c : (x->rank > y->rank) - (x->rank < y->rank);
    c = c ? c : (x->index > y->index) - (x->index < y->index);
    return c ? c : (x > y) - (x < y);
}

/* Sorted by place, so that 10,000 devices are checked in n log n. */
bool fleet_mark_duplicates(fleet *f)
{
    fleet_device **d = malloc((f->n_devices ? f->n_devices : 1) * sizeof *d);
    if (!d)
        return false;
    for (size_t k = 0; k < f->n_devices; k++)
        d[k] = &f->devices[k];
    qsort(d, f->n_devices, sizeof *d, by_place);
    for (size_t k = 1, first = 0; k < f->n_devices; k++) {
        const fleet_device *a = d[first], *b = d[k];
        if (b->rank < 0 || strcmp(a->host, b->host) != 0 || a->rank != b->rank || a->index != b->index) {
            first = k;
            continue;
        }
        if (b->duplicate_of < 0) {
            d[k]->duplicate_of = (long)(a - f->devices);
            f->keys->model_count[b->model]--;
        }
    }
    free(d);
    return true;
}

void fleet_device_key(const fleet_device *d, char *key, size_t len)
{
    if (*d->uuid)
        snprintf(key, len, "U%s", d->uuid);
    else if (*d->pci)
        snprintf(key, len, "P%s", d->pci);
    else if (!d->narrowed)
        snprintf(key, len, "I%.120s\x1f%.80s\x1f%u", d->name, d->driver, d->index);
    else
        *key = '\0';
}

size_t fleet_stands_for(const fleet *f, size_t d)
{
    return f->devices[d].shared_with >= 0 ? (size_t)f->devices[d].shared_with : d;
}

/* A rank's device and who it is on its host. */
typedef struct keyed {
    size_t k;
    long rank;
    const char *host;
    uint32_t model;
    char key[224];
} keyed;

/* 0 where two ranks measured one device. */
static int by_device(const keyed *x, const keyed *y)
{
    int c = strcmp(x->host, y->host);
    c = c ? c : (x->model > y->model) - (x->model < y->model);
    return c ? c : strcmp(x->key, y->key);
}

static int by_key(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    int c = by_device(x, y);
    c = c ? c : (x->rank > y->rank) - (x->rank < y->rank);
    return c ? c : (x->k > y->k) - (x->k < y->k);
}

/* The ranks p[a..b) measured one device: the first (the lowest rank) stands for it, its
 * results each result's best speed over them (appended to the pairs; slot, a zeroed
 * index per row, is left zeroed). */
static bool combine(fleet *f, const keyed *p, size_t a, size_t b, size_t *slot)
{
    size_t total = 0, start = f->n_pairs;
    for (size_t i = a; i < b; i++)
        total += f->devices[p[i].k].count;
    if (!ZESLM_GROW(f->pairs, f->n_pairs + total, f->cap_pairs))
        return false;
    for (size_t i = a; i < b; i++) {
        const fleet_device *d = &f->devices[p[i].k];
        for (size_t j = 0; j < d->count; j++) {
            fleet_pair q = f->pairs[d->first + j];
            size_t *s = &slot[q.row];
            if (!*s) {
                f->pairs[f->n_pairs] = q;
                *s = ++f->n_pairs;
            } else if (q.speed > f->pairs[*s - 1].speed) {
                f->pairs[*s - 1].speed = q.speed;
            }
        }
    }
    for (size_t j = start; j < f->n_pairs; j++)
        slot[f->pairs[j].row] = 0;
    fleet_device *lead = &f->devices[p[a].k];
    lead->first = start;
    lead->count = f->n_pairs - start;
    for (size_t i = a + 1; i < b; i++) {
        f->devices[p[i].k].shared_with = (long)p[a].k;
        f->keys->model_count[f->devices[p[i].k].model]--;
    }
    return true;
}

bool fleet_mark_shared(fleet *f)
{
    keyed *p = malloc((f->n_devices ? f->n_devices : 1) * sizeof *p);
    size_t *slot = calloc(fleet_rows(f) + 1, sizeof *slot);
    bool ok = p && slot;
    size_t n = 0;
    for (size_t k = 0; ok && k < f->n_devices; k++) {
        const fleet_device *d = &f->devices[k];
        /* A copy counts once already; a device of no rank (a run of its own) shares
         * nothing with a job's ranks. */
        if (d->duplicate_of >= 0 || d->rank < 0)
            continue;
        p[n] = (keyed){.k = k, .rank = d->rank, .host = d->host, .model = d->model};
        fleet_device_key(d, p[n].key, sizeof p[n].key);
        n += *p[n].key != '\0';
    }
    if (ok)
        qsort(p, n, sizeof *p, by_key);
    for (size_t a = 0, b; ok && a < n; a = b) {
        for (b = a + 1; b < n && by_device(&p[a], &p[b]) == 0; b++)
            ;
        ok = b - a < 2 || combine(f, p, a, b, slot);
    }
    free(p);
    free(slot);
    return ok;
}

size_t fleet_model_size(const fleet *f, size_t d)
{
    return f->keys->model_count[f->devices[d].model];
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, size_t n)
{
    qsort(v, n, sizeof *v, by_value);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Whether a device is one of its model's in the medians: not a copy, nor a rank whose
 * device another stands for. */
static bool counted(const fleet_device *d)
{
    return d->duplicate_of < 0 && d->shared_with < 0;
}

/* Per row: the speeds of one model's devices, each row's a slice of one array. */
bool fleet_scores(const fleet *f, double *scores, double *ratios_out)
{
    size_t rows = fleet_rows(f), models = f->keys->models.n;
    size_t *count = calloc(rows + 1, sizeof *count), *at = calloc(rows + 1, sizeof *at);
    double *speeds = NULL, *mid = calloc(rows ? rows : 1, sizeof *mid), *ratios = NULL;
    size_t most = 0;
    bool ok = count && at && mid;
    for (size_t k = 0; k < f->n_devices; k++)
        most = f->devices[k].count > most ? f->devices[k].count : most;
    ok = ok && (ratios = malloc((most ? most : 1) * sizeof *ratios));
    for (size_t m = 0; ok && m < models; m++) {
        memset(count, 0, (rows + 1) * sizeof *count);
        size_t total = 0;
        for (size_t k = 0; k < f->n_devices; k++)
            if (f->devices[k].model == m && counted(&f->devices[k]))
                for (size_t i = 0; i < f->devices[k].count; i++, total++)
                    count[f->pairs[f->devices[k].first + i].row]++;
        free(speeds);
        if (!(speeds = malloc((total ? total : 1) * sizeof *speeds))) {
            ok = false;
            break;
        }
        for (size_t r = 0, sum = 0; r < rows; r++) {
            at[r] = sum;
            sum += count[r];
        }
        size_t *fill = calloc(rows + 1, sizeof *fill);
        if (!fill) {
            ok = false;
            break;
        }
        for (size_t k = 0; k < f->n_devices; k++)
            if (f->devices[k].model == m && counted(&f->devices[k]))
                for (size_t i = 0; i < f->devices[k].count; i++) {
                    const fleet_pair *p = &f->pairs[f->devices[k].first + i];
                    speeds[at[p->row] + fill[p->row]++] = p->speed;
                }
        free(fill);
        for (size_t r = 0; r < rows; r++)
            mid[r] = count[r] >= 2 ? median(speeds + at[r], count[r]) : 0;
        for (size_t k = 0; k < f->n_devices; k++) {
            if (f->devices[k].model != m)
                continue;
            size_t n = 0;
            /* A duplicate is judged on its own (DUPLICATE), never scored twice; a rank
             * that shared a device takes its score below. */
            if (!counted(&f->devices[k])) {
                scores[k] = 0;
                for (size_t i = 0; ratios_out && i < f->devices[k].count; i++)
                    ratios_out[f->devices[k].first + i] = 0;
                continue;
            }
            for (size_t i = 0; i < f->devices[k].count; i++) {
                const fleet_pair *p = &f->pairs[f->devices[k].first + i];
                if (ratios_out)
                    ratios_out[f->devices[k].first + i] = mid[p->row] > 0 ? p->speed / mid[p->row] : 0;
                if (mid[p->row] > 0)
                    ratios[n++] = p->speed / mid[p->row];
            }
            scores[k] = n ? median(ratios, n) : 0;
        }
    }
    for (size_t k = 0; ok && k < f->n_devices; k++)
        if (f->devices[k].shared_with >= 0)
            scores[k] = scores[f->devices[k].shared_with];
    free(count);
    free(at);
    free(speeds);
    free(mid);
    free(ratios);
    return ok;
}

json_t *fleet_workload_scores(const fleet *f, size_t d, const double *ratios)
{
    const fleet_device *x = &f->devices[fleet_stands_for(f, d)];
    json_t *out = json_object();
    double *mine = malloc((x->count ? x->count : 1) * sizeof *mine);
    bool *done = calloc(x->count ? x->count : 1, sizeof *done);
    bool ok = out && mine && done;
    /* A device measures a few workloads: each gathered in one pass over its results. */
    for (size_t i = 0; ok && i < x->count; i++) {
        if (done[i])
            continue;
        const char *key = f->keys->rows.strings[f->pairs[x->first + i].row];
        size_t len = strcspn(key, "\x1f"), n = 0;
        for (size_t j = i; j < x->count; j++) {
            const char *other = f->keys->rows.strings[f->pairs[x->first + j].row];
            if (done[j] || strncmp(other, key, len) != 0 || other[len] != '\x1f')
                continue;
            done[j] = true;
            if (ratios[x->first + j] > 0)
                mine[n++] = ratios[x->first + j];
        }
        char workload[64];
        snprintf(workload, sizeof workload, "%.*s", (int)(len < sizeof workload ? len : sizeof workload - 1), key);
        ok = json_object_set_new(out, workload, n ? json_real(median(mine, n)) : json_null()) == 0;
    }
    free(mine);
    free(done);
    if (!ok) {
        json_decref(out);
        return NULL;
    }
    return out;
}

double fleet_worst_workload(const fleet *f, size_t d, const double *ratios, char *name, size_t len)
{
    json_t *w = fleet_workload_scores(f, d, ratios), *score;
    const char *key;
    double worst = 0;
    *name = '\0';
    json_object_foreach(w, key, score) {
        double v = json_real_value(score);
        if (v > 0 && (worst == 0 || v < worst)) {
            worst = v;
            snprintf(name, len, "%s", key);
        }
    }
    json_decref(w);
    return worst;
}

double *fleet_row_medians(const fleet *base, const char *name)
{
    size_t rows = fleet_rows(base);
    double *mid = calloc(rows ? rows : 1, sizeof *mid), *theirs = NULL;
    size_t *count = calloc(rows + 1, sizeof *count), *at = calloc(rows + 1, sizeof *at), *fill = NULL;
    size_t total = 0;
    bool ok = mid && count && at;
    for (size_t k = 0; ok && k < base->n_devices; k++)
        if (strcmp(base->devices[k].name, name) == 0)
            for (size_t i = 0; i < base->devices[k].count; i++, total++)
                count[base->pairs[base->devices[k].first + i].row]++;
    ok = ok && (theirs = malloc((total ? total : 1) * sizeof *theirs)) && (fill = calloc(rows + 1, sizeof *fill));
    for (size_t r = 0, sum = 0; ok && r < rows; r++) {
        at[r] = sum;
        sum += count[r];
    }
    for (size_t k = 0; ok && k < base->n_devices; k++)
        if (strcmp(base->devices[k].name, name) == 0)
            for (size_t i = 0; i < base->devices[k].count; i++) {
                const fleet_pair *p = &base->pairs[base->devices[k].first + i];
                theirs[at[p->row] + fill[p->row]++] = p->speed;
            }
    for (size_t r = 0; ok && r < rows; r++)
        mid[r] = count[r] ? median(theirs + at[r], count[r]) : 0;
    free(theirs);
    free(count);
    free(at);
    free(fill);
    if (!ok) {
        free(mid);
        return NULL;
    }
    return mid;
}

double fleet_baseline_score(const fleet *f, size_t d, const fleet *base, const double *medians)
{
    const fleet_device *x = &f->devices[fleet_stands_for(f, d)];
    double *ratios = malloc((x->count ? x->count : 1) * sizeof *ratios);
    size_t n = 0;
    for (size_t i = 0; ratios && i < x->count; i++) {
        const fleet_pair *p = &f->pairs[x->first + i];
        long row = intern_find(&base->keys->rows, f->keys->rows.strings[p->row]);
        if (row >= 0 && medians[row] > 0)
            ratios[n++] = p->speed / medians[row];
    }
    double score = n ? median(ratios, n) : 0;
    free(ratios);
    return score;
}

const char *fleet_row_key(const fleet *f, size_t r)
{
    return f->keys->rows.strings[r];
}

bool fleet_row_lower(const fleet *f, size_t r)
{
    return f->keys->lower[r];
}

bool fleet_add_reference(fleet *f, const char *name, const char *driver, const fleet_reference_row *rows, size_t n,
                         const char *source)
{
    if (!ZESLM_GROW(f->devices, f->n_devices + 1, f->cap_devices) || !ZESLM_GROW(f->pairs, f->n_pairs + n, f->cap_pairs))
        return false;
    fleet_device *x = &f->devices[f->n_devices];
    *x = (fleet_device){.rank = -1, .local_rank = -1, .seen = -1, .expected = -1, .duplicate_of = -1, .shared_with = -1,
                        .first = f->n_pairs};
    snprintf(x->host, sizeof x->host, "baseline");
    snprintf(x->name, sizeof x->name, "%.*s", (int)sizeof x->name - 1, name);
    snprintf(x->driver, sizeof x->driver, "%.*s", (int)sizeof x->driver - 1, driver);
    snprintf(x->source, sizeof x->source, "%.*s", (int)sizeof x->source - 1, source);
    char model[256];
    snprintf(model, sizeof model, "%.127s\x1f%.95s", x->name, x->driver);
    struct fleet_keys *k = f->keys;
    long m = intern_add(&k->models, model);
    if (m < 0 || !count_model(k, m))
        return false;
    x->model = (uint32_t)m;
    for (size_t i = 0; i < n; i++) {
        long row = intern_add(&k->rows, rows[i].key);
        if (row < 0 || !ZESLM_GROW(k->lower, (size_t)row + 1, k->cap_lower))
            return false;
        k->lower[row] = rows[i].lower;
        f->pairs[f->n_pairs++] = (fleet_pair){(uint32_t)row, rows[i].speed};
    }
    x->count = x->measured = n;
    f->n_devices++;
    return true;
}
