/* SPDX-License-Identifier: MIT */
/* Which devices of two documents `compare` sets side by side. */
#ifndef ZESLM_DEVICE_PAIR_H
#define ZESLM_DEVICE_PAIR_H

#include <stdbool.h>

#include "model/run_doc.h"

typedef struct device_pair {
    size_t old_index, new_index; /* positions in the two documents' devices */
} device_pair;

/* Pairs the devices of `old` and `new` (pairs holds the smaller count) by identity
 * (run_doc_same_device), first those at the same place too (index, host and rank),
 * then those whose identity alone is unique. Where the two files enumerated their
 * devices differently (a place holds another device in each), a device with no UUID
 * or PCI address that shares its name and kind with others is not paired by its index
 * (that would be a guess) and is refused; with `any_device`, the devices left then
 * pair in order whatever their names. *n: the number of pairs, in NEW's order.
 * Returns 0, or -1 with the reason in `why` when a device could be any of several
 * (the pairing would be a guess) or when out of memory. */
int device_pair_make(const run_doc *old, const run_doc *new, bool any_device, device_pair *pairs, size_t *n,
                     char *why, size_t why_len);

#endif
