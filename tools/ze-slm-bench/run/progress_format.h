/* SPDX-License-Identifier: MIT */
/* The progress line's clock for people. */
#ifndef ZESLM_PROGRESS_FORMAT_H
#define ZESLM_PROGRESS_FORMAT_H

#include <stddef.h>

/* m:ss, or h:mm:ss from an hour. */
void progress_clock(double s, char *buf, size_t len);

#endif
