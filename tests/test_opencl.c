/* The OpenCL backend on a real device (PoCL on the CPU in CI, and Intel's OpenCL
 * runtime for CPUs in the intel-cl tests): listing, building every bundled kernel, a
 * launch checked against the host, a device time, and every variant of every workload
 * verified at awkward sizes. What the device must do beyond that comes from CTest:
 * ZESLM_EXPECT_MODULES (the module format every build must use) and
 * ZESLM_EXPECT_NO_SKIPS=1 (no variant may be skipped: the device has every feature). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bench.h"
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
            if (zeslm_kernel_file_unsupported(kf, d)) {
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
    const char *modules = getenv("ZESLM_EXPECT_MODULES");
    if (modules)
        assert_string_equal(zeslm_device_module_format(dev), modules);
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
    zeslm_run_opts o = {.size = size, .options = {{taps ? "taps" : NULL, taps}}, .group_size = group,
                        .reps = 1, .warmup = 1, .seed = size * 31 + group, .quick = true, .timeout_s = 120};
    zeslm_results r = {0};
    zeslm_status st = zeslm_workload_run(zeslm_workload_find(name), dev, &o, &r);
    if (st != ZESLM_OK)
        fail_msg("%s size %llu group %u: %s", name, (unsigned long long)size, group, zeslm_last_error());
    size_t measured = 0;
    bool no_skips = getenv("ZESLM_EXPECT_NO_SKIPS") != NULL;
    for (size_t i = 0; i < r.count; i++) {
        /* Skipped for want of a device feature, not for the group size asked for. */
        if (r.items[i].outcome == ZESLM_SKIPPED && no_skips && strncmp(r.items[i].note, "the device", 10) == 0)
            fail_msg("%s/%s skipped: %s", name, r.items[i].variant, r.items[i].note);
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

/* The swizzled layout's claim, checked on the addresses the kernel really uses: at
 * every stride 1..64, every aligned sub-group of 8, 16 or 32 work-items puts the
 * fewest work-items possible in each of 16, 32 or 64 banks of 4 bytes (one each when
 * the sub-group is no wider than the banks), and work-item j stays in its own
 * `stride` words. */
static void swizzled_layout_spreads_every_subgroup_over_the_banks(void **state)
{
    (void)state;
    enum { GROUP = 64 };
    const uint32_t subgroups[] = {8, 16, 32}, banks[] = {16, 32, 64};
    zeslm_kernel *k = NULL;
    zeslm_buffer *out = NULL;
    uint32_t words[GROUP];
    uint64_t ns;
    assert_int_equal(zeslm_kernel_create(dev, "bank", "bank_swizzled_words", &k), ZESLM_OK);
    assert_int_equal(zeslm_buffer_create(dev, sizeof words, &out), ZESLM_OK);
    assert_int_equal(zeslm_kernel_arg_buffer(k, 0, out), ZESLM_OK);
    for (uint32_t stride = 1; stride <= 64; stride++) {
        assert_int_equal(zeslm_kernel_arg_u32(k, 1, stride), ZESLM_OK);
        assert_int_equal(zeslm_kernel_launch(k, 1, GROUP, 30, &ns), ZESLM_OK);
        assert_int_equal(zeslm_buffer_read(out, words, sizeof words), ZESLM_OK);
        for (uint32_t j = 0; j < GROUP; j++)
            if (words[j] / stride != j)
                fail_msg("stride %u: work-item %u uses word %u, outside its own words", stride, j, words[j]);
        for (size_t s = 0; s < 3; s++) {
            for (size_t b = 0; b < 3; b++) {
                uint32_t fewest = (subgroups[s] + banks[b] - 1) / banks[b];
                for (uint32_t first = 0; first < GROUP; first += subgroups[s]) {
                    uint32_t load[64] = {0};
                    for (uint32_t j = first; j < first + subgroups[s]; j++)
                        if (++load[words[j] % banks[b]] > fewest)
                            fail_msg("stride %u, %u banks: %u work-items of the sub-group of %u at %u share bank %u",
                                     stride, banks[b], load[words[j] % banks[b]], subgroups[s], first,
                                     words[j] % banks[b]);
                }
            }
        }
    }
    zeslm_kernel_free(k);
    zeslm_buffer_free(out);
}

static void conv_is_exact_at_edges_and_awkward_sizes(void **state)
{
    (void)state;
    run_verified("conv", 1, 1, 64);
    run_verified("conv", 10, 257, 64);   /* every output inside the padding */
    run_verified("conv", 1000, 4, 64);   /* even taps */
    run_verified("conv", 4099, 33, 128);
    run_verified("conv", 20011, 257, 256);
    /* Taps far longer than the input; group size of the workload's choosing, since
     * tiled's SLM at 100000 taps exceeds what a group may use (it is skipped). */
    run_verified("conv", 3000, 100000, 0);
}

