/* SPDX-License-Identifier: MIT */
/* What a device's OpenCL C compiler builds, decided from the device's answers alone
 * (no OpenCL call here: a unit test hands it any device's answers). */
#ifndef ZESLM_CL_FEATURES_H
#define ZESLM_CL_FEATURES_H

#include <stddef.h>
#include <stdint.h>

/* A device's answers to the queries that say which OpenCL C it takes. Versions are
 * written as __OPENCL_C_VERSION__ is: 100 * major + 10 * minor (300, 200, 120). */
struct cl_c_answers {
    unsigned device_version;       /* CL_DEVICE_VERSION ("OpenCL 3.0 ...": 300) */
    /* Before 3.0 only: CL_DEVICE_OPENCL_C_VERSION ("OpenCL C 1.2 ..."). A 3.0 device may
     * still answer 1.2 there (PoCL 3.1, NVIDIA), which says nothing of its 3.0 compiler. */
    const char *legacy_c_version;
    /* 3.0 and later: CL_DEVICE_OPENCL_C_ALL_VERSIONS, the names of
     * CL_DEVICE_OPENCL_C_FEATURES and CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES (whose bits
     * are ZESLM_ATOMIC_*'s). */
    const unsigned *c_versions;
    size_t n_c_versions;
    const char *const *c_features;
    size_t n_c_features;
    uint64_t atomic_caps;
};

/* The newest OpenCL C the compiler takes (0: none known), and the orders and scopes
 * of OpenCL C 2.0 atomics (ZESLM_ATOMIC_*) that the device runs and its compiler builds
 * in that version: OpenCL C 2.0 has them all; 3.0 those that both the atomic
 * capabilities and the OpenCL C features list; 1.x none. */
struct cl_c_support {
    unsigned c_version;
    uint32_t atomic_caps;
};

void cl_c_support_decide(const struct cl_c_answers *a, struct cl_c_support *out);

/* The -cl-std value ("CL3.0", "CL2.0") for a source that needs OpenCL C `need` on a
 * compiler whose newest is `have`: the newest of those two the compiler takes; NULL
 * where it takes neither. */
const char *cl_c_std(unsigned need, unsigned have);

#endif
