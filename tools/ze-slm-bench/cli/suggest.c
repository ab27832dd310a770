/* SPDX-License-Identifier: MIT */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cli/suggest.h"

/* Names longer than this are no one's typo of a command, bench or variant. */
#define SUGGEST_MAX 64
#define SUGGEST_EDITS 2

size_t suggest_distance(const char *a, const char *b)
{
    size_t n = strlen(a), m = strlen(b);
    if (n > SUGGEST_MAX || m > SUGGEST_MAX)
        return SIZE_MAX;
    /* Three rows of the Wagner-Fischer table: the swap looks two rows back. */
    size_t rows[3][SUGGEST_MAX + 1], *prev2 = rows[0], *prev = rows[1], *cur = rows[2];
    for (size_t j = 0; j <= m; j++)
        prev[j] = j;
    for (size_t i = 1; i <= n; i++) {
        cur[0] = i;
        for (size_t j = 1; j <= m; j++) {
            size_t cost = a[i - 1] != b[j - 1];
            size_t best = prev[j - 1] + cost;
            if (prev[j] + 1 < best)
                best = prev[j] + 1;
            if (cur[j - 1] + 1 < best)
                best = cur[j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && prev2[j - 2] + 1 < best)
                best = prev2[j - 2] + 1;
            cur[j] = best;
        }
        size_t *t = prev2;
        prev2 = prev;
        prev = cur;
        cur = t;
    }
    return prev[m];
}

const char *suggest_nearest(const char *word, const void *names, size_t n, size_t stride)
{
    const char *best = NULL;
    size_t best_d = SIZE_MAX, len = strlen(word);
    for (size_t i = 0; i < n; i++) {
        const char *name = *(const char *const *)((const char *)names + i * stride);
        size_t d = name ? suggest_distance(word, name) : SIZE_MAX;
        if (d < best_d) {
            best_d = d;
            best = name;
        }
    }
    return best_d <= SUGGEST_EDITS && best_d < len ? best : NULL;
}

void suggest_text(const char *nearest, char *buf, size_t len)
{
    if (nearest)
        snprintf(buf, len, "; did you mean '%s'?", nearest);
    else if (len)
        *buf = '\0';
}
