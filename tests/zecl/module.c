/* SPDX-License-Identifier: MIT */
/* Modules from SPIR-V (clCreateProgramWithIL), build logs, kernels, their arguments
 * and group sizes. OpenCL's runtime reports no argument types for a program built
 * from IL (clGetKernelArgInfo: CL_KERNEL_ARG_INFO_NOT_AVAILABLE), so the driver reads
 * each kernel's parameters from the SPIR-V itself, to check every argument the way
 * Level Zero defines it: a pointer to global memory is the pointer's value (8
 * bytes), local memory is a size with a NULL value, anything else is its value of
 * exactly its type's size. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel.h"

/* SPIR-V (the Khronos specification, 1.6): opcodes, and the storage classes of
 * pointer parameters. */
enum {
    OP_ENTRY_POINT = 15,
    OP_TYPE_BOOL = 20,
    OP_TYPE_INT = 21,
    OP_TYPE_FLOAT = 22,
    OP_TYPE_VECTOR = 23,
    OP_TYPE_POINTER = 32,
    OP_FUNCTION = 54,
    OP_FUNCTION_PARAMETER = 55,
    SPIRV_MAGIC = 0x07230203,
    STORAGE_UNIFORM_CONSTANT = 0,
    STORAGE_WORKGROUP = 4,
    STORAGE_CROSS_WORKGROUP = 5,
    STORAGE_GENERIC = 8,
};

/* What the SPIR-V says of one kernel: its name and its parameters. */
struct spirv_kernel {
    char name[128];
    uint32_t function;
    uint32_t n_args;
    struct zecl_arg_type args[ZECL_MAX_ARGS];
};

struct _ze_module_handle_t {
    cl_program program;
    struct spirv_kernel *kernels;
    uint32_t n_kernels;
};

struct _ze_module_build_log_handle_t {
    char *text;
};

/* Each id's kind: an argument type (size, or pointer's storage class), from the
 * type declarations. */
struct spirv_type {
    enum { T_NONE, T_SCALAR, T_POINTER } kind;
    uint32_t size, storage;
};

static struct zecl_arg_type arg_type(const struct spirv_type *t)
{
    if (t->kind == T_POINTER && t->storage == STORAGE_WORKGROUP)
        return (struct zecl_arg_type){ZECL_ARG_LOCAL, 0};
    if (t->kind == T_POINTER &&
        (t->storage == STORAGE_CROSS_WORKGROUP || t->storage == STORAGE_UNIFORM_CONSTANT || t->storage == STORAGE_GENERIC))
        return (struct zecl_arg_type){ZECL_ARG_POINTER, sizeof(void *)};
    if (t->kind == T_SCALAR)
        return (struct zecl_arg_type){ZECL_ARG_VALUE, t->size};
    /* A structure by value, an image, a sampler: passed on to OpenCL unchecked. */
    return (struct zecl_arg_type){ZECL_ARG_VALUE, 0};
}

