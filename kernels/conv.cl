// SPDX-License-Identifier: MIT
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

// The cooperative tile, P outputs per work-item, instantiated for several P
// (conv_tiled_p13 ... conv_tiled_p23): the workload times each on the device and keeps
// the fastest (wl_conv.c), since the best count depends on the device's registers and
// pipes. Odd counts only, so that work-item k reading tile word k*P + c hits a distinct
// bank from its neighbours for any power-of-two bank count. H100, 64 Mi outputs, 257
// taps, groups of 64 (TMAC/s of 16.7 for roofline/imad): 13: 15.1, 15: 15.3, 17: 15.1,
// 19: 15.6, 21: 15.1, 23: 15.4.
//
// All work-items load the tile, both halos and the taps together (coalesced, no
// serial halo loop), and each work-item computes P consecutive outputs from a window
// of P inputs held in registers: one SLM load of input and one broadcast tap load per
// P multiply-adds instead of one of each per multiply-add.
// The window rotates instead of shifting: in a block of P taps, step q reads input
// p+q from w[(p+q) % P] and then refills w[q], the input no later step needs;
// unrolled, the indices are constants and no register moves are left (the shifting
// window cost P-1 moves per tap: 76% of the multiply-add peak on an H100, 84%
// rotating). The last m % P taps rotate the same way, each step under a condition that
// is the same for the whole group (shifting them cost P moves a tap: 19 outputs, 15.2
// against 15.6 TMAC/s).
// Pointers that advance by a block make every load of a block base + constant offset.
// Indexed with uint j + q (which may wrap, so q cannot fold into an offset), NVIDIA's
// compiler spent an IADD3 and a LEA on the address of each of the 26 loads of a 13-tap
// block (251 SASS instructions a block against 202): 87% of the multiply-add peak on an
// H100, 91% with pointers.
// tile holds get_local_size(0)*P + m words of input followed by m taps. The body is a
// macro so that P is a literal before any loop is unrolled: as a function with P a
// parameter, even always inlined, clang unrolled the loops before it knew P and left
// the arrays in private memory.
// Where a group's tile starts in the input and how long it is (both tiled bodies).
#define CONV_TILE_PLACE(P)                                                                     \
    uint lid = get_local_id(0);                                                                \
    uint wg = get_local_size(0);                                                               \
    uint span = wg * P + m;                                                                    \
    long base = (long)get_group_id(0) * wg * P;                                                \
    long first = base - (long)(m / 2);
// The tile loaded a word at a time, zero outside the input.
#define CONV_TILE_LOAD_WORDS                                                                   \
    for (uint k = lid; k < span; k += wg) {                                                    \
        long g = first + k;                                                                    \
        tile[k] = g >= 0 && g < n ? in[g] : 0;                                                 \
    }
#define CONV_TILED_BODY(P)                                                                     \
    {                                                                                          \
        CONV_TILE_PLACE(P)                                                                     \
        __local uint *tap = tile + span;                                                       \
        CONV_TILE_LOAD_WORDS                                                                   \
        for (uint k = lid; k < m; k += wg)                                                     \
            tap[k] = taps[k];                                                                  \
        barrier(CLK_LOCAL_MEM_FENCE);                                                          \
                                                                                               \
        __local const uint *x = tile + lid * P;                                                \
        uint acc[P], w[P];                                                                     \
        _Pragma("unroll") for (int p = 0; p < P; p++) {                                        \
            acc[p] = 0;                                                                        \
            w[p] = x[p];                                                                       \
        }                                                                                      \
        __local const uint *tp = tap, *xp = x + P;                                             \
        __local const uint *end = tap + m / P * P;                                             \
        for (; tp < end; tp += P, xp += P) {                                                   \
            _Pragma("unroll") for (int q = 0; q < P; q++) {                                    \
                uint t = tp[q];                                                                \
                _Pragma("unroll") for (int p = 0; p < P; p++) acc[p] += w[(p + q) % P] * t;    \
                w[q] = xp[q];                                                                  \
            }                                                                                  \
        }                                                                                      \
        uint rest = m - m / P * P;                                                             \
        _Pragma("unroll") for (int q = 0; q < P; q++) {                                        \
            if (q < rest) {                                                                    \
                uint t = tp[q];                                                                \
                _Pragma("unroll") for (int p = 0; p < P; p++) acc[p] += w[(p + q) % P] * t;    \
                w[q] = xp[q];                                                                  \
            }                                                                                  \
        }                                                                                      \
        long o = base + (long)lid * P;                                                         \
        _Pragma("unroll") for (int p = 0; p < P; p++) if (o + p < n) out[o + p] = acc[p];      \
    }
// The same tile with four words a load (conv_tiled_p12, _p20, _p28): P a multiple of 4,
// so that x = tile + lid*P and every block's base are 16-byte aligned and each uint4
// load feeds four steps: P/2 SLM loads a block of P*P multiply-adds instead of 2P. Each
// step still refills w[q] right after it (the next step needs that word), now from the
// vector loaded before its four steps. Bank conflicts: a 128-bit load is served a
// quarter-warp (8 lanes) at a time, and lane k starts at word kP; with P/4 odd (3, 5,
// 7) the 8 lanes start on 8 distinct groups of four banks (of 32), so no load of the
// loop conflicts. The tile and the taps each start at a 16-byte boundary (tile_slm
// leaves room for both; the input is loaded and the outputs stored four words at a time
// too, where aligned): on an H100, uint4 loads from the __local argument as NVIDIA's
// OpenCL passed it faulted (CL error -9999), aligned in the kernel they run; the last
// m % P taps are read a word at a time.
// H100, 64 Mi outputs, 257 taps, groups of 64, median of 20 launches: 12: 1070 us, 20:
// 1071, 28: 1061 (16.3 TMAC/s, 97% of roofline/imad's 16.8); the best word-a-load kernel
// (19) 1106. Four-word loads in the loop alone gave 1097-1102: the prologue's and the
// epilogue's four-word loads and stores are the other 3%.
#define CONV_TILED4_STEP(P, q, tq, xq)                                                         \
    {                                                                                          \
        _Pragma("unroll") for (int p = 0; p < P; p++) acc[p] += w[(p + (q)) % P] * (tq);       \
        w[q] = (xq);                                                                           \
    }
