// SPDX-License-Identifier: MIT
// NVIDIA's own libraries on the workloads of ze-slm, for the comparison in results/h100/README.md:
// cub::DeviceReduce::Sum and cub::DeviceHistogram::HistogramEven on the sizes and input
// kinds ze-slm-bench uses, timed the same way (device time of each launch, after warm-up,
// median of 20). Every result is checked on the host before its time is printed.
// Build and run on an NVIDIA machine: reference/nvidia/nvidia-compare.sh.
#include <cub/cub.cuh>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                                      \
    do {                                                                                 \
        cudaError_t e_ = (call);                                                         \
        if (e_ != cudaSuccess) {                                                         \
            std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
            std::exit(1);                                                                \
        }                                                                                \
    } while (0)

static const int REPS = 20, WARMUP = 2;

static uint64_t splitmix(uint64_t &s)
{
    uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// Median device time of REPS launches of f after WARMUP, in microseconds.
template <class F> static double median_us(F f)
{
    cudaEvent_t a, b;
    CHECK(cudaEventCreate(&a));
    CHECK(cudaEventCreate(&b));
    for (int i = 0; i < WARMUP; i++)
        f();
    std::vector<float> ms(REPS);
    for (int i = 0; i < REPS; i++) {
        CHECK(cudaEventRecord(a));
        f();
        CHECK(cudaEventRecord(b));
        CHECK(cudaEventSynchronize(b));
        CHECK(cudaEventElapsedTime(&ms[i], a, b));
    }
    CHECK(cudaEventDestroy(a));
    CHECK(cudaEventDestroy(b));
    std::sort(ms.begin(), ms.end());
    return 1e3 * (ms[REPS / 2 - 1] + ms[REPS / 2]) / 2;
}

static void reduce(size_t n)
{
    std::vector<uint32_t> h(n);
    uint64_t s = 2009;
    uint32_t want = 0;
    for (size_t i = 0; i < n; i++)
        want += h[i] = (uint32_t)splitmix(s);
    uint32_t *in, *out;
    CHECK(cudaMalloc(&in, n * 4));
    CHECK(cudaMalloc(&out, 4));
    CHECK(cudaMemcpy(in, h.data(), n * 4, cudaMemcpyHostToDevice));
    size_t tmp_bytes = 0;
    void *tmp = nullptr;
    CHECK(cub::DeviceReduce::Sum(tmp, tmp_bytes, in, out, (int)n));
    CHECK(cudaMalloc(&tmp, tmp_bytes));
    double us = median_us([&] { CHECK(cub::DeviceReduce::Sum(tmp, tmp_bytes, in, out, (int)n)); });
    uint32_t got;
    CHECK(cudaMemcpy(&got, out, 4, cudaMemcpyDeviceToHost));
    if (got != want) {
        std::fprintf(stderr, "cub reduce n=%zu: device %u, host %u\n", n, got, want);
        std::exit(1);
    }
    std::printf("reduce   cub::DeviceReduce::Sum           n=%-10zu %10.1f us %8.1f GB/s\n", n, us, n * 4 / us / 1e3);
    CHECK(cudaFree(in));
    CHECK(cudaFree(out));
    CHECK(cudaFree(tmp));
}

// words 64-bit words: uniform bytes, all bytes equal, or skewed (each bit 1 with p = 1/8),
// as ze-slm-bench's hist makes them.
static void hist(size_t words, const char *kind)
{
    std::vector<uint64_t> h(words);
    uint64_t s = 2009, same = splitmix(s) & 0xFF;
    same *= 0x0101010101010101ull;
    std::vector<uint64_t> want(256, 0);
    for (size_t i = 0; i < words; i++) {
        uint64_t w = kind[0] == 'u' ? splitmix(s) : kind[1] == 'a' ? same : splitmix(s) & splitmix(s) & splitmix(s);
        h[i] = w;
        for (int b = 0; b < 64; b += 8)
            want[(w >> b) & 0xFF]++;
    }
    unsigned char *in;
    unsigned int *bins;
    CHECK(cudaMalloc(&in, words * 8));
    CHECK(cudaMalloc(&bins, 256 * 4));
    CHECK(cudaMemcpy(in, h.data(), words * 8, cudaMemcpyHostToDevice));
    size_t tmp_bytes = 0;
    void *tmp = nullptr;
    int samples = (int)(words * 8);
    CHECK(cub::DeviceHistogram::HistogramEven(tmp, tmp_bytes, in, bins, 257, 0, 256, samples));
    CHECK(cudaMalloc(&tmp, tmp_bytes));
    double us = median_us(
        [&] { CHECK(cub::DeviceHistogram::HistogramEven(tmp, tmp_bytes, in, bins, 257, 0, 256, samples)); });
    std::vector<unsigned int> got(256);
    CHECK(cudaMemcpy(got.data(), bins, 256 * 4, cudaMemcpyDeviceToHost));
    for (int b = 0; b < 256; b++)
        if (got[b] != want[b]) {
            std::fprintf(stderr, "cub hist %s bin %d: device %u, host %llu\n", kind, b, got[b],
                         (unsigned long long)want[b]);
            std::exit(1);
        }
    std::printf("hist     cub::DeviceHistogram::HistogramEven n=%zu input=%-7s %8.1f us %8.1f GB/s\n", words, kind, us,
                words * 8 / us / 1e3);
    CHECK(cudaFree(in));
    CHECK(cudaFree(bins));
    CHECK(cudaFree(tmp));
}

int main()
{
    cudaDeviceProp p;
    CHECK(cudaGetDeviceProperties(&p, 0));
    std::printf("%s, CUB %d.%d.%d, medians of %d launches after %d warm-up (cudaEvent)\n", p.name,
                CUB_MAJOR_VERSION, CUB_MINOR_VERSION, CUB_SUBMINOR_VERSION, REPS, WARMUP);
    for (int e = 24; e <= 28; e++)
        reduce((size_t)1 << e);
    for (const char *kind : {"uniform", "same", "skewed"})
        hist((size_t)1 << 26, kind);
    return 0;
}
