// SPDX-License-Identifier: MIT
// 256-bin histogram of the bytes of 64-bit words. Counts are 32-bit (the host checks
// that 8*n fits). Global bins must be zero before a launch.

#define NUM_BINS 256
// Words per work-item in the document's two kernels.
#define DOC_BLOCK 256
// The document loaded words sub-group by sub-group (sg.load) with 16-wide sub-groups;
// this emulates that layout portably.
#define DOC_SG 16

// Index of the k-th word of work-item lid in the document's layout. 32-bit, as the
// document's int arithmetic: n < 2^29 words (the host checks), so it cannot wrap.
static uint doc_word(uint group, uint wg, uint lid, uint k)
{
    return group * wg * DOC_BLOCK + (lid / DOC_SG) * DOC_SG * DOC_BLOCK + k * DOC_SG + lid % DOC_SG;
}

// Whether every word of this group exists. The document assumed so for every group;
// checking once per group keeps its unchecked loop for all but the last group, where
// a per-word check made the fixed kernels up to 1.7x slower than the document's.
static bool doc_group_full(uint n)
{
    return (get_group_id(0) + 1) * get_local_size(0) * DOC_BLOCK <= n;
}

static void doc_count_private(uint *h, ulong x)
{
    for (int s = 0; s < 8; s++) {
        h[x & 0xFF] += 1;
        x >>= 8;
    }
}

// The document's private-bins kernel: 256 private counters per work-item, then 256
// global atomics per work-item. Fixed: the document masked bytes with 0x1F, counting
// only 32 bins (and aliasing the rest); the mask is 0xFF. Any n: the last group checks
// each word. Needs a group size that is a multiple of 16.
__kernel void hist_doc_private(__global const ulong *in, uint n, __global uint *bins)
{
    uint h[NUM_BINS];
    for (int b = 0; b < NUM_BINS; b++)
        h[b] = 0;
    uint group = get_group_id(0), wg = get_local_size(0), lid = get_local_id(0);
    if (doc_group_full(n)) {
        for (uint k = 0; k < DOC_BLOCK; k++)
            doc_count_private(h, in[doc_word(group, wg, lid, k)]);
    } else {
        for (uint k = 0; k < DOC_BLOCK; k++) {
            uint w = doc_word(group, wg, lid, k);
            if (w < n)
                doc_count_private(h, in[w]);
        }
    }
    for (int b = 0; b < NUM_BINS; b++)
        atomic_add(&bins[b], h[b]);
}

static void doc_count_slm(__local uint *lh, ulong x)
{
    for (int s = 0; s < 8; s++) {
        atomic_inc(&lh[x & 0xFF]);
        x >>= 8;
    }
}

