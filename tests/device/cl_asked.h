/* SPDX-License-Identifier: MIT */
/* The device's own answers for the device tests, asked of OpenCL directly and not
 * through the library under test (as the OpenCL CTS derives its expectations): the
 * device the library lists at backend index i is the i-th of every platform's devices
 * in platform order. */
#ifndef ZESLM_CL_ASKED_H
#define ZESLM_CL_ASKED_H

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static cl_device_id cl_asked_device(unsigned index)
{
    cl_platform_id plats[16];
    cl_uint np = 0;
    if (clGetPlatformIDs(16, plats, &np) != CL_SUCCESS)
        return NULL;
    for (cl_uint p = 0; p < np && p < 16; p++) {
        cl_device_id devs[64];
        cl_uint nd = 0;
        if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 64, devs, &nd) != CL_SUCCESS)
            continue;
        if (index < nd)
            return devs[index];
        index -= nd;
    }
    return NULL;
}

/* CL_DEVICE_VERSION as 100 * major + 10 * minor. */
static unsigned cl_asked_version(cl_device_id d)
{
    char text[512] = "";
    unsigned major = 0, minor = 0;
    if (clGetDeviceInfo(d, CL_DEVICE_VERSION, sizeof text - 1, text, NULL) != CL_SUCCESS ||
        sscanf(text, "OpenCL %u.%u", &major, &minor) != 2)
        return 0;
    return major * 100 + minor * 10;
}

/* Whether `what` (CL_DEVICE_OPENCL_C_FEATURES or _ALL_VERSIONS) lists `name`, at
 * `version` or later when version is not 0. */
static bool cl_asked_lists(cl_device_id d, cl_device_info what, const char *name, cl_version version)
{
    size_t len = 0;
    bool found = false;
    if (clGetDeviceInfo(d, what, 0, NULL, &len) != CL_SUCCESS || len == 0)
        return false;
    cl_name_version *all = malloc(len);
    if (all && clGetDeviceInfo(d, what, len, all, NULL) == CL_SUCCESS)
        for (size_t i = 0; i < len / sizeof *all; i++)
            found |= strncmp(all[i].name, name, CL_NAME_VERSION_MAX_NAME_SIZE) == 0 && all[i].version >= version;
    free(all);
    return found;
}

/* The newest OpenCL C the device takes, as 100 * major + 10 * minor: the newest of
 * CL_DEVICE_OPENCL_C_ALL_VERSIONS on a 3.0 device, CL_DEVICE_OPENCL_C_VERSION before. */
static unsigned cl_asked_newest_c(cl_device_id d)
{
    unsigned newest = 0, major = 0, minor = 0;
    if (cl_asked_version(d) < 300) {
        char text[512] = "";
        if (clGetDeviceInfo(d, CL_DEVICE_OPENCL_C_VERSION, sizeof text - 1, text, NULL) == CL_SUCCESS &&
            sscanf(text, "OpenCL C %u.%u", &major, &minor) == 2)
            newest = major * 100 + minor * 10;
        return newest;
    }
    size_t len = 0;
    if (clGetDeviceInfo(d, CL_DEVICE_OPENCL_C_ALL_VERSIONS, 0, NULL, &len) != CL_SUCCESS || len == 0)
        return 0;
    cl_name_version *all = malloc(len);
    if (all && clGetDeviceInfo(d, CL_DEVICE_OPENCL_C_ALL_VERSIONS, len, all, NULL) == CL_SUCCESS)
        for (size_t i = 0; i < len / sizeof *all; i++) {
            unsigned v = CL_VERSION_MAJOR(all[i].version) * 100 + CL_VERSION_MINOR(all[i].version) * 10;
            newest = v > newest ? v : newest;
        }
    free(all);
    return newest;
}

#endif
