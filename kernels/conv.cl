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
#define CONV_TILED_BODY(P)                                                                     \
    {                                                                                          \
        uint lid = get_local_id(0);                                                            \
        uint wg = get_local_size(0);                                                           \
        uint span = wg * P + m;                                                                \
        long base = (long)get_group_id(0) * wg * P;                                            \
        long first = base - (long)(m / 2);                                                     \
        __local uint *tap = tile + span;                                                       \
        for (uint k = lid; k < span; k += wg) {                                                \
            long g = first + k;                                                                \
            tile[k] = g >= 0 && g < n ? in[g] : 0;                                             \
        }                                                                                      \
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
