/* SPDX-License-Identifier: MIT */
/* The Level Zero backend (src/backends/level_zero/backend_ze.c) on the test driver of tests/zecl/,
 * which executes: what the backend hands the driver arrives as the caller gave it
 * (arguments in their order and sizes, dynamic SLM in bytes), and the device time it
 * reports is the time OpenCL measured, across the counter's wrap and at a timer
 * frequency that no whole number of ns per tick states. The reference is the driver's
 * own record of the last launch (zecl_test_last_launch, found with dlsym in the
 * driver the loader loaded, ZE_ENABLE_ALT_DRIVERS). CTest runs this at the driver's
 * default timer (12 MHz, 32 bits) and at 1 MHz started one tick below the wrap, with
 * and without the validation layer, and a sequence of launches alone across the wrap; the planted faults (CMakeLists.txt) run it against
 * patched copies of backend_ze.c, where it must fail. */
#include <dlfcn.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <level_zero/ze_api.h>

#include <zeslm/bench.h>
#include <zeslm/device.h>

#include "ocloc.h"
#include "zecl.h"

static zeslm_device_list devices;
static zeslm_device *dev;
static const struct zecl_launch_record *(*last_launch)(void);
static bool (*recent_launch)(unsigned back, struct zecl_launch_record *out);
static uint64_t hz = 12000000; /* the driver's defaults (timer.c) unless the environment says */
static uint32_t bits = 32;

static uint64_t env_or(const char *name, uint64_t fallback)
{
    const char *v = getenv(name);
    return v && *v ? strtoull(v, NULL, 10) : fallback;
}

static int open_device(void **state)
{
    (void)state;
    hz = env_or("ZESLM_ZECL_TIMER_HZ", hz);
    bits = (uint32_t)env_or("ZESLM_ZECL_TIMER_BITS", bits);
    const char *path = getenv("ZE_ENABLE_ALT_DRIVERS");
    if (!path || zeslm_list_devices("ze", &devices) != ZESLM_OK || devices.count != 1 ||
        zeslm_device_open(&devices.items[0], NULL, &dev) != ZESLM_OK) {
        fprintf(stderr, "no test driver device: ZE_ENABLE_ALT_DRIVERS=%s: %s\n", path ? path : "(unset)",
                zeslm_last_error());
        return -1;
    }
    /* The loader has loaded it: this finds that copy, not a second one. */
    void *driver = dlopen(path, RTLD_NOW | RTLD_NOLOAD);
    last_launch = driver ? (const struct zecl_launch_record *(*)(void))dlsym(driver, "zecl_test_last_launch") : NULL;
    recent_launch = driver ? (bool (*)(unsigned, struct zecl_launch_record *))dlsym(driver, "zecl_test_recent_launch")
                           : NULL;
    if (!last_launch || !recent_launch) {
        fprintf(stderr, "%s is not the loaded test driver: %s\n", path, dlerror());
        return -1;
    }
    return 0;
}

static int close_device(void **state)
{
    (void)state;
    zeslm_device_close(dev);
    zeslm_device_list_free(&devices);
    return 0;
}

static zeslm_kernel *build(const char *source, const char *name)
{
    const zeslm_program program = {.source = source};
    zeslm_kernel *k = NULL;
    if (zeslm_kernel_build(dev, &program, name, &k) != ZESLM_OK)
        fail_msg("%s", zeslm_last_error());
    return k;
}

