/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/json_write.h"
#include "json/schema.h"

/* The field of `rec` a row points at. */
#define AT(rec, row, type) ((type *)(void *)((char *)(rec) + (row)->offset))
#define AT_CONST(rec, row, type) ((const type *)(const void *)((const char *)(rec) + (row)->offset))

static bool fail(char *why, size_t len, const schema_record *t, const schema_row *row, const char *what)
{
    snprintf(why, len, "%s field \"%s\" %s", t->name, row->key ? row->key : "value", what);
    return false;
}

/* ---- JSON-backed records: checked, and copied in the rows' order ---- */

static json_t *copy_value(const schema_record *t, const schema_row *row, const json_t *v, char *why, size_t len);

/* A record of `sub`, or a bare value where its one row has no key. */
static json_t *copy_entry(const schema_record *sub, const json_t *v, char *why, size_t len)
{
    if (sub->n_rows == 1 && !sub->rows[0].key)
        return copy_value(sub, &sub->rows[0], v, why, len);
    return schema_copy(sub, v, why, len);
}

/* Whether v is a whole number the row's kind holds. */
static bool whole(const schema_row *row, const json_t *v)
{
    if (!json_is_integer(v))
        return false;
    json_int_t x = json_integer_value(v);
    switch (row->kind) {
    case SCHEMA_U32: return x >= 0 && x <= (json_int_t)UINT32_MAX;
    case SCHEMA_U64: return x >= 0;
    default: return true;
    }
}

static json_t *copy_value(const schema_record *t, const schema_row *row, const json_t *v, char *why, size_t len)
{
    if (json_is_null(v)) {
        if (row->flags & (SCHEMA_NULLABLE | SCHEMA_ZERO_NULL))
            return json_null();
        fail(why, len, t, row, "is null");
        return NULL;
    }
    json_t *out = NULL;
    switch (row->kind) {
    case SCHEMA_U32:
    case SCHEMA_U64:
    case SCHEMA_I64:
        if (!whole(row, v))
            fail(why, len, t, row, "is not a whole number in range");
        else
            out = json_integer(json_integer_value(v));
        break;
    case SCHEMA_DOUBLE:
        /* A real stays a real, an integer an integer: the bytes read are the bytes written. */
        if (!json_is_number(v))
            fail(why, len, t, row, "is not a number");
        else
            out = json_is_integer(v) ? json_integer(json_integer_value(v)) : json_real(json_real_value(v));
        break;
    case SCHEMA_BOOL:
        if (!json_is_boolean(v))
            fail(why, len, t, row, "is not true or false");
        else
            out = json_boolean(json_is_true(v));
        break;
    case SCHEMA_TEXT:
    case SCHEMA_STR:
        if (!json_is_string(v))
            fail(why, len, t, row, "is not a string");
        else
            out = json_stringn(json_string_value(v), json_string_length(v));
        break;
    case SCHEMA_JSON:
        if (row->sub)
            return schema_copy(row->sub, v, why, len);
        if (!json_is_object(v) && !json_is_array(v))
            fail(why, len, t, row, "is not an object or an array");
        else
            out = json_deep_copy(v);
        break;
    case SCHEMA_ARRAY:
        if (!json_is_array(v)) {
            fail(why, len, t, row, "is not an array");
            break;
        }
        out = json_array();
        for (size_t i = 0; out && i < json_array_size(v); i++) {
            json_t *e = copy_entry(row->sub, json_array_get(v, i), why, len);
            if (!e || json_array_append_new(out, e)) {
                json_decref(out);
                out = NULL;
            }
        }
        break;
    case SCHEMA_MAP: {
        if (!json_is_object(v)) {
            fail(why, len, t, row, "is not an object");
            break;
        }
        out = json_object();
        const char *name;
        json_t *e;
        json_object_foreach((json_t *)v, name, e) {
            json_t *c = copy_entry(row->sub, e, why, len);
            if (!c || json_object_set_new(out, name, c)) {
                json_decref(out);
                return NULL;
            }
        }
        break;
    }
    case SCHEMA_SPECIAL:
        fail(why, len, t, row, "has no JSON-backed form");
        break;
    }
    return out;
}

