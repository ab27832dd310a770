/* SPDX-License-Identifier: MIT */
#include <string.h>

#include <zeslm/targets.h>

/* Each target's figures and where they come from (`limits --target` prints both).
 * CALC: Intel's GPU Occupancy Calculator (oneAPI-samples, Tools/GPU-Occupancy-Calculator/
 * index.html at commit 79e88b48): XVEs (EUs) a subslice or Xe-core, threads an EU, SLM a
 * subslice and a group, the SLM allocation sizes, the largest group, the groups and the
 * barrier registers a subslice. Its xe2_lpg and xe2_hpg entries (added January 2025, after
 * that commit) give Xe2 64 barriers a Xe-core. NEO_XE2: Intel's compute-runtime,
 * shared/source/xe2_hpg_core/hw_info_lnl.cpp and hw_info_bmg.cpp (maxProgrammableSlmSize
 * 128 KiB a group; NumThreadsPerEu = 8 in setupHardwareInfoBase, at commit 0caa8d52; the
 * older citation, compiler_product_helper_xe_hp_and_later.inl, named a function removed in
 * November 2023); Xe2's 8 XVEs of SIMD16 a Xe-core are Intel's published Xe2 design.
 * Sub-group sizes: compute-runtime's GfxCoreHelperHw::getDeviceSubGroupSizes() is {8, 16,
 * 32} by default and {16, 32} in the Xe-HPC and Xe2 cores' gfx_core_helper (its test
 * XeHpcCoreDeviceCaps.givenDeviceWhenAskingForSubGroupSizesThenReturnCorrectValues). Product families are what ocloc 22.43 writes into
 * .note.intelgt.compat (test_zebin checks them on every bundled zebin); lnl's and bmg's are
 * gmmlib's igfxfmid.h (IGFX_LUNARLAKE 1275, IGFX_BMG 1274). */
#define CALC "Intel GPU Occupancy Calculator (oneAPI-samples at 79e88b48)"
#define CALC_GEN(g) CALC ", " g " entry"
#define NEO_XE2                                                                                          \
    "NEO compute-runtime hw_info_lnl.cpp/hw_info_bmg.cpp (128 KiB SLM a group; NumThreadsPerEu = 8, "     \
    "commit 0caa8d52), 8 XVEs of SIMD16 a Xe2-core (Intel Xe2 design), 64 barriers a Xe-core (Intel GPU " \
    "Occupancy Calculator, xe2_lpg/xe2_hpg entries, January 2025)"
/* Xe-LP: the calculator gives 64 KiB a subslice; Intel's oneAPI GPU optimization guide
 * (Xe-LP architecture) speaks of 128 KiB of SLM a dual subslice. */
#define XE_LP_SLM                                                                                     \
    "sources disagree on SLM a subslice: 64 KiB per the occupancy calculator, 128 KiB a dual subslice " \
    "per Intel's oneAPI GPU optimization guide; this table follows the calculator. Settle it on "       \
    "hardware with `run occupancy/slm_sweep` (the SLM a group at which throughput steps down as fewer " \
    "groups fit; the sweep prints limits' prediction beside it)"
#define XE2_ASSUMED                                                                                    \
    "Groups up to 1024 and Xe-HPC's SLM allocation steps are assumed (no public Xe2 figure); not "      \
    "compilable with this compiler (ocloc 22.43 exits 223): `run occupancy/slm_sweep` and "             \
    "`group_sweep` on hardware show the real limits"
/* BMG: compute-runtime's release helper for BMG-G21 (release_helper_2001.cpp) includes
 * release_helper_preferred_slm_xe2_hpg_160k.inl, whose table of SLM allocation sizes goes
 * up to 160 KiB; LNL's (release_helper_2004.cpp, the xe2 common table) stops at 128 KiB. */
#define BMG_SLM                                                                                         \
    "sources disagree on SLM a Xe-core: 160 KiB per compute-runtime's BMG table of SLM allocation "      \
    "sizes (release_helper_preferred_slm_xe2_hpg_160k.inl, BMG-G21), which this table follows; 128 KiB " \
    "(the most one group may use, hw_info_bmg.cpp) if that table is only a preference. LNL's table "     \
    "stops at 128 KiB. " XE2_ASSUMED
#define LNL_SLM "SLM a Xe-core: 128 KiB, where compute-runtime's LNL table of SLM allocation sizes stops. " XE2_ASSUMED
static const uint16_t slm_sizes[] = {0, 1, 2, 4, 8, 16, 32, 64};
static const uint16_t slm_sizes_hpc[] = {0, 1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128};
#define SIZES(a) a, sizeof a / sizeof a[0]

