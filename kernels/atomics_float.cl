// SPDX-License-Identifier: MIT
// Float add, min and max (cl_ext_float_atomics), in a file of their own because they
// need OpenCL C 3.0 (spirv/CMakeLists.txt builds it with -cl-std=CL3.0, and so does
// the OpenCL backend from source) and a device without the extension cannot build it.
// The contract is atomics.cl's, with float operands that keep every result exact:
//   add      a = (gid & 15) + 1 on even rounds, -a on odd ones and 1 - a on the last
//            (rounds is even), so each work-item adds exactly 1 per launch and every
//            partial sum is an integer between init and init + 16 * n, which float
//            holds exactly below 2^24: every order of the additions gives the same
//            word; ret sums the returned bits (unchecked)
//   min/max  (x >> 8) - 2^23 for the LCG's x, as a float: integers below 2^23 in
//            magnitude, exact; ret sums the returned bits (unchecked)
// init (SLM) is the words' starting value as bits (+inf for min, -inf for max).
#pragma OPENCL EXTENSION cl_ext_float_atomics : enable

#if __OPENCL_C_VERSION__ < 300
#error "atomics_float.cl needs OpenCL C 3.0 (-cl-std=CL3.0)"
#endif

#define F32_ADDV(r) ((r) & 1 ? (float)((r) + 1 == rounds) - (float)((gid & 15) + 1) : (float)((gid & 15) + 1))
#define F32_MV(x) ((float)((int)((x) >> 8) - 0x800000))

// Relaxed order, as OpenCL 1.x's atomic_add has; the scope is the memory's: the
// work-group for SLM, the device for global words that every group updates.
#define FLOAT_LOOPS(P, SCOPE)                                                         \
    uint acc = 0;                                                                     \
    uint x = gid * 2654435761u + salt;                                                \
    switch (op) {                                                                     \
    case 0:                                                                           \
        for (uint r = 0; r < rounds; r++)                                             \
            acc += as_uint(atomic_fetch_add_explicit(P, F32_ADDV(r), memory_order_relaxed, SCOPE)); \
        break;                                                                        \
    case 3:                                                                           \
        for (uint r = 0; r < rounds; r++) {                                           \
            x = x * 1664525u + 1013904223u;                                           \
            acc += as_uint(atomic_fetch_min_explicit(P, F32_MV(x), memory_order_relaxed, SCOPE)); \
        }                                                                             \
        break;                                                                        \
    default:                                                                          \
        for (uint r = 0; r < rounds; r++) {                                           \
            x = x * 1664525u + 1013904223u;                                           \
            acc += as_uint(atomic_fetch_max_explicit(P, F32_MV(x), memory_order_relaxed, SCOPE)); \
        }                                                                             \
        break;                                                                        \
    }

// op: 0 add, 3 min, 4 max (atomics.cl's numbering).
// Global words start at their initial value on the host.
__kernel void atomics_global_f32_ext(__global float *data, __global const uint *idx, uint n, uint op, uint rounds,
                                     uint salt, __global uint *ret)
{
    uint gid = get_global_id(0);
    if (gid >= n)
        return;
    volatile __global atomic_float *p = (volatile __global atomic_float *)&data[idx[gid]];
    FLOAT_LOOPS(p, memory_scope_device)
    ret[gid] += acc;
}

// slm holds `words` words; out receives them at get_group_id(0) * words.
__kernel void atomics_slm_f32_ext(__global float *out, __global const uint *idx, uint n, uint op, uint rounds,
                                  uint init, uint salt, __global uint *ret, uint words,
                                  volatile __local atomic_float *slm)
{
    uint gid = get_global_id(0), lid = get_local_id(0);
    // Plain stores, not atomic_init: the barrier publishes them to the group.
    volatile __local float *plain = (volatile __local float *)slm;
    for (uint w = lid; w < words; w += get_local_size(0))
        plain[w] = as_float(init);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (gid < n) {
        volatile __local atomic_float *p = &slm[idx[gid]];
        FLOAT_LOOPS(p, memory_scope_work_group)
        ret[gid] = acc;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint w = lid; w < words; w += get_local_size(0))
        out[get_group_id(0) * words + w] = plain[w];
}