#define OK(call)                                           \
    do {                                                   \
        if ((call) != ZESLM_OK)                            \
            fail_msg("%s: %s", #call, zeslm_last_error()); \
    } while (0)

/* One work-item that steps a linear congruential generator `n` times: a launch of
 * about n ns on a CPU, whose result the host can check. */
static const char spin_source[] = "__kernel void spin(__global uint *out, uint n)\n"
                                  "{\n"
                                  "    uint x = 7;\n"
                                  "    for (uint i = 0; i < n; i++)\n"
                                  "        x = x * 1664525u + 1013904223u;\n"
                                  "    out[0] = x;\n"
                                  "}\n";

/* Launches spin for n steps, checks its result, and returns its device time (ns). */
static uint64_t spin(uint32_t n)
{
    zeslm_kernel *k = build(spin_source, "spin");
    zeslm_buffer *out = NULL;
    uint64_t ns = 0;
    uint32_t got = 0, want = 7;
    OK(zeslm_buffer_create(dev, sizeof got, &out));
    OK(zeslm_kernel_arg_buffer(k, 0, out));
    OK(zeslm_kernel_arg_u32(k, 1, n));
    OK(zeslm_kernel_launch(k, 1, 1, 60, &ns));
    OK(zeslm_buffer_read(out, &got, sizeof got));
    for (uint32_t i = 0; i < n; i++)
        want = want * 1664525u + 1013904223u;
    assert_int_equal(got, want);
    zeslm_buffer_free(out);
    zeslm_kernel_free(k);
    return ns;
}

/* The backend's device time is OpenCL's, to within the one tick that turning each
 * end into whole ticks may lose. */
static void assert_opencl_time(uint64_t device_ns)
{
    const struct zecl_launch_record *r = last_launch();
    double opencl_ns = (double)(r->end_ns - r->start_ns), tick_ns = 1e9 / (double)hz;
    if (fabs((double)device_ns - opencl_ns) > tick_ns + 1)
        fail_msg("device time %llu ns, OpenCL measured %.0f ns (ticks %#llx to %#llx, %llu Hz, %u bits)",
                 (unsigned long long)device_ns, opencl_ns, (unsigned long long)r->start_ticks,
                 (unsigned long long)r->end_ticks, (unsigned long long)hz, bits);
}

static void the_device_says_it_is_a_test_driver_and_no_gpu(void **state)
{
    (void)state;
    const zeslm_device_info *d = zeslm_device_get_info(dev);
    assert_non_null(strstr(d->name, "test driver"));
    assert_false(d->is_gpu);
    assert_true(d->timer_hz == (double)hz);
    assert_int_equal(d->timestamp_bits, bits);
}

/* Level Zero 1.2 changed the field's unit with the structure's type; the driver
 * answers each in its own. */
static void the_timer_is_ns_a_tick_in_the_first_form_and_ticks_a_second_in_1_2(void **state)
{
    (void)state;
    ze_driver_handle_t driver;
    ze_device_handle_t device;
    uint32_t n = 1;
    assert_int_equal(zeDriverGet(&n, &driver), ZE_RESULT_SUCCESS);
    n = 1;
    assert_int_equal(zeDeviceGet(driver, &n, &device), ZE_RESULT_SUCCESS);
    ze_device_properties_t first = {.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES};
    ze_device_properties_t v1_2 = {.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2};
    assert_int_equal(zeDeviceGetProperties(device, &first), ZE_RESULT_SUCCESS);
    assert_int_equal(zeDeviceGetProperties(device, &v1_2), ZE_RESULT_SUCCESS);
    assert_int_equal(first.timerResolution, llround(1e9 / (double)hz));
    assert_int_equal(v1_2.timerResolution, hz);
    assert_int_equal(v1_2.kernelTimestampValidBits, bits);
}

/* With ZESLM_ZECL_TIMER_BELOW_WRAP the counter reads 2^bits - N at the first
 * kernel's start, so this launch (the test's first) ends past the wrap. */
static void the_first_launch_crosses_the_wrap_and_keeps_its_time(void **state)
{
    (void)state;
    if (!getenv("ZESLM_ZECL_TIMER_BELOW_WRAP"))
        skip();
    uint64_t ns = spin(2000000);
    const struct zecl_launch_record *r = last_launch();
    uint64_t mask = bits == 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
    if ((r->end_ticks & mask) >= (r->start_ticks & mask))
        fail_msg("the launch did not cross the wrap: ticks %#llx to %#llx", (unsigned long long)r->start_ticks,
                 (unsigned long long)r->end_ticks);
    assert_opencl_time(ns);
}

/* Launches of about 0.2, 2 and 20 ms: many ticks each, so a wrong unit or period
 * (83 ns for 83.33) is far outside the one tick allowed. */
static void device_times_are_what_opencl_measured(void **state)
{
    (void)state;
    for (uint32_t n = 200000; n <= 20000000; n *= 10)
        assert_opencl_time(spin(n));
}

/* A sequence of launches (zeslm_kernel_launch_seq, slm_switch's path) of spin for
 * 2,000,000, 20,000 and 200,000 steps: its time is OpenCL's from the first one's start
 * to the last one's end, within the tick that each end's whole ticks may lose. The
 * first launch is the longest, so a span taken from its end, or between the two events
 * swapped, is milliseconds off; under ZESLM_ZECL_TIMER_BELOW_WRAP (run alone: the
 * counter is placed at the first timestamp asked for) the counter wraps during the
 * sequence, which must not change its time. Each launch's result is checked. */
static void a_sequence_spans_the_first_start_to_the_last_end(void **state)
{
    (void)state;
    enum { N = 3 };
    static const uint32_t steps[N] = {2000000, 20000, 200000};
    zeslm_kernel *k[N];
    zeslm_buffer *out[N];
    for (int i = 0; i < N; i++) {
        k[i] = build(spin_source, "spin");
        OK(zeslm_buffer_create(dev, 4, &out[i]));
        OK(zeslm_kernel_arg_buffer(k[i], 0, out[i]));
        OK(zeslm_kernel_arg_u32(k[i], 1, steps[i]));
    }
    uint64_t span = 0;
    OK(zeslm_kernel_launch_seq(k, N, 1, 1, 60, &span));
    struct zecl_launch_record first, last;
    bool recorded = recent_launch(N - 1, &first) && recent_launch(0, &last);
    for (int i = 0; i < N; i++) {
        uint32_t got = 0, want = 7;
        OK(zeslm_buffer_read(out[i], &got, sizeof got));
        for (uint32_t j = 0; j < steps[i]; j++)
            want = want * 1664525u + 1013904223u;
        assert_int_equal(got, want);
        zeslm_buffer_free(out[i]);
        zeslm_kernel_free(k[i]);
    }
    assert_true(recorded);
    uint64_t mask = bits == 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
    if (getenv("ZESLM_ZECL_TIMER_BELOW_WRAP") && getenv("ZESLM_ZECL_TEST_FILTER") && (last.end_ticks & mask) >= (first.start_ticks & mask))
        fail_msg("the sequence did not cross the wrap: ticks %#llx to %#llx", (unsigned long long)first.start_ticks,
                 (unsigned long long)last.end_ticks);
    double opencl_ns = (double)(last.end_ns - first.start_ns), tick_ns = 1e9 / (double)hz;
    if (fabs((double)span - opencl_ns) > tick_ns + 1)
        fail_msg("sequence time %llu ns, OpenCL measured %.0f ns from the first start to the last end (first "
                 "%.0f ns long; ticks %#llx to %#llx, %llu Hz, %u bits)",
                 (unsigned long long)span, opencl_ns, (double)(first.end_ns - first.start_ns),
                 (unsigned long long)first.start_ticks, (unsigned long long)last.end_ticks, (unsigned long long)hz,
                 bits);
}

/* reduce's passes, the other path of several launches a repetition (pass after pass of
 * partial sums, their device times added): 2^20 elements in groups of 256 take three
 * passes (2048 groups, 4, 1), and the one timed repetition's time is the sum of
 * OpenCL's times of its three launches, the last ones launched (the host check after
 * them launches nothing), within a tick each. */
static void reduce_passes_add_their_launches(void **state)
{
    (void)state;
    enum { PASSES = 3 };
    zeslm_run_opts o = {.struct_size = sizeof o, .size = 1u << 20, .group_size = 256, .reps = 1, .warmup = 1,
                        .seed = 2009, .timeout_s = 60, .variant = "doc_tree"};
    zeslm_results r = {0};
    OK(zeslm_workload_run(zeslm_workload_find("reduce"), dev, &o, &r));
    const zeslm_result *x = zeslm_results_at(&r, 0);
    assert_non_null(x);
    assert_int_equal(x->outcome, ZESLM_MEASURED);
    assert_int_equal(x->stats.n, 1);
    double opencl_ns = 0, tick_ns = 1e9 / (double)hz;
    for (unsigned back = 0; back < PASSES; back++) {
        struct zecl_launch_record l;
        assert_true(recent_launch(back, &l));
        opencl_ns += (double)(l.end_ns - l.start_ns);
    }
    double got = (double)x->times_ns[0];
    zeslm_results_free(&r);
    if (fabs(got - opencl_ns) > PASSES * tick_ns + 1)
        fail_msg("reduce/doc_tree's time %.0f ns, OpenCL measured %.0f ns over its %d passes", got, opencl_ns, PASSES);
}

/* Every kind of argument at its own index: pointers, values of 1, 4 and 8 bytes, a
 * float and local memory; the kernel writes back what it received. Both buffers hold
 * 8 words, so that one taken for the other is written within its bounds. */
static const char order_source[] =
    "__kernel void order(__global uint *out, uint a, __global const uint *in, ulong b, float c,\n"
    "                    __local uint *slm, uchar d)\n"
    "{\n"
    "    slm[0] = a;\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    out[0] = slm[0];\n"
    "    out[1] = in[0];\n"
    "    out[2] = (uint)b;\n"
    "    out[3] = (uint)(b >> 32);\n"
    "    out[4] = as_uint(c);\n"
    "    out[5] = d;\n"
    "}\n";

static void arguments_arrive_in_their_order(void **state)
{
    (void)state;
    zeslm_kernel *k = build(order_source, "order");
    zeslm_buffer *out = NULL, *in = NULL;
    uint32_t got[8] = {0}, input[8] = {0x22222222};
    uint64_t b = 0x3333333344444444u, ns;
    float c = 1.5f;
    uint8_t d = 0x55;
    OK(zeslm_buffer_create(dev, sizeof got, &out));
    OK(zeslm_buffer_create(dev, sizeof input, &in));
    OK(zeslm_buffer_write(out, got, sizeof got));
    OK(zeslm_buffer_write(in, input, sizeof input));
    OK(zeslm_kernel_arg_buffer(k, 0, out));
    OK(zeslm_kernel_arg_u32(k, 1, 0x11111111));
    OK(zeslm_kernel_arg_buffer(k, 2, in));
    OK(zeslm_kernel_arg_value(k, 3, sizeof b, &b));
    OK(zeslm_kernel_arg_value(k, 4, sizeof c, &c));
    OK(zeslm_kernel_arg_local(k, 5, 64));
    OK(zeslm_kernel_arg_value(k, 6, sizeof d, &d));
    OK(zeslm_kernel_launch(k, 1, 1, 60, &ns));
    OK(zeslm_buffer_read(out, got, sizeof got));
    uint32_t c_bits;
    memcpy(&c_bits, &c, sizeof c_bits);
    const uint32_t want[6] = {0x11111111, 0x22222222, 0x44444444, 0x33333333, c_bits, 0x55};
    for (int i = 0; i < 6; i++)
        if (got[i] != want[i])
            fail_msg("out[%d] = %#x, expected %#x", i, got[i], want[i]);
    zeslm_buffer_free(in);
    zeslm_buffer_free(out);
    zeslm_kernel_free(k);
}

/* Two dynamic SLM arguments of different sizes, each filled and read back whole by
 * the group: the driver receives each size in bytes at its index. */
static const char slm_source[] = "__kernel void slm2(__global uint *out, __local uint *a, __local uint *b)\n"
                                 "{\n"
                                 "    uint l = get_local_id(0), n = get_local_size(0);\n"
                                 "    a[l] = l;\n"
                                 "    b[2 * l] = 3 * l;\n"
                                 "    b[2 * l + 1] = 5 * l;\n"
                                 "    barrier(CLK_LOCAL_MEM_FENCE);\n"
                                 "    uint r = n - 1 - l;\n"
                                 "    out[get_global_id(0)] = a[r] + b[2 * r] + b[2 * r + 1];\n"
                                 "}\n";

static void dynamic_slm_arrives_in_bytes_at_its_index(void **state)
{
    (void)state;
    enum { GROUP = 64, GROUPS = 3 };
    zeslm_kernel *k = build(slm_source, "slm2");
    zeslm_buffer *out = NULL;
    uint32_t got[GROUP * GROUPS];
    uint64_t ns;
    OK(zeslm_buffer_create(dev, sizeof got, &out));
    OK(zeslm_kernel_arg_buffer(k, 0, out));
    OK(zeslm_kernel_arg_local(k, 1, GROUP * 4));
    OK(zeslm_kernel_arg_local(k, 2, GROUP * 8 + 12));
    /* First one work-item, which touches only the first words of each, so that a size
     * too small fails here rather than by a kernel writing past its SLM. */
    for (uint32_t group = 1, groups = 1;; group = GROUP, groups = GROUPS) {
        OK(zeslm_kernel_launch(k, groups, group, 60, &ns));
        const struct zecl_launch_record *r = last_launch();
        assert_string_equal(r->kernel, "slm2");
        assert_int_equal(r->local_bytes[0], 0);
        assert_int_equal(r->local_bytes[1], GROUP * 4);
        assert_int_equal(r->local_bytes[2], GROUP * 8 + 12);
        if (group == GROUP)
            break;
    }
    OK(zeslm_buffer_read(out, got, sizeof got));
    for (uint32_t i = 0; i < GROUP * GROUPS; i++) {
        uint32_t rev = GROUP - 1 - i % GROUP;
        assert_int_equal(got[i], 9 * rev);
    }
    zeslm_buffer_free(out);
    zeslm_kernel_free(k);
}

/* The driver's handles, through the loader, for calls the backend never makes. */
struct raw {
    ze_driver_handle_t driver;
    ze_device_handle_t device;
    ze_context_handle_t ctx;
    ze_module_handle_t module;
    ze_kernel_handle_t kernel;
};

/* `kernel` of `source`, compiled by libocloc to SPIR-V for the device's id, as the
 * backend compiles a caller's OpenCL C. */
static void raw_open(struct raw *r, const char *source, const char *kernel)
{
    uint32_t n = 1;
    unsigned char *spirv = NULL;
    size_t size = 0;
    assert_int_equal(zeDriverGet(&n, &r->driver), ZE_RESULT_SUCCESS);
    n = 1;
    assert_int_equal(zeDeviceGet(r->driver, &n, &r->device), ZE_RESULT_SUCCESS);
    ze_context_desc_t cd = {.stype = ZE_STRUCTURE_TYPE_CONTEXT_DESC};
    assert_int_equal(zeContextCreate(r->driver, &cd, &r->ctx), ZE_RESULT_SUCCESS);
    char id[16];
    snprintf(id, sizeof id, "0x%04x", zeslm_device_get_info(dev)->device_id);
    OK(zeslm_ocloc_spirv(source, NULL, id, kernel, &spirv, &size));
    ze_module_desc_t md = {.stype = ZE_STRUCTURE_TYPE_MODULE_DESC, .format = ZE_MODULE_FORMAT_IL_SPIRV,
                           .inputSize = size, .pInputModule = spirv, .pBuildFlags = ""};
    assert_int_equal(zeModuleCreate(r->ctx, r->device, &md, &r->module, NULL), ZE_RESULT_SUCCESS);
    free(spirv);
    ze_kernel_desc_t kd = {.stype = ZE_STRUCTURE_TYPE_KERNEL_DESC, .pKernelName = kernel};
    assert_int_equal(zeKernelCreate(r->module, &kd, &r->kernel), ZE_RESULT_SUCCESS);
}

static void raw_close(struct raw *r)
{
    assert_int_equal(zeKernelDestroy(r->kernel), ZE_RESULT_SUCCESS);
    assert_int_equal(zeModuleDestroy(r->module), ZE_RESULT_SUCCESS);
    assert_int_equal(zeContextDestroy(r->ctx), ZE_RESULT_SUCCESS);
}

/* What the specification defines and the tool relies on, refused as the validation
 * layer or Intel's driver refuses it, so that a backend breaking it fails here too. */
static void the_driver_refuses_what_the_specification_forbids(void **state)
{
    (void)state;
    struct raw r;
    raw_open(&r, order_source, "order");
    uint32_t word = 1;
    void *mem = NULL;
    ze_device_mem_alloc_desc_t ad = {.stype = ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC};
    assert_int_equal(zeMemAllocDevice(r.ctx, &ad, 64, 64, r.device, &mem), ZE_RESULT_SUCCESS);
    /* Arguments: a pointer is 8 bytes, into memory of the driver; a value its type's
     * size; local memory a size with a NULL value; an index within the kernel's. */
    assert_int_equal(zeKernelSetArgumentValue(r.kernel, 0, sizeof word, &word),
                     ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE);
    void *host = &word;
    assert_int_equal(zeKernelSetArgumentValue(r.kernel, 0, sizeof host, &host), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeKernelSetArgumentValue(r.kernel, 0, sizeof mem, &mem), ZE_RESULT_SUCCESS);
    assert_int_equal(zeKernelSetArgumentValue(r.kernel, 3, sizeof word, &word),
                     ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE);
    assert_int_equal(zeKernelSetArgumentValue(r.kernel, 5, 64, &word), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeKernelSetArgumentValue(r.kernel, 5, 0, NULL), ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE);
    assert_int_equal(zeKernelSetArgumentValue(r.kernel, 7, sizeof word, &word),
                     ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_INDEX);
    /* Group sizes within the device's; a launch of a kernel with arguments unset. */
    const zeslm_device_info *info = zeslm_device_get_info(dev);
    assert_int_equal(zeKernelSetGroupSize(r.kernel, info->max_group_size + 1, 1, 1),
                     ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION);
    assert_int_equal(zeKernelSetGroupSize(r.kernel, 0, 1, 1), ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION);
    ze_command_list_handle_t list;
    ze_command_list_desc_t ld = {.stype = ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC};
    assert_int_equal(zeCommandListCreate(r.ctx, r.device, &ld, &list), ZE_RESULT_SUCCESS);
    ze_group_count_t one = {1, 1, 1}, too_many = {0x80000000u, 1, 1};
    assert_int_equal(zeCommandListAppendLaunchKernel(list, r.kernel, &one, NULL, 0, NULL),
                     ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeKernelSetArgumentValue(r.kernel, 1, sizeof word, &word), ZE_RESULT_SUCCESS);
    assert_int_equal(zeKernelSetArgumentValue(r.kernel, 2, sizeof mem, &mem), ZE_RESULT_SUCCESS);
    uint64_t b = 0;
    float c = 0;
    assert_int_equal(zeKernelSetArgumentValue(r.kernel, 3, sizeof b, &b), ZE_RESULT_SUCCESS);
    assert_int_equal(zeKernelSetArgumentValue(r.kernel, 4, sizeof c, &c), ZE_RESULT_SUCCESS);
    assert_int_equal(zeKernelSetArgumentValue(r.kernel, 5, 64, NULL), ZE_RESULT_SUCCESS);
    uint8_t d = 0;
    assert_int_equal(zeKernelSetArgumentValue(r.kernel, 6, sizeof d, &d), ZE_RESULT_SUCCESS);
    /* Group counts within maxGroupCount. */
    assert_int_equal(zeCommandListAppendLaunchKernel(list, r.kernel, &too_many, NULL, 0, NULL),
                     ZE_RESULT_ERROR_INVALID_ARGUMENT);
    /* The timer's unit needs to know which form of the properties is asked for. */
    ze_device_properties_t p = {.stype = ZE_STRUCTURE_TYPE_DEVICE_COMPUTE_PROPERTIES};
    assert_int_equal(zeDeviceGetProperties(r.device, &p), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    /* Kernel timestamps only from a pool made for them. */
    ze_event_pool_desc_t pd = {.stype = ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, .flags = ZE_EVENT_POOL_FLAG_HOST_VISIBLE,
                               .count = 1};
    ze_event_pool_handle_t pool;
    ze_event_handle_t event;
    ze_event_desc_t ed = {.stype = ZE_STRUCTURE_TYPE_EVENT_DESC};
    assert_int_equal(zeEventPoolCreate(r.ctx, &pd, 1, &r.device, &pool), ZE_RESULT_SUCCESS);
    assert_int_equal(zeEventCreate(pool, &ed, &event), ZE_RESULT_SUCCESS);
    ze_kernel_timestamp_result_t ts;
    assert_int_equal(zeEventQueryKernelTimestamp(event, &ts), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeEventDestroy(event), ZE_RESULT_SUCCESS);
    assert_int_equal(zeEventPoolDestroy(pool), ZE_RESULT_SUCCESS);
    assert_int_equal(zeCommandListDestroy(list), ZE_RESULT_SUCCESS);
    assert_int_equal(zeMemFree(r.ctx, mem), ZE_RESULT_SUCCESS);
    raw_close(&r);
}

/* The commands the driver offers beyond the backend's: a fill, a barrier waiting for
 * it through an event, a copy, and a fence the host waits on; shared and host memory. */
static void fills_barriers_copies_and_fences_run_in_order(void **state)
{
    (void)state;
    struct raw r;
    raw_open(&r, spin_source, "spin");
    enum { WORDS = 1024 };
    uint32_t *shared = NULL, *host = NULL, pattern = 0xabcd1234u;
    ze_device_mem_alloc_desc_t ad = {.stype = ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC};
    ze_host_mem_alloc_desc_t hd = {.stype = ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC};
    assert_int_equal(zeMemAllocShared(r.ctx, &ad, &hd, WORDS * 4, 64, r.device, (void **)&shared), ZE_RESULT_SUCCESS);
    assert_int_equal(zeMemAllocHost(r.ctx, &hd, WORDS * 4, 64, (void **)&host), ZE_RESULT_SUCCESS);
    ze_command_queue_handle_t queue;
    ze_command_queue_desc_t qd = {.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC};
    assert_int_equal(zeCommandQueueCreate(r.ctx, r.device, &qd, &queue), ZE_RESULT_SUCCESS);
    ze_command_list_handle_t list;
    ze_command_list_desc_t ld = {.stype = ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC};
    assert_int_equal(zeCommandListCreate(r.ctx, r.device, &ld, &list), ZE_RESULT_SUCCESS);
    ze_event_pool_desc_t pd = {.stype = ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, .flags = ZE_EVENT_POOL_FLAG_HOST_VISIBLE,
                               .count = 1};
    ze_event_pool_handle_t pool;
    ze_event_handle_t filled;
    ze_event_desc_t ed = {.stype = ZE_STRUCTURE_TYPE_EVENT_DESC};
    assert_int_equal(zeEventPoolCreate(r.ctx, &pd, 1, &r.device, &pool), ZE_RESULT_SUCCESS);
    assert_int_equal(zeEventCreate(pool, &ed, &filled), ZE_RESULT_SUCCESS);
    assert_int_equal(zeCommandListAppendMemoryFill(list, shared, &pattern, sizeof pattern, WORDS * 4, filled, 0, NULL),
                     ZE_RESULT_SUCCESS);
    assert_int_equal(zeCommandListAppendBarrier(list, NULL, 1, &filled), ZE_RESULT_SUCCESS);
    assert_int_equal(zeCommandListAppendMemoryCopy(list, host, shared, WORDS * 4, NULL, 0, NULL), ZE_RESULT_SUCCESS);
    assert_int_equal(zeCommandListClose(list), ZE_RESULT_SUCCESS);
    ze_fence_handle_t fence;
    ze_fence_desc_t fd = {.stype = ZE_STRUCTURE_TYPE_FENCE_DESC};
    assert_int_equal(zeFenceCreate(queue, &fd, &fence), ZE_RESULT_SUCCESS);
    assert_int_equal(zeFenceQueryStatus(fence), ZE_RESULT_NOT_READY);
    assert_int_equal(zeCommandQueueExecuteCommandLists(queue, 1, &list, fence), ZE_RESULT_SUCCESS);
    assert_int_equal(zeFenceHostSynchronize(fence, UINT64_MAX), ZE_RESULT_SUCCESS);
    assert_int_equal(zeEventQueryStatus(filled), ZE_RESULT_SUCCESS);
    for (uint32_t i = 0; i < WORDS; i++)
        if (host[i] != pattern || shared[i] != pattern)
            fail_msg("word %u: %#x in host memory, %#x in shared memory", i, host[i], shared[i]);
    /* Events the host signals and resets. */
    assert_int_equal(zeEventHostSynchronize(filled, UINT64_MAX), ZE_RESULT_SUCCESS);
    assert_int_equal(zeEventHostReset(filled), ZE_RESULT_SUCCESS);
    assert_int_equal(zeEventQueryStatus(filled), ZE_RESULT_NOT_READY);
    assert_int_equal(zeEventHostSignal(filled), ZE_RESULT_SUCCESS);
    assert_int_equal(zeEventHostSynchronize(filled, 0), ZE_RESULT_SUCCESS);
    assert_int_equal(zeFenceReset(fence), ZE_RESULT_SUCCESS);
    assert_int_equal(zeFenceDestroy(fence), ZE_RESULT_SUCCESS);
    assert_int_equal(zeEventDestroy(filled), ZE_RESULT_SUCCESS);
    assert_int_equal(zeEventPoolDestroy(pool), ZE_RESULT_SUCCESS);
    assert_int_equal(zeCommandListDestroy(list), ZE_RESULT_SUCCESS);
    assert_int_equal(zeCommandQueueDestroy(queue), ZE_RESULT_SUCCESS);
    assert_int_equal(zeMemFree(r.ctx, host), ZE_RESULT_SUCCESS);
    assert_int_equal(zeMemFree(r.ctx, shared), ZE_RESULT_SUCCESS);
    raw_close(&r);
}

/* Build flags are OpenCL's build options: one OpenCL does not know fails the build,
 * with a build log the caller reads and destroys; bytes that are not SPIR-V are refused
 * as Intel's driver refuses them. */
static void a_failed_build_has_a_log_and_not_spirv_is_refused(void **state)
{
    (void)state;
    struct raw r;
    raw_open(&r, spin_source, "spin");
    unsigned char *spirv = NULL;
    size_t size = 0;
    char id[16];
    snprintf(id, sizeof id, "0x%04x", zeslm_device_get_info(dev)->device_id);
    OK(zeslm_ocloc_spirv(spin_source, NULL, id, "spin", &spirv, &size));
    ze_module_desc_t md = {.stype = ZE_STRUCTURE_TYPE_MODULE_DESC, .format = ZE_MODULE_FORMAT_IL_SPIRV,
                           .inputSize = size, .pInputModule = spirv, .pBuildFlags = "-cl-no-such-option"};
    ze_module_handle_t module = NULL;
    ze_module_build_log_handle_t log = NULL;
    assert_int_equal(zeModuleCreate(r.ctx, r.device, &md, &module, &log), ZE_RESULT_ERROR_MODULE_BUILD_FAILURE);
    assert_non_null(log);
    size_t len = 0;
    assert_int_equal(zeModuleBuildLogGetString(log, &len, NULL), ZE_RESULT_SUCCESS);
    assert_true(len >= 1);
    char *text = malloc(len);
    assert_non_null(text);
    assert_int_equal(zeModuleBuildLogGetString(log, &len, text), ZE_RESULT_SUCCESS);
    assert_int_equal(strlen(text) + 1, len);
    free(text);
    assert_int_equal(zeModuleBuildLogDestroy(log), ZE_RESULT_SUCCESS);
    md.pBuildFlags = "";
    md.inputSize = 8;
    md.pInputModule = (const uint8_t *)"not IL!";
    assert_int_equal(zeModuleCreate(r.ctx, r.device, &md, &module, NULL), ZE_RESULT_ERROR_INVALID_NATIVE_BINARY);
    free(spirv);
    raw_close(&r);
}

/* With ZE_ENABLE_VALIDATION_LAYER=1 and ZE_ENABLE_PARAMETER_VALIDATION=1 the layer
 * stands between the tool and the driver: it refuses an event pool of undefined flags
 * before the driver (which would take it) sees it. So the runs under the layer ran
 * with it. */
static void the_validation_layer_is_there_when_asked(void **state)
{
    (void)state;
    const char *on = getenv("ZE_ENABLE_VALIDATION_LAYER"), *params = getenv("ZE_ENABLE_PARAMETER_VALIDATION");
    if (!on || strcmp(on, "1") || !params || strcmp(params, "1"))
        skip();
    ze_driver_handle_t driver;
    uint32_t n = 1;
    assert_int_equal(zeDriverGet(&n, &driver), ZE_RESULT_SUCCESS);
    ze_context_handle_t ctx;
    ze_context_desc_t cd = {.stype = ZE_STRUCTURE_TYPE_CONTEXT_DESC};
    assert_int_equal(zeContextCreate(driver, &cd, &ctx), ZE_RESULT_SUCCESS);
    ze_event_pool_desc_t pd = {.stype = ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, .flags = 0x80000000u, .count = 1};
    ze_event_pool_handle_t pool = NULL;
    ze_result_t r = zeEventPoolCreate(ctx, &pd, 0, NULL, &pool);
    if (r == ZE_RESULT_SUCCESS)
        zeEventPoolDestroy(pool);
    assert_int_equal(zeContextDestroy(ctx), ZE_RESULT_SUCCESS);
    assert_int_equal(r, ZE_RESULT_ERROR_INVALID_ENUMERATION);
}

/* ZESLM_ZECL_TEST_FILTER: the cases to run (cmocka's pattern), for a case that must
 * meet the counter first. */
int main(void)
{
    const char *filter = getenv("ZESLM_ZECL_TEST_FILTER");
    if (filter && *filter)
        cmocka_set_test_filter(filter);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_device_says_it_is_a_test_driver_and_no_gpu),
        cmocka_unit_test(the_timer_is_ns_a_tick_in_the_first_form_and_ticks_a_second_in_1_2),
        /* First of the launches: it must meet the counter where the driver started it. */
        cmocka_unit_test(the_first_launch_crosses_the_wrap_and_keeps_its_time),
        cmocka_unit_test(device_times_are_what_opencl_measured),
        cmocka_unit_test(a_sequence_spans_the_first_start_to_the_last_end),
        cmocka_unit_test(arguments_arrive_in_their_order),
        cmocka_unit_test(dynamic_slm_arrives_in_bytes_at_its_index),
        cmocka_unit_test(the_driver_refuses_what_the_specification_forbids),
        cmocka_unit_test(fills_barriers_copies_and_fences_run_in_order),
        cmocka_unit_test(a_failed_build_has_a_log_and_not_spirv_is_refused),
        cmocka_unit_test(the_validation_layer_is_there_when_asked),
        /* Last: a workload's kernels take dynamic SLM, which a planted fault of its size
         * makes them write past; the case that names that fault runs first. */
        cmocka_unit_test(reduce_passes_add_their_launches),
    };
    return cmocka_run_group_tests(tests, open_device, close_device);
}
