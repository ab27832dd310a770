/* SPDX-License-Identifier: MIT */
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

#include <zeslm/bench.h>
#include <zeslm/device.h>
#include <zeslm/measure.h>

#include "cl_asked.h"
#include "device_fixture.h"
#include "workload_fixture.h"
#include <zeslm/kernels.h>

#include "user_programs.h"

/* The facts the library reports are the device's own answers (cl_asked.h). */
static void device_reports_slm_and_group_limits(void **state)
{
    (void)state;
    const zeslm_device_info *d = zeslm_device_get_info(dev);
    cl_device_id id = cl_asked_device(d->backend_index);
    assert_non_null(id);
    assert_string_equal(zeslm_backend_name(d->backend), "cl");
    cl_ulong local = 0;
    cl_uint units = 0;
    size_t group = 0;
    assert_int_equal(clGetDeviceInfo(id, CL_DEVICE_LOCAL_MEM_SIZE, sizeof local, &local, NULL), CL_SUCCESS);
    assert_int_equal(clGetDeviceInfo(id, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units, &units, NULL), CL_SUCCESS);
    assert_int_equal(clGetDeviceInfo(id, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof group, &group, NULL), CL_SUCCESS);
    assert_int_equal(d->slm_per_group, local);
    assert_int_equal(d->compute_units, units);
    assert_int_equal(d->max_group_size, group);
    assert_true(d->slm_per_group >= 16384); /* OpenCL's minimum for full-profile devices */
    /* The newest OpenCL C: from the version list on 3.0 devices (the legacy query may
     * say 1.2 there), else from the legacy query. */
    unsigned newest = cl_asked_newest_c(id);
    assert_int_equal(d->opencl_c, newest);
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
            zeslm_kernel_props p = {.struct_size = sizeof p};
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

/* Build options reach the driver's compiler: a kernel that needs OpenCL C 3.0 and a
 * define builds with them and sees both. */
static void options_reach_the_compiler(void **state)
{
    (void)state;
    const zeslm_program program = {.source = cl3_source, .options = cl3_options};
    zeslm_kernel *k = NULL;
    zeslm_buffer *out = NULL;
    uint32_t got[2] = {0}, zero[2] = {0};
    uint64_t ns;
    if (zeslm_kernel_build(dev, &program, "version", &k) != ZESLM_OK)
        fail_msg("%s", zeslm_last_error());
    assert_int_equal(zeslm_buffer_create(dev, sizeof got, &out), ZESLM_OK);
    assert_int_equal(zeslm_buffer_write(out, zero, sizeof zero), ZESLM_OK);
    assert_int_equal(zeslm_kernel_arg_buffer(k, 0, out), ZESLM_OK);
    assert_int_equal(zeslm_kernel_launch(k, 1, 1, 30, &ns), ZESLM_OK);
    assert_int_equal(zeslm_buffer_read(out, got, sizeof got), ZESLM_OK);
    assert_int_equal(got[0], 300);
    assert_int_equal(got[1], 7);
    zeslm_kernel_free(k);
    zeslm_buffer_free(out);
}

/* A compile error is ZESLM_ERR_BUILD with the compiler's own words. */
static void a_syntax_error_shows_the_compilers_message(void **state)
{
    (void)state;
    const zeslm_program program = {.source = syntax_error_source};
    zeslm_kernel *k = NULL;
    assert_int_equal(zeslm_kernel_build(dev, &program, "broken", &k), ZESLM_ERR_BUILD);
    assert_null(k);
    if (!strstr(zeslm_last_error(), "expected ';'"))
        fail_msg("no compiler message in: %s", zeslm_last_error());
}

/* Checks what ids_source wrote for a launch of groups x group work-items. */
static void check_ids(const uint32_t *out, const uint32_t groups[3], const uint32_t group[3])
{
    uint32_t gx = groups[0] * group[0], gy = groups[1] * group[1], gz = groups[2] * group[2];
    uint32_t local = group[0] | group[1] << 8 | group[2] << 16;
    for (uint32_t z = 0; z < gz; z++)
        for (uint32_t y = 0; y < gy; y++)
            for (uint32_t x = 0; x < gx; x++) {
                size_t i = ((size_t)z * gy + y) * gx + x;
                assert_int_equal(out[2 * i], x | y << 8 | z << 16);
                assert_int_equal(out[2 * i + 1], local);
            }
}

/* Every work-item of a 3-D launch runs once, with the group's sizes in each
 * dimension; y and z left 0 make a 1-D launch. */
static void three_dimensional_launches_cover_every_work_item(void **state)
{
    (void)state;
    enum { ITEMS = 12 * 4 * 6 };
    static uint32_t got[2 * ITEMS];
    zeslm_kernel *k = NULL;
    zeslm_buffer *out = NULL;
    uint64_t ns;
    if (build_ids(dev, sizeof got, &k, &out) != ZESLM_OK)
        fail_msg("%s", zeslm_last_error());
    const zeslm_launch cube = {.groups = {3, 2, 3}, .group_size = {4, 2, 2}, .timeout_s = 30};
    assert_int_equal(zeslm_kernel_launch_nd(k, &cube, &ns), ZESLM_OK);
    assert_true(ns > 0);
    assert_int_equal(zeslm_buffer_read(out, got, sizeof got), ZESLM_OK);
    check_ids(got, cube.groups, cube.group_size);
    const zeslm_launch line = {.groups = {5}, .group_size = {8}};
    const uint32_t line_groups[3] = {5, 1, 1}, line_group[3] = {8, 1, 1};
    assert_int_equal(zeslm_kernel_launch_nd(k, &line, &ns), ZESLM_OK);
    assert_int_equal(zeslm_buffer_read(out, got, 2 * 40 * 4), ZESLM_OK);
    check_ids(got, line_groups, line_group);
    const zeslm_launch no_x = {.groups = {0, 2}, .group_size = {4}};
    assert_int_equal(zeslm_kernel_launch_nd(k, &no_x, &ns), ZESLM_ERR_INVALID_ARG);
    const zeslm_device_info *d = zeslm_device_get_info(dev);
    const zeslm_launch too_big = {.groups = {1}, .group_size = {1, d->max_group_size, 2}};
    assert_int_equal(zeslm_kernel_launch_nd(k, &too_big, &ns), ZESLM_ERR_INVALID_ARG);
    zeslm_kernel_free(k);
    zeslm_buffer_free(out);
}

/* Offsets in buffer copies land where they say; a range past the end is refused. */
static void buffer_copies_at_an_offset(void **state)
{
    (void)state;
    uint32_t zero[8] = {0}, part[2] = {11, 12}, got[8];
    zeslm_buffer *b = NULL;
    assert_int_equal(zeslm_buffer_create(dev, sizeof zero, &b), ZESLM_OK);
    assert_int_equal(zeslm_buffer_write(b, zero, sizeof zero), ZESLM_OK);
    assert_int_equal(zeslm_buffer_write_at(b, 5 * 4, part, sizeof part), ZESLM_OK);
    assert_int_equal(zeslm_buffer_read(b, got, sizeof got), ZESLM_OK);
    for (int i = 0; i < 8; i++)
        assert_int_equal(got[i], i == 5 ? 11u : i == 6 ? 12u : 0u);
    assert_int_equal(zeslm_buffer_read_at(b, 6 * 4, got, 4), ZESLM_OK);
    assert_int_equal(got[0], 12);
    assert_int_equal(zeslm_buffer_read_at(b, 7 * 4, got, 8), ZESLM_ERR_INVALID_ARG);
    assert_int_equal(zeslm_buffer_write_at(b, SIZE_MAX, part, 8), ZESLM_ERR_INVALID_ARG);
    assert_non_null(strstr(zeslm_last_error(), "zeslm_buffer_write"));
    zeslm_buffer_free(b);
}

/* A failing backend call is named with its file relative to the source tree, never
 * with the path of the machine that built it. */
static void errors_name_the_call_and_file_without_the_build_path(void **state)
{
    (void)state;
    zeslm_kernel *k = NULL;
    assert_int_equal(zeslm_kernel_create(dev, "reduce", "reduce_many", &k), ZESLM_OK);
    assert_int_equal(zeslm_kernel_arg_u32(k, 99, 1), ZESLM_ERR_BACKEND);
    const char *e = zeslm_last_error();
    if (!strstr(e, "clSetKernelArg failed") || !strstr(e, "(src/backends/opencl/backend_cl.c:"))
        fail_msg("%s", e);
    zeslm_kernel_free(k);
}

/* What a zeslm_measure verify callback sees: the buffer after the timed launches. */
typedef struct measure_check {
    zeslm_buffer *out;
    uint32_t *got;
    size_t written, words; /* ids_source writes the first `written` of `words` */
    const uint32_t *groups, *group;
    int calls;
} measure_check;

static zeslm_status check_measured(void *arg, char *how, size_t len)
{
    measure_check *m = arg;
    m->calls++;
    zeslm_status st = zeslm_buffer_read(m->out, m->got, m->words * 4);
    if (st != ZESLM_OK)
        return st;
    check_ids(m->got, m->groups, m->group);
    /* Past what the kernel writes, the poison is intact. */
    for (size_t i = m->written; i < m->words; i++)
        assert_int_equal(m->got[i], 0xA5A5A5A5u ^ (uint32_t)i);
    snprintf(how, len, "%zu words", m->written);
    return ZESLM_OK;
}

static bool always(void *arg)
{
    (void)arg;
    return true;
}

static zeslm_status refuse(void *arg, char *how, size_t len)
{
    (void)arg;
    (void)how;
    (void)len;
    return ZESLM_ERR_VERIFY;
}

/* zeslm_measure: the output poisoned first, warm-ups, every timed launch kept in
 * ascending order with its statistics, the check after them; min_time_s launches
 * past reps up to max_reps; a stop or a failed check returns nothing to free. */
static void measure_poisons_times_and_verifies(void **state)
{
    (void)state;
    enum { WORDS = 2 * 64 + 16 };
    uint32_t got[WORDS];
    zeslm_kernel *k = NULL;
    zeslm_buffer *out = NULL;
    if (build_ids(dev, sizeof got, &k, &out) != ZESLM_OK)
        fail_msg("%s", zeslm_last_error());
    const zeslm_launch l = {.groups = {2, 2}, .group_size = {4, 4}};
    const uint32_t groups[3] = {2, 2, 1}, group[3] = {4, 4, 1};
    measure_check chk = {out, got, 2 * 64, WORDS, groups, group, 0};
    zeslm_measure_opts o = {.warmup = 1, .reps = 5, .poison = out, .verify = check_measured, .verify_arg = &chk};
    zeslm_measurement m;
    assert_int_equal(zeslm_measure(k, &l, &o, &m), ZESLM_OK);
    assert_int_equal(chk.calls, 1);
    assert_int_equal(m.n, 5);
    assert_int_equal(m.stats.n, 5);
    for (size_t i = 1; i < m.n; i++)
        assert_true(m.times_ns[i - 1] <= m.times_ns[i]);
    assert_int_equal(m.stats.min_ns, m.times_ns[0]);
    assert_string_equal(m.verified, "128 words");
    zeslm_measurement_free(&m);

    o.reps = 2;
    o.min_time_s = 1e3;
    o.max_reps = 7;
    assert_int_equal(zeslm_measure(k, &l, &o, &m), ZESLM_OK);
    assert_int_equal(m.n, 7);
    zeslm_measurement_free(&m);

    o.poison_bytes = sizeof got + 1;
    assert_int_equal(zeslm_measure(k, &l, &o, &m), ZESLM_ERR_INVALID_ARG);
    o.poison_bytes = 0;
    o.verify = refuse;
    assert_int_equal(zeslm_measure(k, &l, &o, &m), ZESLM_ERR_VERIFY);
    assert_null(m.times_ns);
    o.verify = NULL;
    o.stop = always;
    assert_int_equal(zeslm_measure(k, &l, &o, &m), ZESLM_ERR_INTERRUPTED);
    assert_null(m.times_ns);
    o.stop = NULL;
    o.reps = 0;
    assert_int_equal(zeslm_measure(k, &l, &o, &m), ZESLM_ERR_INVALID_ARG);
    zeslm_kernel_free(k);
    zeslm_buffer_free(out);
}

/* The ceilings: every stream, the SLM and atomic ones and the multiply-adds checked
 * against the host, at the least length (1024 words) and at lengths no group size divides. */
static void roofline_is_exact_at_tiny_and_awkward_sizes(void **state)
{
    (void)state;
    run_verified("roofline", 1024, 0, 64);
    run_verified("roofline", 4099, 0, 32);
    run_verified("roofline", 20011, 0, 128);
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
    size_t grid = 0, refined = 0, slm = 0, atomic = 0;
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
        if (strcmp(x->variant, "global") == 0 && (fp & (fp - 1)) == 0) {
            assert_true(fp > last); /* the sweep: powers of two ascending, 1 KiB up */
            assert_int_equal(refined, 0);
            last = fp;
            grid++;
        } else if (strcmp(x->variant, "global") == 0) {
            /* A level's end bisected after the sweep: between two of its footprints. */
            assert_true(fp > 1024 && fp < last && fp % 64 == 0);
            refined++;
        }
        slm += strcmp(x->variant, "slm") == 0;
        atomic += strcmp(x->variant, "slm_atomic") == 0;
    }
    assert_int_equal(grid, 11); /* 1 KiB to 1 MiB */
    assert_true(slm >= 4);
    assert_int_equal(atomic, 1);
    zeslm_results_free(&r);
}

