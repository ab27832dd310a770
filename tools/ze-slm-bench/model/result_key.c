#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/result_key.h"

/* Workload, variant and parameters alone. */
static int by_names(const zeslm_result *a, const zeslm_result *b)
{
    int c = strcmp(a->workload, b->workload);
    c = c ? c : strcmp(a->variant, b->variant);
    return c ? c : strcmp(a->params, b->params);
}

static int by_names_ptr(const void *x, const void *y)
{
    const zeslm_result *a = *(const zeslm_result *const *)x, *b = *(const zeslm_result *const *)y;
    int c = by_names(a, b);
    /* Ties in the list's order: a total order, whatever qsort does with equals. */
    return c ? c : (a > b) - (a < b);
}

bool result_keys(const zeslm_results *all, result_key *keys)
{
    const zeslm_result **sorted = malloc((all->count ? all->count : 1) * sizeof *sorted);
    if (!sorted)
        return false;
    for (size_t i = 0; i < all->count; i++)
        sorted[i] = &all->items[i];
    qsort(sorted, all->count, sizeof *sorted, by_names_ptr);
    for (size_t i = 0; i < all->count;) {
        size_t end = i + 1;
        bool several = false;
        while (end < all->count && by_names(sorted[i], sorted[end]) == 0) {
            several |= sorted[end]->group_size != sorted[i]->group_size;
            end++;
        }
        for (; i < end; i++)
            keys[sorted[i] - all->items] = (result_key){sorted[i], several};
    }
    free(sorted);
    return true;
}

int result_key_cmp(const result_key *a, const result_key *b)
{
    int c = by_names(a->r, b->r);
    if (c || a->grouped != b->grouped)
        return c ? c : a->grouped - b->grouped;
    uint32_t ga = a->grouped ? a->r->group_size : 0, gb = b->grouped ? b->r->group_size : 0;
    return (ga > gb) - (ga < gb);
}

void result_key_text(const result_key *k, char *buf, size_t len)
{
    int n = snprintf(buf, len, "%s %s %s", k->r->workload, k->r->variant, k->r->params);
    if (k->grouped && n >= 0 && (size_t)n < len)
        snprintf(buf + n, len - (size_t)n, " group=%u", k->r->group_size);
}
