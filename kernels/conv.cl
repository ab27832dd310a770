// 1-D convolution with zero padding:
//   out[i] = sum_{j<m} in[i - m/2 + j] * taps[j],   in[k] = 0 outside [0, n).
// Arithmetic is modulo 2^32 (uint), as in the host reference.

// The document's global-memory kernel: every tap reads global memory. As in the
// document, a group whose windows all lie inside the input runs the fixed-length loop
// without bounds (a per-element bound there made it 1.5x slower than the document's).
// Fixed: the document took the bounds-checked branch only in the first and last group
// and assumed n was a multiple of the group size larger than m; every group that
// touches an edge now checks, and work-items past n do nothing.
__kernel void conv_doc_global(__global const uint *in, __global const uint *taps,
                              __global uint *out, uint n, uint m)
{
    size_t i = get_global_id(0);
    size_t first = get_group_id(0) * get_local_size(0), last = first + get_local_size(0) - 1;
    if (first >= m / 2 && last + (m - 1 - m / 2) < n) {
        __global const uint *x = in + (i - m / 2);
        uint t = 0;
        for (uint j = 0; j < m; j++)
            t += x[j] * taps[j];
        out[i] = t;
        return;
    }
    if (i >= n)
        return;
    long start = (long)i - (long)(m / 2);
    uint jlo = start < 0 ? (uint)(-start) : 0;
    uint jhi = (long)n - start < (long)m ? (uint)((long)n - start) : m;
    uint t = 0;
    for (uint j = jlo; j < jhi; j++)
        t += in[start + j] * taps[j];
    out[i] = t;
}

// The document's SLM kernel: each work-item loads its own element, and the first and
// last work-items load the left and right halos alone, serialising the group on them.
// Fixed: the document sized both halos m/2 (right only for odd m) and zero-filled the
// right halo only in the last group of an exact multiple of the group size; halos are
// now m/2 and m-1-m/2 elements and every load is bounds-checked.
// tile holds get_local_size(0) + m - 1 words.
__kernel void conv_doc_slm(__global const uint *in, __global const uint *taps,
                           __global uint *out, uint n, uint m, __local uint *tile)
{
    size_t i = get_global_id(0);
    uint lid = get_local_id(0);
    uint wg = get_local_size(0);
    uint left = m / 2;
    uint right = m - 1 - left;
    long first = (long)(i - lid);

    tile[lid + left] = i < n ? in[i] : 0;
    if (lid == 0) {
        for (uint j = 0; j < left; j++) {
            long k = first - left + j;
            tile[j] = k >= 0 ? in[k] : 0;
        }
    }
    if (lid == wg - 1) {
        for (uint j = 0; j < right; j++) {
            long k = first + wg + j;
            tile[left + wg + j] = k < n ? in[k] : 0;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    uint t = 0;
    for (uint j = 0; j < m; j++)
        t += tile[lid + j] * taps[j];
    if (i < n)
        out[i] = t;
}

// Outputs per work-item in conv_tiled. Odd, so that work-item k reading tile word
// k*CONV_P + c hits a distinct bank from its neighbours for any power-of-two bank count.
// 13 measured best on an H100 among 7..25 (9: 12.6, 13: 14.0, 21: 13.8 TMAC/s, with the
// uint-indexed loads below).
#define CONV_P 13

// All work-items load the tile, both halos and the taps together (coalesced, no
// serial halo loop), and each work-item computes CONV_P consecutive outputs from a
// window of CONV_P inputs held in registers: one SLM load of input and one broadcast
// tap load per CONV_P multiply-adds instead of one of each per multiply-add.
// The window rotates instead of shifting: in a block of CONV_P taps, step q reads
// input p+q from w[(p+q) % CONV_P] and then refills w[q], the input no later step
// needs; unrolled, the indices are constants and no register moves are left (the
// shifting window cost CONV_P-1 moves per tap: 76% of the multiply-add peak on an H100,
// 84% rotating). The last m % CONV_P taps shift, from the aligned window a block leaves.
// tile holds get_local_size(0)*CONV_P + m words of input followed by m taps.
__kernel void conv_tiled(__global const uint *in, __global const uint *taps,
                         __global uint *out, uint n, uint m, __local uint *tile)
{
    uint lid = get_local_id(0);
    uint wg = get_local_size(0);
    uint span = wg * CONV_P + m;
    long base = (long)get_group_id(0) * wg * CONV_P;
    long first = base - (long)(m / 2);
    __local uint *tap = tile + span;

    for (uint k = lid; k < span; k += wg) {
        long g = first + k;
        tile[k] = g >= 0 && g < n ? in[g] : 0;
    }
    for (uint k = lid; k < m; k += wg)
        tap[k] = taps[k];
    barrier(CLK_LOCAL_MEM_FENCE);

    __local const uint *x = tile + lid * CONV_P;
    uint acc[CONV_P];
    uint w[CONV_P];
#pragma unroll
    for (int p = 0; p < CONV_P; p++) {
        acc[p] = 0;
        w[p] = x[p];
    }
    // Pointers that advance by a block, so every load of a block is base + constant
    // offset. Indexed with uint j + q (which may wrap, so q cannot fold into an offset),
    // NVIDIA's compiler spent an IADD3 and a LEA on the address of each of the 26 loads
    // of a block (251 SASS instructions a block against 202): 87% of the multiply-add
    // peak on an H100, 91% with pointers.
    __local const uint *tp = tap, *xp = x + CONV_P;
    __local const uint *end = tap + m / CONV_P * CONV_P;
    for (; tp < end; tp += CONV_P, xp += CONV_P) {
#pragma unroll
        for (int q = 0; q < CONV_P; q++) {
            uint t = tp[q];
#pragma unroll
            for (int p = 0; p < CONV_P; p++)
                acc[p] += w[(p + q) % CONV_P] * t;
            w[q] = xp[q];
        }
    }
    for (; tp < tap + m; tp++, xp++) {
        uint t = *tp;
#pragma unroll
        for (int p = 0; p < CONV_P; p++)
            acc[p] += w[p] * t;
#pragma unroll
        for (int p = 0; p < CONV_P - 1; p++)
            w[p] = w[p + 1];
        w[CONV_P - 1] = *xp;
    }

    long o = base + (long)lid * CONV_P;
#pragma unroll
    for (int p = 0; p < CONV_P; p++)
        if (o + p < n)
            out[o + p] = acc[p];
}
