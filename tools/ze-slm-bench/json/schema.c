/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* Whether s holds n bytes of UTF-8 as jansson 2.14 takes it (utf.c, utf8_check_string):
 * no overlong form, no surrogate half, nothing above U+10FFFF. */
static bool utf8_valid(const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        unsigned c = u[i];
        /* The length a lead byte gives; 0: a trail byte, an overlong C0 or C1, F5 up. */
        size_t len = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3
                                 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
        if (len == 0 || len > n - i)
            return false;
        uint32_t cp = len == 1 ? c : c & (0x7Fu >> len);
        for (size_t k = 1; k < len; k++) {
            if (u[i + k] < 0x80 || u[i + k] > 0xBF)
                return false;
            cp = cp << 6 | (u[i + k] & 0x3Fu);
        }
        static const uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
        if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF) || cp < least[len])
            return false;
        i += len;
    }
    return true;
}

static scalar text_scalar(const char *s)
{
    size_t n = strlen(s);
    /* json_string refuses other than UTF-8, and write_row writes that NULL as null. */
    return utf8_valid(s, n) ? (scalar){.type = SCALAR_STRING, .s = s, .n = n} : (scalar){.type = SCALAR_NULL};
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

/* ---- Written straight to a file ----
 * The bytes json_dumpf writes with a document's flags (JSON_INDENT(2) |
 * JSON_PRESERVE_ORDER: docs/results-schema.md's layout), written without making a
 * json_t of each value: a document of 10,000 devices holds 2 million result rows, and
 * a json_t made, dumped and freed for each of their scalars was a fifth of a merge
 *. The rules are jansson 2.14's (dump.c, strconv.c); tests/unit/
 * test_schema_emit.c holds each to json_dumps. */

/* Text on its way to f, gathered so that a record's run of scalar members costs one
 * fwrite rather than a call into stdio, and its lock, for each key, indent and value. */
typedef struct sink {
    FILE *f;
    bool ok; /* false once a write failed */
    size_t n;
    char buf[4096];
} sink;

static void sink_open(sink *s, FILE *f)
{
    s->f = f, s->ok = true, s->n = 0;
}

/* Empties the buffer into f; false when this or an earlier write failed. */
static bool sink_flush(sink *s)
{
    if (s->n && s->ok)
        s->ok = fwrite(s->buf, 1, s->n, s->f) == s->n;
    s->n = 0;
    return s->ok;
}

static void put(sink *s, const char *text, size_t n)
{
    if (n > sizeof s->buf - s->n) {
        sink_flush(s);
        if (n > sizeof s->buf) {
            s->ok = s->ok && fwrite(text, 1, n, s->f) == n;
            return;
        }
    }
    memcpy(s->buf + s->n, text, n);
    s->n += n;
}

static void put_char(sink *s, char c)
{
    put(s, &c, 1);
}

static void put_indent(sink *s, int depth, bool first)
{
    static const char spaces[] = "                                                                ";
    if (!first)
        put_char(s, ',');
    put_char(s, '\n');
    for (int n = 2 * depth; n > 0; n -= (int)sizeof spaces - 1)
        put(s, spaces, n < (int)sizeof spaces - 1 ? (size_t)n : sizeof spaces - 1);
}

bool schema_emit_indent(FILE *f, int depth, bool first)
{
    sink s;
    sink_open(&s, f);
    put_indent(&s, depth, first);
    return sink_flush(&s);
}

/* "%" JSON_INTEGER_FORMAT ("lld"), by hand: the digits from the right, the magnitude
 * unsigned so that LLONG_MIN has one. */
static void put_integer(sink *s, long long x)
{
    char text[24];
    char *p = text + sizeof text;
    unsigned long long m = x < 0 ? 0ull - (unsigned long long)x : (unsigned long long)x;
    do
        *--p = (char)('0' + m % 10);
    while ((m /= 10) != 0);
    if (x < 0)
        *--p = '-';
    put(s, p, (size_t)(text + sizeof text - p));
}

#ifdef __SIZEOF_INT128__
__extension__ typedef unsigned __int128 u128;

/* The 17 significant digits of a positive d from 1e-11 to 1e17 (a document's times,
 * rates and ratios), rounded as glibc's printf rounds "%.17g": to nearest, a tie to
 * even, on the exact binary value. d = m 2^e2 exactly, so d 10^p = m 5^p 2^(p+e2), in
 * 128 bits while 5^p < 2^63 (p <= 27). `digits` gets them, `exp10` the exponent of the
 * first; false outside that range (snprintf writes those). */
static bool digits17(double d, uint64_t *digits, int *exp10)
{
    static const uint64_t e16 = 10000000000000000ull, e17 = 100000000000000000ull;
    if (!(d >= 1e-11 && d < 1e17))
        return false;
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    uint64_t m = (bits & ((1ull << 52) - 1)) | 1ull << 52; /* a normal number: d >= 1e-11 */
    int e2 = (int)(bits >> 52 & 0x7FF) - 1075;
    /* log10(d) lies in [(e2 + 52) log10(2), (e2 + 53) log10(2)): k is the floor of one. */
    int k = (int)floor((e2 + 52) * 0.30102999566398119521);
    for (int tries = 0; tries < 3; tries++) {
        int p = 16 - k;
        if (p < 0 || p > 27)
            return false;
        uint64_t pow5 = 1;
        for (int i = 0; i < p; i++)
            pow5 *= 5;
        u128 n = (u128)m * pow5, rem = 0, half = 0;
        int shift = -(p + e2);
        if (shift <= 0) {
            if (-shift > 10)
                return false; /* a guard: d 10^p < 10^18 is never shifted this far */
            n <<= -shift;
        } else {
            if (shift > 120)
                return false;
            rem = n & (((u128)1 << shift) - 1);
            half = (u128)1 << (shift - 1);
            n >>= shift;
        }
        /* Exactly 17 digits before rounding, else the exponent was one off. */
        if (n >= e17) {
            k++;
            continue;
        }
        if (n < e16) {
            k--;
            continue;
        }
        /* Rounding never carries into an 18th digit: for j from -11 to 17 the double
         * closest below 10^j is 4.5e-17 of it away or more (1e-6 and 1e-7 the closest,
         * worked out exactly for each j), and half a 17th digit is 5e-18 of it. */
        uint64_t q = (uint64_t)n;
        if (shift > 0 && (rem > half || (rem == half && (q & 1))))
            q++;
        *digits = q;
        *exp10 = k;
        return true;
    }
    return false;
}

/* "%.17g" of those digits as jansson leaves it: %g's plain form where the exponent is
 * from -4 to 16, else its exponent form, trailing zeros dropped either way; then ".0"
 * where no '.' is left, and the exponent without its leading zeros ("e-5"). */
static void put_digits17(sink *s, bool negative, uint64_t q, int k)
{
    char d[17], text[40];
    for (int i = 16; i >= 0; i--, q /= 10)
        d[i] = (char)('0' + q % 10);
    int len = 17, n = 0;
    while (len > 1 && d[len - 1] == '0')
        len--;
    if (negative)
        text[n++] = '-';
    if (k >= 0) {
        memcpy(text + n, d, (size_t)k + 1);
        n += k + 1;
        text[n++] = '.';
        if (len > k + 1) {
            memcpy(text + n, d + k + 1, (size_t)(len - k - 1));
            n += len - k - 1;
        } else {
            text[n++] = '0';
        }
    } else if (k >= -4) {
        memcpy(text + n, "0.000", (size_t)(1 - k));
        n += 1 - k;
        memcpy(text + n, d, (size_t)len);
        n += len;
    } else {
        text[n++] = d[0];
        if (len > 1) {
            text[n++] = '.';
            memcpy(text + n, d + 1, (size_t)len - 1);
            n += len - 1;
        }
        /* -k is 5 to 11 here. */
        text[n++] = 'e', text[n++] = '-';
        if (-k >= 10)
            text[n++] = (char)('0' + -k / 10);
        text[n++] = (char)('0' + -k % 10);
    }
    put(s, text, (size_t)n);
}
#endif

/* A finite double as jansson's jsonp_dtostr writes it at its default precision: "%.17g",
 * ".0" added where the text has neither '.' nor 'e' (so that it reads back as a real),
 * and the exponent without its '+' and leading zeros ("1e+300" is "1e300", "1e-05"
 * "1e-5"). The tool never calls setlocale, so the decimal point is '.' as jansson's
 * from_locale would leave it. */
static void put_real(sink *s, double x)
{
    if (x == 0) {
        put(s, signbit(x) ? "-0.0" : "0.0", signbit(x) ? 4 : 3);
        return;
    }
#ifdef __SIZEOF_INT128__
    uint64_t q;
    int k;
    if (digits17(fabs(x), &q, &k)) {
        put_digits17(s, x < 0, q, k);
        return;
    }
#endif
    char text[40];
    int n = snprintf(text, sizeof text - 2, "%.17g", x);
    if (n < 0 || n >= (int)sizeof text - 2) {
        s->ok = false;
        return;
    }
    char *e = memchr(text, 'e', (size_t)n);
    if (!e && !memchr(text, '.', (size_t)n)) {
        memcpy(text + n, ".0", 2);
        n += 2;
    } else if (e) {
        char *from = e + 1, *to = e + 1;
        if (*from == '-')
            from++, to++;
        else if (*from == '+')
            from++;
        while (*from == '0')
            from++;
        size_t tail = (size_t)(text + n - from);
        memmove(to, from, tail);
        n = (int)(to + tail - text);
    }
    put(s, text, (size_t)n);
}

/* A string of valid UTF-8 as jansson's dump_string writes it without JSON_ENSURE_ASCII
 * or JSON_ESCAPE_SLASH: '"', '\\' and the control characters below 0x20 escaped (the
 * six with a letter by it, the rest as \u00XX in upper case), everything else as it
 * is. In UTF-8 a byte below 0x80 is always a character of its own, so bytes do. */
static void put_string(sink *s, const char *text, size_t n)
{
    put_char(s, '"');
    size_t from = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        char esc[7] = {'\\', (char)c, 0};
        size_t len = 2;
        switch (c) {
        case '"': case '\\': break;
        case '\b': esc[1] = 'b'; break;
        case '\f': esc[1] = 'f'; break;
        case '\n': esc[1] = 'n'; break;
        case '\r': esc[1] = 'r'; break;
        case '\t': esc[1] = 't'; break;
        default: len = (size_t)snprintf(esc, sizeof esc, "\\u%04X", c); break;
        }
        put(s, text + from, i - from);
        put(s, esc, len);
        from = i + 1;
    }
    put(s, text + from, n - from);
    put_char(s, '"');
}

