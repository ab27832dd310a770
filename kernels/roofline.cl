// SPDX-License-Identifier: MIT
// Ceilings of the device, measured by the same tool in the same run as the
// workloads, so every workload can say how close to its limit it runs.

// Streaming read: every work-item sums uint4s in a grid-stride loop and the group's
// sum goes to one word, so the kernel moves n*4 bytes in and one word per group out
// (a word per work-item made it 1-3% slower than reduce/many on an H100). Two loads
// per step into two sums keep two loads in flight even where the compiler would not
// unroll (a CPU's vectorised loop). out[group] = the sum of the group's words.
// slm holds get_local_size(0) words; a power-of-two group size.
__kernel void peak_read(__global const uint4 *in, uint n4, __global uint *out, __local uint *slm)
{
    size_t gid = get_global_id(0), gsz = get_global_size(0);
    uint lid = get_local_id(0);
    uint4 a = (uint4)(0), b = (uint4)(0);
    size_t i = gid;
    for (; i + gsz < n4; i += 2 * gsz) {
        a += in[i];
        b += in[i + gsz];
    }
    if (i < n4)
        a += in[i];
    a += b;
    slm[lid] = a.x + a.y + a.z + a.w;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s)
            slm[lid] += slm[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        out[get_group_id(0)] = slm[0];
}

// Streaming copy: reads and writes n4 uint4s.
__kernel void peak_copy(__global const uint4 *in, __global uint4 *out, uint n4)
{
    size_t gid = get_global_id(0), gsz = get_global_size(0);
    for (size_t i = gid; i < n4; i += gsz)
        out[i] = in[i];
}

// SLM read-modify-write throughput without bank conflicts or barriers in the loop:
// each work-item owns SLM_WORDS words, lid + k*wg, so the work-items of a sub-group
// touch consecutive words, and the SLM_WORDS updates of a round are independent.
// volatile keeps every access in SLM: with no barrier in the loop the compiler could
// otherwise hold the words in registers.
// out[gid] = sum over k of (gid*k + rounds*(rounds-1)/2 * (k+1)) modulo 2^32.
// slm holds get_local_size(0) * SLM_WORDS words.
#define SLM_WORDS 8
__kernel void peak_slm(__global uint *out, uint rounds, volatile __local uint *slm)
{
    size_t lid = get_local_id(0), wg = get_local_size(0);
    uint gid = get_global_id(0);
#pragma unroll
    for (uint k = 0; k < SLM_WORDS; k++)
        slm[lid + k * wg] = gid * k;
    for (uint r = 0; r < rounds; r++) {
#pragma unroll
        for (uint k = 0; k < SLM_WORDS; k++)
            slm[lid + k * wg] += r * (k + 1);
    }
    uint s = 0;
#pragma unroll
    for (uint k = 0; k < SLM_WORDS; k++)
        s += slm[lid + k * wg];
    out[gid] = s;
}

// SLM atomic throughput without conflicts: each work-item increments its own word.
// out[gid] = rounds * ATOMIC_WORDS.
#define ATOMIC_WORDS 4
__kernel void peak_slm_atomic(__global uint *out, uint rounds, volatile __local uint *slm)
{
    size_t lid = get_local_id(0), wg = get_local_size(0);
#pragma unroll
    for (uint k = 0; k < ATOMIC_WORDS; k++)
        slm[lid + k * wg] = 0;
    for (uint r = 0; r < rounds; r++) {
#pragma unroll
        for (uint k = 0; k < ATOMIC_WORDS; k++)
            atomic_inc(&slm[lid + k * wg]);
    }
    uint s = 0;
#pragma unroll
    for (uint k = 0; k < ATOMIC_WORDS; k++)
        s += slm[lid + k * wg];
    out[get_global_id(0)] = s;
}

// SLM atomics in a histogram's pattern: the 32 work-items of a sub-group hit 32
// different 128-byte rows, yet 32 different banks (word lane*33), which bank
// arithmetic alone calls conflict-free. All sub-groups of a group share the same
// ATOMIC_WORDS * 32 * 33 words. out[gid] = ATOMIC_WORDS * rounds * (the number of
// work-items of the group with this lane); slm holds ATOMIC_WORDS * 32 * 33 words.
#define ROW 33
__kernel void peak_slm_atomic_rows(__global uint *out, uint rounds, volatile __local uint *slm)
{
    uint lid = get_local_id(0), wg = get_local_size(0);
    uint lane = lid % 32;
    for (uint w = lid; w < ATOMIC_WORDS * 32 * ROW; w += wg)
        slm[w] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint r = 0; r < rounds; r++) {
#pragma unroll
        for (uint k = 0; k < ATOMIC_WORDS; k++)
            atomic_inc(&slm[(k * 32 + lane) * ROW]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    uint s = 0;
#pragma unroll
    for (uint k = 0; k < ATOMIC_WORDS; k++)
        s += slm[(k * 32 + lane) * ROW];
    out[get_global_id(0)] = s;
}

// SLM atomics at data-dependent addresses, as a byte histogram makes them: every
// work-item increments RANDOM_WORDS-word table entries picked by a linear congruential
// generator (top 11 bits), so lanes collide on banks and on words as random bytes do.
// out[gid] = the sum of the words lid, lid + wg, ... once the group is done, so the
// outputs of a group add up to get_local_size(0) * rounds * ATOMIC_WORDS.
// slm holds RANDOM_WORDS words.
#define RANDOM_WORDS 2048
__kernel void peak_slm_atomic_random(__global uint *out, uint rounds, volatile __local uint *slm)
{
    uint lid = get_local_id(0), wg = get_local_size(0);
    for (uint w = lid; w < RANDOM_WORDS; w += wg)
        slm[w] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint x = get_global_id(0) * 2654435761u + 12345u;
    for (uint r = 0; r < rounds; r++) {
#pragma unroll
        for (uint k = 0; k < ATOMIC_WORDS; k++) {
            x = x * 1664525u + 1013904223u;
            atomic_inc(&slm[x >> 21]);
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    uint s = 0;
    for (uint w = lid; w < RANDOM_WORDS; w += wg)
        s += slm[w];
    out[get_global_id(0)] = s;
}

// int32 multiply-add rate: 16 independent chains x = x*a + c per work-item (chain k
// starts at gid + k and adds k + 1), enough to hide the multiply-add latency on a GPU.
// They are 4 uint4s so that a CPU's compiler, which vectorises within a work-item,
// fills its vector units too: 8 scalar chains let PoCL's convolution beat this
// "ceiling" threefold. out[gid] = the sum of the chains' ends.
#define MAD_VECS 4
__kernel void peak_imad(__global uint *out, uint rounds, uint a)
{
    uint gid = get_global_id(0);
    uint4 x[MAD_VECS], c[MAD_VECS];
#pragma unroll
    for (uint k = 0; k < MAD_VECS; k++) {
        c[k] = (uint4)(4 * k + 1, 4 * k + 2, 4 * k + 3, 4 * k + 4);
        x[k] = (uint4)(gid) + c[k] - 1;
    }
    for (uint r = 0; r < rounds; r++) {
#pragma unroll
        for (uint k = 0; k < MAD_VECS; k++)
            x[k] = x[k] * a + c[k];
    }
    uint4 s = (uint4)(0);
#pragma unroll
    for (uint k = 0; k < MAD_VECS; k++)
        s += x[k];
    out[gid] = s.x + s.y + s.z + s.w;
}
