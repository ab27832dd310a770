/* SPDX-License-Identifier: MIT */
/* Which group size of a profile is the best: only one whose launches are all faster
 * than every launch of the runner-up, as hyperfine names a winner only "± the
 * spread". At 30-50% spread between launches the fastest median changes from run to
 * run: such a profile has no clear best. */
#ifndef ZESLM_GROUP_BEST_H
#define ZESLM_GROUP_BEST_H

#include <stdbool.h>
#include <stddef.h>

#include <zeslm/bench.h>

typedef enum group_best {
    GROUP_BEST_NONE,    /* not the fastest, or no other group size of its kind */
    GROUP_BEST_CLEAR,   /* the fastest, and its slowest launch beats the runner-up's fastest */
    GROUP_BEST_UNCLEAR, /* the fastest median, within the runner-up's launches */
} group_best;

/* Where r stands among the measured results of all[first..) of its workload, variant
 * and parameters at other group sizes, by rate (work per time, or time per work:
 * "ns/..."); *runner_up (may be NULL): the second, where r is the fastest. */
group_best group_best_of(const zeslm_results *all, size_t first, const zeslm_result *r,
                         const zeslm_result **runner_up);

/* "no clear best group size for many n=1048583: 64 (5.71 GB/s) and 128 (5.46 GB/s)
 * overlap within their launches" for the fastest r of an unclear profile. */
void group_best_sentence(const zeslm_result *r, const zeslm_result *runner_up, char *buf, size_t len);

#endif
