/* SPDX-License-Identifier: MIT */
/* Memory: device, shared and host allocations as cl_intel_unified_shared_memory
 * allocations, whose pointers Level Zero hands out as they are. */
#include <stdlib.h>

#include "zecl.h"

static cl_ulong max_alloc(void)
{
    cl_ulong v = 0;
    clGetDeviceInfo(zecl.device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof v, &v, NULL);
    return v;
}

/* Every live USM allocation, so that a kernel's pointer arguments can be checked. */
struct allocation {
    char *base;
    size_t size;
    struct allocation *next;
};
static struct allocation *allocations;

bool zecl_is_device_pointer(const void *p)
{
    for (const struct allocation *a = allocations; a; a = a->next)
        if ((const char *)p >= a->base && (const char *)p < a->base + a->size)
            return true;
    return false;
}

static ze_result_t track(void *ptr, size_t size, cl_int err, const char *call)
{
    if (!ptr)
        return zecl_from_cl(err, call, "USM allocation");
    struct allocation *a = malloc(sizeof *a);
    if (!a) {
        zecl.free(zecl.context, ptr);
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    *a = (struct allocation){ptr, size, allocations};
    allocations = a;
    return ZE_RESULT_SUCCESS;
}

/* The specification's rules on sizes and alignments (zeMemAllocDevice: size 0 is
 * ZE_RESULT_ERROR_UNSUPPORTED_SIZE, an alignment not a power of two
 * ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT). */
static ze_result_t check_alloc(size_t size, size_t alignment, const char *call)
{
    if (size == 0 || size > max_alloc())
        return zecl_fail(ZE_RESULT_ERROR_UNSUPPORTED_SIZE, call, "size %zu", size);
    if (alignment & (alignment - 1) || alignment > UINT32_MAX)
        return zecl_fail(ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT, call, "alignment %zu", alignment);
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_alloc_device(ze_context_handle_t c, const ze_device_mem_alloc_desc_t *desc, size_t size,
                                  size_t alignment, ze_device_handle_t d, void **ptr)
{
    ze_result_t r = check_alloc(size, alignment, "zeMemAllocDevice");
    if (r != ZE_RESULT_SUCCESS)
        return r;
    cl_int err = CL_SUCCESS;
    *ptr = zecl.device_alloc(zecl.context, zecl.device, NULL, size, (cl_uint)alignment, &err);
    return track(*ptr, size, err, "zeMemAllocDevice");
}

static ze_result_t d_alloc_shared(ze_context_handle_t c, const ze_device_mem_alloc_desc_t *ddesc,
                                  const ze_host_mem_alloc_desc_t *hdesc, size_t size, size_t alignment,
                                  ze_device_handle_t d, void **ptr)
{
    ze_result_t r = check_alloc(size, alignment, "zeMemAllocShared");
    if (r != ZE_RESULT_SUCCESS)
        return r;
    cl_int err = CL_SUCCESS;
    *ptr = zecl.shared_alloc(zecl.context, zecl.device, NULL, size, (cl_uint)alignment, &err);
    return track(*ptr, size, err, "zeMemAllocShared");
}

static ze_result_t d_alloc_host(ze_context_handle_t c, const ze_host_mem_alloc_desc_t *desc, size_t size,
                                size_t alignment, void **ptr)
{
    ze_result_t r = check_alloc(size, alignment, "zeMemAllocHost");
    if (r != ZE_RESULT_SUCCESS)
        return r;
    cl_int err = CL_SUCCESS;
    *ptr = zecl.host_alloc(zecl.context, NULL, size, (cl_uint)alignment, &err);
    return track(*ptr, size, err, "zeMemAllocHost");
}

/* Blocking, as zeMemFree may free memory the device still uses only after the caller
 * has waited for it. */
static ze_result_t d_mem_free(ze_context_handle_t c, void *ptr)
{
    for (struct allocation **a = &allocations; *a; a = &(*a)->next)
        if ((*a)->base == ptr) {
            struct allocation *gone = *a;
            *a = gone->next;
            free(gone);
            cl_int err = zecl.free(zecl.context, ptr);
            return err == CL_SUCCESS ? ZE_RESULT_SUCCESS : zecl_from_cl(err, "zeMemFree", "clMemBlockingFreeINTEL");
        }
    return zecl_fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, "zeMemFree", "%p is no allocation of this driver", ptr);
}

#include "../zedouble/tables.h"

TABLE(zeGetMemProcAddrTable, ze_mem_dditable_t, .pfnAllocDevice = d_alloc_device, .pfnAllocShared = d_alloc_shared,
      .pfnAllocHost = d_alloc_host, .pfnFree = d_mem_free)