json_t *schema_copy(const schema_record *t, const json_t *o, char *why, size_t why_len)
{
    if (!json_is_object(o)) {
        snprintf(why, why_len, "a %s is not an object", t->name);
        return NULL;
    }
    json_t *out = json_object();
    for (size_t i = 0; out && i < t->n_rows; i++) {
        const schema_row *row = &t->rows[i];
        const json_t *v = json_object_get(o, row->key);
        if (!v) {
            if (row->flags & SCHEMA_REQUIRED) {
                fail(why, why_len, t, row, "is missing");
                json_decref(out);
                out = NULL;
            }
            continue;
        }
        json_t *c = copy_value(t, row, v, why, why_len);
        if (!c || json_object_set_new(out, row->key, c)) {
            json_decref(out);
            out = NULL;
        }
    }
    return out;
}

/* ---- Struct-backed records ---- */

static bool gated_off(const schema_record *t, const schema_row *row, const void *rec)
{
    return (row->flags & SCHEMA_GATED) && t->gate && !t->gate(rec);
}

/* A JSON field as written: copied through its record's rows where it has one. */
static json_t *write_json(const schema_record *t, const schema_row *row, const json_t *j)
{
    if (row->kind == SCHEMA_JSON && !row->sub)
        return json_deep_copy(j);
    char why[256];
    json_t *c = copy_value(t, row, j, why, sizeof why);
    /* What this tool made always fits its rows; anything else is written as it is. */
    return c ? c : json_deep_copy(j);
}

/* ---- Scalars ---- */

/* A scalar row's value, or a JSON scalar's, as one thing that both the json_t path
 * (write_row) and the straight one (schema_emit) are made from. */
typedef struct scalar {
    enum { SCALAR_OMIT, SCALAR_NULL, SCALAR_INT, SCALAR_REAL, SCALAR_BOOL, SCALAR_STRING } type;
    json_int_t i;
    double d;
    bool b;
    const char *s; /* valid UTF-8, n bytes */
    size_t n;
} scalar;

static bool scalar_kind(schema_kind k)
{
    return k == SCHEMA_U32 || k == SCHEMA_U64 || k == SCHEMA_I64 || k == SCHEMA_DOUBLE || k == SCHEMA_BOOL ||
           k == SCHEMA_TEXT || k == SCHEMA_STR;
}

static scalar text_scalar(const char *s)
{
    size_t n = strlen(s);
    /* json_string refuses other than UTF-8, and write_row writes that NULL as null. */
    return json_utf8_valid(s, n) ? (scalar){.type = SCALAR_STRING, .s = s, .n = n} : (scalar){.type = SCALAR_NULL};
}

