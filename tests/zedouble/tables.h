/* SPDX-License-Identifier: MIT */
/* The tables the loader asks a driver for, each filled with what the double has; the
 * rest of a table stays NULL, which the loader answers with
 * ZE_RESULT_ERROR_UNINITIALIZED. */
#ifndef ZE_DOUBLE_TABLES_H
#define ZE_DOUBLE_TABLES_H

#include <level_zero/ze_api.h>

#define TABLE(name, type, ...)                                             \
    ZE_DLLEXPORT ze_result_t ZE_APICALL name(ze_api_version_t v, type *t) \
    {                                                                      \
        *t = (type){__VA_ARGS__};                                          \
        return ZE_RESULT_SUCCESS;                                          \
    }

#endif