static void carveout_chains_and_reads_are_exact(void **state)
{
    (void)state;
    /* One step a launch, in groups that divide no footprint's 16-byte words. */
    run_verified("carveout", 1, 0, 48);
}

/* --quick: no reservation and the most a group may take, each with both curves over
 * the powers of two from 8 to 64 KiB (and the latency's refinements). */
static void carveout_measures_both_curves_at_none_and_the_most(void **state)
{
    (void)state;
    zeslm_run_opts o = {.size = 64, .reps = 1, .warmup = 1, .seed = 7, .quick = true, .timeout_s = 120};
    zeslm_results r = run_all("carveout", &o);
    unsigned long long most = 0;
    size_t grid[2][2] = {{0, 0}, {0, 0}}; /* [latency, bandwidth][none, the most] */
    for (size_t i = 0; i < r.count; i++) {
        const zeslm_result *x = &r.items[i];
        assert_int_equal(x->outcome, ZESLM_MEASURED);
        unsigned long long slm, fp;
        assert_int_equal(sscanf(x->params, "slm=%llu footprint=%llu", &slm, &fp), 2);
        if (slm)
            most = slm;
        assert_true(slm == 0 || slm == most);
        bool bw = strcmp(x->variant, "l1_bandwidth") == 0;
        assert_string_equal(x->rate_unit, bw ? "GB/s" : "ns/access");
        if ((fp & (fp - 1)) == 0)
            grid[bw][slm != 0]++;
    }
    assert_true(most >= 16384);
    for (int v = 0; v < 2; v++)
        for (int s = 0; s < 2; s++)
            assert_int_equal(grid[v][s], 4); /* 8, 16, 32 and 64 KiB */
    zeslm_results_free(&r);
}