/* A scalar row's value as schema_write writes it: SCALAR_OMIT where it is left out. */
static scalar scalar_of(const schema_row *row, const void *rec)
{
    scalar v = {.type = SCALAR_NULL};
    bool zero = false;
    switch (row->kind) {
    case SCHEMA_U32: {
        uint32_t x = *AT_CONST(rec, row, uint32_t);
        zero = x == 0;
        v = (scalar){.type = SCALAR_INT, .i = x};
        break;
    }
    case SCHEMA_U64: {
        uint64_t x = *AT_CONST(rec, row, uint64_t);
        zero = x == 0;
        v = (scalar){.type = SCALAR_INT, .i = (json_int_t)x};
        break;
    }
    case SCHEMA_I64: {
        long long x = *AT_CONST(rec, row, long long);
        zero = x == 0;
        v = (scalar){.type = SCALAR_INT, .i = x};
        break;
    }
    case SCHEMA_DOUBLE: {
        double x = *AT_CONST(rec, row, double);
        /* A row whose zero is written as null: the zero a document held is read as -0.0
         * (read_row), that it is written again as 0.0, not as null. */
        bool read_zero = (row->flags & SCHEMA_ZERO_NULL) && x == 0 && signbit(x);
        zero = x == 0 && !read_zero;
        /* json_real refuses NaN and the infinities: null. */
        if (isfinite(x))
            v = (scalar){.type = SCALAR_REAL, .d = read_zero ? 0.0 : x};
        break;
    }
    case SCHEMA_BOOL: {
        bool x = *AT_CONST(rec, row, bool);
        zero = !x;
        v = (scalar){.type = SCALAR_BOOL, .b = x};
        break;
    }
    case SCHEMA_TEXT: {
        const char *s = AT_CONST(rec, row, char);
        zero = !*s;
        v = text_scalar(s);
        break;
    }
    case SCHEMA_STR: {
        const char *s = *(const char *const *)(const void *)((const char *)rec + row->offset);
        zero = !s || !*s;
        v = text_scalar(s ? s : "");
        break;
    }
    default:
        break;
    }
    if (zero && (row->flags & SCHEMA_ZERO_OMIT))
        return (scalar){.type = SCALAR_OMIT};
    if (zero && (row->flags & SCHEMA_ZERO_NULL))
        return (scalar){.type = SCALAR_NULL};
    return v;
}

static json_t *scalar_json(const scalar *v)
{
    json_t *j = NULL;
    switch (v->type) {
    case SCALAR_OMIT: return NULL;
    case SCALAR_NULL: break;
    case SCALAR_INT: j = json_integer(v->i); break;
    case SCALAR_REAL: j = json_real(v->d); break;
    case SCALAR_BOOL: j = json_boolean(v->b); break;
    case SCALAR_STRING: j = json_stringn_nocheck(v->s, v->n); break;
    }
    return j ? j : json_null();
}

/* A row's value, NULL where it is left out. */
static json_t *write_row(const schema_record *t, const schema_row *row, const void *rec)
{
    if (gated_off(t, row, rec))
        return NULL;
    if (row->write)
        return row->write(rec);
    if (scalar_kind(row->kind)) {
        scalar v = scalar_of(row, rec);
        return scalar_json(&v);
    }
    if (row->kind == SCHEMA_SPECIAL)
        return NULL;
    const json_t *j = *AT_CONST(rec, row, json_t *);
    if (!j)
        return row->flags & SCHEMA_ZERO_OMIT ? NULL : json_null();
    json_t *v = write_json(t, row, j);
    return v ? v : json_null();
}

json_t *schema_write(const schema_record *t, const void *rec)
{
    json_t *o = json_object();
    for (size_t i = 0; o && i < t->n_rows; i++) {
        const schema_row *row = &t->rows[i];
        json_t *v = write_row(t, row, rec);
        /* A keyless JSON row: its record's members at this level (the run's head). */
        if (v && !row->key)
            json_object_update(o, v);
        else if (v)
            json_object_set(o, row->key, v);
        json_decref(v);
    }
    return o;
}

/* ---- Written straight to a file, through the one writer (io/json_write.h) ---- */

static void put_scalar(json_out *o, const scalar *v)
{
    switch (v->type) {
    case SCALAR_INT: json_out_integer(o, v->i); break;
    case SCALAR_REAL: json_out_real(o, v->d); break;
    case SCALAR_BOOL: json_out_raw(o, v->b ? "true" : "false", v->b ? 4 : 5); break;
    case SCALAR_STRING: json_out_string(o, v->s, v->n); break;
    case SCALAR_NULL: json_out_raw(o, "null", 4); break;
    case SCALAR_OMIT: o->ok = false; break;
    }
}

static void put_member(json_out *o, const char *key, const json_t *v, int depth, bool *first)
{
    json_out_indent(o, depth, *first);
    json_out_key(o, key);
    json_out_value(o, v, depth);
    *first = false;
}

