/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/results_index.h"

static int by_identity(const void *a, const void *b)
{
    return result_key_cmp(a, b);
}

int results_index_make(const run_doc_device *d, results_index *out, char *why, size_t why_len)
{
    *out = (results_index){0};
    size_t n = d->results.count;
    result_key *all = malloc((n ? n : 1) * sizeof *all);
    out->keys = malloc((n ? n : 1) * sizeof *out->keys);
    out->sorted = malloc((n ? n : 1) * sizeof *out->sorted);
    if (!all || !out->keys || !out->sorted || !result_keys(&d->results, all)) {
        free(all);
        results_index_free(out);
        snprintf(why, why_len, "out of host memory");
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        if (all[i].r->outcome == ZESLM_MEASURED)
            out->keys[out->count++] = all[i];
    free(all);
    memcpy(out->sorted, out->keys, out->count * sizeof *out->sorted);
    qsort(out->sorted, out->count, sizeof *out->sorted, by_identity);
    for (size_t i = 1; i < out->count; i++)
        if (result_key_cmp(&out->sorted[i - 1], &out->sorted[i]) == 0) {
            char key[256];
            result_key_text(&out->sorted[i], key, sizeof key);
            snprintf(why, why_len, "a result appears twice (%s)", key);
            results_index_free(out);
            return -1;
        }
    return 0;
}

void results_index_free(results_index *x)
{
    free(x->keys);
    free(x->sorted);
    *x = (results_index){0};
}

const result_key *results_index_find(const results_index *x, const result_key *k)
{
    return bsearch(k, x->sorted, x->count, sizeof *x->sorted, by_identity);
}

bool results_index_has_variant(const results_index *x, const zeslm_result *r)
{
    /* The first key not before (workload, variant, ""): a binary search. */
    size_t lo = 0, hi = x->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const zeslm_result *m = x->sorted[mid].r;
        int c = strcmp(m->workload, r->workload);
        c = c ? c : strcmp(m->variant, r->variant);
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < x->count && strcmp(x->sorted[lo].r->workload, r->workload) == 0 &&
           strcmp(x->sorted[lo].r->variant, r->variant) == 0;
}
