/* SPDX-License-Identifier: MIT */
#include <string.h>

#include <zeslm/device.h>

#include "atomic_features.h"

/* OpenCL C specification 3.0.14, 6.2.1 "Features": the optional orders and scopes of
 * the atomic_*_explicit built-ins. OpenCL C 2.0 has them all, without the macros. */
static const struct {
    uint32_t bit;
    const char *name;
} features[] = {
    {ZESLM_ATOMIC_ORDER_ACQ_REL, "__opencl_c_atomic_order_acq_rel"},
    {ZESLM_ATOMIC_ORDER_SEQ_CST, "__opencl_c_atomic_order_seq_cst"},
    {ZESLM_ATOMIC_SCOPE_DEVICE, "__opencl_c_atomic_scope_device"},
};

uint32_t atomic_feature_bit(const char *name)
{
    for (size_t i = 0; i < sizeof features / sizeof features[0]; i++)
        if (strcmp(features[i].name, name) == 0)
            return features[i].bit;
    return 0;
}

const char *atomic_feature_missing(uint32_t caps, uint32_t need)
{
    if ((need & ZESLM_ATOMIC_BASE) & ~caps)
        return "OpenCL C 2.0 atomics";
    for (size_t i = 0; i < sizeof features / sizeof features[0]; i++)
        if (need & features[i].bit & ~caps)
            return features[i].name;
    return NULL;
}
