/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>

#include "error.h"

/* Room for a compiler's log after the message. */
static _Thread_local char last_error[4096];

zeslm_status zeslm_fail(zeslm_status st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_error, sizeof last_error, fmt, ap);
    va_end(ap);
    return st;
}

const char *zeslm_last_error(void)
{
    return last_error;
}

const char *zeslm_status_name(zeslm_status st)
{
    switch (st) {
    case ZESLM_OK: return "ZESLM_OK";
    case ZESLM_ERR_INVALID_ARG: return "ZESLM_ERR_INVALID_ARG";
    case ZESLM_ERR_NO_DEVICE: return "ZESLM_ERR_NO_DEVICE";
    case ZESLM_ERR_BACKEND: return "ZESLM_ERR_BACKEND";
    case ZESLM_ERR_BUILD: return "ZESLM_ERR_BUILD";
    case ZESLM_ERR_UNSUPPORTED: return "ZESLM_ERR_UNSUPPORTED";
    case ZESLM_ERR_NO_TIMING: return "ZESLM_ERR_NO_TIMING";
    case ZESLM_ERR_TIMEOUT: return "ZESLM_ERR_TIMEOUT";
    case ZESLM_ERR_VERIFY: return "ZESLM_ERR_VERIFY";
    case ZESLM_ERR_NOMEM: return "ZESLM_ERR_NOMEM";
    case ZESLM_ERR_IO: return "ZESLM_ERR_IO";
    case ZESLM_ERR_INTERRUPTED: return "ZESLM_ERR_INTERRUPTED";
    }
    return "ZESLM_ERR_UNKNOWN";
}
