// Literal OpenCL C translations of the documents' SYCL kernels (../shared/seeds/), kept
// as the documents wrote them, bugs included, except where noted. They are not part
// of the tool: tests/parity.c times each one at the document's launch shape beside
// the tool's fixed `doc_*` variant, which must not be more than 10% slower.
// Sub-group loads (sg.load, 16 work-items) become the addresses they load; the
// document's constexpr filter length stays a constant.

// Reduction (local-memory reduction document): two elements per work-item, tree with
// interleaved addressing. Not literal: the group's result goes to `partial`, not into
// the input array other groups are still reading (a race).
__kernel void lit_reduce_tree(__global const int *global_mem, int len, __global int *partial,
                              __local int *local_mem)
{
    size_t local_id = get_local_id(0);
    size_t global_id = get_global_id(0);
    size_t wgroup_size = get_local_size(0);

    local_mem[local_id] = 0;
    if ((2 * global_id) < len)
        local_mem[local_id] = global_mem[2 * global_id] + global_mem[2 * global_id + 1];
    barrier(CLK_LOCAL_MEM_FENCE);

    for (size_t stride = 1; stride < wgroup_size; stride *= 2) {
        size_t idx = 2 * stride * local_id;
        if (idx < wgroup_size)
            local_mem[idx] = local_mem[idx] + local_mem[idx + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (local_id == 0)
        partial[get_group_id(0)] = local_mem[0];
}

// 1-D convolution, global memory (SLM document, "Using SLM as Cache").
#define M 257
__kernel void lit_conv_global(__global const int *iacc, __global const int *kacc, __global int *oacc, int N)
{
    int i = get_global_id(0);
    int group = get_group_id(0);
    int gSize = get_local_size(0);

    int t = 0;

    if ((group == 0) || (group == N / gSize - 1)) {
        if (i < M / 2) {
            for (int j = M / 2 - i, k = 0; j < M; j++, k++) {
                t += iacc[k] * kacc[j];
            }
        } else {
            if (i + M / 2 >= N) {
                for (int j = 0, k = i - M / 2; j < M / 2 + N - i; j++, k++) {
                    t += iacc[k] * kacc[j];
                }
            } else {
                for (int j = 0, k = i - M / 2; j < M; j++, k++) {
                    t += iacc[k] * kacc[j];
                }
            }
        }
    } else {
        for (int j = 0, k = i - M / 2; j < M; j++, k++) {
            t += iacc[k] * kacc[j];
        }
    }

    oacc[i] = t;
}

// 1-D convolution with the input cached in SLM; ciacc holds 256 + (M/2)*2 ints.
__kernel void lit_conv_slm(__global const int *iacc, __global const int *kacc, __global int *oacc,
                           __local int *ciacc)
{
    int i = get_global_id(0);
    int group = get_group_id(0);
    int gSize = get_local_size(0);
    int local_id = get_local_id(0);

    ciacc[local_id + M / 2] = iacc[i];

    if (local_id == 0) {
        if (group == 0) {
            for (int j = 0; j < M / 2; j++) {
                ciacc[j] = 0;
            }
        } else {
            for (int j = 0, k = i - M / 2; j < M / 2; j++, k++) {
                ciacc[j] = iacc[k];
            }
        }
    }
    if (local_id == gSize - 1) {
        if (group == get_num_groups(0) - 1) {
            for (int j = gSize + M / 2; j < gSize + M / 2 + M / 2; j++) {
                ciacc[j] = 0;
            }
        } else {
            for (int j = gSize + M / 2, k = i + 1; j < gSize + M / 2 + M / 2; j++, k++) {
                ciacc[j] = iacc[k];
            }
        }
    }

    barrier(CLK_LOCAL_MEM_FENCE);

    int t = 0;
    for (int j = 0, k = local_id; j < M; j++, k++) {
        t += ciacc[k] * kacc[j];
    }

    oacc[i] = t;
}

// 256-bin histogram with private bins (histogram_256_int). Not literal: the mask is
// 0xFF. The document's 0x1F counts 32 bins, and its 32 private counters stay in the
// cache where 256 do not: 3.6x faster on an H100, a speed that belongs to the bug.
#define NUM_BINS 256
#define blockSize 256
#define sgSize 16
__kernel void lit_hist_private(__global const ulong *macc, __global uint *hacc)
{
    int group = get_group_id(0);
    int gSize = get_local_size(0);
    int sgGroup = get_local_id(0) / sgSize;
    int lane = get_local_id(0) % sgSize;

    unsigned int histogram[NUM_BINS];
    for (int k = 0; k < NUM_BINS; k++) {
        histogram[k] = 0;
    }
    for (int k = 0; k < blockSize; k++) {
        unsigned long x = macc[group * gSize * blockSize + sgGroup * sgSize * blockSize + sgSize * k + lane];
#pragma unroll
        for (int i = 0; i < 8; i++) {
            unsigned int c = x & 0xFFU;
            histogram[c] += 1;
            x = x >> 8;
        }
    }

    for (int k = 0; k < NUM_BINS; k++) {
        atomic_add(&hacc[k], histogram[k]);
    }
}

// 256-bin histogram in SLM (histogram_256_slm). Not literal: 32-bit global bins (the
// document's are 64-bit), which only the 256 merges per group touch.
__kernel void lit_hist_slm(__global const ulong *macc, __global uint *hacc, __local uint *local_histogram)
{
    int group = get_group_id(0);
    int gSize = get_local_size(0);
    int sgGroup = get_local_id(0) / sgSize;
    int lane = get_local_id(0) % sgSize;

    int factor = NUM_BINS / gSize;
    int local_id = get_local_id(0);
    if ((factor <= 1) && (local_id < NUM_BINS)) {
        local_histogram[local_id] = 0;
    } else {
        for (int k = 0; k < factor; k++) {
            local_histogram[gSize * k + local_id] = 0;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int k = 0; k < blockSize; k++) {
        unsigned long x = macc[group * gSize * blockSize + sgGroup * sgSize * blockSize + sgSize * k + lane];
#pragma unroll
        for (int s = 0; s < 64; s += 8) {
            atomic_inc(&local_histogram[(x >> s) & 0xFFU]);
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    if ((factor <= 1) && (local_id < NUM_BINS)) {
        atomic_add(&hacc[local_id], local_histogram[local_id]);
    } else {
        for (int k = 0; k < factor; k++) {
            atomic_add(&hacc[gSize * k + local_id], local_histogram[gSize * k + local_id]);
        }
    }
}
