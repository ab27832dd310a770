/* SPDX-License-Identifier: MIT */
/* What an OpenCL device's compiler builds, from its answers: OpenCL 3.0's version list,
 * OpenCL C features and atomic capabilities decide, the legacy version query only
 * before 3.0; what a memorder variant needs is met, or the missing feature is named.
 * The answers are PoCL 3.1's on an AMD EPYC (as it answers the queries) and shapes
 * other devices could have. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <zeslm/device.h>

#include "atomic_features.h"
#include "cl_features.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define ALL_ORDERS (ZESLM_ATOMIC_ORDER_RELAXED | ZESLM_ATOMIC_ORDER_ACQ_REL | ZESLM_ATOMIC_ORDER_SEQ_CST)
#define ALL (ALL_ORDERS | ZESLM_ATOMIC_SCOPE_WORK_GROUP | ZESLM_ATOMIC_SCOPE_DEVICE)
/* CL_DEVICE_ATOMIC_SCOPE_WORK_ITEM and _ALL_DEVICES, which memorder does not use. */
#define WORK_ITEM (1u << 3)
#define ALL_DEVICES (1u << 6)

static const unsigned c_1_to_3[] = {100, 110, 120, 300};

/* Debian's PoCL 3.1 on an AMD EPYC: a 3.0 device whose legacy query says OpenCL C 1.2,
 * with the atomic features and every order and scope (0x77). */
static void pocl_3_1_builds_every_order_and_scope_as_opencl_c_3_0(void **state)
{
    (void)state;
    static const char *const features[] = {"__opencl_c_3d_image_writes", "__opencl_c_images",
                                           "__opencl_c_atomic_order_acq_rel", "__opencl_c_atomic_order_seq_cst",
                                           "__opencl_c_atomic_scope_device", "__opencl_c_read_write_images",
                                           "__opencl_c_int64", "__opencl_c_fp64"};
    struct cl_c_answers a = {.device_version = 300, .legacy_c_version = "OpenCL C 1.2 PoCL",
                             .c_versions = c_1_to_3, .n_c_versions = N(c_1_to_3), .c_features = features,
                             .n_c_features = N(features), .atomic_caps = 0x77};
    struct cl_c_support s;
    cl_c_support_decide(&a, &s);
    assert_int_equal(s.c_version, 300);
    assert_int_equal(s.atomic_caps, ALL);
    assert_string_equal(cl_c_std(200, s.c_version), "CL3.0");
    assert_null(atomic_feature_missing(s.atomic_caps, ZESLM_ATOMIC_ORDER_SEQ_CST | ZESLM_ATOMIC_SCOPE_DEVICE));
}

/* A device as NVIDIA's OpenCL 3.0 on the H100 answers: relaxed at work-group scope alone
 * (the committed results/h100 run skips every other order and scope), and features
 * without the atomic ones (the list here is an example, not NVIDIA's). */
static void nvidia_lacks_the_orders_and_the_device_scope_by_name(void **state)
{
    (void)state;
    static const char *const features[] = {"__opencl_c_fp64", "__opencl_c_int64", "__opencl_c_images"};
    struct cl_c_answers a = {.device_version = 300, .legacy_c_version = "OpenCL C 1.2 ",
                             .c_versions = c_1_to_3, .n_c_versions = N(c_1_to_3), .c_features = features,
                             .n_c_features = N(features),
                             .atomic_caps = ZESLM_ATOMIC_ORDER_RELAXED | ZESLM_ATOMIC_SCOPE_WORK_GROUP};
    struct cl_c_support s;
    cl_c_support_decide(&a, &s);
    assert_int_equal(s.c_version, 300);
    assert_int_equal(s.atomic_caps, ZESLM_ATOMIC_BASE);
    assert_null(atomic_feature_missing(s.atomic_caps, ZESLM_ATOMIC_BASE));
    assert_string_equal(atomic_feature_missing(s.atomic_caps, ZESLM_ATOMIC_BASE | ZESLM_ATOMIC_ORDER_ACQ_REL),
                        "__opencl_c_atomic_order_acq_rel");
    assert_string_equal(atomic_feature_missing(s.atomic_caps, ZESLM_ATOMIC_BASE | ZESLM_ATOMIC_ORDER_SEQ_CST),
                        "__opencl_c_atomic_order_seq_cst");
    assert_string_equal(atomic_feature_missing(s.atomic_caps, ZESLM_ATOMIC_BASE | ZESLM_ATOMIC_SCOPE_DEVICE),
                        "__opencl_c_atomic_scope_device");
}

/* An order needs the device's capability and the compiler's feature both: either alone
 * leaves it out, and the other orders and scopes stand. */
