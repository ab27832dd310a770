/* SPDX-License-Identifier: MIT */
/* Recording why a call failed, once, where it failed. */
#ifndef ZESLM_ERROR_H
#define ZESLM_ERROR_H

#include <zeslm/status.h>

/* Formats the message returned by zeslm_last_error() and returns st, so that
 * failures read `return zeslm_fail(ZESLM_ERR_..., "...", ...);`. */
zeslm_status zeslm_fail(zeslm_status st, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
