/* SPDX-License-Identifier: MIT */
/* The one growth of an array (include/zeslm/grow.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <zeslm/grow.h>

bool zeslm_grow(void *items, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return true;
    size_t n = *cap > SIZE_MAX / 2 ? need : 2 * *cap;
    if (n < need)
        n = need;
    /* git's st_mult: the product checked before it is used. */
    if (size && n > SIZE_MAX / size)
        return false;
    /* The pointer is copied in and out as bytes: items is a T **, for any T. */
    void *old;
    memcpy(&old, items, sizeof old);
    void *grown = realloc(old, n * size);
    if (!grown)
        return false;
    memcpy(items, &grown, sizeof grown);
    *cap = n;
    return true;
}
