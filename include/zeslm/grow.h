/* SPDX-License-Identifier: MIT */
/* An array grown one way by the library and its tools (git's ALLOC_GROW and st_mult):
 * its capacity doubled, or raised to what is needed, with the byte count checked for
 * overflow before any allocation. */
#ifndef ZESLM_GROW_H
#define ZESLM_GROW_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Makes room for `need` items of `size` bytes in the array whose pointer is at
 * `items` (a T **) and whose capacity is *cap: where need > *cap, reallocates it to
 * the larger of need and twice *cap, and sets *cap. Returns false, the array and *cap
 * as they were, where the bytes would overflow size_t or the host is out of memory. */
bool zeslm_grow(void *items, size_t *cap, size_t need, size_t size);

/* zeslm_grow for an array `items` of capacity `cap` (lvalues): room for `need` items. */
#define ZESLM_GROW(items, need, cap) zeslm_grow(&(items), &(cap), (need), sizeof *(items))

#ifdef __cplusplus
}
#endif

#endif
