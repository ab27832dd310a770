/* SPDX-License-Identifier: MIT */
/* Level Zero calls checked one way in every file that makes them: a failed call
 * records its name, its result by name, file and line, and jumps to `out`. */
#ifndef ZESLM_ZE_RESULT_H
#define ZESLM_ZE_RESULT_H

#include <level_zero/ze_api.h>
#include <string.h>

#include "error.h"

/* "ZE_RESULT_ERROR_DEVICE_LOST", or a generic text for a code it does not name. */
const char *zeslm_ze_result_name(ze_result_t r);

/* Needs `zeslm_status st` and an `out:` label in the caller. */
#define ZE_TRY(call)                                                                  \
    do {                                                                              \
        ze_result_t r_ = (call);                                                      \
        if (r_ != ZE_RESULT_SUCCESS) {                                                \
            st = zeslm_fail(ZESLM_ERR_BACKEND, "%.*s failed: %s (%s:%d)",            \
                            (int)strcspn(#call, "("), #call, zeslm_ze_result_name(r_), \
                            __FILE__, __LINE__);                                      \
            goto out;                                                                 \
        }                                                                             \
    } while (0)

#endif
