/* SPDX-License-Identifier: MIT */
/* The kernel-timestamp timer: OpenCL profiling times (ns) as ticks of a counter of
 * ZESLM_ZECL_TIMER_HZ ticks a second (default 12 MHz, the 83.33 ns tick of Intel's
 * Gen12 GPUs, which a whole number of ns cannot state) with ZESLM_ZECL_TIMER_BITS
 * valid bits (default 32, as Gen12 reports for kernel timestamps). With
 * ZESLM_ZECL_TIMER_BELOW_WRAP=N the counter reads 2^bits - N at the start of the
 * first kernel, so that the first launch longer than N ticks crosses the wrap. */
#include <errno.h>
#include <stdlib.h>

#include "zecl.h"

static uint64_t hz = 12000000;
static uint32_t bits = 32;
static uint64_t below_wrap;
static bool origin_set;
static uint64_t origin_ns; /* where the counter reads 2^bits - below_wrap */

/* A whole number from the environment within [least, most], or the default. */
static ze_result_t env_number(const char *name, uint64_t least, uint64_t most, uint64_t *value)
{
    const char *text = getenv(name);
    if (!text || !*text)
        return ZE_RESULT_SUCCESS;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || *end || text[0] == '-' || v < least || v > most)
        return zecl_fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, "zeInit", "%s=%s is not a whole number from %llu to %llu",
                         name, text, (unsigned long long)least, (unsigned long long)most);
    *value = v;
    return ZE_RESULT_SUCCESS;
}

ze_result_t zecl_timer_init(void)
{
    uint64_t b = bits;
    ze_result_t r = env_number("ZESLM_ZECL_TIMER_HZ", 1000, 4000000000u, &hz);
    if (r == ZE_RESULT_SUCCESS)
        r = env_number("ZESLM_ZECL_TIMER_BITS", 16, 64, &b);
    bits = (uint32_t)b;
    if (r == ZE_RESULT_SUCCESS)
        r = env_number("ZESLM_ZECL_TIMER_BELOW_WRAP", 1, bits == 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1,
                       &below_wrap);
    return r;
}

uint64_t zecl_timer_hz(void)
{
    return hz;
}

uint32_t zecl_timer_bits(void)
{
    return bits;
}

uint64_t zecl_timer_ticks(uint64_t ns)
{
    uint64_t mask = bits == 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
    if (!origin_set) {
        origin_ns = below_wrap ? ns : 0;
        origin_set = true;
    }
    /* Ticks since the origin, floor(ns * hz / 1e9) in 128 bits; a time before the
     * origin (an end is never one) counts back from it. */
    __int128 since = ((__int128)ns - (__int128)origin_ns) * (__int128)hz;
    __int128 ticks = since >= 0 ? since / 1000000000 : -((-since + 999999999) / 1000000000);
    uint64_t counter = (uint64_t)(unsigned __int128)(ticks - (__int128)below_wrap);
    /* Above the valid bits the specification promises nothing: a reader that does not
     * mask sees this. */
    uint64_t junk = bits == 64 ? 0 : ~mask & UINT64_C(0x5a5a5a5a5a5a5a5a) * (ns & 0xff);
    return (counter & mask) | junk;
}
