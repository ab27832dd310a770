/* SPDX-License-Identifier: MIT */
#include <string.h>

#include <zeslm/limits.h>
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
/* Xe2's group limit and SLM steps: the calculator's xe2_hpg and xe2_lpg entries at
 * commit 94d83ddd (index.html lines 238-271: Max_Work_Group_Size 1024, TG_SLM_Sizes 0 to
 * 128 KiB with 24, 48 and 96); NEO encodes the same steps
 * (EncodeDispatchKernel::computeSlmValues, command_encoder_xehp_and_later.inl lines
 * 1014-1050, at commit e37c60bf). */
#define CALC_NEW "Intel GPU Occupancy Calculator (oneAPI-samples at 94d83ddd, index.html"
#define XE2_STEPS                                                                                        \
    "Groups up to 1024 and the SLM allocation steps (1 to 128 KiB, 24, 48 and 96 among them) are the "  \
    CALC_NEW " lines 238-271, xe2_hpg/xe2_lpg entries, January 2025); NEO encodes the same steps "      \
    "(command_encoder_xehp_and_later.inl lines 1014-1050, computeSlmValues, at e37c60bf). Not "          \
    "compilable with this compiler (ocloc 22.43 exits 223)"
/* BMG: compute-runtime's release helper for BMG-G21 (release_helper_2001.cpp) includes
 * release_helper_preferred_slm_xe2_hpg_160k.inl, whose table of SLM allocation sizes goes
 * up to 160 KiB; LNL's (release_helper_2004.cpp, the xe2 common table) stops at 128 KiB. */
#define BMG_SLM                                                                                         \
    "sources disagree on SLM a Xe-core: 160 KiB per compute-runtime's BMG table of SLM allocation "      \
    "sizes (release_helper_preferred_slm_xe2_hpg_160k.inl, BMG-G21), which this table follows; 128 KiB " \
    "(the calculator's xe2_hpg entry, and the most one group may use, hw_info_bmg.cpp). LNL's table "    \
    "stops at 128 KiB. " XE2_STEPS
#define LNL_SLM "SLM a Xe-core: 128 KiB, where compute-runtime's LNL table of SLM allocation sizes stops. " XE2_STEPS
/* DG2 (Arc A): the SLM a Xe-core is the largest preferred SLM allocation NEO programs,
 * from each release's table (compute-runtime at commit e37c60bf, shared/source/
 * release_helpers/release_helper/): release_helper_dg2_g11.cpp line 24 includes
 * release_helper_preferred_slm_xe_hpg_96k.inl (lines 13-17, ending at 96 KB);
 * release_helper_dg2_g12.cpp line 24 the _128k.inl (lines 13-18, ending at 128 KB);
 * release_helper_dg2_g10.cpp line 25 the _g10.inl, 128 KB (lines 12-19) except for
 * DG2_G10_B0, which gets the 96 KB table (lines 20-29). The calculator's one
 * xe_hpg_dg2_arc entry says 128 KiB for every Arc A (index.html line 337 at 94d83ddd).
 * A group's SLM is allocated in powers of two from 1 KiB on Xe-HPG, Arc A and Xe-LPG alike
 * (computeSlmValues, xe_hpg_core/command_encoder_xe_hpg_core.cpp lines 148-156). */
#define NEO_DG2(file, line) "NEO compute-runtime " file " line " line " (commit e37c60bf)"
#define DG2_SLM(kib)                                                                                           \
    "sources disagree on SLM a Xe-core: " kib " KiB per the table of preferred SLM allocation sizes NEO "      \
    "programs for this part (the source above), which this table follows, as the driver does; 128 KiB per "   \
    "the calculator's one xe_hpg_dg2_arc entry for every Arc A (index.html line 337 at 94d83ddd)"
#define G10_SLM                                                                                               \
    "SLM a Xe-core: 128 KiB (NEO release_helper_preferred_slm_xe_hpg_g10.inl lines 12-19, and the "         \
    "calculator); NEO gives the DG2-G10 B0 stepping the 96 KiB table instead (lines 20-29, hardwareIpVersion " \
    "DG2_G10_B0), which `limits --target` cannot tell apart: on a B0 part use --slm-per-cu 98304"
/* Xe-LPG (Meteor Lake, Arrow Lake-H): the calculator's xe_lpg entry (index.html lines
 * 274-290 at 94d83ddd: 16 XVEs of 8 threads, 64 KiB a group, groups up to 1024, 128
 * groups and 128 barrier registers a Xe-core, SLM a Xe-core 128 KiB); NEO's release
 * helpers: release_helper_mtl_h.cpp line 28 and release_helper_mtl_u.cpp line 27 include
 * the 96 KB table, release_helper_arl_h.cpp line 25 the 128 KB one; hw_info_mtl.cpp line
 * 48 and hw_info_arl.cpp line 46 maxProgrammableSlmSize = 64 (KiB a group). */
