/* SPDX-License-Identifier: MIT */
/* Intel native binaries (zebin, an ELF file): what the compiler decided about each
 * kernel, read from the .ze_info section (YAML) and the IntelGT notes. */
#ifndef ZESLM_ZEBIN_H
#define ZESLM_ZEBIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <zeslm/status.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct zeslm_zebin_kernel {
    char name[128];
    uint32_t simd_size;      /* 8, 16 or 32 work-items a hardware thread */
    uint32_t grf_count;      /* general registers a thread; 256 is "large GRF" */
    uint32_t slm_size;       /* bytes of SLM the kernel declares itself */
    uint32_t barrier_count;
    bool has_global_atomics;
    /* Atomics on SLM: .ze_info has no such key (IGC writes has_global_atomics only), so
     * zeslm_zebin_local_atomics reads it from the SPIR-V the zebin was built from;
     * local_atomics_known is false until then. */
    bool has_local_atomics;
    bool local_atomics_known;
    /* Scratch the compiler asked for a hardware thread, by the buffer's usage. */
    uint32_t private_size;   /* usage private_space */
    uint32_t spill_size;     /* usage spill_fill_space */
    uint32_t scratch_size;   /* every scratch buffer together (single_space included) */
} zeslm_zebin_kernel;

typedef struct zeslm_zebin {
    char version[16];        /* of the .ze_info format */
    uint32_t product_family; /* from .note.intelgt.compat; 0 when absent */
    zeslm_zebin_kernel *kernels;
    size_t count;
} zeslm_zebin;

/* Parses a zebin held in memory. Anything that is not a well-formed zebin (not ELF,
 * truncated, no .ze_info, YAML of the wrong shape) is ZESLM_ERR_INVALID_ARG with the
 * reason in zeslm_last_error(); *out is then empty. */
zeslm_status zeslm_zebin_parse(const void *data, size_t size, zeslm_zebin *out);
void zeslm_zebin_free(zeslm_zebin *z);

/* Fills has_local_atomics (and local_atomics_known) of z's kernels that are entry
 * points of `spirv`, the module the zebin was compiled from: whether the kernel, or a
 * function it calls, makes an atomic operation on a pointer into Workgroup storage. A
 * module that is not SPIR-V is ZESLM_ERR_INVALID_ARG. */
zeslm_status zeslm_zebin_local_atomics(zeslm_zebin *z, const void *spirv, size_t size);

#ifdef __cplusplus
}
#endif

#endif
