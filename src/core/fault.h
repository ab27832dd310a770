/* SPDX-License-Identifier: MIT */
/* The fault injector the tests run every workload under (docs/testing.md). */
#ifndef ZESLM_FAULT_H
#define ZESLM_FAULT_H

#include <stddef.h>

#include <zeslm/status.h>

/* With ZESLM_FAULT=corrupt-reads in the environment, changes one word of a read from
 * device memory that has just arrived in dst (bytes long), as a device computing a
 * wrong result would; without it, does nothing. A value of ZESLM_FAULT that is not
 * corrupt-reads, slow:WORKLOAD:FACTOR or slow-once:WORKLOAD:FACTOR is refused
 * (ZESLM_ERR_INVALID_ARG), so that a
 * misspelt fault cannot pass as no fault. */
zeslm_status zeslm_fault_read(void *dst, size_t bytes);

/* With ZESLM_FAULT=slow:WORKLOAD:FACTOR, *factor is FACTOR (an integer, 2 to
 * ZESLM_FAULT_SLOW_MAX) for that workload: each of its repetitions launches its kernels
 * FACTOR times in one timed span (bench.c), a device FACTOR times as slow there, as a
 * test of the fleet's verdicts needs. Else *factor is 1. A malformed slow fault, or a
 * value no fault has, is refused. */
#define ZESLM_FAULT_SLOW_MAX 100u
zeslm_status zeslm_fault_slow(const char *workload, unsigned *factor);

/* ZESLM_FAULT=slow-once:WORKLOAD:FACTOR slows WORKLOAD as slow: does, but only the first
 * time it runs in this process (on any device): a transient slowdown, which a
 * confirmation that measures it again must clear (fleet/confirm.h). The library calls
 * this as each workload begins (zeslm_workload_run); it counts the slow-once
 * workload's runs. */
void zeslm_fault_workload_begin(const char *workload);

#endif
