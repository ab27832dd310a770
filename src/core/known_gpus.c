/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "known_gpus.h"

/* Source: CUDA C++ Programming Guide, "Technical Specifications per Compute Capability":
 * shared memory per SM, resident warps and blocks per SM, and the 1 KB of shared memory
 * the driver reserves for each resident block from compute capability 8.0 on. OpenCL
 * on NVIDIA reports only the 48 KiB a single work-group may use. */
static const struct known_gpu {
    const char *name_contains;
    uint64_t slm_per_cu;
    uint32_t reserved_per_group;
    uint32_t warps_per_cu;
    uint32_t groups_per_cu;
} known[] = {
    {"H100", 228 * 1024, 1024, 64, 32}, /* compute capability 9.0 */
    {"H200", 228 * 1024, 1024, 64, 32}, /* 9.0 */
    {"A100", 164 * 1024, 1024, 64, 32}, /* 8.0 */
};

void zeslm_known_gpu_facts(zeslm_device_info *info)
{
    if (info->vendor_id != 0x10de)
        return;
    for (size_t i = 0; i < sizeof known / sizeof *known; i++) {
        if (strstr(info->name, known[i].name_contains)) {
            info->slm_per_cu = known[i].slm_per_cu;
            info->slm_reserved_per_group = known[i].reserved_per_group;
            info->threads_per_cu = known[i].warps_per_cu;
            info->max_groups_per_cu = known[i].groups_per_cu;
            info->simd_width = 32; /* a warp */
            return;
        }
    }
}
