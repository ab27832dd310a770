// SPDX-License-Identifier: MIT
// A short kernel whose SLM reservation the host sets: the cost of switching between
// two reservations (launched back to back, a small and a large alternating) against
// launches of one size. Each group writes `words` words of its reservation, then each
// work-item reads back words other work-items wrote (lanes reversed), so the whole
// reservation is used; the group adds what it read to sums[its group]: over a
// sequence, the sum of (w ^ tag) over every launch's words, which the host checks.
__kernel void slm_fill(__global uint *sums, uint tag, volatile __local uint *slm, uint words)
{
    uint lid = get_local_id(0), size = get_local_size(0), acc = 0;
    for (uint w = lid; w < words; w += size)
        slm[w] = w ^ tag;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint w = size - 1 - lid; w < words; w += size)
        acc += slm[w];
    atomic_add(&sums[get_group_id(0)], acc);
}
