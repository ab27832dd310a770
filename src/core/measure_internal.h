/* SPDX-License-Identifier: MIT */
/* What the measuring loop shares with the workloads. */
#ifndef ZESLM_MEASURE_INTERNAL_H
#define ZESLM_MEASURE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

/* The poison of zeslm_measure_opts: word i is 0xA5A5A5A5 ^ i, a pattern no kernel
 * writes by accident. */
void zeslm_poison_pattern(uint32_t *words, size_t n);

#endif
