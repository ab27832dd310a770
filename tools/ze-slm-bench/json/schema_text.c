/* SPDX-License-Identifier: MIT */
/* schema_read_text: a record's members lexed here, each value handed to the rows as a
 * json_t of its own. jansson's parse lexes a byte at a time through its stream and
 * builds each object as a hash table, a key and a value allocated a member: about
 * 35 MB/s a core here, most of a merge of 10,000 rank files (1.6 GB). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "json/schema.h"

/* Values nested deeper than this are left to jansson (a result's are one deep). */
#define TEXT_DEPTH 4
/* The rows of a record read here. */
#define TEXT_ROWS 64
/* The longest number read here: 17 significant digits, a sign, a point and an
 * exponent are under 30 bytes; a longer one is left to jansson. */
#define TEXT_NUMBER_MAX 64

typedef struct lexer {
    const char *t;
    size_t p, len;
} lexer;

static void skip_space(lexer *x)
{
    while (x->p < x->len && (x->t[x->p] == ' ' || x->t[x->p] == '\n' || x->t[x->p] == '\r' || x->t[x->p] == '\t'))
        x->p++;
}

static bool digit_at(const lexer *x, size_t p)
{
    return p < x->len && x->t[p] >= '0' && x->t[p] <= '9';
}

static size_t digits(const lexer *x, size_t p)
{
    while (digit_at(x, p))
        p++;
    return p;
}

/* A string with no escape and no control byte: its bytes, between the quotes. */
static bool plain_string(lexer *x, const char **s, size_t *n)
{
    if (x->p >= x->len || x->t[x->p] != '"')
        return false;
    const char *b = x->t + x->p + 1, *end = x->t + x->len, *c = b;
    while (c < end && *c != '"') {
        if ((unsigned char)*c < 0x20 || *c == '\\')
            return false;
        c++;
    }
    if (c == end)
        return false;
    *s = b;
    *n = (size_t)(c - b);
    x->p = (size_t)(c - x->t) + 1;
    return true;
}

/* The string at x as a json_t, x left past it: a plain one made here, one with escapes
 * decoded by jansson's parse of it alone (NULL where that refuses it). */
static json_t *string(lexer *x)
{
    const char *s;
    size_t n, at = x->p, q = at + 1;
    if (plain_string(x, &s, &n))
        return json_stringn(s, n); /* NULL where not UTF-8, as the parse refuses it */
    while (q < x->len && x->t[q] != '"')
        q += x->t[q] == '\\' ? 2 : 1;
    if (at >= x->len || x->t[at] != '"' || q >= x->len)
        return NULL;
    json_t *v = json_loadb(x->t + at, q + 1 - at, JSON_DECODE_ANY, NULL);
    if (!json_is_string(v)) {
        json_decref(v);
        return NULL;
    }
    x->p = q + 1;
    return v;
}

/* A member's key: its bytes, plain, or decoded into *decoded (the caller's to free). */
static bool key_at(lexer *x, const char **s, size_t *n, json_t **decoded)
{
    *decoded = NULL;
    if (plain_string(x, s, n))
        return true;
    if (!(*decoded = string(x)))
        return false;
    *s = json_string_value(*decoded);
    *n = json_string_length(*decoded);
    return true;
}

/* A number as jansson reads one: JSON's grammar, then a whole number (no point, no
 * exponent) by strtoll where it fits, else by strtod where it is finite. */
static json_t *number(lexer *x)
{
    size_t p = x->p, start = p;
    bool real = false;
    if (p < x->len && x->t[p] == '-')
        p++;
    if (!digit_at(x, p))
        return NULL;
    p = x->t[p] == '0' ? p + 1 : digits(x, p);
    if (p < x->len && x->t[p] == '.') {
        real = true;
        if (!digit_at(x, ++p))
            return NULL;
        p = digits(x, p);
    }
    if (p < x->len && (x->t[p] == 'e' || x->t[p] == 'E')) {
        real = true;
        if (++p < x->len && (x->t[p] == '+' || x->t[p] == '-'))
            p++;
        if (!digit_at(x, p))
            return NULL;
        p = digits(x, p);
    }
    char buf[TEXT_NUMBER_MAX];
    if (p - start >= sizeof buf)
        return NULL;
    memcpy(buf, x->t + start, p - start);
    buf[p - start] = '\0';
    errno = 0;
    json_t *v;
    if (real) {
        double d = strtod(buf, NULL);
        v = errno == ERANGE && isinf(d) ? NULL : json_real(d);
    } else if (p - start <= 18) {
        /* Under 10^18: no overflow to look for, the value strtoll gives. */
        long long i = 0;
        for (const char *c = buf + (buf[0] == '-'); *c; c++)
            i = 10 * i + (*c - '0');
        v = json_integer(buf[0] == '-' ? -i : i);
    } else {
        long long i = strtoll(buf, NULL, 10);
        v = errno == ERANGE ? NULL : json_integer(i);
    }
    if (v)
        x->p = p;
    return v;
}

static json_t *literal(lexer *x)
{
    static const struct {
        const char *text;
        size_t len;
    } words[] = {{"true", 4}, {"false", 5}, {"null", 4}};
    for (size_t i = 0; i < 3; i++)
        if (x->len - x->p >= words[i].len && memcmp(x->t + x->p, words[i].text, words[i].len) == 0) {
            x->p += words[i].len;
            return i == 0 ? json_true() : i == 1 ? json_false() : json_null();
        }
    return NULL;
}

static bool value(lexer *x, int depth, json_t **out);

/* Where members() hands each member (key NULL: each element), taking v's reference;
 * false to stop. */
