/* SPDX-License-Identifier: MIT */
/* The limit and occupancy arithmetic, with the document's worked example. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <zeslm/limits.h>

static zeslm_device_info tgllp_like(void)
{
    /* What the Intel driver reports for Xe-LP (tgllp): 64 KiB SLM per group, groups
     * of up to 512, 16 EUs x 7 threads per subslice. */
    zeslm_device_info d = {.slm_per_group = 65536, .max_group_size = 512, .eus_per_subslice = 16,
                           .threads_per_eu = 7};
    return d;
}

static void document_example_64k_and_512_bytes_per_item_give_128(void **state)
{
    (void)state;
    assert_int_equal(zeslm_max_group_for_slm(65536, 512, 1024), 128);
}

static void max_group_is_capped_by_the_device(void **state)
{
    (void)state;
    assert_int_equal(zeslm_max_group_for_slm(65536, 4, 512), 512);
    assert_int_equal(zeslm_max_group_for_slm(65536, 4, 0), 16384);
}

static void zero_or_oversized_bytes_per_item_allow_no_group(void **state)
{
    (void)state;
    assert_int_equal(zeslm_max_group_for_slm(65536, 0, 512), 0);
    assert_int_equal(zeslm_max_group_for_slm(65536, 65537, 512), 0);
}

static void slm_limits_when_groups_reserve_much(void **state)
{
    (void)state;
    zeslm_device_info d = tgllp_like();
    zeslm_occupancy_query q = {.slm_per_group = 32768, .group_size = 64, .simd = 16};
    zeslm_occupancy o;
    assert_int_equal(zeslm_occupancy_compute(&d, &q, &o), ZESLM_OK);
    assert_int_equal(o.by_slm, 2);
    assert_int_equal(o.threads_per_group, 4);
    assert_int_equal(o.by_threads, 28);
    assert_int_equal(o.groups, 2);
    assert_int_equal(o.limiter, ZESLM_LIMITER_SLM);
    assert_true(o.slm_per_cu_assumed);
}

static void threads_limit_large_groups_with_little_slm(void **state)
{
    (void)state;
    zeslm_device_info d = tgllp_like();
    zeslm_occupancy_query q = {.slm_per_group = 1024, .group_size = 512, .simd = 8};
    zeslm_occupancy o;
    assert_int_equal(zeslm_occupancy_compute(&d, &q, &o), ZESLM_OK);
    assert_int_equal(o.threads_per_group, 64);
    assert_int_equal(o.by_threads, 1);
    assert_int_equal(o.by_slm, 64);
    assert_int_equal(o.groups, 1);
    assert_int_equal(o.limiter, ZESLM_LIMITER_THREADS);
}

static void known_slm_per_cu_replaces_the_assumption(void **state)
{
    (void)state;
    zeslm_device_info d = tgllp_like();
    zeslm_occupancy_query q = {.slm_per_group = 16384, .group_size = 32, .simd = 32, .slm_per_cu = 131072};
    zeslm_occupancy o;
    assert_int_equal(zeslm_occupancy_compute(&d, &q, &o), ZESLM_OK);
    assert_int_equal(o.by_slm, 8);
    assert_false(o.slm_per_cu_assumed);
}

static void unknown_threads_leave_slm_as_the_only_bound(void **state)
{
    (void)state;
    zeslm_device_info d = {.slm_per_group = 49152, .max_group_size = 1024};
    zeslm_occupancy_query q = {.slm_per_group = 12288, .group_size = 256, .simd = 32};
    zeslm_occupancy o;
    assert_int_equal(zeslm_occupancy_compute(&d, &q, &o), ZESLM_OK);
    assert_int_equal(o.by_threads, UINT32_MAX);
    assert_int_equal(o.groups, 4);
    assert_int_equal(o.limiter, ZESLM_LIMITER_SLM);
}

static void no_slm_and_no_thread_facts_bound_nothing(void **state)
{
    (void)state;
    zeslm_device_info d = {.slm_per_group = 49152};
    zeslm_occupancy_query q = {.slm_per_group = 0, .group_size = 256, .simd = 32};
    zeslm_occupancy o;
    assert_int_equal(zeslm_occupancy_compute(&d, &q, &o), ZESLM_OK);
    assert_int_equal(o.limiter, ZESLM_LIMITER_NONE);
}

static zeslm_device_info h100_like(void)
{
    /* What src/core/known_gpus.c adds for an H100: OpenCL reports only the 48 KiB a group
     * may use. */
    zeslm_device_info d = {.slm_per_group = 49152, .max_group_size = 1024, .slm_per_cu = 228 * 1024,
                           .slm_reserved_per_group = 1024, .threads_per_cu = 64, .max_groups_per_cu = 32,
                           .simd_width = 32};
    return d;
}

