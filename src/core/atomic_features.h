/* SPDX-License-Identifier: MIT */
/* The OpenCL C 3.0 feature behind each optional order and scope of OpenCL C 2.0 atomics
 * (ZESLM_ATOMIC_* bits), for the backends that read a device's features and the
 * workloads that say which one a device lacks. */
#ifndef ZESLM_ATOMIC_FEATURES_H
#define ZESLM_ATOMIC_FEATURES_H

#include <stddef.h>
#include <stdint.h>

/* Relaxed order and work-group scope: every OpenCL C 2.0 or 3.0 compiler has them. */
#define ZESLM_ATOMIC_BASE (ZESLM_ATOMIC_ORDER_RELAXED | ZESLM_ATOMIC_SCOPE_WORK_GROUP)

/* The ZESLM_ATOMIC_* bit that OpenCL C feature `name` makes available, 0 for any other
 * name. */
uint32_t atomic_feature_bit(const char *name);

/* The feature behind the first bit of `need` that `caps` lacks ("__opencl_c_atomic_order_acq_rel"),
 * "OpenCL C 2.0 atomics" where it lacks the base, NULL where `caps` holds all of `need`. */
const char *atomic_feature_missing(uint32_t caps, uint32_t need);

#endif
