/* SPDX-License-Identifier: MIT */
/* A result's parameters for people: the tables', the progress line's. */
#ifndef ZESLM_PARAMS_TEXT_H
#define ZESLM_PARAMS_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/* params with byte counts scaled ("bytes=268435456" -> "bytes=256 MiB") and, with
 * `counts`, element counts given three digits and a prefix ("n=67108864" -> "n=67.1M",
 * as the progress line shows them; the tables keep them exact). Words that are not a
 * whole number stay as they are; cut at len, terminated. */
void params_text(const char *params, bool counts, char *buf, size_t len);

#endif
