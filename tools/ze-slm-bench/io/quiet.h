/* SPDX-License-Identifier: MIT */
/* Where --quiet sends a command's tables: nowhere. */
#ifndef ZESLM_QUIET_H
#define ZESLM_QUIET_H

#include <stdio.h>

/* A stream that takes every write and keeps none; made once for the process (no file
 * is opened, so none can fail to open); stderr if even that cannot be made. */
FILE *quiet_stream(void);

#endif
