/* SPDX-License-Identifier: MIT */
/* OpenCL backend: every platform and device, programs from SPIR-V where the device
 * ingests IL, else from the embedded source; timing from profiling events. */
/* clCreateCommandQueue, not its 2.0 successor, so that OpenCL 1.2 platforms work too. */
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <CL/cl_ext.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <zeslm/bench.h>
#include <zeslm/grow.h>

#include "backend.h"
#include "cl_features.h"
#include "dump.h"
#include "error.h"
#include "identity.h"
#include "known_gpus.h"

struct cl_dev {
    struct zeslm_device base;
    cl_device_id id;
    cl_context ctx;
    cl_command_queue queue;
    bool nvidia; /* builds with -cl-nv-verbose, whose log gives registers and spills */
    bool host_memory; /* a CPU device: its buffers are the process's memory */
    size_t allocated; /* bytes of the buffers it holds now */
};

struct zeslm_module {
    cl_program program;
    char *log; /* the compiler's log of a successful build; NULL when empty */
};

struct cl_buf {
    struct zeslm_buffer base;
    cl_mem mem;
    size_t bytes;
};

struct cl_kern {
    struct zeslm_kernel base;
    cl_kernel kernel;
    const struct zeslm_module *module;
};

/* Records the failing call (by name) with its error's name and number (a driver's
 * own codes have no name here: NVIDIA's OpenCL under MPS fails clCreateContext with
 * one), and its location, then jumps to out. CL_TRY takes a call returning cl_int;
 * CL_TRY_ERR the error a creating call wrote to its last argument. */
#define CL_TRY_ERR(name, err)                                                         \
    do {                                                                              \
        cl_int err_ = (err);                                                          \
        if (err_ != CL_SUCCESS) {                                                     \
            st = zeslm_fail(ZESLM_ERR_BACKEND, "%.*s failed: %s, %d (%s:%d)",        \
                            (int)strcspn(name, "("), name, cl_error_name(err_), err_, \
                            __FILE__, __LINE__);                                      \
            goto out;                                                                 \
        }                                                                             \
    } while (0)
#define CL_TRY(call) CL_TRY_ERR(#call, call)

