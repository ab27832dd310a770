/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zeslm/grow.h>

#include "model/intern.h"
#include "model/peers.h"
#include "model/result_key.h"

bool peers_lower_is_better(const char *unit)
{
    return unit && strncmp(unit, "ns/", 3) == 0;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double peers_median(double *v, size_t n)
{
    qsort(v, n, sizeof *v, by_value);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The rows, made in the order their first results came, put with each workload's rows
 * together, the workloads in the order they first appear: a row one device alone
 * measured (a sub-group variant) was first seen after every row of the devices before
 * it. A stable counting sort on the workload's id (an intern table numbers the
 * workloads in the order they first appear): linear, where a sort was n log n. */
static bool in_order(peers *p)
{
    intern workloads = {0};
    size_t n = p->n_rows;
    long *id = malloc((n ? n : 1) * sizeof *id);
    size_t *start = calloc(n + 1, sizeof *start);
    peers_row *sorted = malloc((n ? n : 1) * sizeof *sorted);
    bool ok = id && start && sorted;
    for (size_t i = 0; ok && i < n; i++)
        ok = (id[i] = intern_add(&workloads, p->rows[i].first->workload)) >= 0;
    for (size_t i = 0; ok && i < n; i++)
        start[id[i] + 1]++;
    for (size_t w = 0; ok && w < workloads.n; w++)
        start[w + 1] += start[w];
    for (size_t i = 0; ok && i < n; i++)
        sorted[start[id[i]]++] = p->rows[i];
    /* No rows: p->rows may be NULL, which memcpy may not take even for no bytes. */
    if (ok && n)
        memcpy(p->rows, sorted, n * sizeof *sorted);
    intern_free(&workloads);
    free(id);
    free(start);
    free(sorted);
    return ok;
}

/* A row's identity as one string: the result_key_cmp order's fields, apart by a byte
 * no name holds. */
static void key_text(const result_key *k, char *buf, size_t len)
{
    snprintf(buf, len, "%s\x1f%s\x1f%s\x1f%d\x1f%u", k->r->workload, k->r->variant, k->r->params, k->grouped,
             k->grouped ? k->r->group_size : 0);
}

/* A new row for k's identity, its names a copy of k's result (launch times left out:
 * the device's results may be freed before the rows); false when out of memory. */
static bool add_row(peers *p, const result_key *k)
{
    peers_row *row = &p->rows[p->n_rows];
    zeslm_result *first = malloc(sizeof *first);
    *row = (peers_row){.first = first, .grouped = k->grouped};
    row->rates = calloc(p->n_devices, sizeof *row->rates);
    row->ratios = calloc(p->n_devices, sizeof *row->ratios);
    row->busy = calloc(p->n_devices, sizeof *row->busy);
    if (!first || !row->rates || !row->ratios || !row->busy) {
        free(first);
        free(row->rates);
        free(row->ratios);
        free(row->busy);
        return false;
    }
    *first = *k->r;
    first->times_ns = NULL;
    first->launch_ns = NULL;
    p->n_rows++;
    return true;
}

/* Room for one more row. */
static bool row_room(peers *p, size_t *cap)
{
    return ZESLM_GROW(p->rows, p->n_rows + 1, *cap);
}

/* Device d's measured results into their rows (a row per identity, new ones in the
 * order their first result comes). */
static bool add_device(peers *p, intern *ids, size_t *cap, const zeslm_results *r, size_t d)
{
    result_key *keys = malloc((r->count ? r->count : 1) * sizeof *keys);
    bool ok = keys && result_keys(r, keys);
    for (size_t i = 0; ok && i < r->count; i++) {
        const zeslm_result *x = &r->items[i];
        if (x->outcome != ZESLM_MEASURED || !(x->rate > 0))
            continue;
        char text[sizeof x->workload + sizeof x->variant + sizeof x->params + 32];
        key_text(&keys[i], text, sizeof text);
        long row = intern_add(ids, text);
        ok = row >= 0 && ((size_t)row < p->n_rows || (row_room(p, cap) && add_row(p, &keys[i])));
        if (!ok)
            break;
        p->rows[row].rates[d] = x->rate;
        p->rows[row].busy[d] = x->wall_ns ? (double)x->stats.median_ns / (double)x->wall_ns : 0;
    }
    free(keys);
    return ok;
}

/* The rows of the devices' measured results, a device at a time (get may read each
 * back from where it was set aside), the rows then grouped by workload. */
static bool build_rows(peers_results_fn get, void *ctx, peers *p, size_t *most)
{
    intern ids = {0};
    size_t cap = 0;
    bool ok = true;
    for (size_t d = 0; ok && d < p->n_devices; d++) {
        zeslm_results scratch = {0};
        const zeslm_results *r = get(ctx, d, &scratch);
        ok = r && add_device(p, &ids, &cap, r, d);
        if (r && r->count > *most)
            *most = r->count;
        zeslm_results_free(&scratch);
    }
    ok = ok && in_order(p);
    intern_free(&ids);
    return ok;
}

/* The row's median, total and each device's ratio; `scratch` holds n_devices. */
static void summarize(peers_row *row, size_t n_devices, double *scratch)
{
    bool lower = peers_lower_is_better(row->first->rate_unit);
    size_t n = 0;
    for (size_t d = 0; d < n_devices; d++)
        if (row->rates[d] > 0)
            scratch[n++] = row->rates[d];
    row->measured = n;
    if (n == 0)
        return;
    for (size_t k = 0; k < n; k++)
        row->total_rate += lower ? 0 : scratch[k];
    row->median_rate = peers_median(scratch, n);
    if (n < 2)
        return;
    for (size_t k = 0, d = 0; d < n_devices; d++)
        if (row->rates[d] > 0)
            scratch[k++] = lower ? 1 / row->rates[d] : row->rates[d];
    double mid = peers_median(scratch, n);
    for (size_t d = 0; d < n_devices; d++)
        if (row->rates[d] > 0)
            row->ratios[d] = (lower ? 1 / row->rates[d] : row->rates[d]) / mid;
}

static const zeslm_results *of_list(void *ctx, size_t d, zeslm_results *scratch)
{
    (void)scratch;
    return ((const zeslm_results *const *)ctx)[d];
}

bool peers_compute(const zeslm_results *const *devices, size_t n_devices, peers *p)
{
    return peers_compute_from(of_list, (void *)devices, n_devices, p);
}

bool peers_compute_from(peers_results_fn get, void *ctx, size_t n_devices, peers *p)
{
    *p = (peers){.n_devices = n_devices};
    size_t most = 0;
    double *scratch = NULL;
    p->scores = calloc(n_devices ? n_devices : 1, sizeof *p->scores);
    p->slow = calloc(n_devices ? n_devices : 1, sizeof *p->slow);
    p->busy = calloc(n_devices ? n_devices : 1, sizeof *p->busy);
    if (!p->scores || !p->slow || !p->busy)
        goto fail;
    if (!build_rows(get, ctx, p, &most))
        goto fail;
    scratch = malloc((n_devices > most ? n_devices : most) * sizeof *scratch + sizeof *scratch);
    if (!scratch)
        goto fail;
    for (size_t i = 0; i < p->n_rows; i++)
        summarize(&p->rows[i], n_devices, scratch);
    /* A device's rows are at most its results, so `most` bounds them (and its busy
     * shares). */
    for (size_t d = 0; d < n_devices; d++) {
        size_t n = 0;
        for (size_t i = 0; i < p->n_rows; i++)
            if (p->rows[i].ratios[d] > 0)
                scratch[n++] = p->rows[i].ratios[d];
        p->scores[d] = n ? peers_median(scratch, n) : 0;
        p->slow[d] = n && p->scores[d] < PEERS_SLOW_BELOW;
        p->busy[d] = peers_busy(p, d, NULL, scratch);
    }
    free(scratch);
    return true;
fail:
    free(scratch);
    peers_free(p);
    return false;
}

double peers_busy(const peers *p, size_t d, const char *workload, double *scratch)
{
    size_t n = 0;
    for (size_t i = 0; i < p->n_rows; i++)
        if (p->rows[i].busy[d] > 0 && (!workload || strcmp(p->rows[i].first->workload, workload) == 0))
            scratch[n++] = p->rows[i].busy[d];
    return n ? peers_median(scratch, n) : 0;
}

void peers_free(peers *p)
{
    for (size_t i = 0; i < p->n_rows; i++) {
        free((zeslm_result *)p->rows[i].first);
        free(p->rows[i].rates);
        free(p->rows[i].ratios);
        free(p->rows[i].busy);
    }
    free(p->rows);
    free(p->scores);
    free(p->slow);
    free(p->busy);
    free(p->same_as);
    *p = (peers){0};
}

bool peers_share_devices(peers *p, const char *const *identity)
{
    free(p->same_as);
    size_t n = p->n_devices;
    intern ids = {0};
    /* Per identity (interned: O(n) for a fleet of thousands), its first device. */
    size_t *first = malloc((n ? n : 1) * sizeof *first);
    double *best = malloc((n ? n : 1) * sizeof *best);
    bool ok = (p->same_as = calloc(n ? n : 1, sizeof *p->same_as)) && first && best;
    for (size_t d = 0; ok && d < n; d++) {
        p->same_as[d] = d;
        if (!identity[d])
            continue;
        size_t known = ids.n;
        long id = intern_add(&ids, identity[d]);
        if (!(ok = id >= 0))
            break;
        if (ids.n > known)
            first[id] = d;
        p->same_as[d] = first[id];
    }
    for (size_t i = 0; ok && i < p->n_rows; i++) {
        peers_row *row = &p->rows[i];
        if (row->total_rate <= 0)
            continue;
        /* Each physical device once, at the best rate any of its ranks saw. */
        for (size_t d = 0; d < n; d++)
            best[d] = 0;
        for (size_t d = 0; d < n; d++)
            if (row->rates[d] > best[p->same_as[d]])
                best[p->same_as[d]] = row->rates[d];
        row->total_rate = 0;
        for (size_t d = 0; d < n; d++)
            row->total_rate += p->same_as[d] == d ? best[d] : 0;
    }
    intern_free(&ids);
    free(first);
    free(best);
    return ok;
}

/* Row i's speed on device d (its rate, or 1 / rate where lower is better); 0 none. */
static double speed(const peers_row *row, size_t d)
{
    double r = row->rates[d];
    return r > 0 && peers_lower_is_better(row->first->rate_unit) ? 1 / r : r;
}

bool peers_score_groups(peers *p, const size_t *group)
{
    size_t n = p->n_devices;
    /* Per row, the median speed of each group's devices that measured it (0 where
     * fewer than two did): a group's rows are the union of its devices' results, as
     * peers_compute of the group alone would have them. */
    double *mid = calloc((n ? n : 1) * (p->n_rows ? p->n_rows : 1), sizeof *mid);
    double *v = malloc((n > p->n_rows ? n : p->n_rows) * sizeof *v + sizeof *v);
    bool ok = mid && v;
    for (size_t g = 0; ok && g < n; g++) {
        if (group[g] != g)
            continue;
        for (size_t i = 0; i < p->n_rows; i++) {
            size_t m = 0;
            for (size_t d = g; d < n; d++)
                if (group[d] == g && p->rows[i].rates[d] > 0)
                    v[m++] = speed(&p->rows[i], d);
            mid[g * p->n_rows + i] = m >= 2 ? peers_median(v, m) : 0;
        }
    }
    for (size_t d = 0; ok && d < n; d++) {
        size_t m = 0;
        for (size_t i = 0; i < p->n_rows; i++) {
            double at = mid[group[d] * p->n_rows + i];
            if (at > 0 && p->rows[i].rates[d] > 0)
                v[m++] = speed(&p->rows[i], d) / at;
        }
        p->scores[d] = m ? peers_median(v, m) : 0;
        p->slow[d] = m && p->scores[d] < PEERS_SLOW_BELOW;
    }
    free(mid);
    free(v);
    return ok;
}
