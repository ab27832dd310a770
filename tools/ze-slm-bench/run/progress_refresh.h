/* SPDX-License-Identifier: MIT */
/* A thread that rewrites the progress line every second, so that its clock and
 * estimate move during a launch or a host check of many seconds (the run's own
 * thread updates it only between measurements). */
#ifndef ZESLM_PROGRESS_REFRESH_H
#define ZESLM_PROGRESS_REFRESH_H

#include "run/progress.h"

/* Seconds between two rewrites. */
#define PROGRESS_REFRESH_S 1

/* Starts it when p has a terminal or a log; false (nothing started, the line then
 * moves only between measurements) when a thread cannot be made. */
bool progress_refresh_start(progress *p);

/* Stops it and waits for it; nothing when none runs. */
void progress_refresh_stop(progress *p);

#endif
