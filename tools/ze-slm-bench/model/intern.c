/* SPDX-License-Identifier: MIT */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <zeslm/grow.h>

#include "model/intern.h"

static uint64_t fnv(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

/* Where s is, or the empty slot where it goes; h its hash. A probe reads the string
 * only where the hashes agree: the strings lie all over the heap, and a table of tens of
 * thousands read each probe's from memory. */
static size_t probe(const intern *t, const char *s, uint64_t h)
{
    size_t i = h & (t->n_slots - 1);
    while (t->slots[i] && (t->hashes[i] != (uint32_t)(h >> 32) || strcmp(t->strings[t->slots[i] - 1], s) != 0))
        i = (i + 1) & (t->n_slots - 1);
    return i;
}

long intern_find(const intern *t, const char *s)
{
    if (!t->n_slots)
        return -1;
    size_t i = probe(t, s, fnv(s));
    return t->slots[i] ? (long)t->slots[i] - 1 : -1;
}

static bool grow(intern *t)
{
    size_t n = t->n_slots ? 2 * t->n_slots : 256;
    uint32_t *slots = calloc(n, sizeof *slots), *hashes = malloc(n * sizeof *hashes);
    if (!slots || !hashes) {
        free(slots);
        free(hashes);
        return false;
    }
    for (size_t k = 0; k < t->n; k++) {
        uint64_t h = fnv(t->strings[k]);
        size_t i = h & (n - 1);
        while (slots[i])
            i = (i + 1) & (n - 1);
        slots[i] = (uint32_t)k + 1;
        hashes[i] = (uint32_t)(h >> 32);
    }
    free(t->slots);
    free(t->hashes);
    t->slots = slots;
    t->hashes = hashes;
    t->n_slots = n;
    return true;
}

/* s's id, added when new; -1 when out of memory. */
long intern_add(intern *t, const char *s)
{
    long id = intern_find(t, s);
    if (id >= 0)
        return id;
    if ((t->n + 1) * 2 > t->n_slots && !grow(t))
        return -1;
    if (!ZESLM_GROW(t->strings, t->n + 1, t->cap))
        return -1;
    if (!(t->strings[t->n] = strdup(s)))
        return -1;
    uint64_t h = fnv(s);
    size_t i = probe(t, s, h);
    t->slots[i] = (uint32_t)t->n + 1;
    t->hashes[i] = (uint32_t)(h >> 32);
    return (long)t->n++;
}

void intern_free(intern *t)
{
    for (size_t k = 0; k < t->n; k++)
        free(t->strings[k]);
    free(t->strings);
    free(t->slots);
    free(t->hashes);
}
