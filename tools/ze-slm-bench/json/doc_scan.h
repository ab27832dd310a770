/* SPDX-License-Identifier: MIT */
/* The byte spans of a JSON text's values, found without building them: what lets a
 * results file of any size be read one device at a time (json/doc_reader.h). Only the
 * structure is followed here (strings with their escapes, nesting of objects and
 * arrays); each span is then handed to jansson, which checks what it holds. */
#ifndef ZESLM_DOC_SCAN_H
#define ZESLM_DOC_SCAN_H

#include <stdbool.h>
#include <stddef.h>

/* The nesting past which a text is refused: jansson's own bound (JSON_PARSER_MAX_DEPTH,
 * 2048), so that the scan refuses what the parser would. */
#define DOC_SCAN_MAX_DEPTH 2048

/* Where a scan stopped on a text it cannot follow: the byte, and why. */
typedef struct doc_scan_error {
    size_t at;
    const char *what;
} doc_scan_error;

/* The first byte at or past p that is not JSON whitespace (len where none). */
size_t doc_scan_space(const char *t, size_t len, size_t p);

/* The end (one past its last byte) of the value that starts at p, or 0 with *err set
 * where it is not one (unbalanced, a string not closed, nested past the bound). */
size_t doc_scan_value(const char *t, size_t len, size_t p, doc_scan_error *err);

/* One member of an object: its key's bytes between the quotes (escapes as written)
 * and its value's span. */
typedef struct doc_scan_member {
    size_t key, key_len, value, value_end;
} doc_scan_member;

/* Members and elements, one at a time. *p starts just past the '{' or '[' (at its
 * first call). Returns 1 with the next one, 0 at the closing '}' or ']' (*p then past
 * it), -1 with *err where the text is not an object or array there. A member's key
 * alone: *p left at its value (m->value_end 0), for the caller to go into it, or past
 * it with doc_scan_value. An element whole: *p left past it. */
int doc_scan_member_key(const char *t, size_t len, size_t *p, bool first, doc_scan_member *m, doc_scan_error *err);
int doc_scan_element_next(const char *t, size_t len, size_t *p, bool first, size_t *start, size_t *end,
                          doc_scan_error *err);

/* Whether the key of m is `key` (a key written with escapes is decoded first). */
bool doc_scan_key_is(const char *t, const doc_scan_member *m, const char *key);

#endif