const zeslm_intel_target zeslm_intel_targets[] = {
    {"skl", "Gen9", 18, 8, 7, 65536, 65536, 256, 56, SIZES(slm_sizes), 32, 8, true, CALC_GEN("Gen9"), NULL},
    {"icllp", "Gen11", 26, 8, 7, 65536, 65536, 256, 56, SIZES(slm_sizes), 32, 8, true, CALC_GEN("Gen11"), NULL},
    {"tgllp", "Xe-LP", 29, 16, 7, 65536, 65536, 512, 112, SIZES(slm_sizes), 64, 8, true, CALC_GEN("Xe LP"), XE_LP_SLM},
    {"rkl", "Xe-LP", 30, 16, 7, 65536, 65536, 512, 112, SIZES(slm_sizes), 64, 8, true, CALC_GEN("Xe LP"), XE_LP_SLM},
    {"adl-p", "Xe-LP", 32, 16, 7, 65536, 65536, 512, 112, SIZES(slm_sizes), 64, 8, true, CALC_GEN("Xe LP"), XE_LP_SLM},
    {"dg1", "Xe-LP", 1210, 16, 7, 65536, 65536, 512, 112, SIZES(slm_sizes), 64, 8, true, CALC_GEN("Xe LP Iris Xe MAX"),
     XE_LP_SLM},
    {"acm-g10", "Xe-HPG", 1270, 16, 8, 131072, 65536, 1024, 128, SIZES(slm_sizes), 128, 8, true,
     CALC_GEN("Xe HPG Arc"), NULL},
    {"acm-g11", "Xe-HPG", 1270, 16, 8, 131072, 65536, 1024, 128, SIZES(slm_sizes), 128, 8, true,
     CALC_GEN("Xe HPG Arc"), NULL},
    {"acm-g12", "Xe-HPG", 1270, 16, 8, 131072, 65536, 1024, 128, SIZES(slm_sizes), 128, 8, true,
     CALC_GEN("Xe HPG Arc"), NULL},
    {"pvc", "Xe-HPC", 1271, 8, 8, 131072, 131072, 1024, 64, SIZES(slm_sizes_hpc), 64, 16, true,
     CALC_GEN("Xe HPC Max"), NULL},
    {"lnl", "Xe2", 1275, 8, 8, 131072, 131072, 1024, 64, SIZES(slm_sizes_hpc), 64, 16, false, NEO_XE2, LNL_SLM},
    {"bmg", "Xe2", 1274, 8, 8, 163840, 131072, 1024, 64, SIZES(slm_sizes_hpc), 64, 16, false, NEO_XE2, BMG_SLM},
};
const size_t zeslm_intel_target_count = sizeof zeslm_intel_targets / sizeof zeslm_intel_targets[0];

const zeslm_intel_target *zeslm_intel_target_find(const char *name)
{
    if (strcmp(name, "dg2") == 0) /* ocloc's older name for DG2-G10 */
        name = "acm-g10";
    for (size_t i = 0; i < zeslm_intel_target_count; i++)
        if (strcmp(zeslm_intel_targets[i].name, name) == 0)
            return &zeslm_intel_targets[i];
    return NULL;
}

const zeslm_intel_target *zeslm_intel_target_by_family(uint32_t family)
{
    for (size_t i = 0; i < zeslm_intel_target_count; i++)
        if (zeslm_intel_targets[i].product_family == family)
            return &zeslm_intel_targets[i];
    return NULL;
}

/* Hardware threads of a subslice for this kernel: the 256-register mode that large
 * kernels compile to halves the threads an EU holds. */
static uint32_t threads_per_subslice(const zeslm_intel_target *t, const zeslm_zebin_kernel *k)
{
    uint32_t per_eu = k->grf_count > 128 ? t->threads_per_eu / 2 : t->threads_per_eu;
    return t->eus_per_subslice * per_eu;
}

static uint32_t slm_rounded(const zeslm_intel_target *t, uint32_t bytes)
{
    for (size_t i = 0; i < t->n_slm_sizes; i++)
        if (bytes <= t->slm_sizes_kib[i] * 1024u)
            return t->slm_sizes_kib[i] * 1024u;
    return UINT32_MAX;
}

void zeslm_target_fit_kernel(const zeslm_intel_target *t, const zeslm_zebin_kernel *k, uint32_t group_size,
                             zeslm_target_fit *out)
{
    memset(out, 0, sizeof *out);
    uint32_t simd = k->simd_size ? k->simd_size : 1;
    uint32_t threads = threads_per_subslice(t, k);
    out->slm_allocated = slm_rounded(t, k->slm_size);
    if (k->slm_size > t->slm_per_group)
        return;
    /* A group runs on one subslice, so all its threads must fit there at once. */
    out->max_group_size = threads * simd < t->max_group_size ? threads * simd : t->max_group_size;
    if (group_size == 0 || group_size > out->max_group_size)
        return;
    out->threads_per_group = (group_size + simd - 1) / simd;
    uint32_t groups = threads / out->threads_per_group;
    out->limited_by = "hardware threads";
    /* On a tie SLM is named, as zeslm_occupancy_compute does for a device (issue 31). */
    if (out->slm_allocated && t->slm_per_subslice / out->slm_allocated <= groups) {
        groups = t->slm_per_subslice / out->slm_allocated;
        out->limited_by = "SLM";
    }
    if (k->barrier_count && t->barrier_registers && t->barrier_registers < groups) {
        groups = t->barrier_registers;
        out->limited_by = "barriers";
    }
    if (t->max_groups_per_subslice < groups) {
        groups = t->max_groups_per_subslice;
        out->limited_by = "group slots";
    }
    out->groups = groups;
}
