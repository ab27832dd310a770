#include <stdlib.h>
#include <string.h>

#include "doc/peers.h"
#include "doc/result_key.h"

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

/* A row and where it goes: its workload's first row, then its own first result. */
typedef struct placed {
    peers_row row;
    size_t workload_first, first;
} placed;

static int by_workload_name(const void *x, const void *y)
{
    const placed *a = x, *b = y;
    int c = strcmp(a->row.first->workload, b->row.first->workload);
    return c ? c : (a->first > b->first) - (a->first < b->first);
}

static int by_place(const void *x, const void *y)
{
    const placed *a = x, *b = y;
    if (a->workload_first != b->workload_first)
        return (a->workload_first > b->workload_first) - (a->workload_first < b->workload_first);
    return (a->first > b->first) - (a->first < b->first);
}

/* Puts the rows in the order their first results came (first[i]: row i's), each
 * workload's rows together, the workloads in the order they first appear: a row one
 * device alone measured (a sub-group variant) was first seen after every row of the
 * devices before it. */
static bool in_order(peers *p, const size_t *first)
{
    placed *pl = malloc((p->n_rows ? p->n_rows : 1) * sizeof *pl);
    if (!pl)
        return false;
    for (size_t i = 0; i < p->n_rows; i++)
        pl[i] = (placed){p->rows[i], 0, first[i]};
    qsort(pl, p->n_rows, sizeof *pl, by_workload_name);
    for (size_t i = 0; i < p->n_rows;) {
        size_t end = i;
        while (end < p->n_rows && strcmp(pl[end].row.first->workload, pl[i].row.first->workload) == 0)
            pl[end++].workload_first = pl[i].first;
        i = end;
    }
    qsort(pl, p->n_rows, sizeof *pl, by_place);
    for (size_t i = 0; i < p->n_rows; i++)
        p->rows[i] = pl[i].row;
    free(pl);
    return true;
}

/* A measured result of a device, in the order the devices and their results came. */
typedef struct entry {
    result_key key;
    size_t device, order;
} entry;

static int by_identity(const void *x, const void *y)
{
    const entry *a = x, *b = y;
    int c = result_key_cmp(&a->key, &b->key);
    return c ? c : (a->order > b->order) - (a->order < b->order);
}

/* A new row for e's identity; false when out of memory. */
static bool add_row(peers *p, const entry *e)
{
    peers_row *row = &p->rows[p->n_rows];
    *row = (peers_row){.first = e->key.r, .grouped = e->key.grouped};
    row->rates = calloc(p->n_devices, sizeof *row->rates);
    row->ratios = calloc(p->n_devices, sizeof *row->ratios);
    row->busy = calloc(p->n_devices, sizeof *row->busy);
    if (!row->rates || !row->ratios || !row->busy) {
        free(row->rates);
        free(row->ratios);
        free(row->busy);
        return false;
    }
    p->n_rows++;
    return true;
}

/* The rows of the devices' measured results: sorted by identity once, each run of
 * one identity a row, the rows then in the order their first result came. */
static bool build_rows(const zeslm_results *const *devices, peers *p)
{
    size_t n = 0;
    for (size_t d = 0; d < p->n_devices; d++)
        n += devices[d]->count;
    entry *all = malloc((n ? n : 1) * sizeof *all);
    result_key *keys = NULL;
    size_t *row_of = NULL, m = 0;
    bool ok = all && (p->rows = malloc((n ? n : 1) * sizeof *p->rows));
    for (size_t d = 0; ok && d < p->n_devices; d++) {
        free(keys);
        keys = malloc((devices[d]->count ? devices[d]->count : 1) * sizeof *keys);
        ok = keys && result_keys(devices[d], keys);
        for (size_t i = 0; ok && i < devices[d]->count; i++) {
            const zeslm_result *r = &devices[d]->items[i];
            if (r->outcome == ZESLM_MEASURED && r->rate > 0) {
                all[m] = (entry){keys[i], d, m};
                m++;
            }
        }
    }
    if (ok) {
        qsort(all, m, sizeof *all, by_identity);
        ok = (row_of = malloc((m ? m : 1) * sizeof *row_of)) != NULL;
    }
    for (size_t i = 0; ok && i < m; i++) {
        if ((i == 0 || result_key_cmp(&all[i - 1].key, &all[i].key) != 0) && !(ok = add_row(p, &all[i])))
            break;
        peers_row *row = &p->rows[p->n_rows - 1];
        row->rates[all[i].device] = all[i].key.r->rate;
        row->busy[all[i].device] = all[i].key.r->wall_ns ? (double)all[i].key.r->stats.median_ns /
                                                                (double)all[i].key.r->wall_ns : 0;
        /* The order of the row's first result, to put the rows back in it. */
        if (i == 0 || result_key_cmp(&all[i - 1].key, &all[i].key) != 0)
            row_of[p->n_rows - 1] = all[i].order;
    }
    if (ok)
        ok = in_order(p, row_of);
    free(row_of);
    free(keys);
    free(all);
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

bool peers_compute(const zeslm_results *const *devices, size_t n_devices, peers *p)
{
    *p = (peers){.n_devices = n_devices};
    size_t most = 0;
    double *scratch = NULL;
    p->scores = calloc(n_devices ? n_devices : 1, sizeof *p->scores);
    p->slow = calloc(n_devices ? n_devices : 1, sizeof *p->slow);
    p->busy = calloc(n_devices ? n_devices : 1, sizeof *p->busy);
    if (!p->scores || !p->slow || !p->busy)
        goto fail;
    if (!build_rows(devices, p))
        goto fail;
    for (size_t d = 0; d < n_devices; d++)
        most = devices[d]->count > most ? devices[d]->count : most;
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
    if (!(p->same_as = calloc(p->n_devices ? p->n_devices : 1, sizeof *p->same_as)))
        return false;
    for (size_t d = 0; d < p->n_devices; d++) {
        size_t e = 0;
        while (e < d && !(identity[d] && identity[e] && strcmp(identity[d], identity[e]) == 0))
            e++;
        p->same_as[d] = e;
    }
    for (size_t i = 0; i < p->n_rows; i++) {
        peers_row *row = &p->rows[i];
        if (row->total_rate <= 0)
            continue;
        /* Each physical device once, at the best rate any of its ranks saw. */
        row->total_rate = 0;
        for (size_t d = 0; d < p->n_devices; d++) {
            if (p->same_as[d] != d)
                continue;
            double best = 0;
            for (size_t e = d; e < p->n_devices; e++)
                if (p->same_as[e] == d && row->rates[e] > best)
                    best = row->rates[e];
            row->total_rate += best;
        }
    }
    return true;
}

bool peers_score_groups(peers *p, const zeslm_results *const *devices, const size_t *group)
{
    size_t n = p->n_devices;
    const zeslm_results **members = malloc((n ? n : 1) * sizeof *members);
    size_t *index = malloc((n ? n : 1) * sizeof *index);
    bool ok = members && index;
    for (size_t g = 0; ok && g < n; g++) {
        if (group[g] != g)
            continue;
        size_t m = 0;
        for (size_t d = g; d < n; d++)
            if (group[d] == g) {
                index[m] = d;
                members[m++] = devices[d];
            }
        peers one = {0};
        if (!(ok = peers_compute(members, m, &one)))
            break;
        for (size_t i = 0; i < m; i++) {
            p->scores[index[i]] = one.scores[i];
            p->slow[index[i]] = one.slow[i];
        }
        peers_free(&one);
    }
    free(members);
    free(index);
    return ok;
}