/* What a memorder variant needs, as the device itself answers (cl_asked.h): OpenCL C
 * 3.0 atomics of an optional order or scope need the feature and the capability both;
 * OpenCL C 2.0 (a device before 3.0) has every one; 1.x none. NULL: the device has what
 * `variant` needs; otherwise the name its skip note must give. */
static const char *memorder_missing(cl_device_id id, const char *variant)
{
    static const struct {
        const char *part, *feature;
        cl_device_atomic_capabilities cap;
    } optional[] = {
        {"acq_rel", "__opencl_c_atomic_order_acq_rel", CL_DEVICE_ATOMIC_ORDER_ACQ_REL},
        {"seq_cst", "__opencl_c_atomic_order_seq_cst", CL_DEVICE_ATOMIC_ORDER_SEQ_CST},
        {"_device", "__opencl_c_atomic_scope_device", CL_DEVICE_ATOMIC_SCOPE_DEVICE},
    };
    if (cl_asked_version(id) < 300) {
        char c[256] = "";
        clGetDeviceInfo(id, CL_DEVICE_OPENCL_C_VERSION, sizeof c - 1, c, NULL);
        return strncmp(c, "OpenCL C 2.", 11) == 0 ? NULL : "OpenCL C 2.0 atomics";
    }
    if (!cl_asked_lists(id, CL_DEVICE_OPENCL_C_ALL_VERSIONS, "OpenCL C", CL_MAKE_VERSION(2, 0, 0)))
        return "OpenCL C 2.0 atomics";
    cl_device_atomic_capabilities caps = 0;
    assert_int_equal(clGetDeviceInfo(id, CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES, sizeof caps, &caps, NULL), CL_SUCCESS);
    for (size_t i = 0; i < sizeof optional / sizeof optional[0]; i++)
        if (strstr(variant, optional[i].part) &&
            (!(caps & optional[i].cap) || !cl_asked_lists(id, CL_DEVICE_OPENCL_C_FEATURES, optional[i].feature, 0)))
            return optional[i].feature;
    return NULL;
}

