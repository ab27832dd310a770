// SPDX-License-Identifier: MIT
// Dependent-load latency: one work-item follows a chain through a random cyclic
// permutation (next[i] is the node after node i), so every load's address comes from
// the load before it and no two accesses overlap.
//
// pos[0] holds the node where the chain stands: a launch starts there and leaves the
// node it stopped at, so successive launches go on along the cycle and visit new
// nodes. Restarting from the same node every launch would touch the same few
// thousand lines each time, and those would stay cached however large the footprint.

// The chain in global memory: launched as one group of one work-item.
__kernel void chase_global(__global const uint *next, uint steps, __global uint *pos)
{
    uint i = pos[0];
    for (uint s = 0; s < steps; s++)
        i = next[i];
    pos[0] = i;
}

// The chain in SLM: the whole group copies the n-word permutation in, then work-item
// 0 alone follows it. slm holds n words.
__kernel void chase_slm(__global const uint *next, uint n, uint steps, __global uint *pos, __local uint *slm)
{
    for (uint w = get_local_id(0); w < n; w += get_local_size(0))
        slm[w] = next[w];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0) {
        uint i = pos[0];
        for (uint s = 0; s < steps; s++)
            i = slm[i];
        pos[0] = i;
    }
}

// A chain of SLM atomics: each step is one atomic add whose old value holds the next
// node in its low 16 bits; the add counts the visit in the high 16 bits, so the
// atomic really writes and the final words tell how often each node was visited.
// After the chase the group copies the n words to out. n <= 65536.
__kernel void chase_slm_atomic(__global const uint *next, uint n, uint steps, __global uint *pos,
                               __global uint *out, volatile __local uint *slm)
{
    for (uint w = get_local_id(0); w < n; w += get_local_size(0))
        slm[w] = next[w];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0) {
        uint i = pos[0];
        for (uint s = 0; s < steps; s++)
            i = atomic_add(&slm[i], 0x10000u) & 0xFFFFu;
        pos[0] = i;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint w = get_local_id(0); w < n; w += get_local_size(0))
        out[w] = slm[w];
}
