/* SPDX-License-Identifier: MIT */
/* The bundled kernels, embedded at build time (spirv/embed.cmake writes kernels_data.c):
 * SPIR-V, native binaries for the AOT targets, and the OpenCL C source. What `limits`
 * and `inspect` report on; a third party builds its own with zeslm_kernel_build.
 * ABI: struct zeslm_kernel_file only grows at its end; index it through
 * zeslm_kernel_file_get, which steps by the library's own sizeof. */
#ifndef ZESLM_KERNELS_H
#define ZESLM_KERNELS_H

#include <stdbool.h>
#include <stddef.h>

#include <zeslm/device.h>
#include <zeslm/isa.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A kernel file compiled ahead of time for one Intel target (zebin). */
struct zeslm_native {
    const char *target;            /* ocloc's device name: "tgllp", "pvc", ... */
    const unsigned char *data;
    size_t size;
    /* Its kernels' instruction mix, read from IGC's listing at build time. */
    const zeslm_isa_kernel *isa;
    size_t n_isa;
    bool from_spirv;               /* built from the SPIR-V, not the source (spirv/CMakeLists.txt) */
};

struct zeslm_kernel_file {
    const char *name;              /* file name without .cl: "reduce" */
    const unsigned char *spirv;    /* compiled by ocloc, checked by spirv-val */
    size_t spirv_size;
    const char *source;            /* the OpenCL C text, NUL-terminated */
    /* OpenCL C build options the source needs ("-cl-std=CL3.0"), "" for none; the
     * SPIR-V and native binaries were built with them. */
    const char *options;
    bool needs_subgroups;          /* enables cl_khr_subgroups or cl_intel_subgroups */
    bool needs_intel_subgroups;    /* enables cl_intel_subgroups: block reads, required sizes */
    bool needs_float_atomics;      /* enables cl_ext_float_atomics: atomic_float add, min, max */
    const char *const *kernels;    /* the __kernel functions it defines */
    size_t n_kernels;
    const struct zeslm_native *natives;
    size_t n_natives;
    /* A caller's program (zeslm_kernel_build), not a bundled file: built from what it
     * holds (SPIR-V where the device ingests it, else source), whatever the device's
     * module choice, which is about the bundled kernels. */
    bool callers_program;
    /* The oldest OpenCL C the source builds as (200, 300: its
     * `#if __OPENCL_C_VERSION__ < N` line), 0 any. The OpenCL backend builds it with the
     * newest -cl-std the device takes from there on, not with the -cl-std of `options`. */
    unsigned needs_opencl_c;
};

extern const struct zeslm_kernel_file zeslm_kernel_files[];
extern const size_t zeslm_kernel_file_count;

const struct zeslm_kernel_file *zeslm_kernel_file_find(const char *name);
/* Bundled file i (i < zeslm_kernel_file_count). */
const struct zeslm_kernel_file *zeslm_kernel_file_get(size_t i);

/* NULL when device `d` can build `file`; otherwise what it lacks, for messages. */
const char *zeslm_kernel_file_unsupported(const struct zeslm_kernel_file *file, const zeslm_device_info *d);

#ifdef __cplusplus
}
#endif

#endif