#define CONV_TILED4_BODY(P)                                                                    \
    {                                                                                          \
        CONV_TILE_PLACE(P)                                                                     \
        tile = (__local uint *)(((size_t)tile + 15) & ~(size_t)15);                            \
        __local uint *tap = tile + ((span + 3) & ~3u);                                         \
        if ((first & 3) == 0) {                                                                \
            /* Four words a load where the input is aligned; up to 3 words past span land   \
             * in the padding before the taps. */                                            \
            for (uint k = lid * 4; k < span; k += wg * 4) {                                    \
                long g = first + k;                                                            \
                if (g >= 0 && g + 4 <= n)                                                      \
                    *(__local uint4 *)(tile + k) = *(__global const uint4 *)(in + g);          \
                else                                                                           \
                    for (int e = 0; e < 4; e++)                                                \
                        tile[k + e] = g + e >= 0 && g + e < n ? in[g + e] : 0;                 \
            }                                                                                  \
        } else {                                                                               \
            CONV_TILE_LOAD_WORDS                                                               \
        }                                                                                      \
        for (uint k = lid; k < m; k += wg)                                                     \
            tap[k] = taps[k];                                                                  \
        barrier(CLK_LOCAL_MEM_FENCE);                                                          \
                                                                                               \
        __local const uint4 *x4 = (__local const uint4 *)(tile + lid * P);                     \
        uint acc[P], w[P];                                                                     \
        _Pragma("unroll") for (int b = 0; b < P / 4; b++) {                                    \
            uint4 v = x4[b];                                                                   \
            w[4 * b] = v.s0;                                                                   \
            w[4 * b + 1] = v.s1;                                                               \
            w[4 * b + 2] = v.s2;                                                               \
            w[4 * b + 3] = v.s3;                                                               \
        }                                                                                      \
        _Pragma("unroll") for (int p = 0; p < P; p++) acc[p] = 0;                              \
        __local const uint4 *tp4 = (__local const uint4 *)tap, *xp4 = x4 + P / 4;              \
        __local const uint4 *end = tp4 + m / P * (P / 4);                                      \
        for (; tp4 < end; tp4 += P / 4, xp4 += P / 4) {                                       \
            _Pragma("unroll") for (int b = 0; b < P / 4; b++) {                                \
                uint4 t = tp4[b], v = xp4[b];                                                  \
                CONV_TILED4_STEP(P, 4 * b, t.s0, v.s0)                                            \
                CONV_TILED4_STEP(P, 4 * b + 1, t.s1, v.s1)                                        \
                CONV_TILED4_STEP(P, 4 * b + 2, t.s2, v.s2)                                        \
                CONV_TILED4_STEP(P, 4 * b + 3, t.s3, v.s3)                                        \
            }                                                                                  \
        }                                                                                      \
        __local const uint *tp = (__local const uint *)tp4, *xp = (__local const uint *)xp4;  \
        uint rest = m - m / P * P;                                                             \
        _Pragma("unroll") for (int q = 0; q < P; q++) {                                        \
            if (q < rest)                                                                      \
                CONV_TILED4_STEP(P, q, tp[q], xp[q])                                              \
        }                                                                                      \
        long o = base + (long)lid * P;                                                         \
        if (o + P <= n) {                                                                      \
            _Pragma("unroll") for (int b = 0; b < P / 4; b++)                                  \
                *(__global uint4 *)(out + o + 4 * b) =                                         \
                    (uint4)(acc[4 * b], acc[4 * b + 1], acc[4 * b + 2], acc[4 * b + 3]);       \
        } else {                                                                               \
            _Pragma("unroll") for (int p = 0; p < P; p++) if (o + p < n) out[o + p] = acc[p];  \
        }                                                                                      \
    }
// Each kernel is declared in full, so that the build's list of kernels names it
// (spirv/embed.cmake finds each by its declaration in the text).
#define CONV_TILED_ARGS                                                                        \
    __global const uint *in, __global const uint *taps, __global uint *out, uint n, uint m,    \
        __local uint *tile
__kernel void conv_tiled_p13(CONV_TILED_ARGS) CONV_TILED_BODY(13)
__kernel void conv_tiled_p15(CONV_TILED_ARGS) CONV_TILED_BODY(15)
__kernel void conv_tiled_p17(CONV_TILED_ARGS) CONV_TILED_BODY(17)
__kernel void conv_tiled_p19(CONV_TILED_ARGS) CONV_TILED_BODY(19)
__kernel void conv_tiled_p21(CONV_TILED_ARGS) CONV_TILED_BODY(21)
__kernel void conv_tiled_p23(CONV_TILED_ARGS) CONV_TILED_BODY(23)
__kernel void conv_tiled_p12(CONV_TILED_ARGS) CONV_TILED4_BODY(12)
__kernel void conv_tiled_p20(CONV_TILED_ARGS) CONV_TILED4_BODY(20)
__kernel void conv_tiled_p28(CONV_TILED_ARGS) CONV_TILED4_BODY(28)
