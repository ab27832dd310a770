/* SPDX-License-Identifier: MIT */
/* Faults on demand, for tests alone (docs/testing.md); none without ZESLM_FAULT.
 * Wrong device results: every output a workload checks, and every value a
 * kernel returns, arrives through zeslm_buffer_read, so one changed word in each read
 * is a wrong result in every variant. Their host checks must then refuse every one; a
 * corrupted run reported as measured is the bug the injector exists to find
 * (tests/cli/run/corrupt_reads.sh). */
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "fault.h"

/* Flips bits of the mantissa and of the exponent at once: an integer far from its
 * value, a float far from its value (an infinity or NaN only from one in [2^-52,
 * 2^-51), whose exponent is 0x4B). */
#define CORRUPT_MASK 0x5A5A5A5Au

zeslm_status zeslm_fault_read(void *dst, size_t bytes)
{
    const char *fault = getenv("ZESLM_FAULT");
    if (!fault || !*fault)
        return ZESLM_OK;
    if (strncmp(fault, "slow:", 5) == 0 || strncmp(fault, "slow-once:", 10) == 0) {
        unsigned factor;
        return zeslm_fault_slow(NULL, &factor);
    }
    if (strcmp(fault, "corrupt-reads") != 0)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "ZESLM_FAULT=%s: the faults are corrupt-reads, slow:WORKLOAD:FACTOR and slow-once:WORKLOAD:FACTOR",
                          fault);
    if (bytes < sizeof(uint32_t)) {
        if (bytes)
            *(unsigned char *)dst ^= (unsigned char)CORRUPT_MASK;
        return ZESLM_OK;
    }
    /* The middle word: neither an edge a check might skip nor one a kernel's tail
     * might leave unwritten alone. */
    size_t at = (bytes / sizeof(uint32_t)) / 2 * sizeof(uint32_t);
    uint32_t word;
    memcpy(&word, (unsigned char *)dst + at, sizeof word);
    word ^= CORRUPT_MASK;
    memcpy((unsigned char *)dst + at, &word, sizeof word);
    return ZESLM_OK;
}

/* The times this process began the workload of a slow-once fault
 * (zeslm_fault_workload_begin): atomic, as devices run their workloads in threads. */
static atomic_uint once_begun;

/* "slow:WORKLOAD:FACTOR" or "slow-once:WORKLOAD:FACTOR" parsed; false when malformed. */
static bool parse_slow(const char *fault, char name[64], unsigned *factor, bool *once)
{
    *once = strncmp(fault, "slow-once:", 10) == 0;
    size_t at = *once ? 10 : 5;
    int end = 0;
    return (*once || strncmp(fault, "slow:", 5) == 0) && sscanf(fault + at, "%63[^:]:%u%n", name, factor, &end) == 2 &&
           fault[at + (size_t)end] == '\0' && *factor >= 2 && *factor <= ZESLM_FAULT_SLOW_MAX;
}

/* A slowed workload: "slow:WORKLOAD:FACTOR", or "slow-once:..." while the workload runs
 * for the first time in this process. workload NULL checks the value alone. */
zeslm_status zeslm_fault_slow(const char *workload, unsigned *factor)
{
    *factor = 1;
    const char *fault = getenv("ZESLM_FAULT");
    if (!fault || !*fault || strcmp(fault, "corrupt-reads") == 0)
        return ZESLM_OK;
    char name[64];
    unsigned f;
    bool once;
    if (!parse_slow(fault, name, &f, &once))
        return zeslm_fail(ZESLM_ERR_INVALID_ARG,
                          "ZESLM_FAULT=%s: the faults are corrupt-reads, slow:WORKLOAD:FACTOR and "
                          "slow-once:WORKLOAD:FACTOR (FACTOR 2 to %u)",
                          fault, ZESLM_FAULT_SLOW_MAX);
    if (workload && strcmp(workload, name) == 0 && (!once || atomic_load(&once_begun) <= 1))
        *factor = f;
    return ZESLM_OK;
}

void zeslm_fault_workload_begin(const char *workload)
{
    const char *fault = getenv("ZESLM_FAULT");
    char name[64];
    unsigned f;
    bool once;
    if (fault && parse_slow(fault, name, &f, &once) && once && strcmp(workload, name) == 0)
        atomic_fetch_add(&once_begun, 1);
}