/* Rows [from, to) of rec as members into o (schema_emit_rows). */
static void put_rows(json_out *o, const schema_record *t, const void *rec, int depth, size_t from, size_t to,
                     bool *first)
{
    for (size_t i = from; o->ok && i < to && i < t->n_rows; i++) {
        const schema_row *row = &t->rows[i];
        if (row->emit) {
            if (gated_off(t, row, rec))
                continue;
            json_out_indent(o, depth + 1, *first);
            json_out_key(o, row->key);
            o->ok = json_out_flush(o) && row->emit(o->f, rec, depth + 1);
            *first = false;
            continue;
        }
        if (row->key && !row->write && scalar_kind(row->kind)) {
            /* Most of a document: its rows' numbers and names, with no json_t made. */
            scalar v = gated_off(t, row, rec) ? (scalar){.type = SCALAR_OMIT} : scalar_of(row, rec);
            if (v.type != SCALAR_OMIT) {
                json_out_indent(o, depth + 1, *first);
                json_out_key(o, row->key);
                put_scalar(o, &v);
                *first = false;
            }
            continue;
        }
        json_t *v = write_row(t, row, rec);
        if (v && !row->key) {
            /* A keyless JSON row: its record's members at this level (the run's head). */
            const char *key;
            json_t *x;
            json_object_foreach(v, key, x)
                put_member(o, key, x, depth + 1, first);
        } else if (v) {
            put_member(o, row->key, v, depth + 1, first);
        }
        json_decref(v);
    }
}

bool schema_emit_rows(FILE *f, const schema_record *t, const void *rec, int depth, size_t from, size_t to,
                      bool *first)
{
    json_out o;
    json_out_open(&o, f, false);
    put_rows(&o, t, rec, depth, from, to, first);
    return json_out_flush(&o);
}

static void put_close(json_out *o, int depth, bool first)
{
    if (!first)
        json_out_close_indent(o, depth);
    json_out_raw(o, "}", 1);
}

bool schema_emit_close(FILE *f, int depth, bool first)
{
    json_out o;
    json_out_open(&o, f, false);
    put_close(&o, depth, first);
    return json_out_flush(&o);
}

/* One buffer for the whole record: a document's 2 million results are each one write. */
bool schema_emit(FILE *f, const schema_record *t, const void *rec, int depth)
{
    json_out o;
    json_out_open(&o, f, false);
    bool first = true;
    json_out_raw(&o, "{", 1);
    put_rows(&o, t, rec, depth, 0, t->n_rows, &first);
    put_close(&o, depth, first);
    return json_out_flush(&o);
}

size_t schema_row_index(const schema_record *t, const char *key)
{
    size_t i = 0;
    while (i < t->n_rows && !(t->rows[i].key && strcmp(t->rows[i].key, key) == 0))
        i++;
    return i;
}

json_t *schema_field(const schema_record *t, const char *key, const void *rec)
{
    size_t i = schema_row_index(t, key);
    if (i < t->n_rows)
        return write_row(t, &t->rows[i], rec);
    return NULL;
}

/* Sets the field to its zero (a null read where null means 0). */
static void set_zero(const schema_row *row, void *rec)
{
    switch (row->kind) {
    case SCHEMA_U32: *AT(rec, row, uint32_t) = 0; break;
    case SCHEMA_U64: *AT(rec, row, uint64_t) = 0; break;
    case SCHEMA_I64: *AT(rec, row, long long) = 0; break;
    case SCHEMA_DOUBLE: *AT(rec, row, double) = 0; break;
    case SCHEMA_BOOL: *AT(rec, row, bool) = false; break;
    case SCHEMA_TEXT: *AT(rec, row, char) = '\0'; break;
    case SCHEMA_STR: *AT(rec, row, const char *) = NULL; break;
    case SCHEMA_JSON:
    case SCHEMA_ARRAY:
    case SCHEMA_MAP:
        json_decref(*AT(rec, row, json_t *));
        *AT(rec, row, json_t *) = NULL;
        break;
    case SCHEMA_SPECIAL: break;
    }
}

