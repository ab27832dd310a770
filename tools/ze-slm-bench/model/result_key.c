/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/intern.h"
#include "model/result_key.h"

int result_names_cmp(const zeslm_result *a, const zeslm_result *b)
{
    int c = strcmp(a->workload, b->workload);
    c = c ? c : strcmp(a->variant, b->variant);
    return c ? c : strcmp(a->params, b->params);
}

/* Each result's names as one string, apart by a byte no name holds: its id in an
 * intern table is its identity without the group size, found in constant time. A sort
 * of the list made this the part of a merge that grew faster than its results. */
bool result_keys(const zeslm_results *all, result_key *keys)
{
    intern names = {0};
    long *id = malloc((all->count ? all->count : 1) * sizeof *id);
    /* Per identity: its first result, and whether another of it has another group size. */
    size_t *first = malloc((all->count ? all->count : 1) * sizeof *first);
    bool *several = calloc(all->count ? all->count : 1, sizeof *several), ok = id && first && several;
    for (size_t i = 0; ok && i < all->count; i++) {
        const zeslm_result *r = &all->items[i];
        char text[sizeof r->workload + sizeof r->variant + sizeof r->params + 3];
        snprintf(text, sizeof text, "%s\x1f%s\x1f%s", r->workload, r->variant, r->params);
        size_t known = names.n;
        id[i] = intern_add(&names, text);
        ok = id[i] >= 0;
        if (ok && names.n > known)
            first[id[i]] = i;
        else if (ok)
            several[id[i]] |= all->items[first[id[i]]].group_size != r->group_size;
    }
    for (size_t i = 0; ok && i < all->count; i++)
        keys[i] = (result_key){&all->items[i], several[id[i]]};
    intern_free(&names);
    free(id);
    free(first);
    free(several);
    return ok;
}

int result_key_cmp(const result_key *a, const result_key *b)
{
    int c = result_names_cmp(a->r, b->r);
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
