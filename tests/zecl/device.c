/* SPDX-License-Identifier: MIT */
/* The driver, its one device and its properties, and contexts (zecl.h says what the
 * driver is). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../zedriver/one_device.h"
#include "zecl.h"

struct zecl_cl zecl;
struct zecl_limits zecl_limits;

struct _ze_context_handle_t {
    int unused;
};

static bool initialised;

/* libocloc compiles a caller's OpenCL C for a GPU named by its PCI device id
 * (backend_ze.c), and knows no CPU; this one, Xe-LP's (tgllp, 0x9a49 in ocloc's
 * device list), makes it declare the extensions of an Intel GPU, all of which the CPU
 * runtime has but fp64, which Xe-LP lacks too. The device's type (CPU) and name say
 * what it really is. */
#define OCLOC_DEVICE_ID 0x9a49

ze_result_t zecl_fail(ze_result_t r, const char *call, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "ze-slm test driver: %s: ", call);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return r;
}

ze_result_t zecl_from_cl(cl_int err, const char *call, const char *what)
{
    ze_result_t r;
    switch (err) {
    case CL_OUT_OF_HOST_MEMORY: r = ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY; break;
    case CL_OUT_OF_RESOURCES:
    case CL_MEM_OBJECT_ALLOCATION_FAILURE: r = ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY; break;
    case CL_INVALID_ARG_SIZE: r = ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE; break;
    case CL_INVALID_ARG_INDEX: r = ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_INDEX; break;
    case CL_INVALID_KERNEL_NAME: r = ZE_RESULT_ERROR_INVALID_KERNEL_NAME; break;
    case CL_INVALID_WORK_GROUP_SIZE:
    case CL_INVALID_WORK_ITEM_SIZE: r = ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION; break;
    default: r = ZE_RESULT_ERROR_UNKNOWN; break;
    }
    return zecl_fail(r, call, "%s: OpenCL error %d", what, err);
}

static void *extension(const char *name)
{
    return clGetExtensionFunctionAddressForPlatform(zecl.platform, name);
}

/* The first OpenCL CPU device whose platform has unified shared memory. */
static ze_result_t find_device(void)
{
    cl_platform_id platforms[16];
    cl_uint n = 0;
    if (clGetPlatformIDs(16, platforms, &n) != CL_SUCCESS || n == 0)
        return zecl_fail(ZE_RESULT_ERROR_UNINITIALIZED, "zeInit", "no OpenCL platform (is OCL_ICD_VENDORS set to "
                         "Intel's CPU runtime, scripts/intel-cl.sh?)");
    for (cl_uint i = 0; i < n && i < 16; i++) {
        char ext[8192] = "";
        cl_device_id d;
        if (clGetDeviceIDs(platforms[i], CL_DEVICE_TYPE_CPU, 1, &d, NULL) != CL_SUCCESS ||
            clGetDeviceInfo(d, CL_DEVICE_EXTENSIONS, sizeof ext, ext, NULL) != CL_SUCCESS ||
            !strstr(ext, "cl_intel_unified_shared_memory"))
            continue;
        zecl.platform = platforms[i];
        zecl.device = d;
        return ZE_RESULT_SUCCESS;
    }
    return zecl_fail(ZE_RESULT_ERROR_UNINITIALIZED, "zeInit", "no OpenCL CPU device with "
                     "cl_intel_unified_shared_memory");
}

