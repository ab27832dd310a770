/* SPDX-License-Identifier: MIT */
/* A small seeded generator (splitmix64) so that inputs are reproducible from --seed
 * on every platform, unlike rand(). */
#ifndef ZESLM_RNG_H
#define ZESLM_RNG_H

#include <stdint.h>

typedef struct zeslm_rng {
    uint64_t state;
} zeslm_rng;

static inline uint64_t zeslm_rng_next(zeslm_rng *r)
{
    uint64_t z = (r->state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* Uniform in [0, n), n > 0. The modulo bias is below 2^-32 for the n used here. */
static inline uint64_t zeslm_rng_below(zeslm_rng *r, uint64_t n)
{
    return zeslm_rng_next(r) % n;
}

#endif
