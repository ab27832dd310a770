// SPDX-License-Identifier: MIT
// reduce_many_subgroup (reduce_subgroup.cl) as Intel GPUs are programmed: a required
// sub-group size (16 or 32 lanes, intel_reqd_sub_group_size) and, in 16-wide
// sub-groups, block reads (intel_sub_group_block_read4: one message brings 4 words to
// each lane) in place of one uint4 load per work-item. The 32-wide kernel loads uint4s
// lane by lane: Intel's compiler (IGC 22.43) refuses block reads in SIMD32 below Xe-HPC.
// Built only for devices with Intel's sub-group extensions, so that the rest builds
// everywhere else.
#pragma OPENCL EXTENSION cl_intel_subgroups : enable

// Each sub-group sums blocks of sg uint4s in a grid-stride loop over blocks, then the
// group's sub-group sums meet in SLM (one word per sub-group) and one atomic per group
// adds them to *result, which must be zero before the launch. The group size must be a
// multiple of the sub-group size, so every sub-group is whole.
static void many_blocks(__global const uint4 *in4, __global const uint *in, uint n,
                        volatile __global uint *result, __local uint *slm, bool block)
{
    uint sg = get_sub_group_size();
    size_t sgs = get_global_size(0) / sg;
    size_t me = get_group_id(0) * get_num_sub_groups() + get_sub_group_id();
    size_t blocks = n / (4 * sg);
    uint4 acc = (uint4)(0);
    for (size_t b = me; b < blocks; b += sgs)
        acc += block ? intel_sub_group_block_read4((__global const uint *)(in4 + b * sg))
                     : in4[b * sg + get_sub_group_local_id()];
    uint v = acc.x + acc.y + acc.z + acc.w;
    // The elements past the last whole block: fewer than 4*sg.
    for (size_t i = blocks * 4 * sg + get_global_id(0); i < n; i += get_global_size(0))
        v += in[i];

    v = sub_group_reduce_add(v);
    if (get_sub_group_local_id() == 0)
        slm[get_sub_group_id()] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_sub_group_id() == 0) {
        uint w = 0;
        // A group of 1024 has 64 sub-groups of 16: more than the lanes of one.
        for (uint k = get_sub_group_local_id(); k < get_num_sub_groups(); k += sg)
            w += slm[k];
        w = sub_group_reduce_add(w);
        if (get_sub_group_local_id() == 0)
            atomic_add(result, w);
    }
}

__attribute__((intel_reqd_sub_group_size(16)))
__kernel void reduce_many_sg16(__global const uint4 *in4, __global const uint *in, uint n,
                               volatile __global uint *result, __local uint *slm)
{
    many_blocks(in4, in, n, result, slm, true);
}

__attribute__((intel_reqd_sub_group_size(32)))
__kernel void reduce_many_sg32(__global const uint4 *in4, __global const uint *in, uint n,
                               volatile __global uint *result, __local uint *slm)
{
    many_blocks(in4, in, n, result, slm, false);
}