static const char *cl_error_name(cl_int e)
{
    switch (e) {
#define E(x) case x: return #x;
    E(CL_DEVICE_NOT_FOUND) E(CL_DEVICE_NOT_AVAILABLE) E(CL_COMPILER_NOT_AVAILABLE)
    E(CL_MEM_OBJECT_ALLOCATION_FAILURE) E(CL_OUT_OF_RESOURCES) E(CL_OUT_OF_HOST_MEMORY)
    E(CL_PROFILING_INFO_NOT_AVAILABLE) E(CL_BUILD_PROGRAM_FAILURE) E(CL_INVALID_VALUE)
    E(CL_INVALID_DEVICE) E(CL_INVALID_CONTEXT) E(CL_INVALID_COMMAND_QUEUE)
    E(CL_INVALID_MEM_OBJECT) E(CL_INVALID_PROGRAM) E(CL_INVALID_PROGRAM_EXECUTABLE)
    E(CL_INVALID_KERNEL_NAME) E(CL_INVALID_KERNEL) E(CL_INVALID_ARG_INDEX)
    E(CL_INVALID_ARG_VALUE) E(CL_INVALID_ARG_SIZE) E(CL_INVALID_KERNEL_ARGS)
    E(CL_INVALID_WORK_GROUP_SIZE) E(CL_INVALID_WORK_ITEM_SIZE) E(CL_INVALID_GLOBAL_WORK_SIZE)
    E(CL_INVALID_EVENT) E(CL_INVALID_OPERATION) E(CL_INVALID_BUFFER_SIZE)
    E(CL_INVALID_PLATFORM) E(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
#undef E
    case -1001: return "CL_PLATFORM_NOT_FOUND_KHR";
    default: return "unknown OpenCL error";
    }
}

/* The text answer to `what`, cut to fit `dst`: a query whose answer is longer than the
 * buffer fails, and answers grow with the host (PoCL's CL_DEVICE_VERSION names the CPU:
 * "OpenCL 3.0 PoCL HSTR: pthread-x86_64-pc-linux-gnu-skylake-avx512", 65 bytes). */
static void str_info(cl_device_id d, cl_device_info what, char *dst, size_t len)
{
    size_t need = 0;
    char *all = NULL;
    dst[0] = '\0';
    if (clGetDeviceInfo(d, what, 0, NULL, &need) != CL_SUCCESS || need == 0 || !(all = malloc(need + 1)))
        return;
    if (clGetDeviceInfo(d, what, need, all, NULL) == CL_SUCCESS) {
        all[need] = '\0';
        snprintf(dst, len, "%s", all);
    }
    free(all);
}

static uint64_t num_info(cl_device_id d, cl_device_info what, size_t size)
{
    uint64_t v = 0; /* little-endian: a narrower field lands in the low bytes */
    if (clGetDeviceInfo(d, what, size, &v, NULL) != CL_SUCCESS)
        return 0;
    return v;
}

static bool has_extension(cl_device_id d, const char *ext)
{
    size_t len = 0;
    if (clGetDeviceInfo(d, CL_DEVICE_EXTENSIONS, 0, NULL, &len) != CL_SUCCESS || len == 0)
        return false;
    char *all = malloc(len + 1);
    bool found = false;
    if (all && clGetDeviceInfo(d, CL_DEVICE_EXTENSIONS, len, all, NULL) == CL_SUCCESS) {
        all[len] = '\0';
        size_t n = strlen(ext);
        for (const char *p = strstr(all, ext); p && !found; p = strstr(p + 1, ext))
            found = (p == all || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0');
    }
    free(all);
    return found;
}

/* True when the OpenCL C 3.0 compiler lists `feature` (CL_DEVICE_OPENCL_C_FEATURES). */
static bool has_c_feature(cl_device_id d, const char *feature)
{
    size_t len = 0;
    if (clGetDeviceInfo(d, CL_DEVICE_OPENCL_C_FEATURES, 0, NULL, &len) != CL_SUCCESS || len == 0)
        return false;
    cl_name_version *all = malloc(len);
    bool found = false;
    if (all && clGetDeviceInfo(d, CL_DEVICE_OPENCL_C_FEATURES, len, all, NULL) == CL_SUCCESS)
        for (size_t i = 0; i < len / sizeof *all && !found; i++)
            found = strncmp(all[i].name, feature, CL_NAME_VERSION_MAX_NAME_SIZE) == 0;
    free(all);
    return found;
}

/* Sub-groups came as cl_khr_subgroups (OpenCL 2.0), are core in 2.1 and 2.2, and an
 * optional feature in 3.0 that a device without them reports as
 * CL_DEVICE_MAX_NUM_SUB_GROUPS = 0; Intel's runtimes also have cl_intel_subgroups. Without
 * the extensions, the kernels must also reach the device: as SPIR-V, or as OpenCL C
 * whose compiler has the __opencl_c_subgroups feature. Only Intel's extension lists the
 * sizes (CL_DEVICE_SUB_GROUP_SIZES_INTEL). Needs info->spirv. */
static void fill_subgroups(cl_device_id d, zeslm_device_info *info)
{
    char ver[64] = "";
    str_info(d, CL_DEVICE_VERSION, ver, sizeof ver);
    unsigned major = 0, minor = 0;
    bool core = sscanf(ver, "OpenCL %u.%u", &major, &minor) == 2 && (major > 2 || (major == 2 && minor >= 1));
    bool intel = has_extension(d, "cl_intel_subgroups");
    info->subgroups = has_extension(d, "cl_khr_subgroups") || intel ||
                      (core && num_info(d, CL_DEVICE_MAX_NUM_SUB_GROUPS, sizeof(cl_uint)) > 0 &&
                       (info->spirv || has_c_feature(d, "__opencl_c_subgroups")));
    info->intel_subgroups = intel && has_extension(d, "cl_intel_subgroups_long") &&
                            has_extension(d, "cl_intel_required_subgroup_size");
    size_t len = 0;
    if (!intel || clGetDeviceInfo(d, CL_DEVICE_SUB_GROUP_SIZES_INTEL, 0, NULL, &len) != CL_SUCCESS || len == 0)
        return;
    size_t *sizes = malloc(len);
    if (sizes && clGetDeviceInfo(d, CL_DEVICE_SUB_GROUP_SIZES_INTEL, len, sizes, NULL) == CL_SUCCESS) {
        size_t n = len / sizeof *sizes;
        info->n_subgroup_sizes = (uint32_t)(n < ZESLM_MAX_SUBGROUP_SIZES ? n : ZESLM_MAX_SUBGROUP_SIZES);
        for (uint32_t i = 0; i < info->n_subgroup_sizes; i++)
            info->subgroup_sizes[i] = (uint32_t)sizes[i];
    }
    free(sizes);
}

/* cl_ext_float_atomics, which OpenCL headers as old as Debian 12's (2023.02.06) lack:
 * the query and its capability bits, as the Khronos OpenCL-Headers' cl_ext.h has them. */
#ifndef CL_DEVICE_SINGLE_FP_ATOMIC_CAPABILITIES_EXT
#define CL_DEVICE_SINGLE_FP_ATOMIC_CAPABILITIES_EXT 0x4231
#define CL_DEVICE_GLOBAL_FP_ATOMIC_ADD_EXT (1 << 1)
#define CL_DEVICE_GLOBAL_FP_ATOMIC_MIN_MAX_EXT (1 << 2)
#define CL_DEVICE_LOCAL_FP_ATOMIC_ADD_EXT (1 << 17)
#define CL_DEVICE_LOCAL_FP_ATOMIC_MIN_MAX_EXT (1 << 18)
#endif

/* The extension promises only the built-ins; what each does natively on float, in
 * which memory, is the capabilities query (a device may, say, add in global memory
 * alone). A device with the extension that does not answer it has unknown ones. */
static void fill_float_atomics(cl_device_id d, zeslm_device_info *info)
{
    static const struct {
        cl_bitfield cl;
        uint32_t zeslm;
    } bits[] = {
        {CL_DEVICE_GLOBAL_FP_ATOMIC_ADD_EXT, ZESLM_FP32_ATOMIC_GLOBAL_ADD},
        {CL_DEVICE_GLOBAL_FP_ATOMIC_MIN_MAX_EXT, ZESLM_FP32_ATOMIC_GLOBAL_MIN_MAX},
        {CL_DEVICE_LOCAL_FP_ATOMIC_ADD_EXT, ZESLM_FP32_ATOMIC_LOCAL_ADD},
        {CL_DEVICE_LOCAL_FP_ATOMIC_MIN_MAX_EXT, ZESLM_FP32_ATOMIC_LOCAL_MIN_MAX},
    };
    cl_bitfield caps = 0;
    if (!has_extension(d, "cl_ext_float_atomics")) {
        info->float_atomics = 0;
        return;
    }
    if (clGetDeviceInfo(d, CL_DEVICE_SINGLE_FP_ATOMIC_CAPABILITIES_EXT, sizeof caps, &caps, NULL) != CL_SUCCESS) {
        info->float_atomics = -1;
        return;
    }
    info->float_atomics = 1;
    for (size_t i = 0; i < sizeof bits / sizeof bits[0]; i++)
        if (caps & bits[i].cl)
            info->fp32_atomics |= bits[i].zeslm;
}

/* A list query's answer (CL_DEVICE_OPENCL_C_ALL_VERSIONS, _FEATURES): NULL and 0 where
 * the device has none or does not answer. Free the result. */
static cl_name_version *name_versions(cl_device_id d, cl_device_info what, size_t *n)
{
    size_t len = 0;
    cl_name_version *all = NULL;
    *n = 0;
    if (clGetDeviceInfo(d, what, 0, NULL, &len) != CL_SUCCESS || len < sizeof *all || !(all = malloc(len)))
        return NULL;
    if (clGetDeviceInfo(d, what, len, all, NULL) != CL_SUCCESS) {
        free(all);
        return NULL;
    }
    *n = len / sizeof *all;
    for (size_t i = 0; i < *n; i++)
        all[i].name[CL_NAME_VERSION_MAX_NAME_SIZE - 1] = '\0';
    return all;
}

/* The newest OpenCL C and the orders and scopes of its atomics, from the device's
 * answers (cl_features.c decides): OpenCL 3.0's version list, features and atomic
 * capabilities; the legacy version query only before 3.0. */
static void fill_opencl_c(cl_device_id d, zeslm_device_info *info)
{
    char ver[64] = "", legacy[64] = "";
    unsigned major = 0, minor = 0;
    str_info(d, CL_DEVICE_VERSION, ver, sizeof ver);
    if (sscanf(ver, "OpenCL %u.%u", &major, &minor) != 2 || minor > 9)
        return;
    struct cl_c_answers a = {.device_version = major * 100 + minor * 10, .legacy_c_version = legacy};
    size_t n_versions = 0, n_features = 0;
    cl_name_version *versions = NULL, *features = NULL;
    unsigned *numbers = NULL;
    const char **names = NULL;
    if (a.device_version < 300) {
        str_info(d, CL_DEVICE_OPENCL_C_VERSION, legacy, sizeof legacy);
    } else {
        versions = name_versions(d, CL_DEVICE_OPENCL_C_ALL_VERSIONS, &n_versions);
        features = name_versions(d, CL_DEVICE_OPENCL_C_FEATURES, &n_features);
        numbers = calloc(n_versions + 1, sizeof *numbers);
        names = calloc(n_features + 1, sizeof *names);
        if (!numbers || !names)
            goto out;
        for (size_t i = 0; i < n_versions; i++)
            numbers[i] = CL_VERSION_MAJOR(versions[i].version) * 100 + CL_VERSION_MINOR(versions[i].version) * 10;
        for (size_t i = 0; i < n_features; i++)
            names[i] = features[i].name;
        a.c_versions = numbers;
        a.n_c_versions = n_versions;
        a.c_features = names;
        a.n_c_features = n_features;
        cl_device_atomic_capabilities caps = 0;
        if (clGetDeviceInfo(d, CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES, sizeof caps, &caps, NULL) == CL_SUCCESS)
            a.atomic_caps = caps;
    }
    struct cl_c_support support;
    cl_c_support_decide(&a, &support);
    info->opencl_c = support.c_version;
    info->atomic_caps = support.atomic_caps;
out:
    free(versions);
    free(features);
    free(numbers);
    free(names);
}

/* NVIDIA's cl_nv_device_attribute_query (CL/cl_ext.h of 2023 lacks the names). */
#define ZESLM_CL_DEVICE_PCI_BUS_ID_NV 0x4008
#define ZESLM_CL_DEVICE_PCI_SLOT_ID_NV 0x4009
#define ZESLM_CL_DEVICE_PCI_DOMAIN_ID_NV 0x400A

/* The UUID (cl_khr_device_uuid) and PCI address (cl_khr_pci_bus_info, else NVIDIA's
 * bus, slot and domain, whose slot packs device << 3 | function), where reported. */
static void fill_identity(cl_device_id d, zeslm_device_info *info)
{
    cl_uchar id[CL_UUID_SIZE_KHR];
    if (has_extension(d, "cl_khr_device_uuid") && clGetDeviceInfo(d, CL_DEVICE_UUID_KHR, sizeof id, id, NULL) == CL_SUCCESS)
        zeslm_uuid_text(id, info->uuid, sizeof info->uuid);
    cl_device_pci_bus_info_khr pci;
    if (has_extension(d, "cl_khr_pci_bus_info") &&
        clGetDeviceInfo(d, CL_DEVICE_PCI_BUS_INFO_KHR, sizeof pci, &pci, NULL) == CL_SUCCESS) {
        zeslm_pci_text(pci.pci_domain, pci.pci_bus, pci.pci_device, pci.pci_function, info->pci_address,
                       sizeof info->pci_address);
    } else if (has_extension(d, "cl_nv_device_attribute_query")) {
        cl_uint bus, slot, domain = 0;
        if (clGetDeviceInfo(d, ZESLM_CL_DEVICE_PCI_BUS_ID_NV, sizeof bus, &bus, NULL) == CL_SUCCESS &&
            clGetDeviceInfo(d, ZESLM_CL_DEVICE_PCI_SLOT_ID_NV, sizeof slot, &slot, NULL) == CL_SUCCESS) {
            /* Older drivers lack the domain: 0 is every single-domain machine's. */
            clGetDeviceInfo(d, ZESLM_CL_DEVICE_PCI_DOMAIN_ID_NV, sizeof domain, &domain, NULL);
            zeslm_pci_text(domain, bus, slot >> 3, slot & 7, info->pci_address, sizeof info->pci_address);
        }
    }
}

static void fill_info(cl_platform_id p, cl_device_id d, zeslm_device_info *info)
{
    memset(info, 0, sizeof *info);
    str_info(d, CL_DEVICE_NAME, info->name, sizeof info->name);
    str_info(d, CL_DEVICE_VENDOR, info->vendor, sizeof info->vendor);
    char ver[64] = "";
    str_info(d, CL_DRIVER_VERSION, ver, sizeof ver);
    char pname[64] = "";
    clGetPlatformInfo(p, CL_PLATFORM_NAME, sizeof pname, pname, NULL);
    pname[sizeof pname - 1] = '\0';
    snprintf(info->driver, sizeof info->driver, "%s %s", pname, ver);
    info->vendor_id = (uint32_t)num_info(d, CL_DEVICE_VENDOR_ID, sizeof(cl_uint));
    info->is_gpu = num_info(d, CL_DEVICE_TYPE, sizeof(cl_device_type)) & CL_DEVICE_TYPE_GPU;
    info->compute_units = (uint32_t)num_info(d, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof(cl_uint));
    info->clock_mhz = (uint32_t)num_info(d, CL_DEVICE_MAX_CLOCK_FREQUENCY, sizeof(cl_uint));
    info->max_group_size = (uint32_t)num_info(d, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof(size_t));
    size_t dims[3] = {0};
    if (clGetDeviceInfo(d, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof dims, dims, NULL) == CL_SUCCESS)
        info->max_group_size_x = (uint32_t)dims[0];
    info->slm_per_group = num_info(d, CL_DEVICE_LOCAL_MEM_SIZE, sizeof(cl_ulong));
    info->global_mem = num_info(d, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof(cl_ulong));
    cl_device_local_mem_type lt = 0;
    if (clGetDeviceInfo(d, CL_DEVICE_LOCAL_MEM_TYPE, sizeof lt, &lt, NULL) == CL_SUCCESS)
        info->slm_dedicated = lt == CL_LOCAL ? 1 : 0;
    else
        info->slm_dedicated = -1;
    info->int64_atomics = has_extension(d, "cl_khr_int64_base_atomics") && has_extension(d, "cl_khr_int64_extended_atomics");
    fill_float_atomics(d, info);
    fill_opencl_c(d, info);
    fill_identity(d, info);
    char il[128] = "";
    str_info(d, CL_DEVICE_IL_VERSION, il, sizeof il);
    info->spirv = strstr(il, "SPIR-V") != NULL;
    fill_subgroups(d, info);
    /* Profiling counters count nanoseconds by definition, in steps of the resolution. */
    info->timer_hz = 1e9;
    info->timer_resolution_ns = (double)num_info(d, CL_DEVICE_PROFILING_TIMER_RESOLUTION, sizeof(size_t));
    zeslm_known_gpu_facts(info);
    info->timestamp_bits = 64;
}

static zeslm_status cl_list(zeslm_device_info **out, uint32_t *n, char *note, size_t note_len)
{
    zeslm_status st = ZESLM_OK;
    cl_platform_id *plats = NULL;
    cl_device_id *devs = NULL;
    cl_uint np = 0;
    *out = NULL;
    *n = 0;
    /* NVIDIA's driver keeps compiled programs in a cache, and a program built from it
     * has an empty build log: the register counts that set a kernel's real group limit
     * (cl_kernel_props) are lost, and it falls back to the 256 the driver answers for
     * every kernel (on the H100 hist/lanes ran in groups of 256, 193 us, instead of
     * 1024, 180 us, on the second run of a machine). Before the driver loads, and only
     * where the user has not chosen: builds cost a few seconds a run. */
    setenv("CUDA_CACHE_DISABLE", "1", 0);
    cl_int e = clGetPlatformIDs(0, NULL, &np);
    if (e != CL_SUCCESS || np == 0) {
        snprintf(note, note_len, "no OpenCL platform (clGetPlatformIDs: %s)",
                 e == CL_SUCCESS ? "0 platforms" : cl_error_name(e));
        return ZESLM_OK;
    }
    plats = calloc(np, sizeof *plats);
    if (!plats)
        return zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
    CL_TRY(clGetPlatformIDs(np, plats, NULL));
    for (cl_uint p = 0; p < np; p++) {
        cl_uint nd = 0;
        if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 0, NULL, &nd) != CL_SUCCESS || nd == 0)
            continue;
        free(devs);
        devs = calloc(nd, sizeof *devs);
        size_t cap = *n; /* the list holds its devices exactly */
        if (!devs || !ZESLM_GROW(*out, (size_t)*n + nd, cap)) {
            st = zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
            goto out;
        }
        CL_TRY(clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, nd, devs, NULL));
        for (cl_uint i = 0; i < nd; i++) {
            fill_info(plats[p], devs[i], &(*out)[*n]);
            (*out)[*n].backend_index = *n;
            (*n)++;
        }
    }
    if (*n == 0)
        snprintf(note, note_len, "%u OpenCL platform%s but no device", np, np == 1 ? "" : "s");