#define XE_LPG_SRC(file)                                                                              \
    CALC_NEW " lines 274-290, xe_lpg entry: XVEs, threads, group size, groups and barriers a Xe-core); " \
    "NEO compute-runtime " file " (preferred SLM table) and hw_info_mtl.cpp line 48 / hw_info_arl.cpp "  \
    "line 46 (64 KiB a group), commit e37c60bf"
#define MTL_SLM                                                                                              \
    "sources disagree on SLM a Xe-core: 96 KiB per NEO's MTL release helpers (the 96 KB table), which this " \
    "table follows, as the driver does; 128 KiB per the calculator's xe_lpg entry. Not compilable with "     \
    "this compiler (ocloc 22.43 exits 223)"
#define ARL_SLM                                                                                                \
    "Arrow Lake-H (NEO's release_helper_arl_h.cpp; other Arrow Lake parts are other releases, not covered "    \
    "here). Not compilable with this compiler (ocloc 22.43 exits 223)"
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
     CALC_GEN("Xe HPG Arc") "; " NEO_DG2("release_helper_dg2_g10.cpp", "25"), G10_SLM},
    {"acm-g11", "Xe-HPG", 1270, 16, 8, 98304, 65536, 1024, 128, SIZES(slm_sizes), 128, 8, true,
     NEO_DG2("release_helper_dg2_g11.cpp", "24") ", which includes release_helper_preferred_slm_xe_hpg_96k.inl "
                                                 "(its table ends at 96 KB, lines 13-17): SLM a Xe-core; " CALC_GEN("Xe HPG Arc") " (the rest)",
     DG2_SLM("96")},
    {"acm-g12", "Xe-HPG", 1270, 16, 8, 131072, 65536, 1024, 128, SIZES(slm_sizes), 128, 8, true,
     CALC_GEN("Xe HPG Arc") "; " NEO_DG2("release_helper_dg2_g12.cpp", "24"), NULL},
    {"pvc", "Xe-HPC", 1271, 8, 8, 131072, 131072, 1024, 64, SIZES(slm_sizes_hpc), 64, 16, true,
     CALC_GEN("Xe HPC Max"), NULL},
    {"lnl", "Xe2", 1275, 8, 8, 131072, 131072, 1024, 64, SIZES(slm_sizes_hpc), 64, 16, false, NEO_XE2, LNL_SLM},
    {"bmg", "Xe2", 1274, 8, 8, 163840, 131072, 1024, 64, SIZES(slm_sizes_hpc), 64, 16, false, NEO_XE2, BMG_SLM},
    {"mtl", "Xe-LPG", 1272, 16, 8, 98304, 65536, 1024, 128, SIZES(slm_sizes), 128, 8, false,
     XE_LPG_SRC("release_helper_mtl_h.cpp line 28, release_helper_mtl_u.cpp line 27"), MTL_SLM},
    {"arl", "Xe-LPG", 1273, 16, 8, 131072, 65536, 1024, 128, SIZES(slm_sizes), 128, 8, false,
     XE_LPG_SRC("release_helper_arl_h.cpp line 25"), ARL_SLM},
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

uint32_t zeslm_target_slm_allocated(const zeslm_intel_target *t, uint32_t bytes)
{
    for (size_t i = 0; i < t->n_slm_sizes; i++)
        if (bytes <= t->slm_sizes_kib[i] * 1024u)
            return t->slm_sizes_kib[i] * 1024u;
    return UINT32_MAX;
}

/* The rule of zeslm_occupancy_compute, which a device's `limits` takes too, over the
 * target's figures: one rule for both paths. */
void zeslm_target_fit_kernel(const zeslm_intel_target *t, const zeslm_zebin_kernel *k, uint32_t group_size,
                             zeslm_target_fit *out)
{
    memset(out, 0, sizeof *out);
    uint32_t simd = k->simd_size ? k->simd_size : 1;
    uint32_t threads = threads_per_subslice(t, k);
    out->slm_allocated = zeslm_target_slm_allocated(t, k->slm_size);
    if (k->slm_size > t->slm_per_group || out->slm_allocated > t->slm_per_subslice)
        return;
    /* A group runs on one subslice, so all its threads must fit there at once. */
    out->max_group_size = threads * simd < t->max_group_size ? threads * simd : t->max_group_size;
    if (group_size == 0 || group_size > out->max_group_size)
        return;
    out->threads_per_group = (group_size + simd - 1) / simd;
    zeslm_device_info d = {.slm_per_cu = t->slm_per_subslice, .threads_per_cu = threads,
                           .max_groups_per_cu = t->max_groups_per_subslice};
    zeslm_occupancy_query q = {.slm_per_group = out->slm_allocated, .group_size = group_size, .simd = simd,
                               .barriers = k->barrier_count, .barrier_registers = t->barrier_registers};
    zeslm_occupancy occ;
    if (zeslm_occupancy_compute(&d, &q, &occ) != ZESLM_OK || occ.limiter == ZESLM_LIMITER_NONE)
        return; /* not reached: the checks above are the ones it makes */
    out->groups = occ.groups;
    out->limited_by = zeslm_limiter_name(occ.limiter);
}
