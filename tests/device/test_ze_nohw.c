/* SPDX-License-Identifier: MIT */
/* The Level Zero backend against Intel's real driver with no GPU behind it
 * (NEOReadDebugKeys=1 SetCommandStreamReceiver=1 ProductFamilyOverride=<product>):
 * properties, a module from every embedded SPIR-V, kernel properties, launches and
 * synchronisation go through the driver; nothing executes, so no timestamp exists.
 * CTest sets the environment and what to expect: ZESLM_EXPECT_SLM (the per-group SLM
 * the driver reports), ZESLM_EXPECT_TARGET (the bundled native binary the driver
 * should accept) and ZESLM_EXPECT_MODULES (the module format the tool should say). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include <zeslm/bench.h>
#include <zeslm/device.h>
#include <zeslm/measure.h>
#include <zeslm/zebin.h>

#include "device_fixture.h"
#include <zeslm/kernels.h>

#include "user_programs.h"

static int open_device(void **state)
{
    (void)state;
    return open_backend_device("ze", NULL);
}

static void slm_per_group_is_what_the_driver_reports(void **state)
{
    (void)state;
    const zeslm_device_info *d = zeslm_device_get_info(dev);
    const char *expect = getenv("ZESLM_EXPECT_SLM");
    assert_non_null(expect);
    assert_string_equal(zeslm_backend_name(d->backend), "ze");
    assert_true(d->is_gpu);
    assert_int_equal(d->slm_per_group, strtoull(expect, NULL, 10));
    assert_int_equal(d->vendor_id, 0x8086);
    assert_true(d->timer_hz > 1e6);
    assert_true(d->timestamp_bits >= 32);
    assert_true(d->n_subgroup_sizes >= 1);
}

static void every_embedded_spirv_kernel_builds_with_properties(void **state)
{
    (void)state;
    size_t built = 0, bundled = 0;
    for (size_t f = 0; f < zeslm_kernel_file_count; f++) {
        bundled += zeslm_kernel_files[f].n_kernels;
        const struct zeslm_kernel_file *kf = &zeslm_kernel_files[f];
        for (size_t i = 0; i < kf->n_kernels; i++) {
            zeslm_kernel *k = NULL;
            if (zeslm_kernel_create(dev, kf->name, kf->kernels[i], &k) != ZESLM_OK)
                fail_msg("%s", zeslm_last_error());
            zeslm_kernel_props p = {.struct_size = sizeof p};
            assert_int_equal(zeslm_kernel_props_get(k, &p), ZESLM_OK);
            assert_true(p.spill_known);
            assert_true(p.subgroup_size == 8 || p.subgroup_size == 16 || p.subgroup_size == 32);
            zeslm_kernel_free(k);
            built++;
        }
    }
    assert_string_equal(zeslm_device_module_format(dev), getenv("ZESLM_EXPECT_MODULES"));
    assert_int_equal(built, bundled);
    assert_true(bundled >= 20);
}

/* What `inspect` reads from the bundled zebin must be what the driver reports. */
static void driver_kernel_properties_match_the_zebin(void **state)
{
    (void)state;
    const char *target = getenv("ZESLM_EXPECT_TARGET");
    assert_non_null(target);
    size_t checked = 0;
    for (size_t f = 0; f < zeslm_kernel_file_count; f++) {
        const struct zeslm_kernel_file *kf = &zeslm_kernel_files[f];
        const struct zeslm_native *native = NULL;
        for (size_t t = 0; t < kf->n_natives; t++)
            if (strcmp(kf->natives[t].target, target) == 0)
                native = &kf->natives[t];
        assert_non_null(native);
        zeslm_zebin z;
        assert_int_equal(zeslm_zebin_parse(native->data, native->size, &z), ZESLM_OK);
        for (size_t k = 0; k < z.count; k++) {
            zeslm_kernel *kern = NULL;
            zeslm_kernel_props p = {.struct_size = sizeof p};
            if (zeslm_kernel_create(dev, kf->name, z.kernels[k].name, &kern) != ZESLM_OK)
                fail_msg("%s: %s", z.kernels[k].name, zeslm_last_error());
            assert_int_equal(zeslm_kernel_props_get(kern, &p), ZESLM_OK);
            if (p.static_slm != z.kernels[k].slm_size || p.subgroup_size != z.kernels[k].simd_size ||
                p.private_mem + p.spill_mem != z.kernels[k].scratch_size)
                fail_msg("%s: driver SLM %llu SIMD %u private+spill %llu, zebin SLM %u SIMD %u scratch %u",
                         z.kernels[k].name, (unsigned long long)p.static_slm, p.subgroup_size,
                         (unsigned long long)(p.private_mem + p.spill_mem), z.kernels[k].slm_size,
                         z.kernels[k].simd_size, z.kernels[k].scratch_size);
            zeslm_kernel_free(kern);
            checked++;
        }
        zeslm_zebin_free(&z);
    }
    assert_true(checked >= 20);
}

