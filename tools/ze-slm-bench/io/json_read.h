/* SPDX-License-Identifier: MIT */
/* The tool's one JSON reader: yyjson (vendor/yyjson, MIT) parses every text the tool
 * reads, held to jansson's rules so that a document reads as it always has: a key
 * given twice refused where the caller asks (JSON_REJECT_DUPLICATES), no "\u0000" in a
 * string, no whole number past 2^63 - 1, no number past a double, nesting at most
 * jansson's 2048 deep. The values become jansson's json_t where the model holds them
 * (json_read_value). A text refused is described in jansson's words (its parse of the
 * same bytes, on that path alone), so an error line reads as it did. yyjson parses a
 * results file at about 17 times jansson's speed (docs/architecture.md). */
#ifndef ZESLM_JSON_READ_H
#define ZESLM_JSON_READ_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "vendor/yyjson/yyjson.h"

/* jansson's bound on nesting (JSON_PARSER_MAX_DEPTH). */
#define JSON_READ_MAX_DEPTH 2048

/* The most bytes json_read_file reads: a table or a baseline, far below it. */
#define JSON_READ_FILE_MAX ((size_t)256 << 20)

/* A whole text as json_t, as json_loadb(text, len, flags, err) would read it (flags:
 * JSON_DECODE_ANY, JSON_REJECT_DUPLICATES); NULL with err set where it refuses it. */
json_t *json_read(const char *text, size_t len, size_t flags, json_error_t *err);

/* A file read whole (at most JSON_READ_FILE_MAX bytes) through json_read. */
json_t *json_read_file(const char *path, size_t flags, json_error_t *err);

/* The one value that starts at text[at] (after any spaces), parsed up to its end and no
 * further, keys given twice refused: the span of a document's device, read without the
 * rest of the document. At most `max` bytes of text past `at` are read (a value longer
 * is refused: err->text says so). Returns the parsed document (yyjson_doc_free it) with
 * *end one past the value, or NULL with err set (err->line counted from text[at]'s
 * line). */
yyjson_doc *json_read_span(const char *text, size_t len, size_t at, size_t max, size_t *end, json_error_t *err);

/* A parsed value as a json_t (a new reference); NULL out of host memory. */
json_t *json_read_value(yyjson_val *v);

#endif