typedef bool (*take_fn)(void *ctx, const char *key, size_t key_len, json_t *v);

/* An object's members or an array's elements, x at its opening bracket, each handed to
 * take: JSON's grammar of them, once for a nested value and for a record alike. */
static bool members(lexer *x, int depth, bool object, take_fn take, void *ctx)
{
    char close = object ? '}' : ']';
    x->p++;
    skip_space(x);
    if (x->p < x->len && x->t[x->p] == close) {
        x->p++;
        return true;
    }
    for (;;) {
        const char *key = NULL;
        size_t key_len = 0;
        json_t *decoded = NULL, *v = NULL;
        bool ok = true;
        if (object) {
            ok = key_at(x, &key, &key_len, &decoded);
            skip_space(x);
            ok = ok && x->p < x->len && x->t[x->p++] == ':';
            skip_space(x);
        }
        ok = ok && value(x, depth - 1, &v) && take(ctx, key, key_len, v);
        json_decref(decoded);
        if (!ok)
            return false;
        skip_space(x);
        if (x->p >= x->len)
            return false;
        char c = x->t[x->p++];
        if (c == close)
            return true;
        if (c != ',')
            return false;
        skip_space(x);
    }
}

/* Into a JSON object or array. A key given twice is left to jansson's parse, which
 * refuses it (JSON_REJECT_DUPLICATES: one reading of a document, whoever reads it). */
static bool take_json(void *ctx, const char *key, size_t key_len, json_t *v)
{
    json_t *into = ctx;
    if (key && json_object_getn(into, key, key_len)) {
        json_decref(v);
        return false;
    }
    return (key ? json_object_setn_new(into, key, key_len, v) : json_array_append_new(into, v)) == 0;
}

/* The value at x as a json_t, x left past it; false where it is not the plain case. */
static bool value(lexer *x, int depth, json_t **out)
{
    if (x->p >= x->len)
        return false;
    char c = x->t[x->p];
    json_t *v = NULL;
    if (c == '"') {
        v = string(x);
    } else if (c == '{' || c == '[') {
        if (depth == 0)
            return false;
        v = c == '{' ? json_object() : json_array();
        if (v && !members(x, depth, c == '{', take_json, v)) {
            json_decref(v);
            v = NULL;
        }
    } else if (c == '-' || (c >= '0' && c <= '9')) {
        v = number(x);
    } else {
        v = literal(x);
    }
    *out = v;
    return v != NULL;
}

/* v as a string of `strings`: the one kept there (borrowed), NULL out of memory. */
static json_t *kept(json_t *strings, json_t *v)
{
    json_t *k = json_object_get(strings, json_string_value(v));
    if (!k && json_object_set(strings, json_string_value(v), v) == 0)
        k = v;
    return k;
}

/* The row of the member named key[0, n): from the row after the one found before, as
 * a document lists them in order. */
static long row_of(const schema_record *t, const char *key, size_t n, size_t *next)
{
    for (size_t k = 0; k < t->n_rows; k++) {
        size_t i = (*next + k) % t->n_rows;
        const char *name = t->rows[i].key;
        if (name && strncmp(name, key, n) == 0 && name[n] == '\0') {
            *next = i + 1;
            return (long)i;
        }
    }
    return -1;
}

/* A record's members into its rows' slots; a member no row reads checked as the parse
 * checks it, its key UTF-8 too, and kept by name in `others`. A key given twice is left
 * to jansson's parse, which refuses it. */
typedef struct row_values {
    const schema_record *t;
    json_t *values[TEXT_ROWS];
    size_t next;
    json_t *others; /* the keys no row reads, made at the first */
} row_values;

static bool take_row(void *ctx, const char *key, size_t key_len, json_t *v)
{
    row_values *r = ctx;
    long row = row_of(r->t, key, key_len, &r->next);
    if (row >= 0 && !r->values[row]) {
        r->values[row] = v;
        return true;
    }
    json_decref(v);
    if (row >= 0 || (r->others && json_object_getn(r->others, key, key_len)))
        return false;
    json_t *name = json_stringn(key, key_len);
    bool ok = name && (r->others || (r->others = json_object())) &&
              json_object_setn_new(r->others, key, key_len, json_null()) == 0;
    json_decref(name);
    return ok;
}

bool schema_read_text(const schema_record *t, const char *text, size_t len, size_t *p, void *rec, json_t *strings)
{
    if (t->json_backed || t->n_rows > TEXT_ROWS)
        return false;
    for (size_t i = 0; i < t->n_rows; i++)
        if (!t->rows[i].key)
            return false; /* a keyless row reads the whole object: jansson's */
    row_values r = {.t = t};
    lexer x = {text, *p, len};
    /* The record's values are TEXT_DEPTH below it. */
    bool ok = x.p < len && text[x.p] == '{' && members(&x, TEXT_DEPTH + 1, true, take_row, &r);
    skip_space(&x);
    char why[256];
    for (size_t i = 0; ok && i < t->n_rows; i++) {
        const schema_row *row = &t->rows[i];
        const json_t *v = r.values[i];
        if (v && row->kind == SCHEMA_STR && json_is_string(v))
            ok = (v = kept(strings, r.values[i])) != NULL;
        ok = ok && schema_read_row(t, row, v, rec, why, sizeof why);
    }
    ok = ok && (!t->check || t->check(rec, why, sizeof why));
    for (size_t i = 0; i < t->n_rows; i++)
        json_decref(r.values[i]);
    json_decref(r.others);
    if (ok)
        *p = x.p;
    return ok;
}