static bool read_row(const schema_record *t, const schema_row *row, const json_t *v, void *rec, char *why,
                     size_t len)
{
    if (json_is_null(v)) {
        if (!(row->flags & SCHEMA_ZERO_NULL))
            return fail(why, len, t, row, "is null");
        set_zero(row, rec);
        return true;
    }
    switch (row->kind) {
    case SCHEMA_U32:
        if (!whole(row, v))
            return fail(why, len, t, row, "is not a whole number from 0 to 4294967295");
        *AT(rec, row, uint32_t) = (uint32_t)json_integer_value(v);
        return true;
    case SCHEMA_U64:
        if (!whole(row, v))
            return fail(why, len, t, row, "is not a whole number of at least 0");
        *AT(rec, row, uint64_t) = (uint64_t)json_integer_value(v);
        return true;
    case SCHEMA_I64:
        if (!whole(row, v))
            return fail(why, len, t, row, "is not a whole number");
        *AT(rec, row, long long) = (long long)json_integer_value(v);
        return true;
    case SCHEMA_DOUBLE:
        if (!json_is_number(v))
            return fail(why, len, t, row, "is not a number");
        /* A zero given, not null: -0.0, which is 0 to every use of it and which the
         * writer tells from the unknown 0 (scalar_of), so 0.0 is written again as 0.0. */
        *AT(rec, row, double) = (row->flags & SCHEMA_ZERO_NULL) && json_number_value(v) == 0 ? -0.0 : json_number_value(v);
        return true;
    case SCHEMA_BOOL:
        if (!json_is_boolean(v))
            return fail(why, len, t, row, "is not true or false");
        *AT(rec, row, bool) = json_is_true(v);
        return true;
    case SCHEMA_TEXT:
        if (!json_is_string(v))
            return fail(why, len, t, row, "is not a string");
        if (json_string_length(v) >= row->size || strlen(json_string_value(v)) != json_string_length(v))
            return fail(why, len, t, row, "is too long or holds a NUL");
        memcpy(AT(rec, row, char), json_string_value(v), json_string_length(v) + 1);
        return true;
    case SCHEMA_STR:
        if (!json_is_string(v))
            return fail(why, len, t, row, "is not a string");
        *AT(rec, row, const char *) = json_string_value(v);
        return true;
    case SCHEMA_JSON:
    case SCHEMA_ARRAY:
    case SCHEMA_MAP: {
        json_t *c = copy_value(t, row, v, why, len);
        if (!c)
            return false;
        json_decref(*AT(rec, row, json_t *));
        *AT(rec, row, json_t *) = c;
        return true;
    }
    case SCHEMA_SPECIAL:
        return true;
    }
    return true;
}

bool schema_read_row(const schema_record *t, const schema_row *row, const json_t *v, void *rec, char *why,
                     size_t why_len)
{
    if (gated_off(t, row, rec))
        return true;
    if (row->read)
        return row->read(rec, v, why, why_len);
    if (row->kind == SCHEMA_SPECIAL)
        return true; /* derived: worked out again from what it comes from */
    if (!v)
        return !(row->flags & SCHEMA_REQUIRED) || fail(why, why_len, t, row, "is missing");
    return read_row(t, row, v, rec, why, why_len);
}

int schema_read(const schema_record *t, const json_t *o, void *rec, char *why, size_t why_len)
{
    if (!json_is_object(o)) {
        snprintf(why, why_len, "a %s is not an object", t->name);
        return -1;
    }
    for (size_t i = 0; i < t->n_rows; i++) {
        const schema_row *row = &t->rows[i];
        /* A keyless JSON row reads its record's members from this level. */
        if (!schema_read_row(t, row, row->key ? json_object_get(o, row->key) : o, rec, why, why_len))
            return -1;
    }
    return t->check && !t->check(rec, why, why_len) ? -1 : 0;
}
