/* SPDX-License-Identifier: MIT */
/* The tool's one JSON writer: every JSON text the tool writes (run and merged documents,
 * rank start files, baselines, the record tables' schema, JSON lines, trace files, the
 * messages of run --mpi) is written here, in jansson 2.14's bytes: what json_dumpf
 * writes with JSON_INDENT(2) | JSON_PRESERVE_ORDER (a document's layout,
 * docs/results-schema.md), or with JSON_COMPACT (a line). It writes from a json_t or,
 * through json_out, value by value with no tree (a document's 2 million result rows:
 * json/schema.c's schema_emit). Why this and not yyjson's writer or jansson's dumps:
 * docs/architecture.md ("JSON: one reader and one writer"). */
#ifndef ZESLM_JSON_WRITE_H
#define ZESLM_JSON_WRITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

/* Text on its way to f, gathered so that a record's run of scalar members costs one
 * fwrite rather than a call into stdio, and its lock, for each key, indent and value. */
typedef struct json_out {
    FILE *f;
    bool ok;      /* false once a write failed, or a value could not be written */
    bool compact; /* JSON_COMPACT's layout: no newline nor indent, "," and ":" */
    size_t n;
    char buf[4096];
} json_out;

void json_out_open(json_out *o, FILE *f, bool compact);
/* Empties the buffer into f; false when this or an earlier write failed. */
bool json_out_flush(json_out *o);
void json_out_raw(json_out *o, const char *text, size_t n);
/* What opens a member or element at `depth`: ',' where it is not the first, then (not
 * compact) a newline and 2 spaces a level; json_out_close_indent before a '}' or ']'. */
void json_out_indent(json_out *o, int depth, bool first);
void json_out_close_indent(json_out *o, int depth);
/* A key and its ':' (": " not compact); a key that is not UTF-8 fails (o->ok false),
 * where jansson 2.14's dump would write a broken string and go on. */
void json_out_key(json_out *o, const char *key);
void json_out_integer(json_out *o, long long x);
/* A finite double as jansson writes a real ("%.17g", ".0" where it would read as an
 * integer); NaN and the infinities fail, as json_real refuses them. */
void json_out_real(json_out *o, double x);
/* n bytes of valid UTF-8 as a JSON string. */
void json_out_string(json_out *o, const char *s, size_t n);
/* A json_t nested `depth` deep; NULL fails. */
void json_out_value(json_out *o, const json_t *v, int depth);

/* Whether s holds n bytes of UTF-8 as jansson 2.14 takes it (utf.c, utf8_check_string):
 * no overlong form, no surrogate half, nothing above U+10FFFF. */
bool json_utf8_valid(const char *s, size_t n);

/* v in a document's layout nested `depth` deep (no newline after it). */
bool json_write(FILE *f, const json_t *v, int depth);
/* A whole document: v at depth 0 and a newline. */
bool json_write_document(FILE *f, const json_t *v);
/* v compact on one line and a newline (JSON lines). */
bool json_write_line(FILE *f, const json_t *v);
/* v compact in memory, NUL-ended (free it); NULL where it cannot be written. */
char *json_write_text(const json_t *v);
/* An array of whole numbers as json_integer((json_int_t)v[i]) are written, nested
 * `depth` deep, without a json_t: a result's launch times. */
bool json_write_integers(FILE *f, const uint64_t *v, size_t n, int depth);
/* The newline and indent that open a member or element at `depth`, after a ',' where it
 * is not the first. */
bool json_write_indent(FILE *f, int depth, bool first);
/* A member's opening at `depth`: its indent (after a ',' where it is not the first), its
 * key and ": ", the value to follow. */
bool json_write_key(FILE *f, int depth, bool first, const char *key);

#endif
