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

// The same access pattern with the low bits of the word index XOR-swizzled by the
// work-item index: j*stride has zeros below log2(stride), so work-items that the plain
// layout put in one bank get distinct banks for any power-of-two bank count, at no
// extra SLM. Power-of-two strides.
__kernel void bank_swizzled(__global uint *out, uint stride, uint iters, __local uint *slm)
{
    uint j = get_local_id(0);
    rounds_with_barriers(out, (j * stride) ^ (j & (stride - 1)), iters, slm);
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