out:
    free(plats);
    free(devs);
    if (st != ZESLM_OK) {
        free(*out);
        *out = NULL;
        *n = 0;
    }
    return st;
}

/* The backend_index-th device over all platforms, as cl_list numbered them. */
static zeslm_status find_device(uint32_t index, cl_device_id *found)
{
    zeslm_status st = ZESLM_OK;
    cl_platform_id plats[16];
    cl_uint np = 0;
    CL_TRY(clGetPlatformIDs(16, plats, &np));
    for (cl_uint p = 0; p < np && p < 16; p++) {
        cl_uint nd = 0;
        if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 0, NULL, &nd) != CL_SUCCESS)
            continue;
        if (index < nd) {
            cl_device_id devs[64];
            CL_TRY(clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, nd < 64 ? nd : 64, devs, NULL));
            *found = devs[index];
            return ZESLM_OK;
        }
        index -= nd;
    }
    st = zeslm_fail(ZESLM_ERR_NO_DEVICE, "OpenCL device vanished since it was listed");
out:
    return st;
}

static void cl_close(zeslm_device *dev)
{
    struct cl_dev *d = (struct cl_dev *)dev;
    if (d->queue)
        clReleaseCommandQueue(d->queue);
    if (d->ctx)
        clReleaseContext(d->ctx);
    free(d);
}