static void a_launch_synchronises_and_reports_no_timestamp(void **state)
{
    (void)state;
    zeslm_buffer *out = NULL;
    zeslm_kernel *k = NULL;
    uint64_t ns = 12345;
    assert_int_equal(zeslm_buffer_create(dev, 64 * 4, &out), ZESLM_OK);
    assert_int_equal(zeslm_kernel_create(dev, "bank", "bank_strided", &k), ZESLM_OK);
    assert_int_equal(zeslm_kernel_arg_buffer(k, 0, out), ZESLM_OK);
    assert_int_equal(zeslm_kernel_arg_u32(k, 1, 16), ZESLM_OK);
    assert_int_equal(zeslm_kernel_arg_u32(k, 2, 8), ZESLM_OK);
    assert_int_equal(zeslm_kernel_arg_local(k, 3, 32 * 16 * 4), ZESLM_OK);
    assert_int_equal(zeslm_kernel_launch(k, 2, 32, 10, &ns), ZESLM_ERR_NO_TIMING);
    assert_int_equal(ns, 12345); /* never a made-up zero */
    zeslm_kernel_free(k);
    zeslm_buffer_free(out);
}

static void every_workload_runs_and_reports_no_results(void **state)
{
    (void)state;
    zeslm_run_opts o = {.reps = 3, .warmup = 1, .seed = 1, .quick = true, .timeout_s = 30};
    for (size_t w = 0; w < zeslm_workload_count; w++) {
        zeslm_results r = {0};
        if (zeslm_workload_run(zeslm_workloads[w], dev, &o, &r) != ZESLM_OK)
            fail_msg("%s: %s", zeslm_workloads[w]->name, zeslm_last_error());
        assert_true(r.count >= 2);
        for (size_t i = 0; i < r.count; i++) {
            /* A variant the device cannot run (atomics on float) is skipped with its reason. */
            if (r.items[i].outcome == ZESLM_SKIPPED && r.items[i].note[0])
                continue;
            assert_int_equal(r.items[i].outcome, ZESLM_NO_RESULTS);
            assert_null(r.items[i].times_ns);
        }
        zeslm_results_free(&r);
    }
}

/* A caller's own program (zeslm_kernel_build): SPIR-V builds and launches as the
 * bundled kernels do; the module belongs to the kernel and goes with it. */
static void a_callers_spirv_builds_and_launches(void **state)
{
    (void)state;
    const struct zeslm_kernel_file *kf = zeslm_kernel_file_find("bank");
    const zeslm_program program = {.spirv = kf->spirv, .spirv_size = kf->spirv_size};
    zeslm_buffer *out = NULL;
    zeslm_kernel *k = NULL;
    uint64_t ns = 0;
    if (zeslm_kernel_build(dev, &program, "bank_strided", &k) != ZESLM_OK)
        fail_msg("%s", zeslm_last_error());
    assert_int_equal(zeslm_buffer_create(dev, 64 * 4, &out), ZESLM_OK);
    assert_int_equal(zeslm_kernel_arg_buffer(k, 0, out), ZESLM_OK);
    assert_int_equal(zeslm_kernel_arg_u32(k, 1, 16), ZESLM_OK);
    const uint32_t rounds = 8;
    assert_int_equal(zeslm_kernel_arg_value(k, 2, sizeof rounds, &rounds), ZESLM_OK);
    assert_int_equal(zeslm_kernel_arg_local(k, 3, 32 * 16 * 4), ZESLM_OK);
    assert_int_equal(zeslm_kernel_launch(k, 2, 32, 10, &ns), ZESLM_ERR_NO_TIMING);
    assert_string_equal(zeslm_device_module_format(dev), "SPIR-V");
    zeslm_kernel_free(k);
    zeslm_buffer_free(out);
}

/* OpenCL C on Level Zero: compiled in-process by libocloc into SPIR-V, with the
 * caller's options (the kernel needs OpenCL C 3.0 and a define), then launched; with
 * no GPU nothing executes. The bundled SPIR-V of bank.cl comes back as source too. */
