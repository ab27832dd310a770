/* SPDX-License-Identifier: MIT */
/* The results schema as tables (jansson's pack/unpack pairs, protobuf's descriptors):
 * one row per field names its JSON key, its kind, where it lives in the C record (an
 * offsetof) and whether it is required. schema_write walks the rows to write a record
 * and schema_read walks the same rows to read it, so a field added to a table is
 * written, read, merged and compared everywhere at once. Special cases are a named
 * callback on their row, never a second codec. The tables themselves are in
 * json/records.h; docs/results-schema.md says what each field means.
 *
 * Two sorts of record: a struct-backed one (the run, a device, a result) is read into
 * and written from a C struct; a JSON-backed one (clocks, a rank, an error) is kept as
 * a JSON object, which reading checks against the rows and copies in the rows' order,
 * and writing copies the same way, so either path gives the same bytes. */
#ifndef ZESLM_SCHEMA_H
#define ZESLM_SCHEMA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

typedef enum schema_kind {
    SCHEMA_U32,     /* uint32_t: a whole number, 0 to 2^32 - 1 */
    SCHEMA_U64,     /* uint64_t: a whole number, 0 to 2^63 - 1 */
    SCHEMA_I64,     /* long long: a whole number (JSON-backed records: any integer) */
    SCHEMA_DOUBLE,  /* double: a number */
    SCHEMA_BOOL,    /* bool */
    SCHEMA_TEXT,    /* char[size]: a string that fits */
    SCHEMA_STR,     /* const char *: a string of the document read, which outlives the record */
    SCHEMA_JSON,    /* json_t *: a record of `sub` kept as JSON (sub NULL: any object or array) */
    SCHEMA_ARRAY,   /* json_t *: an array of records of `sub` kept as JSON */
    SCHEMA_MAP,     /* json_t *: an object of NAME: record of `sub` (a sub whose one row has no key:
                     * NAME: that value) */
    SCHEMA_SPECIAL, /* the row's callbacks alone read and write it */
} schema_kind;

enum schema_flags {
    SCHEMA_REQUIRED = 1u,  /* reading fails without it */
    SCHEMA_ZERO_NULL = 2u, /* 0, "" or NULL is written as null, and null reads as 0 */
    SCHEMA_ZERO_OMIT = 4u, /* 0, "" or NULL is left out */
    SCHEMA_GATED = 8u,     /* written, and read, only where the record's gate says (a measured result) */
    SCHEMA_NULLABLE = 16u, /* JSON-backed: null is a value of its own (unknown) */
};

struct schema_record;

typedef struct schema_row {
    const char *key;   /* NULL: the value of a MAP's entry itself */
    schema_kind kind;
    size_t offset;     /* offsetof in the struct-backed record */
    size_t size;       /* TEXT: the array's size */
    unsigned flags;
    const struct schema_record *sub; /* JSON, ARRAY, MAP: their records */
    /* A field derived from others, or held otherwise: its value (NULL: left out) ... */
    json_t *(*write)(const void *rec);
    /* ... and how it is read (v: NULL where absent); false with the reason in why.
     * NULL: not read (derived: worked out again from the fields it comes from). */
    bool (*read)(void *rec, const json_t *v, char *why, size_t why_len);
    /* A large field's value written straight to f at nesting `depth` (schema_emit), as
     * json_write would write what `write` gives; false when a write failed. NULL: from
     * `write`. */
    bool (*emit)(FILE *f, const void *rec, int depth);
    /* SPECIAL, or JSON without a sub: its value's JSON Schema, as JSON text (a record's
     * as {"$ref": "#/$defs/NAME"}), for json/records_schema.c; the other kinds' follow
     * from the kind and flags. */
    const char *shape;
    /* How people read it, where a table of fields is made from the rows (table/fields.h;
     * a result's: json/result_fields.h): its head in text and Markdown (NULL: JSON and
     * CSV only), its priority in a text table (0: Markdown only), right-aligned (a
     * number), JSON alone (an array or object: no CSV column), and its text for people
     * (scaled units; NULL: its value as CSV writes it). */
    const char *head;
    int keep;
    bool right, json_only;
    void (*cell)(const void *rec, char *buf, size_t len);
} schema_row;

typedef struct schema_record {
    const char *name;  /* for messages: "result" */
    const schema_row *rows;
    size_t n_rows;
    bool json_backed;
    /* Whether a record's GATED rows apply to it (a measured result); NULL: always. */
    bool (*gate)(const void *rec);
    /* The rules across fields once read (a measured result's median is positive);
     * NULL: none. */
    bool (*check)(const void *rec, char *why, size_t why_len);
} schema_record;

/* A struct-backed record as a JSON object, in the rows' order. */
json_t *schema_write(const schema_record *t, const void *rec);

/* The record as json_write(f, schema_write(t, rec), depth)
 * would write it nested `depth` deep, the same bytes, without the whole as JSON: rows
 * with an `emit` write their values straight to f (a document's devices and results),
 * so a document of 200,000 results is never one tree. False when a write failed. */
bool schema_emit(FILE *f, const schema_record *t, const void *rec, int depth);

/* A record written in parts (json/run_doc_json.c's in-place writes): schema_emit is '{',
 * schema_emit_rows over every row, then schema_emit_close. schema_emit_rows writes rows
 * [from, to) as members nested `depth` deep, *first saying whether none came before it
 * (it is cleared once one is written); schema_emit_close ends the record. */
bool schema_emit_rows(FILE *f, const schema_record *t, const void *rec, int depth, size_t from, size_t to,
                      bool *first);
bool schema_emit_close(FILE *f, int depth, bool first);

/* The index of the row of `key`; t->n_rows where there is none. */
size_t schema_row_index(const schema_record *t, const char *key);

/* One field of it as schema_write writes it (a new reference), NULL where left out:
 * what the CSV and the tables print, from the same rows. */
json_t *schema_field(const schema_record *t, const char *key, const void *rec);

/* Reads the object `o` into the struct-backed `rec` (left as the caller set it where a
 * field is absent: its defaults). Returns 0, or -1 with the reason in `why`, which
 * names the record and the field. A record read here may hold references (JSON
 * fields) the caller frees even on failure. */
int schema_read(const schema_record *t, const json_t *o, void *rec, char *why, size_t why_len);

/* One row of schema_read: `v` its value (NULL where absent), read into rec as
 * schema_read reads it; false with the reason in why. */
bool schema_read_row(const schema_record *t, const schema_row *row, const json_t *v, void *rec, char *why,
                     size_t why_len);

/* The same record read from an object parsed by the one reader (io/json_read.h),
 * never made one json_t: each member's value made a json_t alone and read by
 * schema_read_row, the rows in their order, then the record's check. The keys are
 * distinct (the reader refuses a key given twice). Returns false where the record does
 * not read: the caller then reads it as a json_t with schema_read, which says what is
 * wrong, so either way gives the same record or the same error. STR fields point into
 * `strings` (an object used as a set, keeping each string once). A record read here
 * may hold what the caller frees, true or not. */
struct yyjson_val;
bool schema_read_values(const schema_record *t, struct yyjson_val *o, void *rec, json_t *strings);

/* A JSON-backed record: `o` checked against the rows and copied in their order (what
 * is both read and written), or NULL with the reason in `why`. */
json_t *schema_copy(const schema_record *t, const json_t *o, char *why, size_t why_len);

#endif