static zeslm_status cl_open(const zeslm_device_info *info, zeslm_device **dev)
{
    zeslm_status st = ZESLM_OK;
    cl_int err = CL_SUCCESS;
    struct cl_dev *d = calloc(1, sizeof *d);
    if (!d)
        return zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
    st = find_device(info->backend_index, &d->id);
    if (st != ZESLM_OK)
        goto out;
    d->ctx = clCreateContext(NULL, 1, &d->id, NULL, NULL, &err);
    CL_TRY_ERR("clCreateContext", err);
    d->nvidia = info->vendor_id == 0x10de;
    d->host_memory = (num_info(d->id, CL_DEVICE_TYPE, sizeof(cl_device_type)) & CL_DEVICE_TYPE_CPU) != 0;
    d->queue = clCreateCommandQueue(d->ctx, d->id, CL_QUEUE_PROFILING_ENABLE, &err);
    CL_TRY_ERR("clCreateCommandQueue", err);
    *dev = &d->base;
out:
    if (st != ZESLM_OK)
        cl_close(&d->base);
    return st;
}

static void cl_module_free(struct zeslm_module *m)
{
    if (m->program)
        clReleaseProgram(m->program);
    free(m->log);
    free(m);
}

static char *build_log(cl_program program, cl_device_id dev)
{
    size_t len = 0;
    if (clGetProgramBuildInfo(program, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &len) != CL_SUCCESS || len < 2)
        return NULL;
    char *log = malloc(len + 1);
    if (log && clGetProgramBuildInfo(program, dev, CL_PROGRAM_BUILD_LOG, len, log, NULL) != CL_SUCCESS) {
        free(log);
        return NULL;
    }
    if (log)
        log[len] = '\0';
    return log;
}

