/* SPDX-License-Identifier: MIT */
/* A Level Zero test driver that executes: the Level Zero calls ze-slm makes, carried
 * out by Intel's OpenCL runtime for x86 CPUs (scripts/intel-cl.sh), so that every
 * result-dependent line of the tool's Level Zero backend (src/backends/level_zero/backend_ze.c)
 * meets a result. The system's loader loads it through ZE_ENABLE_ALT_DRIVERS, as it
 * loads the metrics test double (tests/zedouble/).
 *
 * Mapping: one OpenCL CPU device is the one Level Zero device (of type CPU, named as
 * a test driver); modules are clCreateProgramWithIL, memory is
 * cl_intel_unified_shared_memory (the pointers Level Zero hands out are USM pointers),
 * a command list is a recorded list of commands that zeCommandQueueExecuteCommandLists
 * enqueues, in order, on an in-order profiling OpenCL queue; kernel timestamps are the
 * OpenCL profiling times turned into ticks of a timer (timer.c).
 *
 * Where the Level Zero specification defines what the tool relies on, a call that
 * breaks it fails here as the validation layer or Intel's driver would fail it, and
 * one line on stderr says which rule it broke (zecl_fail). Not thread-safe: ze-slm
 * drives one device from one thread. */
#ifndef ZECL_H
#define ZECL_H

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <CL/cl_ext.h>
#include <stdbool.h>
#include <stdint.h>

#include <level_zero/ze_ddi.h>

/* Entry points of cl_intel_unified_shared_memory, found at zeInit through
 * clGetExtensionFunctionAddressForPlatform. */
struct zecl_cl {
    cl_platform_id platform;
    cl_device_id device;
    cl_context context;
    clDeviceMemAllocINTEL_fn device_alloc;
    clSharedMemAllocINTEL_fn shared_alloc;
    clHostMemAllocINTEL_fn host_alloc;
    clMemBlockingFreeINTEL_fn free;
    clSetKernelArgMemPointerINTEL_fn arg_pointer;
    clEnqueueMemcpyINTEL_fn memcpy;
    clEnqueueMemFillINTEL_fn fill;
};
extern struct zecl_cl zecl;

/* Fails a call: one line on stderr naming the call and the rule, and `r`. */
ze_result_t zecl_fail(ze_result_t r, const char *call, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* An OpenCL error as the Level Zero result a driver would give for it. */
ze_result_t zecl_from_cl(cl_int err, const char *call, const char *what);

/* The device's limits, read once at zeInit (device.c). */
struct zecl_limits {
    size_t max_group_total, max_group[3];
    uint32_t max_group_count; /* per dimension */
    uint64_t local_mem;
};
extern struct zecl_limits zecl_limits;

/* USM allocations of the driver, for checking that a kernel's pointer arguments point
 * into memory the device can reach (memory.c). */
bool zecl_is_device_pointer(const void *p);

/* timer.c: the kernel-timestamp timer. */
ze_result_t zecl_timer_init(void);
uint64_t zecl_timer_hz(void);
uint32_t zecl_timer_bits(void);
/* The timer's value at OpenCL profiling time `ns`, with bits above the valid ones set
 * as a real counter leaves them: undefined (here deliberately not zero). */
uint64_t zecl_timer_ticks(uint64_t ns);

/* The test's window into the driver (test_ze_exec.c, through dlsym): what the last
 * launch received and what OpenCL measured for it. */
#define ZECL_MAX_ARGS 32
struct zecl_launch_record {
    char kernel[128];
    uint32_t n_args;
    size_t local_bytes[ZECL_MAX_ARGS]; /* 0: not a local-memory argument */
    uint64_t start_ns, end_ns;         /* OpenCL profiling, ns */
    uint64_t start_ticks, end_ticks;   /* what zeEventQueryKernelTimestamp reported */
};
ZE_DLLEXPORT const struct zecl_launch_record *zecl_test_last_launch(void);
/* The OpenCL times and the ticks of the launch `back` launches before the latest
 * enqueued (0: the latest; at most ZECL_RECENT - 1), once it has completed: what a
 * sequence of launches, whose events the backend does not all ask about, is checked
 * against. false: no such launch, or no times for it. */
#define ZECL_RECENT 8
ZE_DLLEXPORT bool zecl_test_recent_launch(unsigned back, struct zecl_launch_record *out);

#endif
