#include <string.h>

#include <zeslm/targets.h>

/* Source: Intel's GPU Occupancy Calculator (oneAPI-samples,
 * Tools/GPU-Occupancy-Calculator/index.html, 2023), per generation: EUs per subslice,
 * threads per EU, SLM per subslice and per work-group, the SLM allocation sizes, the
 * largest work-group and the work-groups a subslice holds. Product families are what
 * ocloc 22.43 writes into .note.intelgt.compat. */
static const uint16_t slm_sizes[] = {0, 1, 2, 4, 8, 16, 32, 64};
static const uint16_t slm_sizes_hpc[] = {0, 1, 2, 4, 8, 16, 32, 48, 64, 96, 128};
#define SIZES(a) a, sizeof a / sizeof a[0]

const zeslm_intel_target zeslm_intel_targets[] = {
    {"skl", "Gen9", 18, 8, 7, 65536, 65536, 256, 56, SIZES(slm_sizes)},
    {"icllp", "Gen11", 26, 8, 7, 65536, 65536, 256, 56, SIZES(slm_sizes)},
    {"tgllp", "Xe-LP", 29, 16, 7, 65536, 65536, 512, 112, SIZES(slm_sizes)},
    {"rkl", "Xe-LP", 30, 16, 7, 65536, 65536, 512, 112, SIZES(slm_sizes)},
    {"adl-p", "Xe-LP", 32, 16, 7, 65536, 65536, 512, 112, SIZES(slm_sizes)},
    {"dg1", "Xe-LP", 1210, 16, 7, 65536, 65536, 512, 112, SIZES(slm_sizes)},
    {"acm-g10", "Xe-HPG", 1270, 16, 8, 131072, 65536, 1024, 128, SIZES(slm_sizes)},
    {"acm-g11", "Xe-HPG", 1270, 16, 8, 131072, 65536, 1024, 128, SIZES(slm_sizes)},
    {"acm-g12", "Xe-HPG", 1270, 16, 8, 131072, 65536, 1024, 128, SIZES(slm_sizes)},
    {"pvc", "Xe-HPC", 1271, 8, 8, 131072, 131072, 1024, 64, SIZES(slm_sizes_hpc)},
};
const size_t zeslm_intel_target_count = sizeof zeslm_intel_targets / sizeof zeslm_intel_targets[0];

/* A subslice has 32 barrier registers: a kernel with a barrier holds one a group. */
#define BARRIER_REGISTERS 32

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
    if (out->slm_allocated && t->slm_per_subslice / out->slm_allocated < groups) {
        groups = t->slm_per_subslice / out->slm_allocated;
        out->limited_by = "SLM";
    }
    if (k->barrier_count && BARRIER_REGISTERS < groups) {
        groups = BARRIER_REGISTERS;
        out->limited_by = "barriers";
    }
    if (t->max_groups_per_subslice < groups) {
        groups = t->max_groups_per_subslice;
        out->limited_by = "group slots";
    }
    out->groups = groups;
}
