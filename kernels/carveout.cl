// SPDX-License-Identifier: MIT
// The L1 cache against reserved SLM: global-memory latency and read bandwidth of one
// footprint while each group reserves `slm_words` words of dynamic SLM, which on GPUs
// whose SLM and L1 share one array per compute unit (NVIDIA since Volta, Intel Xe-HPC
// and Xe2) the driver may carve out of the L1. Each kernel comes twice: with the
// reservation (a __local argument, which it uses so that it is real) and without any
// SLM, for the reservation of 0, which no __local argument can express (OpenCL and
// Level Zero refuse a local argument of 0 bytes).

// The dependent-load chain of latency.cl (next[i] is the node after node i; pos[0] holds
// where the chain stands between launches), followed by work-item 0 alone.
#define CHASE(next, steps, pos)          \
    uint i = pos[0];                     \
    for (uint s = 0; s < steps; s++)     \
        i = next[i];

__kernel void chase_unreserved(__global const uint *next, uint steps, __global uint *pos)
{
    if (get_local_id(0) != 0)
        return;
    CHASE(next, steps, pos)
    pos[0] = i;
}

// The chain's end passes through the reservation's last word on its way to pos.
__kernel void chase_reserved(__global const uint *next, uint steps, __global uint *pos, volatile __local uint *slm,
                             uint slm_words)
{
    if (get_local_id(0) != 0)
        return;
    CHASE(next, steps, pos)
    slm[slm_words - 1] = i;
    pos[0] = slm[slm_words - 1];
}

// Every group reads the whole footprint (quads 16-byte words), `passes` times, as
// coalesced 16-byte loads, and adds the sum of every 32-bit word it read (mod 2^32) to
// sums[its group]: passes times the footprint's sum, which the host checks.
#define READ_ALL(data, quads, passes)                                          \
    uint acc = 0;                                                              \
    for (uint p = 0; p < passes; p++)                                          \
        for (uint w = get_local_id(0); w < quads; w += get_local_size(0)) {    \
            uint4 v = data[w];                                                 \
            acc += v.x + v.y + v.z + v.w;                                      \
        }

__kernel void read_unreserved(__global const uint4 *data, uint quads, uint passes, __global uint *sums)
{
    READ_ALL(data, quads, passes)
    atomic_add(&sums[get_group_id(0)], acc);
}

// Each work-item's sum goes through its own word of the reservation, which holds at
// least one word per work-item (the host sees to it).
__kernel void read_reserved(__global const uint4 *data, uint quads, uint passes, __global uint *sums,
                            volatile __local uint *slm, uint slm_words)
{
    READ_ALL(data, quads, passes)
    slm[get_local_id(0)] = acc;
    atomic_add(&sums[get_group_id(0)], slm[get_local_id(0)]);
}
