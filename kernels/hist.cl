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

// COPIES sub-histograms per group, bin-major (lh[bin*COPIES + copy]), work-item lid
// using copy lid % COPIES: work-items that hit the same bin update up to COPIES
// neighbouring words instead of one, which keeps the all-equal input from
// serialising on a single address. Why these choices (measured on an H100, see the
// README):
// - 8 copies (8 KiB), not 32 (32 KiB): the 32-copy histogram held fewer groups per
//   compute unit and ran at half the speed (1.1 vs 2.1 TB/s on uniform bytes).
// - The histogram is a static __local array, so compilers address it with 32-bit
//   offsets: 3 integer instructions and one SLM atomic per byte in NVIDIA's SASS.
// - Two 16-byte loads per iteration keep loads in flight while the atomics issue.
// Persistent groups read the input with a grid-stride loop, so the per-group clear
// and merge are paid once per group.
#define COPIES 8

static void count_word(volatile __local uint *mine, uint w)
{
    atomic_inc(&mine[(w & 0xFF) * COPIES]);
    atomic_inc(&mine[((w >> 8) & 0xFF) * COPIES]);
    atomic_inc(&mine[((w >> 16) & 0xFF) * COPIES]);
    atomic_inc(&mine[(w >> 24) * COPIES]);
}

static void clear_copies(volatile __local uint *lh)
{
    for (uint b = get_local_id(0); b < NUM_BINS * COPIES; b += get_local_size(0))
        lh[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
}

static void merge_copies(volatile __local uint *lh, volatile __global uint *bins)
{
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint b = get_local_id(0); b < NUM_BINS; b += get_local_size(0)) {
        uint sum = 0;
        for (uint c = 0; c < COPIES; c++)
            sum += lh[b * COPIES + c];
        if (sum)
            atomic_add(&bins[b], sum);
    }
}

__kernel void hist_copies(__global const uint4 *in4, __global const uint2 *in2, uint n,
                          volatile __global uint *bins)
{
    volatile __local uint lh[NUM_BINS * COPIES];
    size_t gid = get_global_id(0), gsz = get_global_size(0);
    clear_copies(lh);
    volatile __local uint *mine = lh + get_local_id(0) % COPIES;
    uint n2 = n / 2;
    size_t i = gid;
    for (; i + gsz < n2; i += 2 * gsz) {
        uint4 v = in4[i], u = in4[i + gsz];
        count_word(mine, v.x);
        count_word(mine, v.y);
        count_word(mine, v.z);
        count_word(mine, v.w);
        count_word(mine, u.x);
        count_word(mine, u.y);
        count_word(mine, u.z);
        count_word(mine, u.w);
    }
    if (i < n2) {
        uint4 v = in4[i];
        count_word(mine, v.x);
        count_word(mine, v.y);
        count_word(mine, v.z);
        count_word(mine, v.w);
    }
    if (gid == 0 && (n & 1)) {
        uint2 v = in2[n - 1];
        count_word(mine, v.x);
        count_word(mine, v.y);
    }
    merge_copies(lh, bins);
}

// hist_copies without its input: the same counting of the same number of words, taken
// from a register generator (x = x*1664525 + 1013904223 from x = gid*2654435761 + 1,
// four words per grid-stride step) instead of memory. Its time is what counting alone
// costs, the ceiling of hist_copies whatever the memory can deliver. Like hist_copies,
// work-item 0 counts the odd last 64-bit word (two more generated words, from
// x = n*2654435761 + 7), so exactly 8n bytes are counted.
__kernel void hist_count_only(uint n, volatile __global uint *bins)
{
    volatile __local uint lh[NUM_BINS * COPIES];
    size_t gid = get_global_id(0), gsz = get_global_size(0);
    clear_copies(lh);
    volatile __local uint *mine = lh + get_local_id(0) % COPIES;
    uint x = (uint)gid * 2654435761u + 1u;
    for (size_t i = gid; i < n / 2; i += gsz) {
        for (int k = 0; k < 4; k++) {
            x = x * 1664525u + 1013904223u;
            count_word(mine, x);
        }
    }
    if (gid == 0 && (n & 1)) {
        x = n * 2654435761u + 7u;
        for (int k = 0; k < 2; k++) {
            x = x * 1664525u + 1013904223u;
            count_word(mine, x);
        }
    }
    merge_copies(lh, bins);
}
