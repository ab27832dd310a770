/* SPDX-License-Identifier: MIT */
/* Work on several threads, used in order: a merge parses its files on every core but
 * merges them in the order given, and writes its devices' JSON made on every core in
 * the order of the document. At most `ahead` items wait made, so memory holds a few. */
#ifndef ZESLM_ORDERED_H
#define ZESLM_ORDERED_H

#include <stddef.h>

typedef struct ordered_steps {
    /* Item i, made on a worker thread (NULL: use says what that means). */
    void *(*make)(void *ctx, size_t i);
    /* Item i on the calling thread, in order of i; it owns `made`. Nonzero stops. */
    int (*use)(void *ctx, size_t i, void *made);
    /* An item made but not used, after a stop. */
    void (*drop)(void *ctx, void *made);
} ordered_steps;

/* make for every i in [0, n) on up to `threads` threads (none started, or 1: all on
 * the calling thread), use in order. Returns 0, or the first nonzero use. */
int ordered_map(size_t n, unsigned threads, size_t ahead, const ordered_steps *steps, void *ctx);

/* The threads worth starting: the cores online, at least 1. */
unsigned ordered_cores(void);

#endif
