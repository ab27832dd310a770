/* SPDX-License-Identifier: MIT */
#include <zeslm/limits.h>

#include "error.h"

uint32_t zeslm_max_group_for_slm(uint64_t slm_limit, uint64_t bytes_per_item, uint32_t max_group)
{
    if (bytes_per_item == 0)
        return 0;
    uint64_t n = slm_limit / bytes_per_item;
    if (max_group && n > max_group)
        n = max_group;
    return n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
}

const char *zeslm_limiter_name(zeslm_limiter l)
{
    switch (l) {
    case ZESLM_LIMITER_SLM: return "SLM";
    case ZESLM_LIMITER_THREADS: return "hardware threads";
    case ZESLM_LIMITER_GROUPS: return "groups per compute unit";
    case ZESLM_LIMITER_BARRIERS: return "barriers";
    case ZESLM_LIMITER_NONE: break;
    }
    return "unknown";
}

uint32_t zeslm_occupancy_barriers(uint64_t slm_per_group)
{
    return slm_per_group ? 1 : 0;
}

zeslm_status zeslm_occupancy_compute(const zeslm_device_info *dev, const zeslm_occupancy_query *q,
                                     zeslm_occupancy *out)
{
    *out = (zeslm_occupancy){.by_slm = UINT32_MAX, .by_threads = UINT32_MAX, .by_barriers = UINT32_MAX};
    if (q->group_size == 0)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "group size must be at least 1");
    if (dev->max_group_size && q->group_size > dev->max_group_size)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "group size %u exceeds the device maximum %u",
                          q->group_size, dev->max_group_size);
    if (dev->slm_per_group && q->slm_per_group > dev->slm_per_group)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "%llu bytes of SLM per group exceed the device's %llu",
                          (unsigned long long)q->slm_per_group, (unsigned long long)dev->slm_per_group);
    if (q->simd == 0)
        return zeslm_fail(ZESLM_ERR_INVALID_ARG, "SIMD width must be at least 1");

    out->slm_per_cu = q->slm_per_cu ? q->slm_per_cu : dev->slm_per_cu ? dev->slm_per_cu : dev->slm_per_group;
    out->slm_per_cu_assumed = !q->slm_per_cu && !dev->slm_per_cu;
    /* Where the driver reserves SLM for every resident group, a group costs that too. */
    uint64_t charged = q->slm_per_group + dev->slm_reserved_per_group;
    out->slm_charged = charged > UINT32_MAX ? UINT32_MAX : (uint32_t)charged;
    if (charged && out->slm_per_cu) {
        if (charged > out->slm_per_cu)
            return zeslm_fail(ZESLM_ERR_INVALID_ARG, "%llu bytes of SLM per group exceed the %llu per compute unit",
                              (unsigned long long)charged, (unsigned long long)out->slm_per_cu);
        uint64_t g = out->slm_per_cu / charged;
        out->by_slm = g > UINT32_MAX ? UINT32_MAX : (uint32_t)g;
    }
    out->threads_per_group = (q->group_size + q->simd - 1) / q->simd;
    out->threads_per_cu = dev->threads_per_cu ? dev->threads_per_cu : dev->eus_per_subslice * dev->threads_per_eu;
    if (out->threads_per_cu) {
        if (out->threads_per_group > out->threads_per_cu)
            return zeslm_fail(ZESLM_ERR_INVALID_ARG, "a group of %u needs %u hardware threads; a subslice has %u",
                              q->group_size, out->threads_per_group, out->threads_per_cu);
        out->by_threads = out->threads_per_cu / out->threads_per_group;
    }
    out->groups = out->by_slm < out->by_threads ? out->by_slm : out->by_threads;
    if (out->groups == UINT32_MAX)
        out->limiter = ZESLM_LIMITER_NONE;
    else
        out->limiter = out->by_slm <= out->by_threads ? ZESLM_LIMITER_SLM : ZESLM_LIMITER_THREADS;
    /* A group holding barriers takes them from the subslice's registers (NEO's
     * KernelHelper::getMaxWorkGroupCount divides the same way). */
    if (q->barriers && q->barrier_registers) {
        out->by_barriers = q->barrier_registers / q->barriers;
        if (out->by_barriers < out->groups) {
            out->groups = out->by_barriers;
            out->limiter = ZESLM_LIMITER_BARRIERS;
        }
    }
    if (dev->max_groups_per_cu && dev->max_groups_per_cu < out->groups) {
        out->groups = dev->max_groups_per_cu;
        out->limiter = ZESLM_LIMITER_GROUPS;
    }
    return ZESLM_OK;
}
