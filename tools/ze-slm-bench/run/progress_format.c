/* SPDX-License-Identifier: MIT */
/* The progress line's clock for people. */
#include <stdio.h>

#include "run/progress_format.h"

void progress_clock(double s, char *buf, size_t len)
{
    unsigned long t = s > 0 ? (unsigned long)(s + 0.5) : 0;
    if (t >= 3600)
        snprintf(buf, len, "%lu:%02lu:%02lu", t / 3600, t / 60 % 60, t % 60);
    else
        snprintf(buf, len, "%lu:%02lu", t / 60, t % 60);
}
