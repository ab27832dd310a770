/* A results file as a list of devices: schema 1 (`run` on one device, before schema 3)
 * holds one, schemas 2 and 3 one per element of "devices"; and which devices of two
 * files `compare` sets side by side. */
#ifndef ZESLM_RESULTS_SET_H
#define ZESLM_RESULTS_SET_H

#include <stdbool.h>

#include "doc/results_file.h"

typedef struct results_set {
    results_file *devices; /* in the file's order */
    size_t count;          /* at least 1 */
} results_set;

/* Parses `len` bytes of JSON of schema 1, 2 or 3. Returns 0, or -1 with a reason in `why`. */
int results_set_parse(const char *text, size_t len, results_set *out, char *why, size_t why_len);
void results_set_free(results_set *s);

typedef struct results_pair {
    size_t old_index, new_index; /* positions in the two sets */
} results_pair;

/* Pairs the devices of `old` and `new` (pairs holds the smaller count) by identity:
 * the name, the sub-device flag, the UUID and PCI address where the files hold them,
 * and the index in the run where several share those; with `any_device`, the devices
 * left then pair in order whatever their names. *n: the number of pairs. Returns 0,
 * or -1 with the reason in `why` when a device could be any of several (the pairing
 * would be a guess) or when out of memory. */
int results_set_pair(const results_set *old, const results_set *new, bool any_device, results_pair *pairs,
                     size_t *n, char *why, size_t why_len);

#endif