/* The program's binary for one device: PTX on NVIDIA, the driver's format elsewhere. */
static void dump_program(const zeslm_device *dev, cl_program program, const char *name, const char *ext)
{
    size_t size = 0;
    if (!zeslm_dump_wanted(dev) ||
        clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, NULL) != CL_SUCCESS || size == 0)
        return;
    unsigned char *bin = malloc(size);
    if (bin && clGetProgramInfo(program, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL) == CL_SUCCESS) {
        /* NVIDIA's PTX ends in NUL bytes, on which ptxas stops ("Unexpected EOF"). */
        while (strcmp(ext, "ptx") == 0 && size && bin[size - 1] == '\0')
            size--;
        zeslm_dump_binary(dev, name, ext, bin, size);
    }
    free(bin);
}

/* From -cl-nv-verbose's log: the ptxas lines that follow "entry function 'name'". */
static void nv_log_props(const char *log, const char *kernel, zeslm_kernel_props *p)
{
    char key[96];
    snprintf(key, sizeof key, "entry function '%s'", kernel);
    const char *at = log ? strstr(log, key) : NULL;
    if (!at)
        return;
    const char *next = strstr(at + strlen(key), "entry function '");
    const char *regs = strstr(at, "Used ");
    if (regs && (!next || regs < next))
        p->registers = (uint32_t)strtoul(regs + 5, NULL, 10);
    const char *spill = strstr(at, "bytes spill stores");
    if (spill && (!next || spill < next)) {
        /* "N bytes spill stores": walk back over the number. */
        const char *num = spill;
        while (num > at && num[-1] == ' ')
            num--;
        while (num > at && num[-1] >= '0' && num[-1] <= '9')
            num--;
        p->spill_mem = strtoull(num, NULL, 10);
        p->spill_known = true;
    }
}

/* Whether to build `file` from SPIR-V, by the device's module choice: auto takes
 * SPIR-V where the device ingests IL and the file has it, else source; spirv fails
 * without (a test that must exercise the bundled modules); native is OpenCL's own
 * form, source. A caller's program is built from what it holds, whatever the choice. */
static zeslm_status use_spirv(const zeslm_device *dev, const struct zeslm_kernel_file *file, bool *spirv)
{
    *spirv = file->spirv && (dev->info.spirv || !file->source);
    if (file->callers_program)
        return ZESLM_OK;
    if (dev->settings.modules == ZESLM_MODULES_NATIVE)
        *spirv = !file->source;
    if (dev->settings.modules == ZESLM_MODULES_SPIRV && !(dev->info.spirv && file->spirv))
        return zeslm_fail(ZESLM_ERR_UNSUPPORTED, "%s.cl: %s (modules: SPIR-V only)", file->name,
                          file->spirv ? "the device takes no SPIR-V" : "no SPIR-V bundled");
    return ZESLM_OK;
}

/* "-cl-std=STD " and then `file_options` less its own -cl-std (which is ocloc's: Intel's
 * compilers take OpenCL C 3.0), each option followed by a blank. */
