/* The progress line's figures for people. */
#ifndef ZESLM_PROGRESS_FORMAT_H
#define ZESLM_PROGRESS_FORMAT_H

#include <stddef.h>

/* params with byte counts scaled ("bytes=268435456" -> "bytes=256 MiB") and
 * element counts given three digits and a prefix ("n=67108864" -> "n=67.1M"). */
void progress_scale_params(const char *params, char *buf, size_t len);

/* m:ss, or h:mm:ss from an hour. */
void progress_clock(double s, char *buf, size_t len);

#endif