static void hist_is_exact_for_every_input_and_size(void **state)
{
    (void)state;
    run_verified("hist", 1, 0, 64);
    run_verified("hist", 17, 0, 16);
    run_verified("hist", 20011, 0, 64);
    run_verified("hist", 70001, 0, 128);
}

/* count_only is rated on 8n bytes, so its bins must count 8n bytes at odd n too (it
 * once dropped the last 64-bit word: 0 bytes at n=1, 2032 of 2040 at n=255). */
static void count_only_counts_every_byte_at_odd_sizes(void **state)
{
    (void)state;
    const uint64_t sizes[] = {1, 3, 255};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        zeslm_run_opts o = {.size = sizes[i], .reps = 1, .warmup = 1, .seed = 7, .quick = true,
                            .timeout_s = 120, .variant = "count_only"};
        zeslm_results r = {0};
        if (zeslm_workload_run(zeslm_workload_find("hist"), dev, &o, &r) != ZESLM_OK)
            fail_msg("n=%llu: %s", (unsigned long long)sizes[i], zeslm_last_error());
        assert_int_equal(r.count, 1);
        assert_int_equal(r.items[0].outcome, ZESLM_MEASURED);
        zeslm_results_free(&r);
    }
}

static void occupancy_is_exact(void **state)
{
    (void)state;
    run_verified("occupancy", 5000, 0, 64);
}

static void latency_chains_end_where_the_host_says(void **state)
{
    (void)state;
    /* Steps per launch: one, odd, and more than the smallest cycle (256 nodes) has. */
    run_verified("latency", 1, 0, 64);
    run_verified("latency", 1001, 0, 48);  /* a group size that divides no footprint */
    run_verified("latency", 4099, 0, 100);
}

/* Runs one workload and returns its results; the caller frees them. */
static zeslm_results run_all(const char *name, const zeslm_run_opts *o)
{
    zeslm_results r = {0};
    if (zeslm_workload_run(zeslm_workload_find(name), dev, o, &r) != ZESLM_OK)
        fail_msg("%s: %s", name, zeslm_last_error());
    return r;
}

static void latency_measures_every_footprint_step_and_cycles(void **state)
{
    (void)state;
    zeslm_run_opts o = {.size = 64, .reps = 1, .warmup = 1, .seed = 5, .quick = true, .timeout_s = 120};
    zeslm_results r = run_all("latency", &o);
    bool clock = zeslm_device_get_info(dev)->clock_mhz > 0;
    size_t global = 0, slm = 0, atomic = 0;
    uint64_t last = 0;
    for (size_t i = 0; i < r.count; i++) {
        const zeslm_result *x = &r.items[i];
        assert_int_equal(x->outcome, ZESLM_MEASURED);
        assert_string_equal(x->rate_unit, strcmp(x->variant, "slm_atomic") == 0 ? "ns/atomic" : "ns/access");
        assert_true(x->rate > 0);
        /* Cycles where the device reports its clock (PoCL does); none where it does
         * not (Intel's CPU runtime), rather than cycles at a made-up clock. */
        if (clock)
            assert_true(x->ratio > 0);
        else
            assert_true(x->ratio == 0);
        unsigned long long fp;
        assert_int_equal(sscanf(x->params, "footprint=%llu", &fp), 1);
        if (strcmp(x->variant, "global") == 0) {
            assert_true(fp > last); /* ascending, 1 KiB up */
            last = fp;
            global++;
        }
        slm += strcmp(x->variant, "slm") == 0;
        atomic += strcmp(x->variant, "slm_atomic") == 0;
    }
    assert_int_equal(global, 11); /* 1 KiB to 1 MiB */
    assert_true(slm >= 4);
    assert_int_equal(atomic, 1);
    zeslm_results_free(&r);
}

static void atomics_are_exact_at_awkward_sizes(void **state)
{
    (void)state;
    run_verified("atomics", 1, 0, 64);
    run_verified("atomics", 333, 0, 32);   /* the last group part-filled */
    run_verified("atomics", 5003, 0, 256); /* more work-items than the random table has words */
}