static void std_options(char *dst, size_t len, const char *std, const char *file_options)
{
    size_t used = (size_t)snprintf(dst, len, "-cl-std=%s ", std);
    for (const char *p = file_options ? file_options : ""; *p && used < len;) {
        size_t blank = strspn(p, " "), word = strcspn(p + blank, " ");
        p += blank;
        if (word && strncmp(p, "-cl-std=", 8) != 0)
            used += (size_t)snprintf(dst + used, len - used, "%.*s ", (int)word, p);
        p += word;
    }
}

static zeslm_status cl_build(zeslm_device *dev, const struct zeslm_kernel_file *file,
                             struct zeslm_module **module)
{
    struct cl_dev *d = (struct cl_dev *)dev;
    zeslm_status st = ZESLM_OK;
    cl_int err = CL_SUCCESS;
    bool spirv;
    if ((st = use_spirv(dev, file, &spirv)) != ZESLM_OK)
        return st;
    struct zeslm_module *m = calloc(1, sizeof *m);
    if (!m)
        return zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
    const char *creator;
    /* The file's options (ZESLM_PROGRAM_OPTIONS_MAX at most, checked by the core) and ours. */
    char options[ZESLM_PROGRAM_OPTIONS_MAX + 64] = "";
    if (spirv) {
        creator = "clCreateProgramWithIL";
        m->program = clCreateProgramWithIL(d->ctx, file->spirv, file->spirv_size, &err);
        dev->module_format = "SPIR-V";
    } else {
        const char *src = file->source;
        creator = "clCreateProgramWithSource";
        m->program = clCreateProgramWithSource(d->ctx, 1, &src, NULL, &err);
        dev->module_format = "OpenCL C source";
        /* A file that needs OpenCL C 2.0 or 3.0 (its #if line) is built as the newest
         * the device takes from there on; one that names other options gets those, as
         * ocloc did. Sub-group built-ins exist in OpenCL C 2.0, and in 3.0 where the
         * compiler has the optional feature. */
        const char *std = file->needs_opencl_c ? cl_c_std(file->needs_opencl_c, dev->info.opencl_c) : NULL;
        if (std)
            std_options(options, sizeof options, std, file->options);
        else if (file->options && *file->options)
            snprintf(options, sizeof options, "%s ", file->options);
        else if (file->needs_subgroups)
            snprintf(options, sizeof options, "-cl-std=CL%s ",
                     has_c_feature(d->id, "__opencl_c_subgroups") ? "3.0" : "2.0");
    }
    CL_TRY_ERR(creator, err);
    if (d->nvidia)
        strncat(options, "-cl-nv-verbose", sizeof options - strlen(options) - 1);
    err = clBuildProgram(m->program, 1, &d->id, options, NULL, NULL);
    m->log = build_log(m->program, d->id);
    if (err != CL_SUCCESS) {
        st = zeslm_fail(ZESLM_ERR_BUILD, "clBuildProgram(%s.cl) failed: %s\n%s", file->name,
                        cl_error_name(err), m->log ? m->log : "");
        goto out;
    }
    dump_program(dev, m->program, file->name, d->nvidia ? "ptx" : "bin");
    *module = m;
out:
    if (st != ZESLM_OK)
        cl_module_free(m);
    return st;
}

static zeslm_status cl_kernel_create(zeslm_device *dev, struct zeslm_module *module,
                                     const char *name, zeslm_kernel **k)
{
    (void)dev;
    zeslm_status st = ZESLM_OK;
    cl_int err = CL_SUCCESS;
    struct cl_kern *kk = calloc(1, sizeof *kk);
    if (!kk)
        return zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
    kk->module = module;
    kk->kernel = clCreateKernel(module->program, name, &err);
    /* A kernel the file's #if on the device's features left out (atomics_order.cl's
     * orders and scopes the device lacks): the device cannot run it, which is no error. */
    if (err == CL_INVALID_KERNEL_NAME) {
        st = zeslm_fail(ZESLM_ERR_UNSUPPORTED, "clCreateKernel: CL_INVALID_KERNEL_NAME: no kernel %s in the program "
                        "this device's compiler built", name);
        goto out;
    }
    CL_TRY_ERR("clCreateKernel", err);
    *k = &kk->base;
out:
    if (st != ZESLM_OK)
        free(kk);
    return st;
}

static void cl_kernel_free(zeslm_kernel *k)
{
    struct cl_kern *kk = (struct cl_kern *)k;
    clReleaseKernel(kk->kernel);
    free(kk);
}

