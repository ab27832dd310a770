// SPDX-License-Identifier: MIT
// The histogram document's two kernels as it wrote them for Intel GPUs: sub-groups of
// a required size ([[intel::reqd_sub_group_size(16)]]) that load their words with
// sg.load, a sub-group block read of 64-bit words (intel_sub_group_block_read_ul,
// cl_intel_subgroups_long). The same fixes as hist.cl: mask 0xFF; any n, the last
// group checking each word with plain loads; any group size that is a multiple of the
// sub-group size. hist.cl's doc_private and doc_slm read the same layout with plain
// loads, the portable side of the comparison. The _sg32 kernels take the same layout
// in 32-wide sub-groups with plain loads: Intel's compiler (IGC 22.43) refuses block
// reads in SIMD32 below Xe-HPC ("Block reads not supported in SIMD32" for tgllp, dg1,
// acm-g10). Built only for devices with Intel's sub-group extensions, so that the rest
// builds everywhere else.
#pragma OPENCL EXTENSION cl_intel_subgroups : enable

#define NUM_BINS 256
// Words per work-item, as in the document (DOC_BLOCK in hist.cl).
#define DOC_BLOCK 256

// The first word of this sub-group in the document's layout: each sub-group owns
// sg*DOC_BLOCK consecutive words and reads sg of them at a time, lane l the l-th.
// 32-bit, as the document's int arithmetic: n < 2^29 words (the host checks).
static uint doc_base(void)
{
    return (get_group_id(0) * get_local_size(0) + get_sub_group_id() * get_sub_group_size()) * DOC_BLOCK;
}

// Whether every word of this group exists (as in hist.cl: the unchecked loop for all
// but the last group).
static bool doc_group_full(uint n)
{
    return (get_group_id(0) + 1) * get_local_size(0) * DOC_BLOCK <= n;
}

// The k-th word of this work-item in a full group: sg.load, one block read for the
// sub-group where `block` (a constant after inlining), else a load per lane.
static ulong doc_load(__global const ulong *in, uint base, uint k, bool block)
{
    uint sg = get_sub_group_size();
    return block ? intel_sub_group_block_read_ul(in + base + k * sg) : in[base + k * sg + get_sub_group_local_id()];
}

static void doc_count_private(uint *h, ulong x)
{
    for (int s = 0; s < 8; s++) {
        h[x & 0xFF] += 1;
        x >>= 8;
    }
}

static void doc_count_slm(__local uint *lh, ulong x)
{
    for (int s = 0; s < 8; s++) {
        atomic_inc(&lh[x & 0xFF]);
        x >>= 8;
    }
}

// Private bins, then 256 global atomics per work-item (hist_doc_private).
static void doc_private(__global const ulong *in, uint n, __global uint *bins, bool block)
{
    uint h[NUM_BINS];
    for (int b = 0; b < NUM_BINS; b++)
        h[b] = 0;
    uint base = doc_base(), sg = get_sub_group_size(), lane = get_sub_group_local_id();
    if (doc_group_full(n)) {
        for (uint k = 0; k < DOC_BLOCK; k++)
            doc_count_private(h, doc_load(in, base, k, block));
    } else {
        for (uint k = 0; k < DOC_BLOCK; k++)
            if (base + k * sg + lane < n)
                doc_count_private(h, in[base + k * sg + lane]);
    }
    for (int b = 0; b < NUM_BINS; b++)
        atomic_add(&bins[b], h[b]);
}

// One SLM histogram per group (hist_doc_slm).
static void doc_slm(__global const ulong *in, uint n, __global uint *bins, __local uint *lh, bool block)
{
    uint wg = get_local_size(0), lid = get_local_id(0);
    for (uint b = lid; b < NUM_BINS; b += wg)
        lh[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint base = doc_base(), sg = get_sub_group_size(), lane = get_sub_group_local_id();
    if (doc_group_full(n)) {
        for (uint k = 0; k < DOC_BLOCK; k++)
            doc_count_slm(lh, doc_load(in, base, k, block));
    } else {
        for (uint k = 0; k < DOC_BLOCK; k++)
            if (base + k * sg + lane < n)
                doc_count_slm(lh, in[base + k * sg + lane]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint b = lid; b < NUM_BINS; b += wg)
        atomic_add(&bins[b], lh[b]);
}

__attribute__((intel_reqd_sub_group_size(16)))
__kernel void hist_doc_private_sg16(__global const ulong *in, uint n, __global uint *bins)
{
    doc_private(in, n, bins, true);
}

__attribute__((intel_reqd_sub_group_size(32)))
__kernel void hist_doc_private_sg32(__global const ulong *in, uint n, __global uint *bins)
{
    doc_private(in, n, bins, false);
}

__attribute__((intel_reqd_sub_group_size(16)))
__kernel void hist_doc_slm_sg16(__global const ulong *in, uint n, __global uint *bins,
                                __local uint *lh)
{
    doc_slm(in, n, bins, lh, true);
}

__attribute__((intel_reqd_sub_group_size(32)))
__kernel void hist_doc_slm_sg32(__global const ulong *in, uint n, __global uint *bins,
                                __local uint *lh)
{
    doc_slm(in, n, bins, lh, false);
}