/* Where SLM is emulated in global memory (both CPU runtimes), a run that forces no
 * size measures each curve at one footprint and no reservation, and says why; a
 * device with SLM on chip measures the curves (the test above, with --size). */
static void carveout_measures_one_point_where_slm_is_emulated(void **state)
{
    (void)state;
    if (zeslm_device_get_info(dev)->slm_dedicated != 0) {
        print_message("skipped: this device's SLM is not emulated in global memory\n");
        skip();
    }
    zeslm_run_opts o = {.reps = 1, .warmup = 1, .seed = 7, .quick = true, .timeout_s = 120};
    zeslm_results r = run_all("carveout", &o);
    assert_int_equal(r.count, 2);
    for (size_t i = 0; i < r.count; i++) {
        assert_int_equal(r.items[i].outcome, ZESLM_MEASURED);
        assert_string_equal(r.items[i].params, "slm=0 footprint=8192");
        assert_non_null(strstr(r.items[i].note, "emulated in global memory"));
    }
    zeslm_summary s = {0};
    zeslm_workload_find("carveout")->summarize(&r, 0, &s);
    assert_int_equal(s.count, 1);
    assert_non_null(strstr(zeslm_summary_at(&s, 0)->sentence, "emulated in global memory"));
    zeslm_summary_free(&s);
    zeslm_results_free(&r);
}

