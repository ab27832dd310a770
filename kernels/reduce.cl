// SPDX-License-Identifier: MIT
// Sum of 32-bit integers. Sums wrap modulo 2^32 (uint arithmetic), which the host
// reference reproduces exactly; signed overflow would be undefined behaviour.
//
// Every kernel writes one partial sum per work-group into `partial`, a buffer that no
// work-group reads: the document wrote into the array that other groups were still
// reading (a race between work-groups).

// The document's first step: each work-item adds its two elements and stores the sum in
// its SLM word (0 past the end, the sum's neutral element). Fixed: the document needed
// an even length; each of the two loads is guarded on its own, so any length works.
static void load_pair(__global const uint *in, uint n, __local uint *slm)
{
    size_t gid = get_global_id(0);
    uint v = 0;
    if (2 * gid < n)
        v = in[2 * gid];
    if (2 * gid + 1 < n)
        v += in[2 * gid + 1];
    slm[get_local_id(0)] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
}

// The document's tree: two loads per work-item, interleaved addressing
// (idx = 2*stride*lid) with a barrier per step. Needs a power-of-two group size
// (idx + stride must stay inside the group).
__kernel void reduce_doc_tree(__global const uint *in, uint n,
                              __global uint *partial, __local uint *slm)
{
    size_t lid = get_local_id(0);
    size_t wg = get_local_size(0);

    load_pair(in, n, slm);
    for (size_t stride = 1; stride < wg; stride *= 2) {
        size_t idx = 2 * stride * lid;
        if (idx < wg)
            slm[idx] += slm[idx + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        partial[get_group_id(0)] = slm[0];
}

// Sequential addressing: the active work-items are contiguous, so they touch
// consecutive SLM words (no bank conflicts) and whole sub-groups retire together
// instead of leaving half of every sub-group idle. Power-of-two group size.
__kernel void reduce_sequential(__global const uint *in, uint n,
                                __global uint *partial, __local uint *slm)
{
    size_t lid = get_local_id(0);
    size_t wg = get_local_size(0);

    load_pair(in, n, slm);
    for (size_t s = wg / 2; s > 0; s >>= 1) {
        if (lid < s)
            slm[lid] += slm[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        partial[get_group_id(0)] = slm[0];
}

// Reduces a group's per-work-item sums in SLM and adds the group's total to *result.
// Sequential addressing; power-of-two group size.
static void group_sum_to_global(uint v, __local uint *slm, volatile __global uint *result)
{
    size_t lid = get_local_id(0);
    slm[lid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s)
            slm[lid] += slm[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        atomic_add(result, slm[0]);
}

// Many elements per work-item: a grid-stride loop of 16-byte loads keeps enough
// bytes in flight to saturate device memory, the SLM tree runs once per group
// instead of once per 2 elements, and one atomic per group replaces the extra passes.
// Two loads per step into two sums, as roofline/read: with one, the H100 ran 1-6%
// slower at 2^24..2^26 elements (the loop is short there and the loads wait in turn).
// *result must be zero before the launch.
__kernel void reduce_many(__global const uint4 *in4, __global const uint *in, uint n,
                          volatile __global uint *result, __local uint *slm)
{
    size_t gid = get_global_id(0);
    size_t gsz = get_global_size(0);
    uint n4 = n / 4;
    uint4 a = (uint4)(0), b = (uint4)(0);
    size_t i = gid;
    for (; i + gsz < n4; i += 2 * gsz) {
        a += in4[i];
        b += in4[i + gsz];
    }
    if (i < n4)
        a += in4[i];
    a += b;
    uint v = a.x + a.y + a.z + a.w;
    // The 0..3 elements past the last whole uint4.
    if (gid < n - 4 * n4)
        v += in[4 * n4 + gid];
    group_sum_to_global(v, slm, result);
}
