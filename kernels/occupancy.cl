// SPDX-License-Identifier: MIT
// SLM occupancy and barrier cost.

// A memory-latency-bound copy through SLM (out[i] = in[i + 1 within the group] + 1,
// 0 + 1 past n) whose group
// reserves `slm_words` of SLM, of which it uses only get_local_size(0): the reservation
// alone decides how many groups a subslice / compute unit holds at once, and with
// fewer resident groups fewer loads are in flight, so throughput drops in steps where
// the next group no longer fits. Each work-item handles `per_item` elements, one
// group-size apart, so every load stays coalesced.
__kernel void occ_copy(__global const uint *in, __global uint *out, uint n, uint per_item,
                       __local uint *slm)
{
    size_t lid = get_local_id(0), wg = get_local_size(0);
    size_t base = get_group_id(0) * wg * per_item;
    for (uint k = 0; k < per_item; k++) {
        size_t i = base + k * wg + lid;
        slm[lid] = i < n ? in[i] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        // Read a neighbour's word so the SLM traffic cannot be optimised away.
        uint v = slm[(lid + 1) % wg];
        barrier(CLK_LOCAL_MEM_FENCE);
        if (i < n)
            out[i] = v + 1;
    }
}

// Cost of a work-group barrier: `iters` rounds of one SLM write, BARRIERS_PER_ROUND
// barriers and a read of the neighbour's word. The barriers come back to back so a
// round's time is theirs: the write, the read and the loop's own instructions are
// shared by 16 barriers instead of costing as much as two of them, which made the
// time per barrier grow with the warps of a group (each warp issues those
// instructions) rather than with the barrier. Nothing may merge them: a
// barrier is a convergent call with a memory fence (OpenCL C 2.0, 6.13.8), and the
// `occupancy/barrier` check reads the compiler's code for the count where it can.
// out[g] = sum over rounds r of (neighbour's global id + r).
#define BARRIERS_PER_ROUND 17
#define BARRIER4                                                                                                       \
    barrier(CLK_LOCAL_MEM_FENCE);                                                                                      \
    barrier(CLK_LOCAL_MEM_FENCE);                                                                                      \
    barrier(CLK_LOCAL_MEM_FENCE);                                                                                      \
    barrier(CLK_LOCAL_MEM_FENCE)
__kernel void barrier_loop(__global uint *out, uint iters, __local uint *slm)
{
    size_t lid = get_local_id(0), wg = get_local_size(0);
    uint g = get_global_id(0);
    uint acc = 0;
    for (uint r = 0; r < iters; r++) {
        slm[lid] = g + r;
        BARRIER4;
        BARRIER4;
        BARRIER4;
        BARRIER4;
        acc += slm[(lid + 1) % wg];
        // So that the next round's write cannot overtake a neighbour's read.
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[g] = acc;
}