static ze_result_t d_init(ze_init_flags_t flags)
{
    (void)flags;
    if (initialised)
        return ZE_RESULT_SUCCESS;
    ze_result_t r = zecl_timer_init();
    if (r != ZE_RESULT_SUCCESS || (r = find_device()) != ZE_RESULT_SUCCESS)
        return r;
    cl_int err;
    zecl.context = clCreateContext(NULL, 1, &zecl.device, NULL, NULL, &err);
    if (!zecl.context)
        return zecl_from_cl(err, "zeInit", "clCreateContext");
    zecl.device_alloc = (clDeviceMemAllocINTEL_fn)extension("clDeviceMemAllocINTEL");
    zecl.shared_alloc = (clSharedMemAllocINTEL_fn)extension("clSharedMemAllocINTEL");
    zecl.host_alloc = (clHostMemAllocINTEL_fn)extension("clHostMemAllocINTEL");
    zecl.free = (clMemBlockingFreeINTEL_fn)extension("clMemBlockingFreeINTEL");
    zecl.arg_pointer = (clSetKernelArgMemPointerINTEL_fn)extension("clSetKernelArgMemPointerINTEL");
    zecl.memcpy = (clEnqueueMemcpyINTEL_fn)extension("clEnqueueMemcpyINTEL");
    zecl.fill = (clEnqueueMemFillINTEL_fn)extension("clEnqueueMemFillINTEL");
    if (!zecl.device_alloc || !zecl.shared_alloc || !zecl.host_alloc || !zecl.free || !zecl.arg_pointer ||
        !zecl.memcpy || !zecl.fill)
        return zecl_fail(ZE_RESULT_ERROR_UNINITIALIZED, "zeInit", "the OpenCL platform lacks an entry point of "
                         "cl_intel_unified_shared_memory");
    cl_ulong local = 0;
    size_t sizes[3] = {0};
    if (clGetDeviceInfo(zecl.device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof(size_t), &zecl_limits.max_group_total,
                        NULL) != CL_SUCCESS ||
        clGetDeviceInfo(zecl.device, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof sizes, sizes, NULL) != CL_SUCCESS ||
        clGetDeviceInfo(zecl.device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof local, &local, NULL) != CL_SUCCESS)
        return zecl_fail(ZE_RESULT_ERROR_UNINITIALIZED, "zeInit", "the OpenCL device does not report its limits");
    memcpy(zecl_limits.max_group, sizes, sizeof sizes);
    zecl_limits.local_mem = local;
    /* OpenCL has no group-count limit; this one keeps count * size within 2^44. */
    zecl_limits.max_group_count = UINT32_C(0x7fffffff);
    initialised = true;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_driver_properties(ze_driver_handle_t d, ze_driver_properties_t *p)
{
    memcpy(p->uuid.id, "ze-slm zecl drv", sizeof p->uuid.id);
    p->driverVersion = 1;
    return ZE_RESULT_SUCCESS;
}

static cl_uint cl_uint_info(cl_device_info what)
{
    cl_uint v = 0;
    clGetDeviceInfo(zecl.device, what, sizeof v, &v, NULL);
    return v;
}

static cl_ulong cl_ulong_info(cl_device_info what)
{
    cl_ulong v = 0;
    clGetDeviceInfo(zecl.device, what, sizeof v, &v, NULL);
    return v;
}

static bool has_extension(const char *name)
{
    char ext[8192] = "";
    clGetDeviceInfo(zecl.device, CL_DEVICE_EXTENSIONS, sizeof ext, ext, NULL);
    size_t len = strlen(name);
    for (const char *p = strstr(ext, name); p; p = strstr(p + 1, name))
        if ((p == ext || p[-1] == ' ') && (p[len] == ' ' || p[len] == '\0'))
            return true;
    return false;
}

/* The timer's resolution is the one field whose unit depends on the structure's type:
 * ns per tick in ze_device_properties_t, ticks per second in its _1_2 form
 * (ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2, Level Zero 1.2). A structure of any other
 * type cannot say which the caller expects. */
static ze_result_t d_device_properties(ze_device_handle_t d, ze_device_properties_t *p)
{
    if (p->stype != ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES && p->stype != ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2)
        return zecl_fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, "zeDeviceGetProperties",
                         "stype 0x%x is neither DEVICE_PROPERTIES nor DEVICE_PROPERTIES_1_2", (unsigned)p->stype);
    char name[128] = "";
    clGetDeviceInfo(zecl.device, CL_DEVICE_NAME, sizeof name, name, NULL);
    p->type = ZE_DEVICE_TYPE_CPU;
    p->vendorId = cl_uint_info(CL_DEVICE_VENDOR_ID);
    p->deviceId = OCLOC_DEVICE_ID;
    p->flags = 0;
    p->subdeviceId = 0;
    p->coreClockRate = cl_uint_info(CL_DEVICE_MAX_CLOCK_FREQUENCY);
    p->maxMemAllocSize = cl_ulong_info(CL_DEVICE_MAX_MEM_ALLOC_SIZE);
    p->maxHardwareContexts = 1;
    p->maxCommandQueuePriority = 0;
    /* A compute unit of the OpenCL device (a CPU thread) is a subslice of one EU with
     * one thread, as wide as the runtime's native int vectors. */
    p->numThreadsPerEU = 1;
    p->physicalEUSimdWidth = cl_uint_info(CL_DEVICE_NATIVE_VECTOR_WIDTH_INT);
    p->numEUsPerSubslice = 1;
    p->numSubslicesPerSlice = cl_uint_info(CL_DEVICE_MAX_COMPUTE_UNITS);
    p->numSlices = 1;
    uint64_t hz = zecl_timer_hz();
    p->timerResolution = p->stype == ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2 ? hz : (1000000000u + hz / 2) / hz;
    p->timestampValidBits = zecl_timer_bits();
    p->kernelTimestampValidBits = zecl_timer_bits();
    memcpy(p->uuid.id, "ze-slm zecl dev0", sizeof p->uuid.id);
    snprintf(p->name, sizeof p->name, "ze-slm test driver (not a GPU): %s on Intel's OpenCL CPU runtime", name);
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_compute_properties(ze_device_handle_t d, ze_device_compute_properties_t *p)
{
    p->maxTotalGroupSize = (uint32_t)zecl_limits.max_group_total;
    p->maxGroupSizeX = (uint32_t)zecl_limits.max_group[0];
    p->maxGroupSizeY = (uint32_t)zecl_limits.max_group[1];
    p->maxGroupSizeZ = (uint32_t)zecl_limits.max_group[2];
    p->maxGroupCountX = p->maxGroupCountY = p->maxGroupCountZ = zecl_limits.max_group_count;
    p->maxSharedLocalMemory = (uint32_t)zecl_limits.local_mem;
    size_t sizes[ZE_SUBGROUPSIZE_COUNT] = {0}, len = 0;
    clGetDeviceInfo(zecl.device, CL_DEVICE_SUB_GROUP_SIZES_INTEL, sizeof sizes, sizes, &len);
    p->numSubGroupSizes = (uint32_t)(len / sizeof sizes[0]);
    for (uint32_t i = 0; i < p->numSubGroupSizes; i++)
        p->subGroupSizes[i] = (uint32_t)sizes[i];
    return ZE_RESULT_SUCCESS;
}

/* cl_ext_float_atomics, which Debian 12's OpenCL headers lack (Khronos cl_ext.h). */
#define CL_DEVICE_SINGLE_FP_ATOMIC_CAPABILITIES_EXT 0x4231
#define CL_DEVICE_GLOBAL_FP_ATOMIC_ADD_EXT (1 << 1)
#define CL_DEVICE_GLOBAL_FP_ATOMIC_MIN_MAX_EXT (1 << 2)
#define CL_DEVICE_LOCAL_FP_ATOMIC_ADD_EXT (1 << 17)
#define CL_DEVICE_LOCAL_FP_ATOMIC_MIN_MAX_EXT (1 << 18)

static ze_device_fp_atomic_ext_flags_t fp_flags(cl_device_info what)
{
    cl_bitfield caps = 0;
    ze_device_fp_atomic_ext_flags_t f = 0;
    if (clGetDeviceInfo(zecl.device, what, sizeof caps, &caps, NULL) != CL_SUCCESS)
        return 0;
    f |= caps & CL_DEVICE_GLOBAL_FP_ATOMIC_ADD_EXT ? ZE_DEVICE_FP_ATOMIC_EXT_FLAG_GLOBAL_ADD : 0;
    f |= caps & CL_DEVICE_GLOBAL_FP_ATOMIC_MIN_MAX_EXT ? ZE_DEVICE_FP_ATOMIC_EXT_FLAG_GLOBAL_MIN_MAX : 0;
    f |= caps & CL_DEVICE_LOCAL_FP_ATOMIC_ADD_EXT ? ZE_DEVICE_FP_ATOMIC_EXT_FLAG_LOCAL_ADD : 0;
    f |= caps & CL_DEVICE_LOCAL_FP_ATOMIC_MIN_MAX_EXT ? ZE_DEVICE_FP_ATOMIC_EXT_FLAG_LOCAL_MIN_MAX : 0;
    return f;
}

/* The module properties, and the float atomics (ZE_extension_float_atomics) of a
 * structure chained to them. */
static ze_result_t d_module_properties(ze_device_handle_t d, ze_device_module_properties_t *p)
{
    p->spirvVersionSupported = ZE_MAKE_VERSION(1, 2);
    p->flags = (has_extension("cl_khr_int64_base_atomics") ? ZE_DEVICE_MODULE_FLAG_INT64_ATOMICS : 0) |
               (has_extension("cl_khr_fp16") ? ZE_DEVICE_MODULE_FLAG_FP16 : 0) |
               (has_extension("cl_khr_fp64") ? ZE_DEVICE_MODULE_FLAG_FP64 : 0);
    p->maxArgumentsSize = (uint32_t)cl_ulong_info(CL_DEVICE_MAX_PARAMETER_SIZE);
    p->printfBufferSize = 1u << 20;
    for (ze_base_properties_t *ext = p->pNext; ext; ext = ext->pNext)
        if (ext->stype == ZE_STRUCTURE_TYPE_FLOAT_ATOMIC_EXT_PROPERTIES) {
            ze_float_atomic_ext_properties_t *fa = (ze_float_atomic_ext_properties_t *)ext;
            fa->fp16Flags = 0;
            fa->fp32Flags = has_extension("cl_ext_float_atomics") ? fp_flags(CL_DEVICE_SINGLE_FP_ATOMIC_CAPABILITIES_EXT)
                                                                  : 0;
            fa->fp64Flags = 0;
        }
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_memory_properties(ze_device_handle_t d, uint32_t *count, ze_device_memory_properties_t *p)
{
    if (zedriver_fill_count(count, 1) && p) {
        p[0].totalSize = cl_ulong_info(CL_DEVICE_GLOBAL_MEM_SIZE);
        p[0].maxClockRate = 0;
        p[0].maxBusWidth = 0;
        snprintf(p[0].name, sizeof p[0].name, "host memory");
    }
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_queue_groups(ze_device_handle_t d, uint32_t *count, ze_command_queue_group_properties_t *p)
{
    if (zedriver_fill_count(count, 1) && p) {
        p[0].flags = ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COMPUTE | ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COPY;
        p[0].maxMemoryFillPatternSize = 128; /* clEnqueueMemFillINTEL's largest pattern */
        p[0].numQueues = 1;
    }
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_context_create(ze_driver_handle_t d, const ze_context_desc_t *desc, ze_context_handle_t *c)
{
    if (!(*c = calloc(1, sizeof **c)))
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_context_destroy(ze_context_handle_t c)
{
    free(c);
    return ZE_RESULT_SUCCESS;
}

#include "../zedouble/tables.h"

ZEDRIVER_DEVICE_TABLES