static void an_order_needs_both_the_capability_and_the_feature(void **state)
{
    (void)state;
    static const char *const no_seq_cst[] = {"__opencl_c_atomic_order_acq_rel", "__opencl_c_atomic_scope_device"};
    static const char *const every[] = {"__opencl_c_atomic_order_acq_rel", "__opencl_c_atomic_order_seq_cst",
                                        "__opencl_c_atomic_scope_device"};
    struct cl_c_answers a = {.device_version = 300, .c_versions = c_1_to_3, .n_c_versions = N(c_1_to_3),
                             .c_features = no_seq_cst, .n_c_features = N(no_seq_cst),
                             .atomic_caps = ALL | WORK_ITEM | ALL_DEVICES};
    struct cl_c_support s;
    cl_c_support_decide(&a, &s);
    assert_int_equal(s.atomic_caps, ALL & ~ZESLM_ATOMIC_ORDER_SEQ_CST);
    assert_string_equal(atomic_feature_missing(s.atomic_caps, ZESLM_ATOMIC_BASE | ZESLM_ATOMIC_ORDER_SEQ_CST),
                        "__opencl_c_atomic_order_seq_cst");
    a.c_features = every;
    a.n_c_features = N(every);
    a.atomic_caps = ALL & ~ZESLM_ATOMIC_SCOPE_DEVICE;
    cl_c_support_decide(&a, &s);
    assert_int_equal(s.atomic_caps, ALL & ~ZESLM_ATOMIC_SCOPE_DEVICE);
    assert_string_equal(atomic_feature_missing(s.atomic_caps, ZESLM_ATOMIC_BASE | ZESLM_ATOMIC_SCOPE_DEVICE),
                        "__opencl_c_atomic_scope_device");
}

/* Before 3.0 the legacy query decides: OpenCL C 2.0 has every order and scope and is
 * built as CL2.0 (a file that needs 3.0 is not built at all); 1.2 has none. */
static void before_3_0_the_legacy_version_decides(void **state)
{
    (void)state;
    struct cl_c_answers a = {.device_version = 210, .legacy_c_version = "OpenCL C 2.0 AMD-APP (3590.0)"};
    struct cl_c_support s;
    cl_c_support_decide(&a, &s);
    assert_int_equal(s.c_version, 200);
    assert_int_equal(s.atomic_caps, ALL);
    assert_string_equal(cl_c_std(200, s.c_version), "CL2.0");
    assert_null(cl_c_std(300, s.c_version));
    a = (struct cl_c_answers){.device_version = 120, .legacy_c_version = "OpenCL C 1.2 pocl"};
    cl_c_support_decide(&a, &s);
    assert_int_equal(s.c_version, 120);
    assert_int_equal(s.atomic_caps, 0);
    assert_null(cl_c_std(200, s.c_version));
    assert_string_equal(atomic_feature_missing(s.atomic_caps, ZESLM_ATOMIC_BASE), "OpenCL C 2.0 atomics");
    a.legacy_c_version = "not a version";
    cl_c_support_decide(&a, &s);
    assert_int_equal(s.c_version, 0);
}

/* A 3.0 device whose compiler lists no 3.0 (nor 2.0): no OpenCL C 2.0 atomics, whatever
 * its capabilities say; one that lists 2.0 as its newest builds them all as CL2.0. */
static void a_3_0_device_is_read_by_its_version_list(void **state)
{
    (void)state;
    static const unsigned c_1_2[] = {100, 110, 120}, c_2_0[] = {120, 200};
    struct cl_c_answers a = {.device_version = 300, .legacy_c_version = "OpenCL C 3.0", .c_versions = c_1_2,
                             .n_c_versions = N(c_1_2), .atomic_caps = ALL};
    struct cl_c_support s;
    cl_c_support_decide(&a, &s);
    assert_int_equal(s.c_version, 120);
    assert_int_equal(s.atomic_caps, 0);
    a.c_versions = c_2_0;
    a.n_c_versions = N(c_2_0);
    cl_c_support_decide(&a, &s);
    assert_int_equal(s.c_version, 200);
    assert_int_equal(s.atomic_caps, ALL);
    assert_string_equal(cl_c_std(200, s.c_version), "CL2.0");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pocl_3_1_builds_every_order_and_scope_as_opencl_c_3_0),
        cmocka_unit_test(nvidia_lacks_the_orders_and_the_device_scope_by_name),
        cmocka_unit_test(an_order_needs_both_the_capability_and_the_feature),
        cmocka_unit_test(before_3_0_the_legacy_version_decides),
        cmocka_unit_test(a_3_0_device_is_read_by_its_version_list),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