static void put_scalar(sink *s, const scalar *v)
{
    switch (v->type) {
    case SCALAR_INT: put_integer(s, v->i); break;
    case SCALAR_REAL: put_real(s, v->d); break;
    case SCALAR_BOOL: put(s, v->b ? "true" : "false", v->b ? 4 : 5); break;
    case SCALAR_STRING: put_string(s, v->s, v->n); break;
    case SCALAR_NULL: put(s, "null", 4); break;
    case SCALAR_OMIT: s->ok = false; break;
    }
}

/* A key as json_dumpf writes it; a key that is not UTF-8 (only json_object_set_nocheck
 * makes one) fails as jansson's dump does. */
static void put_key(sink *s, const char *key)
{
    size_t n = strlen(key);
    if (!utf8_valid(key, n))
        s->ok = false;
    else
        put_string(s, key, n);
}

static void put_json(sink *s, const json_t *v, int depth)
{
    scalar x;
    if (!v) {
        s->ok = false;
        return;
    }
    switch (json_typeof(v)) {
    case JSON_OBJECT: {
        if (json_object_size(v) == 0) {
            put(s, "{}", 2);
            return;
        }
        put_char(s, '{');
        bool first = true;
        const char *key;
        json_t *m;
        /* In the order set, as JSON_PRESERVE_ORDER dumps it. */
        json_object_foreach((json_t *)v, key, m) {
            put_indent(s, depth + 1, first);
            put_key(s, key);
            put(s, ": ", 2);
            put_json(s, m, depth + 1);
            first = false;
        }
        put_indent(s, depth, true);
        put_char(s, '}');
        return;
    }
    case JSON_ARRAY: {
        size_t n = json_array_size(v);
        if (n == 0) {
            put(s, "[]", 2);
            return;
        }
        put_char(s, '[');
        for (size_t i = 0; i < n; i++) {
            put_indent(s, depth + 1, i == 0);
            put_json(s, json_array_get(v, i), depth + 1);
        }
        put_indent(s, depth, true);
        put_char(s, ']');
        return;
    }
    /* A json_t string is UTF-8 already (jansson checks it when it is made). */
    case JSON_STRING: x = (scalar){.type = SCALAR_STRING, .s = json_string_value(v), .n = json_string_length(v)}; break;
    case JSON_INTEGER: x = (scalar){.type = SCALAR_INT, .i = json_integer_value(v)}; break;
    case JSON_REAL: x = (scalar){.type = SCALAR_REAL, .d = json_real_value(v)}; break;
    case JSON_TRUE: x = (scalar){.type = SCALAR_BOOL, .b = true}; break;
    case JSON_FALSE: x = (scalar){.type = SCALAR_BOOL, .b = false}; break;
    default: x = (scalar){.type = SCALAR_NULL}; break;
    }
    put_scalar(s, &x);
}

