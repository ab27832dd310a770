/* SPDX-License-Identifier: MIT */
/* Where a repetition's launches began on the device, handed from the backend that
 * launched them to the repetition timing them (bench.c) without passing through every
 * workload's repetition function. Per thread: each device of a run measures on a
 * thread of its own. */
#include <stdbool.h>
#include <stdint.h>

#include "backend.h"

static _Thread_local struct {
    bool open;     /* a repetition is being timed */
    bool have;     /* its first launch gave its start */
    uint64_t start_ns;
} span;

void zeslm_launch_span_begin(void)
{
    span.open = true;
    span.have = false;
}

void zeslm_launch_started(uint64_t start_ns)
{
    if (span.open && !span.have) {
        span.start_ns = start_ns;
        span.have = true;
    }
}

bool zeslm_launch_span_start(uint64_t *start_ns)
{
    span.open = false;
    *start_ns = span.start_ns;
    return span.have;
}
