/* SPDX-License-Identifier: MIT */
/* What each Intel GPU target can hold at once, for reasoning about a kernel without
 * the GPU: one table, with where its numbers come from. */
#ifndef ZESLM_TARGETS_H
#define ZESLM_TARGETS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <zeslm/zebin.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct zeslm_intel_target {
    const char *name;               /* ocloc's -device name */
    const char *generation;         /* "Gen9", "Xe-LP", "Xe-HPG", "Xe-LPG", "Xe-HPC", "Xe2" */
    uint32_t product_family;        /* as in a zebin's .note.intelgt.compat */
    uint32_t eus_per_subslice;      /* vector engines per subslice / Xe-core */
    uint32_t threads_per_eu;        /* with the default 128 registers a thread */
    uint32_t slm_per_subslice;      /* bytes */
    uint32_t slm_per_group;         /* bytes */
    uint32_t max_group_size;
    uint32_t max_groups_per_subslice;
    const uint16_t *slm_sizes_kib;  /* the sizes SLM is allocated in, ascending */
    size_t n_slm_sizes;
    uint32_t barrier_registers;     /* a subslice's; a group with a barrier holds one; 0 unknown */
    uint32_t min_simd;              /* its smallest sub-group size (8; 16 from Xe-HPC on); 32 is the largest */
    bool compilable;                /* ocloc 22.43 (IGC 1.0.12504, Debian 12) builds for it */
    const char *source;             /* where these figures come from */
    /* Where sources disagree or a figure is assumed, and how to settle it; NULL none. */
    const char *note;
} zeslm_intel_target;

/* Where min_simd comes from, for the tool to cite. */
#define ZESLM_TARGET_SUBGROUP_SOURCE                                                             \
    "compute-runtime GfxCoreHelperHw::getDeviceSubGroupSizes(): {8, 16, 32} by default, {16, 32} " \
    "in the Xe-HPC and Xe2 cores' gfx_core_helper"

/* Where barrier_registers comes from, and the source that differs: NEO bounds a
 * cooperative launch by 32 barrier registers a subslice on every family
 * (GfxCoreHelperHw::getMaxBarrierRegisterPerSlice(), shared/source/helpers/
 * gfx_core_helper_base.inl lines 74-77, used by KernelHelper::getMaxWorkGroupCount,
 * kernel_helpers.cpp lines 49 and 62-65, at commit e37c60bf); the calculator gives each
 * generation its own count. */
#define ZESLM_TARGET_BARRIER_SOURCE                                                                     \
    "the occupancy calculator's Max_Num_Of_Barrier_Registers, per generation (32 Gen9/Gen11, 64 Xe-LP, "  \
    "Xe-HPC and Xe2, 128 Xe-HPG and Xe-LPG), which this table follows; sources disagree: NEO's "           \
    "getMaxBarrierRegisterPerSlice() returns 32 for every family (gfx_core_helper_base.inl lines 74-77, "  \
    "commit e37c60bf), the bound it puts on a cooperative launch (kernel_helpers.cpp lines 49, 62-65), "   \
    "not a per-generation count; where a group holds a barrier, NEO's cooperative count can be lower"

extern const zeslm_intel_target zeslm_intel_targets[];
extern const size_t zeslm_intel_target_count;

/* By ocloc name ("tgllp", "dg2" is taken for "acm-g10"); NULL when unknown. */
const zeslm_intel_target *zeslm_intel_target_find(const char *name);
/* By product family; NULL when unknown. The first target of that family. */
const zeslm_intel_target *zeslm_intel_target_by_family(uint32_t family);

/* How one compiled kernel fits on a target. */
typedef struct zeslm_target_fit {
    uint32_t max_group_size;        /* 0: the kernel cannot run (its SLM exceeds the limit) */
    uint32_t groups;                /* resident on one subslice at the asked group size */
    const char *limited_by;         /* zeslm_limiter_name(): "hardware threads", "SLM", "barriers",
                                     * "groups per compute unit" */
    uint32_t threads_per_group;
    uint32_t slm_allocated;         /* bytes, after rounding to the allocation sizes */
} zeslm_target_fit;

/* The bytes a group allocating `bytes` of SLM takes on the target (rounded up to its
 * allocation sizes); UINT32_MAX over the largest. */
uint32_t zeslm_target_slm_allocated(const zeslm_intel_target *t, uint32_t bytes);

/* Fits `k` at `group_size` work-items a group, by zeslm_occupancy_compute's rule; a group
 * size over the target's or the kernel's maximum gives groups = 0, SLM over what a group
 * or a subslice holds max_group_size = 0 too. */
void zeslm_target_fit_kernel(const zeslm_intel_target *t, const zeslm_zebin_kernel *k, uint32_t group_size,
                             zeslm_target_fit *out);

#ifdef __cplusplus
}
#endif

#endif