static void known_per_cu_slm_and_the_reserve_decide_the_fit(void **state)
{
    (void)state;
    zeslm_device_info d = h100_like();
    zeslm_occupancy_query q = {.slm_per_group = 49152, .group_size = 256, .simd = 32};
    zeslm_occupancy o;
    assert_int_equal(zeslm_occupancy_compute(&d, &q, &o), ZESLM_OK);
    assert_false(o.slm_per_cu_assumed);
    assert_int_equal(o.slm_charged, 49152 + 1024);
    assert_int_equal(o.groups, 4); /* 228 KiB / 49 KiB, where the per-group limit alone says 1 */
    assert_int_equal(o.limiter, ZESLM_LIMITER_SLM);
}

static void the_group_slots_cap_small_groups(void **state)
{
    (void)state;
    zeslm_device_info d = h100_like();
    zeslm_occupancy_query q = {.slm_per_group = 0, .group_size = 32, .simd = 32};
    zeslm_occupancy o;
    assert_int_equal(zeslm_occupancy_compute(&d, &q, &o), ZESLM_OK);
    assert_int_equal(o.by_threads, 64);
    assert_int_equal(o.groups, 32);
    assert_int_equal(o.limiter, ZESLM_LIMITER_GROUPS);
}

/* The one rule of both limits paths: a group holds a barrier register where it allocates
 * SLM and none where it allocates none; the registers bound only groups that hold them. */
static void barriers_bound_only_groups_that_hold_them(void **state)
{
    (void)state;
    assert_int_equal(zeslm_occupancy_barriers(0), 0);
    assert_int_equal(zeslm_occupancy_barriers(1), 1);
    zeslm_device_info d = h100_like();
    d.max_groups_per_cu = 0;
    zeslm_occupancy_query q = {.slm_per_group = 0, .group_size = 32, .simd = 32, .barrier_registers = 16};
    zeslm_occupancy o;
    q.barriers = zeslm_occupancy_barriers(q.slm_per_group);
    assert_int_equal(zeslm_occupancy_compute(&d, &q, &o), ZESLM_OK);
    assert_int_equal(o.groups, 64); /* no SLM, no barrier: the threads decide */
    assert_int_equal(o.limiter, ZESLM_LIMITER_THREADS);
    assert_int_equal(o.by_barriers, UINT32_MAX);
    q.slm_per_group = 1024;
    q.barriers = zeslm_occupancy_barriers(q.slm_per_group);
    assert_int_equal(zeslm_occupancy_compute(&d, &q, &o), ZESLM_OK);
    assert_int_equal(o.by_barriers, 16);
    assert_int_equal(o.groups, 16);
    assert_int_equal(o.limiter, ZESLM_LIMITER_BARRIERS);
    assert_string_equal(zeslm_limiter_name(o.limiter), "barriers");
    q.barriers = 2; /* a kernel with two barriers takes two registers a group, as NEO divides */
    assert_int_equal(zeslm_occupancy_compute(&d, &q, &o), ZESLM_OK);
    assert_int_equal(o.groups, 8);
}

static void group_over_device_maximum_is_rejected(void **state)
{
    (void)state;
    zeslm_device_info d = tgllp_like();
    zeslm_occupancy_query q = {.slm_per_group = 0, .group_size = 1024, .simd = 16};
    zeslm_occupancy o;
    assert_int_equal(zeslm_occupancy_compute(&d, &q, &o), ZESLM_ERR_INVALID_ARG);
    assert_non_null(strstr(zeslm_last_error(), "exceeds the device maximum 512"));
}

static void slm_over_per_group_limit_is_rejected(void **state)
{
    (void)state;
    zeslm_device_info d = tgllp_like();
    zeslm_occupancy_query q = {.slm_per_group = 65537, .group_size = 64, .simd = 16};
    zeslm_occupancy o;
    assert_int_equal(zeslm_occupancy_compute(&d, &q, &o), ZESLM_ERR_INVALID_ARG);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(document_example_64k_and_512_bytes_per_item_give_128),
        cmocka_unit_test(max_group_is_capped_by_the_device),
        cmocka_unit_test(zero_or_oversized_bytes_per_item_allow_no_group),
        cmocka_unit_test(slm_limits_when_groups_reserve_much),
        cmocka_unit_test(threads_limit_large_groups_with_little_slm),
        cmocka_unit_test(known_slm_per_cu_replaces_the_assumption),
        cmocka_unit_test(unknown_threads_leave_slm_as_the_only_bound),
        cmocka_unit_test(no_slm_and_no_thread_facts_bound_nothing),
        cmocka_unit_test(known_per_cu_slm_and_the_reserve_decide_the_fit),
        cmocka_unit_test(the_group_slots_cap_small_groups),
        cmocka_unit_test(barriers_bound_only_groups_that_hold_them),
        cmocka_unit_test(group_over_device_maximum_is_rejected),
        cmocka_unit_test(slm_over_per_group_limit_is_rejected),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
