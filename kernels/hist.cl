// 256-bin histogram of the bytes of 64-bit words. Counts are 32-bit (the host checks
// that 8*n fits). Global bins must be zero before a launch.

#define NUM_BINS 256
// Words per work-item in the document's two kernels.
#define DOC_BLOCK 256
// The document loaded words sub-group by sub-group (sg.load) with 16-wide sub-groups;
// this emulates that layout portably.
#define DOC_SG 16

// Index of the k-th word of work-item lid in the document's layout.
static size_t doc_word(size_t group, size_t wg, size_t lid, size_t k)
{
    return group * wg * DOC_BLOCK + (lid / DOC_SG) * DOC_SG * DOC_BLOCK + k * DOC_SG + lid % DOC_SG;
}

// The document's private-bins kernel: 256 private counters per work-item, then 256
// global atomics per work-item. Fixed: the document masked bytes with 0x1F, counting
// only 32 bins (and aliasing the rest); the mask is 0xFF. Bounds-checked for any n.
// Needs a group size that is a multiple of 16.
__kernel void hist_doc_private(__global const ulong *in, uint n, volatile __global uint *bins)
{
    uint h[NUM_BINS];
    for (int b = 0; b < NUM_BINS; b++)
        h[b] = 0;
    size_t group = get_group_id(0), wg = get_local_size(0), lid = get_local_id(0);
    for (int k = 0; k < DOC_BLOCK; k++) {
        size_t w = doc_word(group, wg, lid, k);
        if (w >= n)
            continue;
        ulong x = in[w];
        for (int s = 0; s < 8; s++) {
            h[x & 0xFF] += 1;
            x >>= 8;
        }
    }
    for (int b = 0; b < NUM_BINS; b++)
        atomic_add(&bins[b], h[b]);
}

// The document's SLM kernel: one shared histogram per group updated with local
// atomics, merged into the global bins at the end. Fixed: the document cleared and
// merged bins with `factor = 256 / group size`, which misses bins when the group size
// does not divide 256; a strided loop covers every bin for any group size.
// Needs a group size that is a multiple of 16.
__kernel void hist_doc_slm(__global const ulong *in, uint n, volatile __global uint *bins,
                           volatile __local uint *lh)
{
    size_t group = get_group_id(0), wg = get_local_size(0), lid = get_local_id(0);
    for (size_t b = lid; b < NUM_BINS; b += wg)
        lh[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < DOC_BLOCK; k++) {
        size_t w = doc_word(group, wg, lid, k);
        if (w >= n)
            continue;
        ulong x = in[w];
        for (int s = 0; s < 8; s++) {
            atomic_inc(&lh[x & 0xFF]);
            x >>= 8;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t b = lid; b < NUM_BINS; b += wg)
        atomic_add(&bins[b], lh[b]);
}

// `copies` sub-histograms per group, bin-major (lh[bin*copies + copy]), work-item lid
// using copy lid % copies. Neighbouring work-items that hit the same bin then update
// neighbouring words: different banks and different addresses, so neither a bank
// conflict nor an atomic collision serialises them, which is what the all-equal input
// otherwise does. Persistent groups read the input with a grid-stride loop of
// 16-byte loads, so the per-group clear and merge are paid once per group.
// lh holds 256 * copies words.
__kernel void hist_copies(__global const ulong2 *in2, __global const ulong *in, uint n,
                          volatile __global uint *bins, uint copies, volatile __local uint *lh)
{
    size_t lid = get_local_id(0), wg = get_local_size(0);
    size_t gid = get_global_id(0), gsz = get_global_size(0);
    uint total = NUM_BINS * copies;
    for (uint b = lid; b < total; b += wg)
        lh[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    volatile __local uint *mine = lh + lid % copies;
    uint n2 = n / 2;
    for (size_t i = gid; i < n2; i += gsz) {
        ulong2 v = in2[i];
        for (int s = 0; s < 8; s++) {
            atomic_inc(&mine[(uint)(v.x & 0xFF) * copies]);
            atomic_inc(&mine[(uint)(v.y & 0xFF) * copies]);
            v.x >>= 8;
            v.y >>= 8;
        }
    }
    if (gid == 0 && (n & 1)) {
        ulong x = in[n - 1];
        for (int s = 0; s < 8; s++) {
            atomic_inc(&mine[(uint)(x & 0xFF) * copies]);
            x >>= 8;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    for (uint b = lid; b < NUM_BINS; b += wg) {
        uint sum = 0;
        for (uint c = 0; c < copies; c++)
            sum += lh[b * copies + c];
        if (sum)
            atomic_add(&bins[b], sum);
    }
}
