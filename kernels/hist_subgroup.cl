// The histogram document's two kernels as it wrote them for Intel GPUs: sub-groups of
// a required size ([[intel::reqd_sub_group_size(16)]]) that load their words with
// sg.load, a sub-group block read of 64-bit words (intel_sub_group_block_read_ul,
// cl_intel_subgroups_long). The same fixes as hist.cl (mask 0xFF, any n, any group size
// that is a multiple of the sub-group size); hist.cl's doc_private and doc_slm read the
// same layout with plain loads, the portable side of the comparison. The _sg32 kernels
// take the same layout in 32-wide sub-groups with plain loads: Intel's compiler (IGC
// 22.43) refuses block reads in SIMD32 below Xe-HPC ("Block reads not supported in
// SIMD32" for tgllp, dg1, acm-g10). Built only for devices with Intel's sub-group
// extensions, so that the rest builds everywhere else.
#pragma OPENCL EXTENSION cl_intel_subgroups : enable

#define NUM_BINS 256
// Words per work-item, as in the document (DOC_BLOCK in hist.cl).
#define DOC_BLOCK 256

// The k-th word of this work-item in the document's layout: each sub-group owns
// sg*DOC_BLOCK consecutive words and reads sg of them at a time, with one block read
// where `block` (a constant after inlining). A block read needs the whole sub-group;
// the last, partial block of the input is read lane by lane. Returns false where the
// word is past the end.
static bool doc_load(__global const ulong *in, uint n, uint k, bool block, ulong *x)
{
    size_t sg = get_sub_group_size();
    size_t w = (get_group_id(0) * get_local_size(0) + get_sub_group_id() * sg) * DOC_BLOCK + k * sg;
    if (block && w + sg <= n) { // uniform across the sub-group
        *x = intel_sub_group_block_read_ul(in + w);
        return true;
    }
    w += get_sub_group_local_id();
    if (w >= n)
        return false;
    *x = in[w];
    return true;
}

// Private bins, then 256 global atomics per work-item (hist_doc_private).
static void doc_private(__global const ulong *in, uint n, volatile __global uint *bins, bool block)
{
    uint h[NUM_BINS];
    for (int b = 0; b < NUM_BINS; b++)
        h[b] = 0;
    for (uint k = 0; k < DOC_BLOCK; k++) {
        ulong x;
        if (!doc_load(in, n, k, block, &x))
            continue;
        for (int s = 0; s < 8; s++) {
            h[x & 0xFF] += 1;
            x >>= 8;
        }
    }
    for (int b = 0; b < NUM_BINS; b++)
        atomic_add(&bins[b], h[b]);
}

// One SLM histogram per group (hist_doc_slm).
static void doc_slm(__global const ulong *in, uint n, volatile __global uint *bins, volatile __local uint *lh,
                    bool block)
{
    size_t wg = get_local_size(0), lid = get_local_id(0);
    for (size_t b = lid; b < NUM_BINS; b += wg)
        lh[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint k = 0; k < DOC_BLOCK; k++) {
        ulong x;
        if (!doc_load(in, n, k, block, &x))
            continue;
        for (int s = 0; s < 8; s++) {
            atomic_inc(&lh[x & 0xFF]);
            x >>= 8;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t b = lid; b < NUM_BINS; b += wg)
        atomic_add(&bins[b], lh[b]);
}

__attribute__((intel_reqd_sub_group_size(16)))
__kernel void hist_doc_private_sg16(__global const ulong *in, uint n, volatile __global uint *bins)
{
    doc_private(in, n, bins, true);
}

__attribute__((intel_reqd_sub_group_size(32)))
__kernel void hist_doc_private_sg32(__global const ulong *in, uint n, volatile __global uint *bins)
{
    doc_private(in, n, bins, false);
}

__attribute__((intel_reqd_sub_group_size(16)))
__kernel void hist_doc_slm_sg16(__global const ulong *in, uint n, volatile __global uint *bins,
                                volatile __local uint *lh)
{
    doc_slm(in, n, bins, lh, true);
}

__attribute__((intel_reqd_sub_group_size(32)))
__kernel void hist_doc_slm_sg32(__global const ulong *in, uint n, volatile __global uint *bins,
                                volatile __local uint *lh)
{
    doc_slm(in, n, bins, lh, false);
}
