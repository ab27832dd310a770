/* SPDX-License-Identifier: MIT */
/* The one JSON writer (json_write.h). The bytes are jansson 2.14's (dump.c, strconv.c),
 * written without making a json_t of each value: a document of 10,000 devices holds 2
 * million result rows, and a json_t made, dumped and freed for each of their scalars
 * was a fifth of a merge. tests/unit/test_json_write.c holds each rule to json_dumps. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/json_write.h"

void json_out_open(json_out *o, FILE *f, bool compact)
{
    o->f = f, o->ok = true, o->compact = compact, o->n = 0;
}

bool json_out_flush(json_out *o)
{
    if (o->n && o->ok)
        o->ok = fwrite(o->buf, 1, o->n, o->f) == o->n;
    o->n = 0;
    return o->ok;
}

void json_out_raw(json_out *o, const char *text, size_t n)
{
    if (n > sizeof o->buf - o->n) {
        json_out_flush(o);
        if (n > sizeof o->buf) {
            o->ok = o->ok && fwrite(text, 1, n, o->f) == n;
            return;
        }
    }
    memcpy(o->buf + o->n, text, n);
    o->n += n;
}

static void put_char(json_out *o, char c)
{
    json_out_raw(o, &c, 1);
}

void json_out_indent(json_out *o, int depth, bool first)
{
    static const char spaces[] = "                                                                ";
    if (!first)
        put_char(o, ',');
    if (o->compact)
        return;
    put_char(o, '\n');
    for (int n = 2 * depth; n > 0; n -= (int)sizeof spaces - 1)
        json_out_raw(o, spaces, n < (int)sizeof spaces - 1 ? (size_t)n : sizeof spaces - 1);
}

void json_out_close_indent(json_out *o, int depth)
{
    json_out_indent(o, depth, true);
}

bool json_utf8_valid(const char *s, size_t n)
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

/* "%" JSON_INTEGER_FORMAT ("lld"), by hand: the digits from the right, the magnitude
 * unsigned so that LLONG_MIN has one. */
void json_out_integer(json_out *o, long long x)
{
    char text[24];
    char *p = text + sizeof text;
    unsigned long long m = x < 0 ? 0ull - (unsigned long long)x : (unsigned long long)x;
    do
        *--p = (char)('0' + m % 10);
    while ((m /= 10) != 0);
    if (x < 0)
        *--p = '-';
    json_out_raw(o, p, (size_t)(text + sizeof text - p));
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
static void put_digits17(json_out *o, bool negative, uint64_t q, int k)
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
    json_out_raw(o, text, (size_t)n);
}
#endif

/* A finite double as jansson's jsonp_dtostr writes it at its default precision: "%.17g",
 * ".0" added where the text has neither '.' nor 'e' (so that it reads back as a real),
 * and the exponent without its '+' and leading zeros ("1e+300" is "1e300", "1e-05"
 * "1e-5"). The tool never calls setlocale, so the decimal point is '.' as jansson's
 * from_locale would leave it. */
void json_out_real(json_out *o, double x)
{
    if (!isfinite(x)) {
        o->ok = false;
        return;
    }
    if (x == 0) {
        json_out_raw(o, signbit(x) ? "-0.0" : "0.0", signbit(x) ? 4 : 3);
        return;
    }
#ifdef __SIZEOF_INT128__
    uint64_t q;
    int k;
    if (digits17(fabs(x), &q, &k)) {
        put_digits17(o, x < 0, q, k);
        return;
    }
#endif
    char text[40];
    int n = snprintf(text, sizeof text - 2, "%.17g", x);
    if (n < 0 || n >= (int)sizeof text - 2) {
        o->ok = false;
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
    json_out_raw(o, text, (size_t)n);
}

/* A string of valid UTF-8 as jansson's dump_string writes it without JSON_ENSURE_ASCII
 * or JSON_ESCAPE_SLASH: '"', '\\' and the control characters below 0x20 escaped (the
 * six with a letter by it, the rest as \u00XX in upper case), everything else as it
 * is. In UTF-8 a byte below 0x80 is always a character of its own, so bytes do. */
void json_out_string(json_out *o, const char *text, size_t n)
{
    put_char(o, '"');
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
        json_out_raw(o, text + from, i - from);
        json_out_raw(o, esc, len);
        from = i + 1;
    }
    json_out_raw(o, text + from, n - from);
    put_char(o, '"');
}

