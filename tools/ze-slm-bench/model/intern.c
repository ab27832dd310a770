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

long intern_find(const intern *t, const char *s)
{
    if (!t->n_slots)
        return -1;
    for (size_t i = fnv(s) & (t->n_slots - 1);; i = (i + 1) & (t->n_slots - 1)) {
        if (!t->slots[i])
            return -1;
        if (strcmp(t->strings[t->slots[i] - 1], s) == 0)
            return (long)t->slots[i] - 1;
    }
}

static bool grow(intern *t)
{
    size_t n = t->n_slots ? 2 * t->n_slots : 256;
    uint32_t *slots = calloc(n, sizeof *slots);
    if (!slots)
        return false;
    for (size_t k = 0; k < t->n; k++) {
        size_t i = fnv(t->strings[k]) & (n - 1);
        while (slots[i])
            i = (i + 1) & (n - 1);
        slots[i] = (uint32_t)k + 1;
    }
    free(t->slots);
    t->slots = slots;
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
    size_t i = fnv(s) & (t->n_slots - 1);
    while (t->slots[i])
        i = (i + 1) & (t->n_slots - 1);
    t->slots[i] = (uint32_t)t->n + 1;
    return (long)t->n++;
}

void intern_free(intern *t)
{
    for (size_t k = 0; k < t->n; k++)
        free(t->strings[k]);
    free(t->strings);
    free(t->slots);
}