bool schema_emit_json(FILE *f, const json_t *v, int depth)
{
    sink s;
    sink_open(&s, f);
    put_json(&s, v, depth);
    return sink_flush(&s);
}

bool schema_emit_integers(FILE *f, const uint64_t *v, size_t n, int depth)
{
    sink s;
    sink_open(&s, f);
    if (n == 0)
        put(&s, "[]", 2);
    else
        put_char(&s, '[');
    for (size_t i = 0; i < n && s.ok; i++) {
        put_indent(&s, depth + 1, i == 0);
        /* As json_integer((json_int_t)v[i]) is written. */
        put_integer(&s, (long long)v[i]);
    }
    if (n) {
        put_indent(&s, depth, true);
        put_char(&s, ']');
    }
    return sink_flush(&s);
}

static void put_member(sink *s, const char *key, const json_t *v, int depth, bool *first)
{
    put_indent(s, depth, *first);
    put_key(s, key);
    put(s, ": ", 2);
    put_json(s, v, depth);
    *first = false;
}

bool schema_emit(FILE *f, const schema_record *t, const void *rec, int depth)
{
    sink s;
    sink_open(&s, f);
    put_char(&s, '{');
    bool first = true;
    for (size_t i = 0; s.ok && i < t->n_rows; i++) {
        const schema_row *row = &t->rows[i];
        if (row->emit) {
            if (gated_off(t, row, rec))
                continue;
            put_indent(&s, depth + 1, first);
            put_char(&s, '"');
            put(&s, row->key, strlen(row->key));
            put(&s, "\": ", 3);
            s.ok = sink_flush(&s) && row->emit(f, rec, depth + 1);
            first = false;
            continue;
        }
        if (row->key && !row->write && scalar_kind(row->kind)) {
            /* Most of a document: its rows' numbers and names, with no json_t made. */
            scalar v = gated_off(t, row, rec) ? (scalar){.type = SCALAR_OMIT} : scalar_of(row, rec);
            if (v.type != SCALAR_OMIT) {
                put_indent(&s, depth + 1, first);
                put_key(&s, row->key);
                put(&s, ": ", 2);
                put_scalar(&s, &v);
                first = false;
            }
            continue;
        }
        json_t *v = write_row(t, row, rec);
        if (v && !row->key) {
            /* A keyless JSON row: its record's members at this level (the run's head). */
            const char *key;
            json_t *x;
            json_object_foreach(v, key, x)
                put_member(&s, key, x, depth + 1, &first);
        } else if (v) {
            put_member(&s, row->key, v, depth + 1, &first);
        }
        json_decref(v);
    }
    if (!first)
        put_indent(&s, depth, true);
    put_char(&s, '}');
    return sink_flush(&s);
}

json_t *schema_field(const schema_record *t, const char *key, const void *rec)
{
    for (size_t i = 0; i < t->n_rows; i++)
        if (t->rows[i].key && strcmp(t->rows[i].key, key) == 0)
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
