/* SPDX-License-Identifier: MIT */
#include "commands/compare_rank.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zeslm/grow.h>

#include "fleet/fleet.h"

void compare_rank_add(compare_rank *r, size_t old_index, size_t new_index, const run_doc_device *device,
                      const compare_counts *c)
{
    if (!c->matched)
        return;
    if (!ZESLM_GROW(r->items, r->n + 1, r->cap)) {
        r->failed = true;
        return;
    }
    r->items[r->n++] = (compare_ranked){old_index, new_index, device, *c};
}

/* How far from no change: |log(new/old)|, so 2x slower and 2x faster weigh alike. */
static double distance(const compare_ranked *x)
{
    return fabs(log(compare_geomean(&x->counts)));
}

static int furthest_first(const void *a, const void *b)
{
    double x = distance(a), y = distance(b);
    if (x != y)
        return x > y ? -1 : 1;
    const compare_ranked *p = a, *q = b;
    return p->new_index < q->new_index ? -1 : p->new_index > q->new_index;
}

static const table_column cols[] = {
    {"#", true, 9},           {"host", false, 9},  {"rank", true, 6},    {"device", true, 8},
    {"name", false, 4},       {"new/old", true, 9}, {"slower", true, 7}, {"faster", true, 7},
    {"results", true, 5},
};
#define N_COLS (sizeof cols / sizeof cols[0])

void compare_rank_lead(compare_rank *r, size_t top, sheet *sh)
{
    if (r->failed || r->n < 2 || top == 0)
        return;
    qsort(r->items, r->n, sizeof *r->items, furthest_first);
    size_t shown = r->n < top ? r->n : top, before = sh->n;
    table t;
    table_init(&t, cols, N_COLS);
    for (size_t i = 0; i < shown; i++) {
        const compare_ranked *x = &r->items[i];
        char num[24], rank[24], dev[48], ratio[32], slower[24], faster[24], results[24];
        long rk = fleet_rank_field(x->device->rank, "rank", -1);
        snprintf(num, sizeof num, "%zu", i + 1);
        rank[0] = '\0';
        if (rk >= 0)
            snprintf(rank, sizeof rank, "%ld", rk);
        snprintf(dev, sizeof dev, "%zu -> %zu", x->old_index, x->new_index);
        snprintf(ratio, sizeof ratio, "%.3f", compare_geomean(&x->counts));
        snprintf(slower, sizeof slower, "%zu", x->counts.slower);
        snprintf(faster, sizeof faster, "%zu", x->counts.faster);
        snprintf(results, sizeof results, "%zu", x->counts.matched);
        const char *cells[N_COLS] = {num, x->device->host, rank, dev, x->device->name, ratio, slower, faster, results};
        table_add(&t, cells, NULL);
    }
    char title[160];
    snprintf(title, sizeof title, "The %zu of %zu devices that changed most (new/old, geometric mean; > 1 slower)", shown,
             r->n);
    sheet_table(sh, title, &t);
    sheet_prose(sh, "\n");
    sheet_lead(sh, before);
}

void compare_rank_free(compare_rank *r)
{
    free(r->items);
    memset(r, 0, sizeof *r);
}
