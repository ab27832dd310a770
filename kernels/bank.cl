// SPDX-License-Identifier: MIT
// SLM bank conflicts. Each work-item owns one SLM word and updates it `iters` times,
// with a work-group barrier per update as in the document; the address of the word
// decides how many work-items of a sub-group land in the same bank.
// out[i] = i * (0 + 1 + ... + iters-1) modulo 2^32, which the host checks.

// The document's loop on SLM word `a`: `iters` updates with a barrier after each.
static void rounds_with_barriers(__global uint *out, uint a, uint iters, __local uint *slm)
{
    uint i = get_global_id(0);
    slm[a] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint m = 0; m < iters; m++) {
        slm[a] += i * m;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[i] = slm[a];
}

// The document's test with the stride as a parameter (the document fixed it at 16).
// slm holds get_local_size(0) * stride words.
__kernel void bank_strided(__global uint *out, uint stride, uint iters, __local uint *slm)
{
    rounds_with_barriers(out, get_local_id(0) * stride, iters, slm);
}

// The word work-item j uses at `stride` in the swizzled layout: j*stride plus an offset
// below 2^t, t = the stride's trailing zeros (at most 6), so it stays inside j's own
// `stride` words (no extra SLM). The offset is an XOR of two shifts of j that depend
// on t, found by an exhaustive search: with them every aligned sub-group of 8, 16 or
// 32 work-items, at every stride 1..64 (any stride: its odd factor only permutes the
// banks), spreads over 16, 32 and 64 banks of 4 bytes with the fewest work-items per
// bank possible, one when the sub-group is no wider than the banks. No single pair
// of shifts serves every bank count. test_opencl reads these words back and checks.
// (A switch, not a table: a program-scope __constant array makes IGC add a symbol-table
// pseudo-kernel to the module.)
static uint swizzled_word(uint j, uint stride)
{
    uint t = min(31u - clz(stride & -stride), 6u); /* trailing zeros (ctz is OpenCL C 2.0) */
    uint x;
    switch (t) {
    case 0: x = 0; break;
    case 1: x = (j >> 3) ^ (j >> 4); break;
    case 2: x = (j >> 1) ^ (j >> 3); break;
    case 3: x = (j << 1) ^ (j >> 2); break;
    case 4: x = (j << 2) ^ (j >> 2); break;
    default: x = j; break;
    }
    return j * stride + (x & ((1u << t) - 1));
}

// The document's test on the swizzled layout.
__kernel void bank_swizzled(__global uint *out, uint stride, uint iters, __local uint *slm)
{
    rounds_with_barriers(out, swizzled_word(get_local_id(0), stride), iters, slm);
}

// The words bank_swizzled uses, one per work-item, for the host to check.
__kernel void bank_swizzled_words(__global uint *out, uint stride)
{
    out[get_global_id(0)] = swizzled_word(get_local_id(0), stride);
}

// Bank conflicts at full SLM throughput: no barrier in the loop, and BANK_WORDS
// independent words per work-item, (lid + k*wg) * stride, so neighbouring
// work-items are `stride` words apart as in the document's test but the SLM pipeline
// stays full. Each word starts at i + k and gains r in round r:
// out[i] = sum over k of (i + k + iters*(iters-1)/2). volatile keeps every access in
// SLM. slm holds BANK_WORDS * get_local_size(0) * stride words.
#define BANK_WORDS 4
__kernel void bank_throughput(__global uint *out, uint stride, uint iters, volatile __local uint *slm)
{
    uint i = get_global_id(0);
    uint j = get_local_id(0);
    uint wg = get_local_size(0);
#pragma unroll
    for (uint k = 0; k < BANK_WORDS; k++)
        slm[(j + k * wg) * stride] = i + k;
    for (uint m = 0; m < iters; m++) {
#pragma unroll
        for (uint k = 0; k < BANK_WORDS; k++)
            slm[(j + k * wg) * stride] += m;
    }
    uint s = 0;
#pragma unroll
    for (uint k = 0; k < BANK_WORDS; k++)
        s += slm[(j + k * wg) * stride];
    out[i] = s;
}
