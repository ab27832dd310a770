/* SPDX-License-Identifier: MIT */
/* Kernels as module.c makes them and commands.c launches them. */
#ifndef ZECL_KERNEL_H
#define ZECL_KERNEL_H

#include "zecl.h"

/* A parameter as the SPIR-V declares it: size 0 for a value of a type the driver
 * does not size (then OpenCL checks it). */
struct zecl_arg_type {
    enum { ZECL_ARG_VALUE, ZECL_ARG_POINTER, ZECL_ARG_LOCAL } kind;
    uint32_t size;
};

/* An argument as zeKernelSetArgumentValue set it: a value (a pointer's too) or, for
 * local memory, only its size. */
struct zecl_arg {
    bool set;
    size_t size;
    unsigned char value[128];
};

struct _ze_kernel_handle_t {
    cl_kernel kernel;
    char name[128];
    uint32_t n_args;
    struct zecl_arg_type types[ZECL_MAX_ARGS];
    struct zecl_arg args[ZECL_MAX_ARGS];
    uint32_t group[3];
};

#endif
