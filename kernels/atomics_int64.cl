// SPDX-License-Identifier: MIT
// The operations of atomics.cl on 64-bit integers, in a file of their own because a
// device without 64-bit atomics cannot build it (and would otherwise lose the 32-bit
// kernels too). The contract is atomics.cl's, with 64-bit operands:
//   add      ((ulong)((gid & 15) + 1) << 32) + 1, so the high half carries too
//   xchg     v * 0x100000001 for atomics.cl's 32-bit v
//   min/max  ((ulong)x << 32) | (x ^ 0x5bd1e995) for the LCG's x, as a signed long
// ret[gid] sums the returned 64-bit values (or counts compare-exchange successes).
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

// ATOMIC_LOOPS as in atomics.cl (OpenCL C files cannot include each other here: the
// kernels are built from embedded text with no include path).
#define ATOMIC_LOOPS(P, T, UT, A_ADD, A_XCHG, A_CMPXCHG, A_MIN, A_MAX, ADDV, XV, MV)  \
    UT acc = 0;                                                                       \
    uint x = gid * 2654435761u + salt;                                                \
    switch (op) {                                                                     \
    case 0:                                                                           \
        for (uint r = 0; r < rounds; r++)                                             \
            acc += (UT)A_ADD(P, ADDV);                                                \
        break;                                                                        \
    case 1:                                                                           \
        for (uint r = 0; r < rounds; r++)                                             \
            acc += (UT)A_XCHG(P, XV(gid * rounds + r + 1));                           \
        break;                                                                        \
    case 2: {                                                                         \
        T guess = init;                                                               \
        for (uint r = 0; r < rounds; r++) {                                           \
            T old = A_CMPXCHG(P, guess, (T)((UT)guess + 1));                          \
            acc += old == guess;                                                      \
            guess = old == guess ? (T)((UT)guess + 1) : old;                          \
        }                                                                             \
        break;                                                                        \
    }                                                                                 \
    case 3:                                                                           \
        for (uint r = 0; r < rounds; r++) {                                           \
            x = x * 1664525u + 1013904223u;                                           \
            acc += (UT)A_MIN(P, MV(x));                                               \
        }                                                                             \
        break;                                                                        \
    default:                                                                          \
        for (uint r = 0; r < rounds; r++) {                                           \
            x = x * 1664525u + 1013904223u;                                           \
            acc += (UT)A_MAX(P, MV(x));                                               \
        }                                                                             \
        break;                                                                        \
    }

#define I64_ADDV (((long)((gid & 15) + 1) << 32) + 1)
#define I64_XV(v) ((long)((ulong)(v) * 0x100000001ul))
#define I64_MV(v) ((long)(((ulong)(v) << 32) | ((v) ^ 0x5bd1e995u)))

// init is passed as two halves: the kernel-argument API takes 32-bit values.
__kernel void atomics_global_i64(__global long *data, __global const uint *idx, uint n, uint op, uint rounds,
                                 uint init_lo, uint init_hi, uint salt, __global ulong *ret)
{
    uint gid = get_global_id(0);
    if (gid >= n)
        return;
    long init = (long)(((ulong)init_hi << 32) | init_lo);
    volatile __global long *p = &data[idx[gid]];
    ATOMIC_LOOPS(p, long, ulong, atom_add, atom_xchg, atom_cmpxchg, atom_min, atom_max, I64_ADDV, I64_XV, I64_MV)
    ret[gid] += acc;
}

__kernel void atomics_slm_i64(__global long *out, __global const uint *idx, uint n, uint op, uint rounds,
                              uint init_lo, uint init_hi, uint salt, __global ulong *ret, uint words,
                              volatile __local long *slm)
{
    uint gid = get_global_id(0), lid = get_local_id(0);
    long init = (long)(((ulong)init_hi << 32) | init_lo);
    for (uint w = lid; w < words; w += get_local_size(0))
        slm[w] = init;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (gid < n) {
        volatile __local long *p = &slm[idx[gid]];
        ATOMIC_LOOPS(p, long, ulong, atom_add, atom_xchg, atom_cmpxchg, atom_min, atom_max, I64_ADDV, I64_XV,
                     I64_MV)
        ret[gid] = acc;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint w = lid; w < words; w += get_local_size(0))
        out[get_group_id(0) * words + w] = slm[w];
}