static void memorder_shows_every_order_and_scope_or_a_reason(void **state)
{
    (void)state;
    cl_device_id id = cl_asked_device(zeslm_device_get_info(dev)->backend_index);
    assert_non_null(id);
    zeslm_run_opts o = {.reps = 1, .warmup = 1, .seed = 17, .quick = true, .timeout_s = 120};
    zeslm_results r = run_all("memorder", &o);
    const zeslm_workload *wl = zeslm_workload_find("memorder");
    assert_int_equal(r.count, wl->n_variants);
    for (size_t i = 0; i < r.count; i++) {
        const zeslm_result *x = &r.items[i];
        assert_string_equal(x->variant, wl->variants[i].name);
        const char *missing = memorder_missing(id, x->variant);
        if (!missing) {
            if (x->outcome != ZESLM_MEASURED)
                fail_msg("memorder/%s: the device has what it needs, yet: %s", x->variant, x->note);
            assert_string_equal(x->verify_note, "all 1024 words and returned sums");
        } else {
            assert_int_equal(x->outcome, ZESLM_SKIPPED);
            if (!strstr(x->note, missing))
                fail_msg("memorder/%s: the skip does not name %s: %s", x->variant, missing, x->note);
        }
    }
    zeslm_results_free(&r);
}

static void slm_switch_sums_every_launch_of_each_size(void **state)
{
    (void)state;
    run_verified("slm_switch", 6, 0, 48); /* groups that divide neither reservation */
    zeslm_run_opts o = {.size = 3, .reps = 1, .warmup = 1, .seed = 1, .quick = true, .timeout_s = 120};
    zeslm_results r = {0};
    assert_int_equal(zeslm_workload_run(zeslm_workload_find("slm_switch"), dev, &o, &r), ZESLM_ERR_INVALID_ARG);
    assert_non_null(strstr(zeslm_last_error(), "must be even"));
    zeslm_results_free(&r);
}

/* Three launches of two kernels in one submission, in order: each group's sum holds
 * all three, and the span from the first start to the last end is a device time. */
