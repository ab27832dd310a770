/* The OpenCL backend on a real device (PoCL on the CPU in CI): listing, building
 * every bundled kernel, a launch checked against the host, a device time, and
 * every variant of every workload verified at awkward sizes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <zeslm/bench.h>
#include <zeslm/device.h>

#include "device_fixture.h"
#include "kernels.h"

static int open_device(void **state)
{
    (void)state;
    return open_backend_device("cl", getenv("ZESLM_TEST_DEVICE"));
}

static void device_reports_slm_and_group_limits(void **state)
{
    (void)state;
    const zeslm_device_info *d = zeslm_device_get_info(dev);
    assert_string_equal(zeslm_backend_name(d->backend), "cl");
    assert_true(d->slm_per_group >= 16384); /* OpenCL's minimum for full-profile devices */
    assert_true(d->max_group_size >= 1);
    assert_true(d->compute_units >= 1);
}

static void every_bundled_kernel_builds(void **state)
{
    (void)state;
    const zeslm_device_info *d = zeslm_device_get_info(dev);
    size_t built = 0;
    for (size_t f = 0; f < zeslm_kernel_file_count; f++) {
        const struct zeslm_kernel_file *kf = &zeslm_kernel_files[f];
        assert_true(kf->n_kernels > 0);
        for (size_t i = 0; i < kf->n_kernels; i++) {
            zeslm_kernel *k = NULL;
            zeslm_status st = zeslm_kernel_create(dev, kf->name, kf->kernels[i], &k);
            if (kf->needs_subgroups && !d->subgroups) {
                assert_int_equal(st, ZESLM_ERR_UNSUPPORTED);
                continue;
            }
            if (st != ZESLM_OK)
                fail_msg("%s", zeslm_last_error());
            zeslm_kernel_props p;
            assert_int_equal(zeslm_kernel_props_get(k, &p), ZESLM_OK);
            assert_true(p.max_group_size >= 1);
            zeslm_kernel_free(k);
            built++;
        }
    }
    assert_true(built >= 13);
}

static void a_launch_matches_the_host_and_has_a_device_time(void **state)
{
    (void)state;
    enum { N = 1000 };
    uint32_t in[N], sum = 0, got = 0, zero = 0;
    for (uint32_t i = 0; i < N; i++)
        sum += in[i] = i * 2654435761u;
    zeslm_buffer *bin = NULL, *res = NULL;
    zeslm_kernel *k = NULL;
    assert_int_equal(zeslm_buffer_create(dev, sizeof in, &bin), ZESLM_OK);
    assert_int_equal(zeslm_buffer_create(dev, 4, &res), ZESLM_OK);
    assert_int_equal(zeslm_buffer_write(bin, in, sizeof in), ZESLM_OK);
    assert_int_equal(zeslm_buffer_write(res, &zero, 4), ZESLM_OK);
    assert_int_equal(zeslm_kernel_create(dev, "reduce", "reduce_many", &k), ZESLM_OK);
    assert_int_equal(zeslm_kernel_arg_buffer(k, 0, bin), ZESLM_OK);
    assert_int_equal(zeslm_kernel_arg_buffer(k, 1, bin), ZESLM_OK);
    assert_int_equal(zeslm_kernel_arg_u32(k, 2, N), ZESLM_OK);
    assert_int_equal(zeslm_kernel_arg_buffer(k, 3, res), ZESLM_OK);
    assert_int_equal(zeslm_kernel_arg_local(k, 4, 64 * 4), ZESLM_OK);
    uint64_t ns = 0;
    assert_int_equal(zeslm_kernel_launch(k, 3, 64, 30, &ns), ZESLM_OK);
    assert_true(ns > 0);
    assert_int_equal(zeslm_buffer_read(res, &got, 4), ZESLM_OK);
    assert_int_equal(got, sum);
    zeslm_kernel_free(k);
    zeslm_buffer_free(bin);
    zeslm_buffer_free(res);
}