/* Reads the entry points and their parameters; false: not SPIR-V this reader follows. */
static bool parse_spirv(const uint32_t *w, size_t n, ze_module_handle_t m)
{
    if (n < 5 || w[0] != SPIRV_MAGIC || w[3] > (1u << 22))
        return false;
    uint32_t bound = w[3];
    struct spirv_type *types = calloc(bound, sizeof *types);
    if (!types)
        return false;
    struct spirv_kernel *current = NULL;
    bool ok = true;
    for (size_t i = 5; i < n && ok;) {
        uint32_t op = w[i] & 0xffff, len = w[i] >> 16;
        if (len == 0 || i + len > n) {
            ok = false;
            break;
        }
        const uint32_t *a = &w[i + 1];
        bool id_ok = len >= 2 && a[0] < bound;
        switch (op) {
        case OP_ENTRY_POINT: {
            if (len < 4 || a[0] != 6 /* Kernel */)
                break;
            struct spirv_kernel *grown = realloc(m->kernels, (m->n_kernels + 1) * sizeof *grown);
            if (!grown) {
                ok = false;
                break;
            }
            m->kernels = grown;
            struct spirv_kernel *k = &m->kernels[m->n_kernels++];
            memset(k, 0, sizeof *k);
            k->function = a[1];
            size_t bytes = (len - 3) * 4;
            snprintf(k->name, sizeof k->name, "%.*s", (int)strnlen((const char *)&a[2], bytes), (const char *)&a[2]);
            break;
        }
        case OP_TYPE_BOOL:
            if (id_ok)
                types[a[0]] = (struct spirv_type){T_SCALAR, 1, 0};
            break;
        case OP_TYPE_INT:
        case OP_TYPE_FLOAT:
            if (id_ok && len >= 3)
                types[a[0]] = (struct spirv_type){T_SCALAR, a[1] / 8, 0};
            break;
        case OP_TYPE_VECTOR:
            /* OpenCL C: a 3-component vector takes the size of a 4-component one. */
            if (id_ok && len >= 4 && a[1] < bound && types[a[1]].kind == T_SCALAR)
                types[a[0]] = (struct spirv_type){T_SCALAR, types[a[1]].size * (a[2] == 3 ? 4 : a[2]), 0};
            break;
        case OP_TYPE_POINTER:
            if (id_ok && len >= 4)
                types[a[0]] = (struct spirv_type){T_POINTER, sizeof(void *), a[1]};
            break;
        case OP_FUNCTION:
            current = NULL;
            for (uint32_t k = 0; len >= 3 && k < m->n_kernels; k++)
                if (m->kernels[k].function == a[1])
                    current = &m->kernels[k];
            break;
        case OP_FUNCTION_PARAMETER:
            if (current && len >= 3 && a[0] < bound && current->n_args < ZECL_MAX_ARGS)
                current->args[current->n_args++] = arg_type(&types[a[0]]);
            break;
        default: break;
        }
        i += len;
    }
    free(types);
    return ok;
}

