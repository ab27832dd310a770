/* SPDX-License-Identifier: MIT */
/* Names read from a file (a host, a device, a path) as a terminal, a CSV or a JUnit
 * reader may be shown them: every control character written as an escape, so that an
 * ESC, BEL or CR in a rank file's host name cannot move the cursor, ring, or overwrite
 * a verdict line. Control characters are C0 (U+0000..U+001F), DEL, and C1 as UTF-8
 * (U+0080..U+009F: xterm and others take U+009B as a CSI, as ESC [). */
#ifndef ZESLM_SAFE_TEXT_H
#define ZESLM_SAFE_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Whether s holds a control character. */
bool safe_text_needed(const char *s);

/* s into out (len bytes, always terminated, cut where it does not fit) with each
 * control character as \xHH (C0, DEL) or \u00HH (C1). Returns out. */
char *safe_text(char *out, size_t len, const char *s);

/* s on f, escaped as safe_text has it, however long. */
void safe_text_fputs(const char *s, FILE *f);

/* In place: buf (size len) escaped, cut to fit. */
void safe_text_inplace(char *buf, size_t len);

#endif