static void oversized_slm_and_groups_are_refused(void **state)
{
    (void)state;
    const zeslm_device_info *d = zeslm_device_get_info(dev);
    zeslm_kernel *k = NULL;
    uint64_t ns;
    assert_int_equal(zeslm_kernel_create(dev, "reduce", "reduce_many", &k), ZESLM_OK);
    assert_int_equal(zeslm_kernel_arg_local(k, 4, d->slm_per_group + 1), ZESLM_ERR_INVALID_ARG);
    assert_int_equal(zeslm_kernel_launch(k, 1, d->max_group_size + 1, 30, &ns), ZESLM_ERR_INVALID_ARG);
    zeslm_kernel_free(k);
}

static void unknown_kernel_files_and_names_fail_cleanly(void **state)
{
    (void)state;
    zeslm_kernel *k = NULL;
    assert_int_equal(zeslm_kernel_create(dev, "nosuchfile", "x", &k), ZESLM_ERR_INVALID_ARG);
    assert_int_equal(zeslm_kernel_create(dev, "reduce", "no_such_kernel", &k), ZESLM_ERR_BACKEND);
    assert_non_null(strstr(zeslm_last_error(), "clCreateKernel"));
}

/* Runs one workload at one size and group size and requires every result that is
 * not skipped to be measured (which means verified). */
static void run_verified(const char *name, uint64_t size, uint32_t taps, uint32_t group)
{
    zeslm_run_opts o = {.size = size, .taps = taps, .group_size = group, .reps = 1, .warmup = 1,
                        .seed = size * 31 + group, .quick = true, .timeout_s = 120};
    zeslm_results r = {0};
    zeslm_status st = zeslm_workload_run(zeslm_workload_find(name), dev, &o, &r);
    if (st != ZESLM_OK)
        fail_msg("%s size %llu group %u: %s", name, (unsigned long long)size, group, zeslm_last_error());
    size_t measured = 0;
    for (size_t i = 0; i < r.count; i++) {
        if (r.items[i].outcome == ZESLM_SKIPPED)
            continue;
        assert_int_equal(r.items[i].outcome, ZESLM_MEASURED);
        assert_true(r.items[i].stats.median_ns > 0);
        measured++;
    }
    assert_true(measured >= 1);
    zeslm_results_free(&r);
}

static void reduce_is_exact_at_odd_prime_and_tiny_lengths(void **state)
{
    (void)state;
    const uint64_t sizes[] = {1, 2, 3, 63, 64, 65, 1000, 4099, 65537, 100003};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
        run_verified("reduce", sizes[i], 0, 64);
    run_verified("reduce", 12345, 0, 256);
}

static void bank_is_exact_for_every_stride(void **state)
{
    (void)state;
    run_verified("bank", 17, 0, 32);
    run_verified("bank", 5, 0, 64);
}

static void conv_is_exact_at_edges_and_awkward_sizes(void **state)
{
    (void)state;
    run_verified("conv", 1, 1, 64);
    run_verified("conv", 10, 257, 64);   /* every output inside the padding */
    run_verified("conv", 1000, 4, 64);   /* even taps */
    run_verified("conv", 4099, 33, 128);
    run_verified("conv", 20011, 257, 256);
    run_verified("conv", 3000, 100000, 64); /* taps far longer than the input */
}

static void hist_is_exact_for_every_input_and_size(void **state)
{
    (void)state;
    run_verified("hist", 1, 0, 64);
    run_verified("hist", 17, 0, 16);
    run_verified("hist", 20011, 0, 64);
    run_verified("hist", 70001, 0, 128);
}

static void occupancy_is_exact(void **state)
{
    (void)state;
    run_verified("occupancy", 5000, 0, 64);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(device_reports_slm_and_group_limits),
        cmocka_unit_test(every_bundled_kernel_builds),
        cmocka_unit_test(a_launch_matches_the_host_and_has_a_device_time),
        cmocka_unit_test(oversized_slm_and_groups_are_refused),
        cmocka_unit_test(unknown_kernel_files_and_names_fail_cleanly),
        cmocka_unit_test(reduce_is_exact_at_odd_prime_and_tiny_lengths),
        cmocka_unit_test(bank_is_exact_for_every_stride),
        cmocka_unit_test(conv_is_exact_at_edges_and_awkward_sizes),
        cmocka_unit_test(hist_is_exact_for_every_input_and_size),
        cmocka_unit_test(occupancy_is_exact),
    };
    return cmocka_run_group_tests(tests, open_device, close_device);
}
