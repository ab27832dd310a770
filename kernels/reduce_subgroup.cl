// SPDX-License-Identifier: MIT
// Built only for devices that report sub-group support (cl_khr_subgroups, or every
// Level Zero device); the SLM-only variant reduce_many covers the others.
#pragma OPENCL EXTENSION cl_khr_subgroups : enable

// As reduce_many, but the group's sum is formed with sub-group reductions
// (register shuffles, no SLM and no barrier) and SLM holds one word per sub-group.
// Any group size.
__kernel void reduce_many_subgroup(__global const uint4 *in4, __global const uint *in, uint n,
                                   volatile __global uint *result, __local uint *slm)
{
    size_t gid = get_global_id(0);
    size_t gsz = get_global_size(0);
    uint n4 = n / 4;
    uint4 acc = (uint4)(0);
    for (size_t i = gid; i < n4; i += gsz)
        acc += in4[i];
    uint v = acc.x + acc.y + acc.z + acc.w;
    if (gid < n - 4 * n4)
        v += in[4 * n4 + gid];

    v = sub_group_reduce_add(v);
    if (get_sub_group_local_id() == 0)
        slm[get_sub_group_id()] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_sub_group_id() == 0) {
        uint w = get_sub_group_local_id() < get_num_sub_groups() ? slm[get_sub_group_local_id()] : 0;
        // More sub-groups than lanes in sub-group 0 (e.g. SIMD8 with 1024 items).
        for (uint k = get_sub_group_local_id() + get_sub_group_size(); k < get_num_sub_groups();
             k += get_sub_group_size())
            w += slm[k];
        w = sub_group_reduce_add(w);
        if (get_sub_group_local_id() == 0)
            atomic_add(result, w);
    }
}