static void a_callers_opencl_c_builds_with_its_options_and_launches(void **state)
{
    (void)state;
    const zeslm_program program = {.source = cl3_source, .options = cl3_options};
    const zeslm_program bank = {.source = zeslm_kernel_file_find("bank")->source};
    zeslm_kernel *k = NULL;
    zeslm_buffer *out = NULL;
    uint64_t ns;
    if (zeslm_kernel_build(dev, &program, "version", &k) != ZESLM_OK)
        fail_msg("%s", zeslm_last_error());
    assert_string_equal(zeslm_device_module_format(dev), "OpenCL C source (libocloc to SPIR-V)");
    assert_int_equal(zeslm_buffer_create(dev, 8, &out), ZESLM_OK);
    assert_int_equal(zeslm_kernel_arg_buffer(k, 0, out), ZESLM_OK);
    assert_int_equal(zeslm_kernel_launch(k, 1, 1, 10, &ns), ZESLM_ERR_NO_TIMING);
    zeslm_kernel_free(k);
    if (zeslm_kernel_build(dev, &bank, "bank_strided", &k) != ZESLM_OK)
        fail_msg("%s", zeslm_last_error());
    zeslm_kernel_free(k);
    zeslm_buffer_free(out);
}

/* Without the options the same kernel fails, and so does a syntax error: each with
 * the compiler's own message, not a status number. */
static void compile_errors_carry_the_compilers_message(void **state)
{
    (void)state;
    const zeslm_program no_options = {.source = cl3_source};
    const zeslm_program broken = {.source = syntax_error_source};
    const zeslm_program empty = {0};
    zeslm_kernel *k = NULL;
    assert_int_equal(zeslm_kernel_build(dev, &no_options, "version", &k), ZESLM_ERR_BUILD);
    assert_null(k);
    if (!strstr(zeslm_last_error(), "error: needs OpenCL C 3.0"))
        fail_msg("%s", zeslm_last_error());
    /* libocloc prints its command line on stdout after a failure; none of it may
     * reach the caller's standard output. */
    FILE *capture = tmpfile();
    assert_non_null(capture);
    fflush(stdout);
    int saved = dup(STDOUT_FILENO);
    assert_true(saved >= 0 && dup2(fileno(capture), STDOUT_FILENO) >= 0);
    zeslm_status st = zeslm_kernel_build(dev, &broken, "broken", &k);
    fflush(stdout);
    assert_true(dup2(saved, STDOUT_FILENO) >= 0);
    close(saved);
    assert_int_equal(fseek(capture, 0, SEEK_END), 0);
    long printed = ftell(capture);
    fclose(capture);
    assert_int_equal(printed, 0);
    assert_int_equal(st, ZESLM_ERR_BUILD);
    if (!strstr(zeslm_last_error(), "expected ';'") || strstr(zeslm_last_error(), "Command was"))
        fail_msg("%s", zeslm_last_error());
    assert_int_equal(zeslm_kernel_build(dev, &empty, "bank_strided", &k), ZESLM_ERR_INVALID_ARG);
}

/* A 3-D launch and zeslm_measure go through the driver: nothing executes, which both
 * say as ZESLM_ERR_NO_TIMING. */
static void three_dimensional_launches_and_measurements_reach_the_driver(void **state)
{
    (void)state;
    zeslm_kernel *k = NULL;
    zeslm_buffer *out = NULL;
    uint64_t ns;
    if (build_ids(dev, 2 * 4 * 192, &k, &out) != ZESLM_OK)
        fail_msg("%s", zeslm_last_error());
    const zeslm_launch cube = {.groups = {3, 2, 2}, .group_size = {4, 2, 2}, .timeout_s = 10};
    assert_int_equal(zeslm_kernel_launch_nd(k, &cube, &ns), ZESLM_ERR_NO_TIMING);
    const zeslm_measure_opts o = {.warmup = 1, .reps = 3, .poison = out};
    zeslm_measurement m;
    assert_int_equal(zeslm_measure(k, &cube, &o, &m), ZESLM_ERR_NO_TIMING);
    assert_null(m.times_ns);
    zeslm_kernel_free(k);
    zeslm_buffer_free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(slm_per_group_is_what_the_driver_reports),
        cmocka_unit_test(every_embedded_spirv_kernel_builds_with_properties),
        cmocka_unit_test(driver_kernel_properties_match_the_zebin),
        cmocka_unit_test(a_launch_synchronises_and_reports_no_timestamp),
        cmocka_unit_test(every_workload_runs_and_reports_no_results),
        cmocka_unit_test(a_callers_spirv_builds_and_launches),
        cmocka_unit_test(a_callers_opencl_c_builds_with_its_options_and_launches),
        cmocka_unit_test(compile_errors_carry_the_compilers_message),
        cmocka_unit_test(three_dimensional_launches_and_measurements_reach_the_driver),
    };
    return cmocka_run_group_tests(tests, open_device, close_device);
}
