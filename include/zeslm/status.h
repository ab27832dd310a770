/* SPDX-License-Identifier: MIT */
/* Status codes and error messages shared by every ze-slm function. */
#ifndef ZESLM_STATUS_H
#define ZESLM_STATUS_H

#ifdef __cplusplus
extern "C" {
#endif

typedef enum zeslm_status {
    ZESLM_OK = 0,
    ZESLM_ERR_INVALID_ARG,  /* a caller's value is out of range or malformed */
    ZESLM_ERR_NO_DEVICE,    /* no runtime, no device, or no device matches */
    ZESLM_ERR_BACKEND,      /* a call into a backend's runtime failed */
    ZESLM_ERR_BUILD,        /* a kernel did not compile for the device */
    ZESLM_ERR_UNSUPPORTED,  /* the device lacks what the kernel or variant needs */
    ZESLM_ERR_NO_TIMING,    /* the launch finished but the device gave no timestamp */
    ZESLM_ERR_TIMEOUT,      /* a wait passed its deadline */
    ZESLM_ERR_VERIFY,       /* a device result differs from the host reference */
    ZESLM_ERR_NOMEM,        /* host memory exhausted */
    ZESLM_ERR_IO,           /* reading or writing a file failed */
    ZESLM_ERR_INTERRUPTED,  /* stopped by a signal */
} zeslm_status;

/* A short constant name for the status ("ZESLM_ERR_TIMEOUT"). */
const char *zeslm_status_name(zeslm_status st);

/* The message recorded by the last failing call on this thread: which call failed,
 * why, and where. Empty when nothing has failed. */
const char *zeslm_last_error(void);

#ifdef __cplusplus
}
#endif

#endif
