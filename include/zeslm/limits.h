/* SPDX-License-Identifier: MIT */
/* Per-group SLM limits and occupancy: how SLM and group size bound what runs at once. */
#ifndef ZESLM_LIMITS_H
#define ZESLM_LIMITS_H

#include <zeslm/device.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Largest work-group whose work-items each need `bytes_per_item` bytes of SLM:
 * floor(slm_limit / bytes_per_item), capped by max_group (0 = no cap).
 * 64 KiB and 512 B per item give 128, as the document's example says.
 * Returns 0 when bytes_per_item is 0 or larger than the limit. */
uint32_t zeslm_max_group_for_slm(uint64_t slm_limit, uint64_t bytes_per_item, uint32_t max_group);

typedef enum zeslm_limiter {
    ZESLM_LIMITER_NONE,       /* nothing known bounds it */
    ZESLM_LIMITER_SLM,        /* SLM of the subslice / compute unit */
    ZESLM_LIMITER_THREADS,    /* hardware threads of the subslice */
    ZESLM_LIMITER_GROUPS,     /* the groups a compute unit can hold at all */
    ZESLM_LIMITER_BARRIERS,   /* the barrier registers of a subslice */
} zeslm_limiter;

const char *zeslm_limiter_name(zeslm_limiter l);

typedef struct zeslm_occupancy_query {
    uint64_t slm_per_group;   /* bytes the group allocates */
    uint32_t group_size;      /* work-items */
    uint32_t simd;            /* work-items per hardware thread (compiled SIMD width) */
    uint64_t slm_per_cu;      /* bytes of SLM one subslice / compute unit holds; 0 = the device's
                               * slm_per_cu where known, else assume the per-group limit */
    uint32_t barriers;        /* barrier registers one group holds (zeslm_occupancy_barriers) */
    uint32_t barrier_registers; /* of one subslice / compute unit; 0 unknown (not bounded) */
} zeslm_occupancy_query;

/* The barriers a group of the asked shape is taken to hold, the one rule of both
 * `limits` paths (a device, a --target): one where it allocates SLM (a group shares SLM
 * through a barrier, as every kernel of this project's that uses SLM does), none where it
 * allocates none (the default of Intel's occupancy calculator, "Does the kernel use
 * barriers? NO"). A compiled kernel's own barrier count replaces it where known. */
uint32_t zeslm_occupancy_barriers(uint64_t slm_per_group);

typedef struct zeslm_occupancy {
    uint32_t groups;          /* work-groups resident on one subslice / compute unit */
    zeslm_limiter limiter;
    uint32_t by_slm;          /* groups SLM alone allows; UINT32_MAX when unbounded */
    uint32_t by_threads;      /* groups hardware threads alone allow; UINT32_MAX when unknown */
    uint32_t threads_per_group;
    uint32_t threads_per_cu;  /* 0 unknown */
    uint64_t slm_per_cu;      /* what was used for the SLM bound */
    bool slm_per_cu_assumed;  /* true when it is the per-group limit, not a known fact */
    uint32_t slm_charged;     /* bytes a group takes from the compute unit, reserve included */
    uint32_t by_barriers;     /* groups the barrier registers allow; UINT32_MAX when unbounded */
} zeslm_occupancy;

/* Checks the query against the device (group size and SLM over the limits are
 * ZESLM_ERR_INVALID_ARG with a message) and computes how many groups fit: the fewest
 * that SLM and hardware threads allow (SLM named on a tie), then the barrier registers
 * and the groups a compute unit holds where they allow fewer. zeslm_target_fit_kernel
 * takes the same rule for an Intel target. */
zeslm_status zeslm_occupancy_compute(const zeslm_device_info *dev, const zeslm_occupancy_query *q,
                                     zeslm_occupancy *out);

#ifdef __cplusplus
}
#endif

#endif
