#include <stdlib.h>
#include <string.h>

#include "doc/peers.h"

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

static bool same_key(const zeslm_result *a, const zeslm_result *b)
{
    return strcmp(a->workload, b->workload) == 0 && strcmp(a->variant, b->variant) == 0 &&
           strcmp(a->params, b->params) == 0;
}

/* The row of r's key, added when there is none; NULL when out of memory. */
static peers_row *row_of(peers *p, const zeslm_result *r, size_t *cap)
{
    for (size_t i = 0; i < p->n_rows; i++)
        if (same_key(p->rows[i].first, r))
            return &p->rows[i];
    if (p->n_rows == *cap) {
        size_t grown_cap = *cap ? 2 * *cap : 16;
        peers_row *grown = realloc(p->rows, grown_cap * sizeof *grown);
        if (!grown)
            return NULL;
        p->rows = grown;
        *cap = grown_cap;
    }
    peers_row *row = &p->rows[p->n_rows];
    *row = (peers_row){.first = r};
    row->rates = calloc(p->n_devices, sizeof *row->rates);
    row->ratios = calloc(p->n_devices, sizeof *row->ratios);
    row->busy = calloc(p->n_devices, sizeof *row->busy);
    if (!row->rates || !row->ratios || !row->busy) {
        free(row->rates);
        free(row->ratios);
        free(row->busy);
        return NULL;
    }
    p->n_rows++;
    return row;
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

/* Moves the rows of each workload together, in the order the workloads first
 * appear, keeping the order within a workload: a row one device alone measured
 * (a sub-group variant) was added after every row of the devices before it. */
static void group_by_workload(peers *p)
{
    for (size_t i = 1; i < p->n_rows; i++) {
        /* Insertion: row i goes after the last earlier row of its workload, if any. */
        size_t at = i;
        for (size_t j = i; j-- > 0;) {
            if (strcmp(p->rows[j].first->workload, p->rows[i].first->workload) == 0) {
                at = j + 1;
                break;
            }
        }
        peers_row moving = p->rows[i];
        memmove(&p->rows[at + 1], &p->rows[at], (i - at) * sizeof *p->rows);
        p->rows[at] = moving;
    }
}

bool peers_compute(const zeslm_results *const *devices, size_t n_devices, peers *p)
{
    *p = (peers){.n_devices = n_devices};
    size_t cap = 0, most = 0;
    double *scratch = NULL;
    p->scores = calloc(n_devices ? n_devices : 1, sizeof *p->scores);
    p->slow = calloc(n_devices ? n_devices : 1, sizeof *p->slow);
    p->busy = calloc(n_devices ? n_devices : 1, sizeof *p->busy);
    if (!p->scores || !p->slow || !p->busy)
        goto fail;
    for (size_t d = 0; d < n_devices; d++) {
        for (size_t i = 0; i < devices[d]->count; i++) {
            const zeslm_result *r = &devices[d]->items[i];
            if (r->outcome != ZESLM_MEASURED || r->rate <= 0)
                continue;
            peers_row *row = row_of(p, r, &cap);
            if (!row)
                goto fail;
            row->rates[d] = r->rate;
            row->busy[d] = r->wall_ns ? (double)r->stats.median_ns / (double)r->wall_ns : 0;
        }
        most = devices[d]->count > most ? devices[d]->count : most;
    }
    scratch = malloc((n_devices > most ? n_devices : most) * sizeof *scratch + sizeof *scratch);
    if (!scratch)
        goto fail;
    group_by_workload(p);
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
