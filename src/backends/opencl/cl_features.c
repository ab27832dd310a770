/* SPDX-License-Identifier: MIT */
#include <stdio.h>

#include <zeslm/device.h>

#include "atomic_features.h"
#include "cl_features.h"

/* "OpenCL C 1.2 PoCL" as 120; 0 where it is not that form. */
static unsigned legacy_version(const char *text)
{
    unsigned major = 0, minor = 0;
    if (!text || sscanf(text, "OpenCL C %u.%u", &major, &minor) != 2 || minor > 9)
        return 0;
    return major * 100 + minor * 10;
}

void cl_c_support_decide(const struct cl_c_answers *a, struct cl_c_support *out)
{
    out->c_version = 0;
    out->atomic_caps = 0;
    if (a->device_version < 300) {
        /* OpenCL 1.x and 2.x: the legacy query is the compiler's version, and 2.0's
         * atomics have every order and scope (OpenCL C 2.0, 6.13.11). */
        out->c_version = legacy_version(a->legacy_c_version);
        if (out->c_version >= 200)
            out->atomic_caps = ZESLM_ATOMIC_ORDER_RELAXED | ZESLM_ATOMIC_ORDER_ACQ_REL |
                               ZESLM_ATOMIC_ORDER_SEQ_CST | ZESLM_ATOMIC_SCOPE_WORK_GROUP |
                               ZESLM_ATOMIC_SCOPE_DEVICE;
        return;
    }
    for (size_t i = 0; i < a->n_c_versions; i++)
        if (a->c_versions[i] > out->c_version)
            out->c_version = a->c_versions[i];
    if (out->c_version < 200)
        return;
    uint32_t device = (uint32_t)a->atomic_caps;
    if (out->c_version < 300) {
        /* A 3.0 device whose newest OpenCL C is 2.x: that language has them all. */
        out->atomic_caps = device & (ZESLM_ATOMIC_BASE | ZESLM_ATOMIC_ORDER_ACQ_REL | ZESLM_ATOMIC_ORDER_SEQ_CST |
                                     ZESLM_ATOMIC_SCOPE_DEVICE);
        return;
    }
    /* OpenCL C 3.0: the base is every device's minimum; an optional order or scope
     * needs both the device's capability and the compiler's feature macro. */
    uint32_t compiler = ZESLM_ATOMIC_BASE;
    for (size_t i = 0; i < a->n_c_features; i++)
        compiler |= atomic_feature_bit(a->c_features[i]);
    out->atomic_caps = device & compiler;
}

const char *cl_c_std(unsigned need, unsigned have)
{
    if (have >= 300 && need <= 300)
        return "CL3.0";
    if (have >= 200 && need <= 200)
        return "CL2.0";
    return NULL;
}