static void a_sequence_of_launches_runs_every_kernel_in_order(void **state)
{
    (void)state;
    enum { GROUPS = 3, GROUP = 32, SMALL = 64, LARGE = 512 };
    zeslm_kernel *k[2] = {NULL, NULL};
    zeslm_buffer *sums = NULL;
    uint32_t zero[GROUPS] = {0}, got[GROUPS], want = 0;
    assert_int_equal(zeslm_buffer_create(dev, sizeof zero, &sums), ZESLM_OK);
    assert_int_equal(zeslm_buffer_write(sums, zero, sizeof zero), ZESLM_OK);
    const uint32_t words[2] = {SMALL, LARGE};
    for (uint32_t s = 0; s < 2; s++) {
        assert_int_equal(zeslm_kernel_create(dev, "slm_switch", "slm_fill", &k[s]), ZESLM_OK);
        assert_int_equal(zeslm_kernel_arg_buffer(k[s], 0, sums), ZESLM_OK);
        assert_int_equal(zeslm_kernel_arg_u32(k[s], 1, s + 1), ZESLM_OK);
        assert_int_equal(zeslm_kernel_arg_local(k[s], 2, words[s] * 4), ZESLM_OK);
        assert_int_equal(zeslm_kernel_arg_u32(k[s], 3, words[s]), ZESLM_OK);
    }
    for (uint32_t w = 0; w < SMALL; w++)
        want += 2 * (w ^ 1);
    for (uint32_t w = 0; w < LARGE; w++)
        want += w ^ 2;
    zeslm_kernel *const seq[3] = {k[0], k[1], k[0]};
    uint64_t span = 0;
    assert_int_equal(zeslm_kernel_launch_seq(seq, 3, GROUPS, GROUP, 30, &span), ZESLM_OK);
    assert_true(span > 0);
    assert_int_equal(zeslm_buffer_read(sums, got, sizeof got), ZESLM_OK);
    for (int g = 0; g < GROUPS; g++)
        assert_int_equal(got[g], want);
    assert_int_equal(zeslm_kernel_launch_seq(seq, 0, GROUPS, GROUP, 30, &span), ZESLM_ERR_INVALID_ARG);
    zeslm_kernel_free(k[0]);
    zeslm_kernel_free(k[1]);
    zeslm_buffer_free(sums);
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

/* A budget of 2 s, longer than a launch on any device here but no more than the quick
 * convergence budget (BENCH_CONVERGE_QUICK_S): the first measurement spends all of it,
 * so the work is not doubled (a doubling under a smaller budget made two launches
 * long enough for it on CI's two cores under ASan). */
static void min_time_repeats_past_reps(void **state)
{
    (void)state;
    zeslm_run_opts o = {.size = 256, .reps = 2, .warmup = 1, .seed = 3, .quick = true, .timeout_s = 120,
                        .min_time_s = 2.0, .variant = "slm_atomic"};
    zeslm_results r = run_all("latency", &o);
    assert_int_equal(r.count, 1);
    const zeslm_result *x = &r.items[0];
    assert_int_equal(x->outcome, ZESLM_MEASURED);
    uint64_t sum = 0;
    for (size_t i = 0; i < x->stats.n; i++)
        sum += x->times_ns[i];
    /* Launches until they sum to 2 s, or up to the cap on launches: a device may time a
     * launch of this chain under 2 us (PoCL on one compute unit), and a million of those
     * sum to less. */
    if (sum < 2000000000u && x->stats.n < ZESLM_MEASURE_MAX_REPS)
        fail_msg("%zu launches summing to %llu ns: neither 2 s nor %d launches", x->stats.n,
                 (unsigned long long)sum, ZESLM_MEASURE_MAX_REPS);
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
        cmocka_unit_test(options_reach_the_compiler),
        cmocka_unit_test(a_syntax_error_shows_the_compilers_message),
        cmocka_unit_test(three_dimensional_launches_cover_every_work_item),
        cmocka_unit_test(buffer_copies_at_an_offset),
        cmocka_unit_test(errors_name_the_call_and_file_without_the_build_path),
        cmocka_unit_test(measure_poisons_times_and_verifies),
        cmocka_unit_test(roofline_is_exact_at_tiny_and_awkward_sizes),
        cmocka_unit_test(reduce_is_exact_at_odd_prime_and_tiny_lengths),
        cmocka_unit_test(bank_is_exact_for_every_stride),
        cmocka_unit_test(swizzled_layout_spreads_every_subgroup_over_the_banks),
        cmocka_unit_test(conv_is_exact_at_edges_and_awkward_sizes),
        cmocka_unit_test(hist_is_exact_for_every_input_and_size),
        cmocka_unit_test(count_only_counts_every_byte_at_odd_sizes),
        cmocka_unit_test(occupancy_is_exact),
        cmocka_unit_test(latency_chains_end_where_the_host_says),
        cmocka_unit_test(latency_measures_every_footprint_step_and_cycles),
        cmocka_unit_test(carveout_chains_and_reads_are_exact),
        cmocka_unit_test(carveout_measures_both_curves_at_none_and_the_most),
        cmocka_unit_test(carveout_measures_one_point_where_slm_is_emulated),
        cmocka_unit_test(memorder_shows_every_order_and_scope_or_a_reason),
        cmocka_unit_test(slm_switch_sums_every_launch_of_each_size),
        cmocka_unit_test(a_sequence_of_launches_runs_every_kernel_in_order),
        cmocka_unit_test(atomics_are_exact_at_awkward_sizes),
        cmocka_unit_test(atomics_show_every_op_type_and_pattern_or_a_reason),
        cmocka_unit_test(float_add_past_exact_sums_is_skipped_with_the_size),
        cmocka_unit_test(min_time_repeats_past_reps),
    };
    return cmocka_run_group_tests(tests, open_device, close_device);
}