static zeslm_status cl_kernel_props(zeslm_kernel *k, zeslm_kernel_props *p)
{
    struct cl_kern *kk = (struct cl_kern *)k;
    struct cl_dev *d = (struct cl_dev *)k->dev;
    zeslm_status st = ZESLM_OK;
    cl_ulong local = 0, priv = 0;
    size_t wg = 0, mult = 0;
    CL_TRY(clGetKernelWorkGroupInfo(kk->kernel, d->id, CL_KERNEL_LOCAL_MEM_SIZE, sizeof local, &local, NULL));
    CL_TRY(clGetKernelWorkGroupInfo(kk->kernel, d->id, CL_KERNEL_PRIVATE_MEM_SIZE, sizeof priv, &priv, NULL));
    CL_TRY(clGetKernelWorkGroupInfo(kk->kernel, d->id, CL_KERNEL_WORK_GROUP_SIZE, sizeof wg, &wg, NULL));
    CL_TRY(clGetKernelWorkGroupInfo(kk->kernel, d->id, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                                    sizeof mult, &mult, NULL));
    p->static_slm = local;
    p->private_mem = priv;
    p->max_group_size = (uint32_t)wg;
    p->preferred_multiple = (uint32_t)mult;
    nv_log_props(kk->module->log, k->name, p);
    /* NVIDIA's OpenCL answers 256 for every kernel (driver 580 on an H100: hist_lanes,
     * reduce_many, and a kernel of 20 registers built with -cl-nv-maxrregcount=32 or a
     * work_group_size_hint of 1024), yet launches larger groups and computes them right
     * (hist_lanes at 1024, its bins checked against the host's). What limits a group
     * there is its registers: 64 Ki 32-bit registers an SM for one group, allocated in
     * units of 8 a work-item (CUDA C++ programming guide, compute capabilities 7.0-9.0),
     * so the log's register count gives the real limit. */
    if (d->nvidia && p->registers) {
        uint32_t fit = 65536 / ((p->registers + 7) / 8 * 8) / 32 * 32, most = k->dev->info.max_group_size;
        if (most && fit > most)
            fit = most;
        if (fit > p->max_group_size)
            p->max_group_size = fit;
    }
    /* Intel's runtimes say what their compiler decided (cl_intel_required_subgroup_size):
     * spilled bytes, and the sub-group size a kernel requires (0 where it requires none). */
    if (k->dev->info.intel_subgroups) {
        cl_ulong spill = 0;
        size_t sg = 0;
        CL_TRY(clGetKernelWorkGroupInfo(kk->kernel, d->id, CL_KERNEL_SPILL_MEM_SIZE_INTEL, sizeof spill, &spill, NULL));
        CL_TRY(clGetKernelSubGroupInfo(kk->kernel, d->id, CL_KERNEL_COMPILE_SUB_GROUP_SIZE_INTEL, 0, NULL,
                                       sizeof sg, &sg, NULL));
        p->spill_mem = spill;
        p->spill_known = true;
        p->subgroup_size = (uint32_t)sg;
    }
out:
    return st;
}

static uint32_t cl_suggest_group(zeslm_kernel *k, uint32_t global)
{
    (void)k;
    (void)global;
    return 0; /* OpenCL has no per-launch suggestion; the caller uses the preferred multiple */
}

/* Address space a CPU device's runtime needs beside its buffers: PoCL's LLVM compiling
 * the hist kernels took about 200 MiB more than the buffers before it aborted ("LLVM
 * ERROR: out of memory") under `ulimit -v` here. */
#define CPU_HEADROOM ((size_t)256 << 20)

static zeslm_status cl_alloc(zeslm_device *dev, size_t bytes, zeslm_buffer **buf)
{
    struct cl_dev *d = (struct cl_dev *)dev;
    zeslm_status st = ZESLM_OK;
    cl_int err = CL_SUCCESS;
    /* A CPU device (PoCL, Intel's CPU runtime) takes its buffers from the process's
     * address space when they are first used, and PoCL aborts when it cannot (an
     * assertion in pocl_create_migration_commands under `ulimit -v`): the
     * space for every buffer the device holds, this one included, and for the runtime's
     * compiler (LLVM aborts when it runs out: CPU_HEADROOM), is asked of malloc here,
     * where its lack is still an error. */
    if (d->host_memory) {
        size_t want = d->allocated + bytes + CPU_HEADROOM;
        void *probe = want > bytes ? malloc(want) : NULL;
        if (!probe)
            return zeslm_fail(ZESLM_ERR_NOMEM, "no host memory for a device buffer of %zu bytes beside the %zu "
                              "the device holds (a CPU device's memory is the process's: see ulimit -v)",
                              bytes, d->allocated);
        free(probe);
    }
    struct cl_buf *b = calloc(1, sizeof *b);
    if (!b)
        return zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
    b->mem = clCreateBuffer(d->ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
    CL_TRY_ERR("clCreateBuffer", err);
    b->bytes = bytes;
    d->allocated += bytes;
    *buf = &b->base;
out:
    if (st != ZESLM_OK)
        free(b);
    return st;
}

static void cl_buffer_free(zeslm_buffer *buf)
{
    struct cl_buf *b = (struct cl_buf *)buf;
    ((struct cl_dev *)buf->dev)->allocated -= b->bytes;
    clReleaseMemObject(b->mem);
    free(b);
}

static zeslm_status cl_write(zeslm_buffer *buf, size_t offset, const void *src, size_t bytes)
{
    struct cl_dev *d = (struct cl_dev *)buf->dev;
    zeslm_status st = ZESLM_OK;
    CL_TRY(clEnqueueWriteBuffer(d->queue, ((struct cl_buf *)buf)->mem, CL_TRUE, offset, bytes, src, 0, NULL, NULL));
out:
    return st;
}

static zeslm_status cl_read(zeslm_buffer *buf, size_t offset, void *dst, size_t bytes)
{
    struct cl_dev *d = (struct cl_dev *)buf->dev;
    zeslm_status st = ZESLM_OK;
    CL_TRY(clEnqueueReadBuffer(d->queue, ((struct cl_buf *)buf)->mem, CL_TRUE, offset, bytes, dst, 0, NULL, NULL));
out:
    return st;
}

static zeslm_status cl_arg_buffer(zeslm_kernel *k, uint32_t index, zeslm_buffer *buf)
{
    zeslm_status st = ZESLM_OK;
    cl_mem mem = ((struct cl_buf *)buf)->mem;
    CL_TRY(clSetKernelArg(((struct cl_kern *)k)->kernel, index, sizeof mem, &mem));
out:
    return st;
}

static zeslm_status cl_arg_value(zeslm_kernel *k, uint32_t index, size_t size, const void *value)
{
    zeslm_status st = ZESLM_OK;
    CL_TRY(clSetKernelArg(((struct cl_kern *)k)->kernel, index, size, value));
out:
    return st;
}

static zeslm_status cl_arg_local(zeslm_kernel *k, uint32_t index, size_t bytes)
{
    zeslm_status st = ZESLM_OK;
    CL_TRY(clSetKernelArg(((struct cl_kern *)k)->kernel, index, bytes, NULL));
out:
    return st;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Waits for the command of `ev` (kernel `name`) to complete. clWaitForEvents has no
 * deadline; this polls, so that a hung kernel ends the run. */
static zeslm_status wait_done(cl_event ev, const char *name, double timeout_s)
{
    zeslm_status st = ZESLM_OK;
    double deadline = now_s() + timeout_s;
    for (;;) {
        cl_int status = CL_QUEUED;
        CL_TRY(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL));
        if (status < 0) {
            st = zeslm_fail(ZESLM_ERR_BACKEND, "kernel %s failed on the device: %s", name, cl_error_name(status));
            goto out;
        }
        if (status == CL_COMPLETE)
            break;
        if (now_s() > deadline) {
            st = zeslm_fail(ZESLM_ERR_TIMEOUT, "kernel %s did not finish within %.1f s", name, timeout_s);
            goto out;
        }
        /* Released buffers outlive the commands that use them (OpenCL 3.0, 5.5.4), so
         * the run may end while the kernel still runs. */
        if (zeslm_stop_requested()) {
            st = zeslm_fail(ZESLM_ERR_INTERRUPTED, "interrupted by a signal while kernel %s ran", name);
            goto out;
        }
        nanosleep(&(struct timespec){.tv_nsec = 20000}, NULL);
    }
out:
    return st;
}

static zeslm_status cl_launch(zeslm_kernel *k, const uint32_t groups[3], const uint32_t group[3],
                              double timeout_s, uint64_t *device_ns)
{
    struct cl_dev *d = (struct cl_dev *)k->dev;
    zeslm_status st = ZESLM_OK;
    cl_event ev = NULL;
    size_t global[3], local[3];
    for (int i = 0; i < 3; i++) {
        global[i] = (size_t)groups[i] * group[i];
        local[i] = group[i];
    }
    /* The fewest dimensions that hold the launch, so a 1-D one stays 1-D for the kernel. */
    cl_uint dims = global[2] > 1 ? 3 : global[1] > 1 ? 2 : 1;
    CL_TRY(clEnqueueNDRangeKernel(d->queue, ((struct cl_kern *)k)->kernel, dims, NULL, global, local,
                                  0, NULL, &ev));
    CL_TRY(clFlush(d->queue));
    if ((st = wait_done(ev, k->name, timeout_s)) != ZESLM_OK)
        goto out;
    cl_ulong start = 0, end = 0;
    CL_TRY(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof start, &start, NULL));
    CL_TRY(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL));
    if (end <= start) {
        st = zeslm_fail(ZESLM_ERR_NO_TIMING, "kernel %s: profiling event gave no duration", k->name);
        goto out;
    }
    *device_ns = end - start;
    /* OpenCL's profiling counter is in ns and 64 bits wide: no unwrapping. */
    zeslm_launch_started(start);
