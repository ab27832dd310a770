/* SPDX-License-Identifier: MIT */
/* The fault injector the tests run every workload under (docs/testing.md). */
#ifndef ZESLM_FAULT_H
#define ZESLM_FAULT_H

#include <stddef.h>

#include <zeslm/status.h>

/* With ZESLM_FAULT=corrupt-reads in the environment, changes one word of a read from
 * device memory that has just arrived in dst (bytes long), as a device computing a
 * wrong result would; without it, does nothing. Any other value of ZESLM_FAULT is
 * refused (ZESLM_ERR_INVALID_ARG), so that a misspelt fault cannot pass as no fault. */
zeslm_status zeslm_fault_read(void *dst, size_t bytes);

#endif
