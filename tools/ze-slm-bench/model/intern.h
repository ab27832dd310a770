/* SPDX-License-Identifier: MIT */
/* Interned strings: each distinct string stored once, its id its insertion order
 * (open addressing on FNV-1a). The fleet's result keys and models, and the rows of a
 * table across devices, are keyed through it. */
#ifndef ZESLM_INTERN_H
#define ZESLM_INTERN_H

#include <stddef.h>
#include <stdint.h>

typedef struct intern {
    char **strings;
    size_t n, cap;
    uint32_t *slots; /* id + 1; 0 empty */
    uint32_t *hashes; /* each slot's string's hash: a probe compares it before the string */
    size_t n_slots;
} intern;

/* s's id, or -1 when it is not in t. */
long intern_find(const intern *t, const char *s);

/* s's id, added (copied) when new; -1 when out of memory. */
long intern_add(intern *t, const char *s);

/* Frees the strings and the table; *t may be reused once zeroed. */
void intern_free(intern *t);

#endif