// The document's SLM kernel: one shared histogram per group updated with local
// atomics, merged into the global bins at the end. Fixed: the document cleared and
// merged bins with `factor = 256 / group size`, which misses bins when the group size
// does not divide 256; a strided loop covers every bin for any group size. Any n: the
// last group checks each word. Needs a group size that is a multiple of 16.
__kernel void hist_doc_slm(__global const ulong *in, uint n, __global uint *bins, __local uint *lh)
{
    uint group = get_group_id(0), wg = get_local_size(0), lid = get_local_id(0);
    for (uint b = lid; b < NUM_BINS; b += wg)
        lh[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (doc_group_full(n)) {
        for (uint k = 0; k < DOC_BLOCK; k++)
            doc_count_slm(lh, in[doc_word(group, wg, lid, k)]);
    } else {
        for (uint k = 0; k < DOC_BLOCK; k++) {
            uint w = doc_word(group, wg, lid, k);
            if (w < n)
                doc_count_slm(lh, in[w]);
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint b = lid; b < NUM_BINS; b += wg)
        atomic_add(&bins[b], lh[b]);
}

// Sub-histograms: `copies` histograms per group, bin-major (lh[bin*copies + copy]),
// work-item lid using copy lid % copies, so work-items that hit the same bin update up
// to `copies` neighbouring words instead of one. Two kernels (measured on an H100, see
// results/h100/README.md):
// - hist_copies: 8 copies (8 KiB a group). The 4 lanes of a 32-wide sub-group that
//   share a copy meet their random bins on 4 banks, so atomics conflict.
// - hist_lanes: one copy per lane of a 32-wide sub-group (32 KiB a group): lane l's
//   words are all in bank l (of 32 four-byte banks), so the atomics of a sub-group
//   never conflict, whatever bytes they count; uniform, skewed and all-equal input run
//   alike. H100, 2^26 words: 2.86 TB/s on uniform and skewed bytes, against 2.38 and
//   2.05 for 8 copies. It costs SLM: on Intel's Xe-LP 32 KiB a group leaves room for 2
//   groups of 256 a subslice, against 7 for 8 copies (`inspect`).
// Both: the histogram is a static __local array, so compilers address it with 32-bit
// offsets (3 integer instructions and one SLM atomic per byte in NVIDIA's SASS); two
// 16-byte loads per iteration keep loads in flight while the atomics issue; persistent
// groups read the input with a grid-stride loop, so the per-group clear and merge are
// paid once per group. `copies` is a literal at every call, so it folds into shifts.
#define COPIES 8
#define LANES 32

static void count_word(volatile __local uint *mine, uint w, uint copies)
{
    atomic_inc(&mine[(w & 0xFF) * copies]);
    atomic_inc(&mine[((w >> 8) & 0xFF) * copies]);
    atomic_inc(&mine[((w >> 16) & 0xFF) * copies]);
    atomic_inc(&mine[(w >> 24) * copies]);
}

static void clear_copies(volatile __local uint *lh, uint copies)
{
    for (uint b = get_local_id(0); b < NUM_BINS * copies; b += get_local_size(0))
        lh[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
}

// Work-item b adds bin b's copies from copy b on, so that neighbours read different
// banks.
static void merge_copies(volatile __local uint *lh, volatile __global uint *bins, uint copies)
{
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint b = get_local_id(0); b < NUM_BINS; b += get_local_size(0)) {
        uint sum = 0;
        for (uint c = 0; c < copies; c++)
            sum += lh[b * copies + (c + b) % copies];
        if (sum)
            atomic_add(&bins[b], sum);
    }
}

// The eight words of two 16-byte loads.
static void count_two(volatile __local uint *mine, uint4 v, uint4 u, uint copies)
{
    count_word(mine, v.x, copies);
    count_word(mine, v.y, copies);
    count_word(mine, v.z, copies);
    count_word(mine, v.w, copies);
    count_word(mine, u.x, copies);
    count_word(mine, u.y, copies);
    count_word(mine, u.z, copies);
    count_word(mine, u.w, copies);
}

// Counts the bytes of the n 64-bit words into the work-item's copy. The next step's two
// loads are issued before this step's 32 atomics, so that they are in flight while the
// atomics issue: the H200's HBM3e needs about 1.5x the H100's bytes in flight. H200,
// hist/lanes 512 MiB: 128-129 us (93% of the read ceiling) before, 126 us (95%) after;
// two steps ahead (four loads in flight) took 132 us (91%).
static void count_input(__global const uint4 *in4, __global const uint2 *in2, uint n,
                        volatile __local uint *mine, uint copies)
{
    size_t gid = get_global_id(0), gsz = get_global_size(0);
    uint n2 = n / 2;
    size_t i = gid;
    if (i + gsz < n2) {
        uint4 v = in4[i], u = in4[i + gsz];
        for (i += 2 * gsz; i + gsz < n2; i += 2 * gsz) {
            uint4 nv = in4[i], nu = in4[i + gsz];
            count_two(mine, v, u, copies);
            v = nv;
            u = nu;
        }
        count_two(mine, v, u, copies);
    }
    if (i < n2) {
        uint4 v = in4[i];
        count_word(mine, v.x, copies);
        count_word(mine, v.y, copies);
        count_word(mine, v.z, copies);
        count_word(mine, v.w, copies);
    }
    if (gid == 0 && (n & 1)) {
        uint2 v = in2[n - 1];
        count_word(mine, v.x, copies);
        count_word(mine, v.y, copies);
    }
}

__kernel void hist_copies(__global const uint4 *in4, __global const uint2 *in2, uint n,
                          volatile __global uint *bins)
{
    volatile __local uint lh[NUM_BINS * COPIES];
    clear_copies(lh, COPIES);
    count_input(in4, in2, n, lh + get_local_id(0) % COPIES, COPIES);
    merge_copies(lh, bins, COPIES);
}

__kernel void hist_lanes(__global const uint4 *in4, __global const uint2 *in2, uint n,
                         volatile __global uint *bins)
{
    volatile __local uint lh[NUM_BINS * LANES];
    clear_copies(lh, LANES);
    count_input(in4, in2, n, lh + get_local_id(0) % LANES, LANES);
    merge_copies(lh, bins, LANES);
}

// hist_lanes without its input: the same counting of the same number of words, taken
// from a register generator (x = x*1664525 + 1013904223 from x = gid*2654435761 + 1,
// four words per grid-stride step) instead of memory. Its time is what counting alone
// costs, the bound that SLM atomics put on hist_lanes whatever the memory can deliver:
// where it is faster than the read ceiling, memory binds the histogram; where slower,
// the counting does. Like hist_lanes, work-item 0 counts the odd last 64-bit word (two
// more generated words, from x = n*2654435761 + 7), so exactly 8n bytes are counted.
// (It once counted into hist_copies' 8 copies, whose bank conflicts made it
// 2.9 TB/s on an H100: slower than hist_lanes itself, so no bound on it.)
__kernel void hist_count_only(uint n, volatile __global uint *bins)
{
    volatile __local uint lh[NUM_BINS * LANES];
    size_t gid = get_global_id(0), gsz = get_global_size(0);
    clear_copies(lh, LANES);
    volatile __local uint *mine = lh + get_local_id(0) % LANES;
    uint x = (uint)gid * 2654435761u + 1u;
    for (size_t i = gid; i < n / 2; i += gsz) {
        for (int k = 0; k < 4; k++) {
            x = x * 1664525u + 1013904223u;
            count_word(mine, x, LANES);
        }
    }
    if (gid == 0 && (n & 1)) {
        x = n * 2654435761u + 7u;
        for (int k = 0; k < 2; k++) {
            x = x * 1664525u + 1013904223u;
            count_word(mine, x, LANES);
        }
    }
    merge_copies(lh, bins, LANES);
}
