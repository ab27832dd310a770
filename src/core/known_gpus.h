/* SPDX-License-Identifier: MIT */
/* Per-compute-unit facts that OpenCL does not report, for GPUs known by name. */
#ifndef ZESLM_KNOWN_GPUS_H
#define ZESLM_KNOWN_GPUS_H

#include <zeslm/device.h>

/* Fills slm_per_cu, slm_reserved_per_group, threads_per_cu, max_groups_per_cu and
 * simd_width of `info` when its name is in the table; leaves them 0 otherwise. */
void zeslm_known_gpu_facts(zeslm_device_info *info);

#endif
