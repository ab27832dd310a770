/* SPDX-License-Identifier: MIT */
/* A caller's own OpenCL C programs (zeslm_kernel_build), shared by the device tests
 * of every backend. */
#ifndef ZESLM_USER_PROGRAMS_H
#define ZESLM_USER_PROGRAMS_H

#include <zeslm/device.h>

/* Builds only as OpenCL C 3.0 with VALUE defined, so it builds only when the
 * options reach the compiler; writes what the compiler saw. */
static const char cl3_source[] = "#if __OPENCL_C_VERSION__ < 300\n"
                                 "#error needs OpenCL C 3.0\n"
                                 "#endif\n"
                                 "__kernel void version(__global uint *out)\n"
                                 "{\n"
                                 "    out[0] = __OPENCL_C_VERSION__;\n"
                                 "    out[1] = VALUE;\n"
                                 "}\n";
static const char cl3_options[] = "-cl-std=CL3.0 -DVALUE=7";

/* A missing ';', which every compiler reports as "expected ';'". */
static const char syntax_error_source[] = "__kernel void broken(__global uint *out) { out[0] = 1 }\n";

/* Every work-item of a launch of up to three dimensions writes, at its linear index,
 * its global ids and its group's sizes: x | y << 8 | z << 16, and lx | ly << 8 | lz << 16. */
static const char ids_source[] =
    "__kernel void ids(__global uint *out)\n"
    "{\n"
    "    size_t x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);\n"
    "    size_t i = (z * get_global_size(1) + y) * get_global_size(0) + x;\n"
    "    out[2 * i] = (uint)(x | y << 8 | z << 16);\n"
    "    out[2 * i + 1] = (uint)(get_local_size(0) | get_local_size(1) << 8 | get_local_size(2) << 16);\n"
    "}\n";

/* Builds ids_source on `d` with a buffer of `bytes` as its output; NULL, NULL on failure. */
static zeslm_status build_ids(zeslm_device *d, size_t bytes, zeslm_kernel **k, zeslm_buffer **out)
{
    const zeslm_program program = {.source = ids_source};
    *k = NULL;
    *out = NULL;
    zeslm_status st = zeslm_kernel_build(d, &program, "ids", k);
    if (st == ZESLM_OK && (st = zeslm_buffer_create(d, bytes, out)) == ZESLM_OK)
        st = zeslm_kernel_arg_buffer(*k, 0, *out);
    if (st != ZESLM_OK) {
        zeslm_buffer_free(*out);
        zeslm_kernel_free(*k);
        *k = NULL;
        *out = NULL;
    }
    return st;
}

#endif