void json_out_key(json_out *o, const char *key)
{
    size_t n = strlen(key);
    if (!json_utf8_valid(key, n)) {
        o->ok = false;
        return;
    }
    json_out_string(o, key, n);
    json_out_raw(o, ": ", o->compact ? 1 : 2);
}

void json_out_value(json_out *o, const json_t *v, int depth)
{
    if (!v) {
        o->ok = false;
        return;
    }
    switch (json_typeof(v)) {
    case JSON_OBJECT: {
        if (json_object_size(v) == 0) {
            json_out_raw(o, "{}", 2);
            return;
        }
        put_char(o, '{');
        bool first = true;
        const char *key;
        json_t *m;
        /* In the order set, as JSON_PRESERVE_ORDER dumps it. */
        json_object_foreach((json_t *)v, key, m) {
            json_out_indent(o, depth + 1, first);
            json_out_key(o, key);
            json_out_value(o, m, depth + 1);
            first = false;
        }
        json_out_close_indent(o, depth);
        put_char(o, '}');
        return;
    }
    case JSON_ARRAY: {
        size_t n = json_array_size(v);
        if (n == 0) {
            json_out_raw(o, "[]", 2);
            return;
        }
        put_char(o, '[');
        for (size_t i = 0; i < n; i++) {
            json_out_indent(o, depth + 1, i == 0);
            json_out_value(o, json_array_get(v, i), depth + 1);
        }
        json_out_close_indent(o, depth);
        put_char(o, ']');
        return;
    }
    /* A json_t string is UTF-8 already (jansson checks it when it is made). */
    case JSON_STRING: json_out_string(o, json_string_value(v), json_string_length(v)); return;
    case JSON_INTEGER: json_out_integer(o, json_integer_value(v)); return;
    case JSON_REAL: json_out_real(o, json_real_value(v)); return;
    case JSON_TRUE: json_out_raw(o, "true", 4); return;
    case JSON_FALSE: json_out_raw(o, "false", 5); return;
    default: json_out_raw(o, "null", 4); return;
    }
}

/* v at `depth`, then `end` (NULL: nothing), through a json_out on f. */
static bool write_value(FILE *f, const json_t *v, int depth, bool compact, const char *end)
{
    json_out o;
    json_out_open(&o, f, compact);
    json_out_value(&o, v, depth);
    if (end)
        json_out_raw(&o, end, strlen(end));
    return json_out_flush(&o);
}

bool json_write(FILE *f, const json_t *v, int depth)
{
    return write_value(f, v, depth, false, NULL);
}

bool json_write_document(FILE *f, const json_t *v)
{
    return write_value(f, v, 0, false, "\n");
}

bool json_write_line(FILE *f, const json_t *v)
{
    return write_value(f, v, 0, true, "\n");
}

char *json_write_text(const json_t *v)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    bool ok = write_value(f, v, 0, true, NULL);
    /* The text is whole (and NUL-ended) once the stream is closed. */
    if (fclose(f) != 0 || !ok) {
        free(text);
        return NULL;
    }
    return text;
}

bool json_write_integers(FILE *f, const uint64_t *v, size_t n, int depth)
{
    json_out o;
    json_out_open(&o, f, false);
    if (n == 0)
        json_out_raw(&o, "[]", 2);
    else
        put_char(&o, '[');
    for (size_t i = 0; i < n && o.ok; i++) {
        json_out_indent(&o, depth + 1, i == 0);
        /* As json_integer((json_int_t)v[i]) is written. */
        json_out_integer(&o, (long long)v[i]);
    }
    if (n) {
        json_out_close_indent(&o, depth);
        put_char(&o, ']');
    }
    return json_out_flush(&o);
}

bool json_write_indent(FILE *f, int depth, bool first)
{
    json_out o;
    json_out_open(&o, f, false);
    json_out_indent(&o, depth, first);
    return json_out_flush(&o);
}

bool json_write_key(FILE *f, int depth, bool first, const char *key)
{
    json_out o;
    json_out_open(&o, f, false);
    json_out_indent(&o, depth, first);
    json_out_key(&o, key);
    return json_out_flush(&o);
}
