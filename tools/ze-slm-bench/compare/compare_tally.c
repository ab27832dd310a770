/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zeslm/grow.h>

#include "compare/compare_tally.h"

/* The counts of the workload of `key`, added at the end when new; NULL: out of memory. */
static compare_counts *of(compare_tally *t, const char *key)
{
    size_t len = strcspn(key, " ");
    char name[64];
    snprintf(name, sizeof name, "%.*s", (int)len, key);
    for (size_t i = 0; i < t->n; i++)
        if (strcmp(t->names[i], name) == 0)
            return &t->per[i];
    /* Two arrays of one length: each grown from the capacity both had. */
    size_t names_cap = t->cap, per_cap = t->cap;
    if (!ZESLM_GROW(t->names, t->n + 1, names_cap) || !ZESLM_GROW(t->per, t->n + 1, per_cap)) {
        t->failed = true;
        return NULL;
    }
    t->cap = per_cap;
    snprintf(t->names[t->n], sizeof t->names[t->n], "%s", name);
    memset(&t->per[t->n], 0, sizeof t->per[t->n]);
    return &t->per[t->n++];
}

static void count(compare_counts *c, compare_verdict v, double ratio, bool regression)
{
    c->matched++;
    c->slower += v == COMPARE_SLOWER;
    c->faster += v == COMPARE_FASTER;
    c->unchanged += v == COMPARE_UNCHANGED;
    c->untested += v == COMPARE_UNTESTED;
    c->regressions += regression;
    c->log_sum += log(ratio);
}

void compare_tally_matched(compare_tally *t, const char *key, compare_verdict v, double ratio, bool regression)
{
    compare_counts *c = of(t, key);
    if (c)
        count(c, v, ratio, regression);
    count(&t->all, v, ratio, regression);
}

void compare_tally_only(compare_tally *t, const char *key, bool only_old)
{
    compare_counts *c = of(t, key);
    if (c)
        *(only_old ? &c->only_old : &c->only_new) += 1;
    *(only_old ? &t->all.only_old : &t->all.only_new) += 1;
}

double compare_geomean(const compare_counts *c)
{
    return c->matched ? exp(c->log_sum / (double)c->matched) : NAN;
}

static void row(table *out, const char *name, const compare_counts *c)
{
    char cells[6][32];
    snprintf(cells[0], sizeof cells[0], "%zu", c->matched);
    snprintf(cells[1], sizeof cells[1], "%zu", c->slower);
    snprintf(cells[2], sizeof cells[2], "%zu", c->faster);
    snprintf(cells[3], sizeof cells[3], "%zu", c->unchanged);
    snprintf(cells[4], sizeof cells[4], "%zu", c->untested);
    snprintf(cells[5], sizeof cells[5], "%.3f", compare_geomean(c));
    const char *row[] = {name, cells[0], cells[1], cells[2], cells[3], c->untested ? cells[4] : NULL, cells[5]};
    table_add(out, row, NULL);
}

void compare_tally_table(const compare_tally *t, table *out)
{
    for (size_t i = 0; i < t->n; i++)
        if (t->per[i].matched)
            row(out, t->names[i], &t->per[i]);
    if (t->all.matched)
        row(out, "all", &t->all);
}

void compare_tally_unmatched(const compare_tally *t, bool only_old, char *buf, size_t len)
{
    size_t used = 0;
    *buf = '\0';
    for (size_t i = 0; i < t->n && used < len; i++) {
        size_t k = only_old ? t->per[i].only_old : t->per[i].only_new;
        if (k)
            used += (size_t)snprintf(buf + used, len - used, "%s%s %zu", used ? ", " : "", t->names[i], k);
    }
}

void compare_tally_free(compare_tally *t)
{
    free(t->names);
    free(t->per);
    memset(t, 0, sizeof *t);
}