static void atomics_show_every_op_type_and_pattern_or_a_reason(void **state)
{
    (void)state;
    const zeslm_device_info *d = zeslm_device_get_info(dev);
    zeslm_run_opts o = {.reps = 1, .warmup = 1, .seed = 11, .quick = true, .timeout_s = 120};
    zeslm_results r = run_all("atomics", &o);
    const char *const spaces[] = {"slm", "global"}, *const types[] = {"i32", "i64", "f32"};
    const char *const ops[] = {"add", "xchg", "cmpxchg", "min", "max"};
    for (size_t s = 0; s < 2; s++)
        for (size_t t = 0; t < 3; t++)
            for (size_t op = 0; op < 5; op++) {
                char v[32];
                snprintf(v, sizeof v, "%s_%s_%s", spaces[s], ops[op], types[t]);
                size_t measured = 0, skipped = 0;
                for (size_t i = 0; i < r.count; i++) {
                    if (strcmp(r.items[i].variant, v) != 0)
                        continue;
                    measured += r.items[i].outcome == ZESLM_MEASURED;
                    skipped += r.items[i].outcome == ZESLM_SKIPPED && *r.items[i].note;
                }
                /* Three patterns measured, or one skip that says why. */
                if (!(measured == 3 && skipped == 0) && !(measured == 0 && skipped == 1))
                    fail_msg("%s: %zu measured, %zu skipped", v, measured, skipped);
                /* Float exchange and compare-exchange are OpenCL 1.1 (compare-exchange on
                 * the bit pattern); float add, min and max run where the device's
                 * capabilities have them in that memory. */
                bool f32_ext = strcmp(types[t], "f32") == 0 && strcmp(ops[op], "xchg") != 0 &&
                               strcmp(ops[op], "cmpxchg") != 0;
                uint32_t need = strcmp(ops[op], "add") == 0
                                    ? (s == 0 ? ZESLM_FP32_ATOMIC_LOCAL_ADD : ZESLM_FP32_ATOMIC_GLOBAL_ADD)
                                    : (s == 0 ? ZESLM_FP32_ATOMIC_LOCAL_MIN_MAX : ZESLM_FP32_ATOMIC_GLOBAL_MIN_MAX);
                if (strcmp(types[t], "i32") == 0 || (strcmp(types[t], "f32") == 0 && !f32_ext) ||
                    (strcmp(types[t], "i64") == 0 && d->int64_atomics == 1) ||
                    (f32_ext && d->float_atomics == 1 && (d->fp32_atomics & need)))
                    assert_int_equal(measured, 3);
                else if (f32_ext)
                    assert_int_equal(skipped, 1);
            }
    zeslm_results_free(&r);
}

/* Float add is exact while its partial sums stay below 2^24: beyond 2^20 - 1
 * work-items on one word it says so instead of reporting a sum it cannot check. */
static void float_add_past_exact_sums_is_skipped_with_the_size(void **state)
{
    (void)state;
    const zeslm_device_info *d = zeslm_device_get_info(dev);
    zeslm_run_opts o = {.size = 1u << 20, .reps = 1, .warmup = 1, .seed = 13, .quick = true, .timeout_s = 120,
                        .variant = "global_add_f32"};
    zeslm_results r = run_all("atomics", &o);
    assert_int_equal(r.count, 1);
    assert_int_equal(r.items[0].outcome, ZESLM_SKIPPED);
    if (d->float_atomics == 1 && (d->fp32_atomics & ZESLM_FP32_ATOMIC_GLOBAL_ADD))
        assert_non_null(strstr(r.items[0].note, "--size asks for 1048576"));
    else
        assert_non_null(strstr(r.items[0].note, "the device"));
    zeslm_results_free(&r);
}

static void min_time_repeats_past_reps(void **state)
{
    (void)state;
    /* A budget too small to double the steps keeps the launches short. */
    zeslm_run_opts o = {.size = 256, .reps = 2, .warmup = 1, .seed = 3, .quick = true, .timeout_s = 120,
                        .min_time_s = 0.02, .variant = "slm_atomic", .converge_s = 1e-9};
    zeslm_results r = run_all("latency", &o);
    assert_int_equal(r.count, 1);
    const zeslm_result *x = &r.items[0];
    assert_int_equal(x->outcome, ZESLM_MEASURED);
    uint64_t sum = 0;
    for (size_t i = 0; i < x->stats.n; i++)
        sum += x->times_ns[i];
    assert_true(sum >= 20000000);
    assert_true(x->stats.n > 2);
    zeslm_results_free(&r);
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
        cmocka_unit_test(swizzled_layout_spreads_every_subgroup_over_the_banks),
        cmocka_unit_test(conv_is_exact_at_edges_and_awkward_sizes),
        cmocka_unit_test(hist_is_exact_for_every_input_and_size),
        cmocka_unit_test(count_only_counts_every_byte_at_odd_sizes),
        cmocka_unit_test(occupancy_is_exact),
        cmocka_unit_test(latency_chains_end_where_the_host_says),
        cmocka_unit_test(latency_measures_every_footprint_step_and_cycles),
        cmocka_unit_test(atomics_are_exact_at_awkward_sizes),
        cmocka_unit_test(atomics_show_every_op_type_and_pattern_or_a_reason),
        cmocka_unit_test(float_add_past_exact_sums_is_skipped_with_the_size),
        cmocka_unit_test(min_time_repeats_past_reps),
    };
    return cmocka_run_group_tests(tests, open_device, close_device);
}