out:
    if (ev)
        clReleaseEvent(ev);
    return st;
}

/* The queue is in order, so each kernel starts once the one before has finished. */
static zeslm_status cl_launch_seq(zeslm_kernel *const *ks, size_t n, const uint32_t groups[3], const uint32_t group[3],
                                  double timeout_s, uint64_t *span_ns)
{
    struct cl_dev *d = (struct cl_dev *)ks[0]->dev;
    zeslm_status st = ZESLM_OK;
    cl_event first = NULL, last = NULL;
    size_t global = (size_t)groups[0] * group[0], local = group[0];
    for (size_t i = 0; i < n; i++)
        CL_TRY(clEnqueueNDRangeKernel(d->queue, ((struct cl_kern *)ks[i])->kernel, 1, NULL, &global, &local, 0, NULL,
                                      i == 0 ? &first : i + 1 == n ? &last : NULL));
    CL_TRY(clFlush(d->queue));
    if ((st = wait_done(last ? last : first, ks[n - 1]->name, timeout_s)) != ZESLM_OK)
        goto out;
    cl_ulong start = 0, end = 0;
    CL_TRY(clGetEventProfilingInfo(first, CL_PROFILING_COMMAND_START, sizeof start, &start, NULL));
    CL_TRY(clGetEventProfilingInfo(last ? last : first, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL));
    if (end <= start) {
        st = zeslm_fail(ZESLM_ERR_NO_TIMING, "a sequence of %zu launches of %s: profiling events gave no duration", n,
                        ks[0]->name);
        goto out;
    }
    *span_ns = end - start;
    zeslm_launch_started(start);
out:
    /* A command enqueued before a failure still runs; the events go with it. */
    if (first)
        clReleaseEvent(first);
    if (last)
        clReleaseEvent(last);
    return st;
}

const struct zeslm_backend_ops zeslm_backend_cl = {
    .list = cl_list,
    .open = cl_open,
    .close = cl_close,
    .build = cl_build,
    .module_free = cl_module_free,
    .kernel_create = cl_kernel_create,
    .kernel_free = cl_kernel_free,
    .kernel_props = cl_kernel_props,
    .suggest_group = cl_suggest_group,
    .alloc = cl_alloc,
    .buffer_free = cl_buffer_free,
    .write = cl_write,
    .read = cl_read,
    .arg_buffer = cl_arg_buffer,
    .arg_value = cl_arg_value,
    .arg_local = cl_arg_local,
    .launch = cl_launch,
    .launch_seq = cl_launch_seq,
};