static ze_result_t new_log(ze_module_build_log_handle_t *log, const char *text)
{
    if (!log)
        return ZE_RESULT_SUCCESS;
    *log = calloc(1, sizeof **log);
    if (!*log || !((*log)->text = strdup(text ? text : ""))) {
        free(*log);
        *log = NULL;
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    return ZE_RESULT_SUCCESS;
}

static char *program_log(cl_program p)
{
    size_t len = 0;
    if (clGetProgramBuildInfo(p, zecl.device, CL_PROGRAM_BUILD_LOG, 0, NULL, &len) != CL_SUCCESS)
        return NULL;
    char *text = malloc(len + 1);
    if (text && clGetProgramBuildInfo(p, zecl.device, CL_PROGRAM_BUILD_LOG, len, text, NULL) != CL_SUCCESS) {
        free(text);
        return NULL;
    }
    if (text)
        text[len] = '\0';
    return text;
}

static ze_result_t d_module_destroy(ze_module_handle_t m)
{
    if (m->program)
        clReleaseProgram(m->program);
    free(m->kernels);
    free(m);
    return ZE_RESULT_SUCCESS;
}

/* SPIR-V only: this driver has no native binary format, so every zebin is refused
 * as one of another device. The build flags are OpenCL's build options. */
static ze_result_t d_module_create(ze_context_handle_t c, ze_device_handle_t d, const ze_module_desc_t *desc,
                                   ze_module_handle_t *out, ze_module_build_log_handle_t *log)
{
    if (log)
        *log = NULL;
    if (desc->format != ZE_MODULE_FORMAT_IL_SPIRV)
        return ZE_RESULT_ERROR_INVALID_NATIVE_BINARY;
    ze_module_handle_t m = calloc(1, sizeof *m);
    if (!m)
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    ze_result_t r = ZE_RESULT_SUCCESS;
    char *text = NULL;
    if (desc->inputSize % 4 || !parse_spirv((const uint32_t *)desc->pInputModule, desc->inputSize / 4, m)) {
        r = ZE_RESULT_ERROR_INVALID_NATIVE_BINARY; /* Intel's driver's answer to input that is not SPIR-V */
        new_log(log, "not a SPIR-V module");
        goto out;
    }
    cl_int err;
    m->program = clCreateProgramWithIL(zecl.context, desc->pInputModule, desc->inputSize, &err);
    if (!m->program) {
        r = zecl_from_cl(err, "zeModuleCreate", "clCreateProgramWithIL");
        goto out;
    }
    const ze_module_constants_t *k = desc->pConstants;
    for (uint32_t i = 0; k && i < k->numConstants && err == CL_SUCCESS; i++)
        err = clSetProgramSpecializationConstant(m->program, k->pConstantIds[i], sizeof(uint64_t),
                                                 k->pConstantValues[i]);
    if (err != CL_SUCCESS) {
        r = zecl_from_cl(err, "zeModuleCreate", "clSetProgramSpecializationConstant");
        goto out;
    }
    err = clBuildProgram(m->program, 1, &zecl.device, desc->pBuildFlags ? desc->pBuildFlags : "", NULL, NULL);
    text = program_log(m->program);
    if (err != CL_SUCCESS)
        r = ZE_RESULT_ERROR_MODULE_BUILD_FAILURE;
    ze_result_t lr = new_log(log, text);
    if (r == ZE_RESULT_SUCCESS)
        r = lr;
out:
    free(text);
    if (r != ZE_RESULT_SUCCESS)
        d_module_destroy(m);
    else
        *out = m;
    return r;
}

static ze_result_t d_log_string(ze_module_build_log_handle_t log, size_t *size, char *text)
{
    size_t need = strlen(log->text) + 1;
    if (*size == 0 || !text) {
        *size = need;
        return ZE_RESULT_SUCCESS;
    }
    size_t n = *size < need ? *size : need;
    memcpy(text, log->text, n - 1);
    text[n - 1] = '\0';
    *size = n;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_log_destroy(ze_module_build_log_handle_t log)
{
    free(log->text);
    free(log);
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_kernel_create(ze_module_handle_t m, const ze_kernel_desc_t *desc, ze_kernel_handle_t *out)
{
    const struct spirv_kernel *sk = NULL;
    for (uint32_t i = 0; i < m->n_kernels; i++)
        if (strcmp(m->kernels[i].name, desc->pKernelName) == 0)
            sk = &m->kernels[i];
    if (!sk)
        return ZE_RESULT_ERROR_INVALID_KERNEL_NAME;
    ze_kernel_handle_t k = calloc(1, sizeof *k);
    if (!k)
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    cl_int err;
    k->kernel = clCreateKernel(m->program, desc->pKernelName, &err);
    if (!k->kernel) {
        free(k);
        return zecl_from_cl(err, "zeKernelCreate", "clCreateKernel");
    }
    snprintf(k->name, sizeof k->name, "%s", sk->name);
    k->n_args = sk->n_args;
    memcpy(k->types, sk->args, sizeof k->types);
    k->group[0] = k->group[1] = k->group[2] = 1;
    *out = k;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_kernel_destroy(ze_kernel_handle_t k)
{
    clReleaseKernel(k->kernel);
    free(k);
    return ZE_RESULT_SUCCESS;
}

static ze_result_t d_kernel_properties(ze_kernel_handle_t k, ze_kernel_properties_t *p)
{
    size_t compiled[3] = {0}, max_sg = 0, local = 64, n_sg = 0;
    cl_ulong slm = 0, priv = 0;
    cl_uint required_sg = 0;
    if (clGetKernelWorkGroupInfo(k->kernel, zecl.device, CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof compiled, compiled,
                                 NULL) != CL_SUCCESS ||
        clGetKernelWorkGroupInfo(k->kernel, zecl.device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof slm, &slm, NULL) !=
            CL_SUCCESS ||
        clGetKernelWorkGroupInfo(k->kernel, zecl.device, CL_KERNEL_PRIVATE_MEM_SIZE, sizeof priv, &priv, NULL) !=
            CL_SUCCESS ||
        clGetKernelSubGroupInfo(k->kernel, zecl.device, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, sizeof local, &local,
                                sizeof max_sg, &max_sg, NULL) != CL_SUCCESS ||
        clGetKernelSubGroupInfo(k->kernel, zecl.device, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, NULL, sizeof n_sg, &n_sg,
                                NULL) != CL_SUCCESS)
        return zecl_fail(ZE_RESULT_ERROR_UNKNOWN, "zeKernelGetProperties", "OpenCL does not report the kernel's info");
    /* Intel's required sub-group size; 0 where the kernel has none or the query is not known. */
    size_t req = 0;
    if (clGetKernelSubGroupInfo(k->kernel, zecl.device, CL_KERNEL_COMPILE_SUB_GROUP_SIZE_INTEL, 0, NULL, sizeof req,
                                &req, NULL) == CL_SUCCESS)
        required_sg = (cl_uint)req;
    p->numKernelArgs = k->n_args;
    p->requiredGroupSizeX = (uint32_t)compiled[0];
    p->requiredGroupSizeY = (uint32_t)compiled[1];
    p->requiredGroupSizeZ = (uint32_t)compiled[2];
    p->requiredNumSubGroups = 0;
    p->requiredSubgroupSize = required_sg;
    p->maxSubgroupSize = (uint32_t)max_sg;
    p->maxNumSubgroups = (uint32_t)n_sg;
    p->localMemSize = (uint32_t)slm;
    p->privateMemSize = (uint32_t)priv;
    p->spillMemSize = 0;
    memset(p->uuid.kid, 0, sizeof p->uuid.kid);
    memset(p->uuid.mid, 0, sizeof p->uuid.mid);
    return ZE_RESULT_SUCCESS;
}

/* zeKernelSetGroupSize: each dimension at least 1 and at most the device's, their
 * product at most maxTotalGroupSize (ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION). */
static ze_result_t d_kernel_group_size(ze_kernel_handle_t k, uint32_t x, uint32_t y, uint32_t z)
{
    uint32_t g[3] = {x, y, z};
    for (int i = 0; i < 3; i++)
        if (g[i] == 0 || g[i] > zecl_limits.max_group[i])
            return zecl_fail(ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION, "zeKernelSetGroupSize",
                             "%s: dimension %d of %u x %u x %u is 0 or above %zu", k->name, i, x, y, z,
                             zecl_limits.max_group[i]);
    if ((uint64_t)x * y * z > zecl_limits.max_group_total)
        return zecl_fail(ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION, "zeKernelSetGroupSize",
                         "%s: %u x %u x %u is above %zu work-items", k->name, x, y, z, zecl_limits.max_group_total);
    memcpy(k->group, g, sizeof g);
    return ZE_RESULT_SUCCESS;
}

/* The kernel's required group size where it has one; else, dimension by dimension
 * from x, the largest group that divides the global size within what the kernel may
 * still take (CL_KERNEL_WORK_GROUP_SIZE). OpenCL's own suggestion
 * (cl_khr_suggested_local_work_size) needs every argument set, which Level Zero's
 * does not. */
static ze_result_t d_kernel_suggest(ze_kernel_handle_t k, uint32_t gx, uint32_t gy, uint32_t gz, uint32_t *x,
                                    uint32_t *y, uint32_t *z)
{
    static const char call[] = "zeKernelSuggestGroupSize";
    uint32_t global[3] = {gx, gy, gz}, group[3];
    size_t required[3] = {0}, budget = 0;
    if (!gx || !gy || !gz)
        return zecl_fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, call, "a global size of 0");
    if (clGetKernelWorkGroupInfo(k->kernel, zecl.device, CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof required, required,
                                 NULL) != CL_SUCCESS ||
        clGetKernelWorkGroupInfo(k->kernel, zecl.device, CL_KERNEL_WORK_GROUP_SIZE, sizeof budget, &budget, NULL) !=
            CL_SUCCESS)
        return zecl_fail(ZE_RESULT_ERROR_UNKNOWN, call, "OpenCL does not report the kernel's group sizes");
    for (int i = 0; i < 3; i++) {
        if (required[0]) {
            group[i] = (uint32_t)required[i];
            continue;
        }
        uint32_t g = (uint32_t)(budget < zecl_limits.max_group[i] ? budget : zecl_limits.max_group[i]);
        while (global[i] % g)
            g--;
        group[i] = g;
        budget /= g;
    }
    *x = group[0];
    *y = group[1];
    *z = group[2];
    return ZE_RESULT_SUCCESS;
}

/* zeKernelSetArgumentValue as the specification defines each kind of argument. */
static ze_result_t d_kernel_arg(ze_kernel_handle_t k, uint32_t index, size_t size, const void *value)
{
    static const char call[] = "zeKernelSetArgumentValue";
    if (index >= k->n_args)
        return zecl_fail(ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_INDEX, call, "%s has %u arguments, not %u", k->name,
                         k->n_args, index + 1);
    const struct zecl_arg_type *t = &k->types[index];
    struct zecl_arg *a = &k->args[index];
    switch (t->kind) {
    case ZECL_ARG_LOCAL:
        /* Local memory is sized, never pointed at: a NULL value and a size of at least 1. */
        if (value)
            return zecl_fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, call,
                             "%s argument %u is local memory: its value must be NULL, with its size in bytes",
                             k->name, index);
        if (size == 0)
            return zecl_fail(ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE, call,
                             "%s argument %u is local memory of 0 bytes", k->name, index);
        break;
    case ZECL_ARG_POINTER:
        if (size != sizeof(void *))
            return zecl_fail(ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE, call,
                             "%s argument %u is a pointer of %zu bytes, not %zu", k->name, index, sizeof(void *), size);
        if (value && *(void *const *)value && !zecl_is_device_pointer(*(void *const *)value))
            return zecl_fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, call,
                             "%s argument %u: %p is in no allocation of this driver", k->name, index,
                             *(void *const *)value);
        break;
    case ZECL_ARG_VALUE:
        if (!value)
            return zecl_fail(ZE_RESULT_ERROR_INVALID_NULL_POINTER, call, "%s argument %u is a value: NULL given",
                             k->name, index);
        if ((t->size && size != t->size) || size > sizeof a->value)
            return zecl_fail(ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE, call,
                             "%s argument %u is a value of %u bytes, not %zu", k->name, index, t->size, size);
        break;
    }
    a->set = true;
    a->size = size;
    memset(a->value, 0, sizeof a->value);
    if (value)
        memcpy(a->value, value, size);
    return ZE_RESULT_SUCCESS;
}

#include "../zedouble/tables.h"

TABLE(zeGetModuleProcAddrTable, ze_module_dditable_t, .pfnCreate = d_module_create, .pfnDestroy = d_module_destroy)
TABLE(zeGetModuleBuildLogProcAddrTable, ze_module_build_log_dditable_t, .pfnDestroy = d_log_destroy,
      .pfnGetString = d_log_string)
TABLE(zeGetKernelProcAddrTable, ze_kernel_dditable_t, .pfnCreate = d_kernel_create, .pfnDestroy = d_kernel_destroy,
      .pfnGetProperties = d_kernel_properties, .pfnSetGroupSize = d_kernel_group_size,
      .pfnSuggestGroupSize = d_kernel_suggest, .pfnSetArgumentValue = d_kernel_arg)
