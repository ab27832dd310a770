/* SPDX-License-Identifier: MIT */
#include <string.h>

#include <jansson.h>

#include "json/doc_scan.h"

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

size_t doc_scan_space(const char *t, size_t len, size_t p)
{
    while (p < len && is_space(t[p]))
        p++;
    return p;
}

static size_t fail(doc_scan_error *err, size_t at, const char *what)
{
    err->at = at;
    err->what = what;
    return 0;
}

/* The end of the string whose opening quote is at p: the next quote not escaped (one
 * preceded by an even run of backslashes). memchr keeps a scan of 1 GB near memory's
 * speed. */
static size_t string_end(const char *t, size_t len, size_t p, doc_scan_error *err)
{
    size_t q = p + 1;
    for (;;) {
        const char *quote = q < len ? memchr(t + q, '"', len - q) : NULL;
        if (!quote)
            return fail(err, p, "a string that does not end");
        size_t at = (size_t)(quote - t), slashes = 0;
        while (at - slashes > p + 1 && t[at - slashes - 1] == '\\')
            slashes++;
        if (slashes % 2 == 0)
            return at + 1;
        q = at + 1;
    }
}

/* The bytes a value's structure turns on: quotes and brackets. */
static const bool structural[256] = {['"'] = true, ['{'] = true, ['}'] = true, ['['] = true, [']'] = true};

static bool ends_scalar(char c)
{
    return c == ',' || c == '}' || c == ']' || c == ':' || is_space(c);
}

size_t doc_scan_value(const char *t, size_t len, size_t p, doc_scan_error *err)
{
    if (p >= len)
        return fail(err, p, "a value expected, the text ended");
    if (t[p] == '"')
        return string_end(t, len, p, err);
    if (t[p] != '{' && t[p] != '[') {
        size_t q = p;
        while (q < len && !ends_scalar(t[q]) && t[q] != '{' && t[q] != '[' && t[q] != '"')
            q++;
        return q > p ? q : fail(err, p, "a value expected");
    }
    /* The open brackets, to close each with its own kind. */
    char open[DOC_SCAN_MAX_DEPTH];
    size_t depth = 0;
    for (size_t q = p; q < len; q++) {
        /* Past what is none of them first: most bytes are digits, spaces and commas. */
        while (q < len && !structural[(unsigned char)t[q]])
            q++;
        if (q == len)
            break;
        char c = t[q];
        if (c == '"') {
            size_t end = string_end(t, len, q, err);
            if (!end)
                return 0;
            q = end - 1;
        } else if (c == '{' || c == '[') {
            if (depth == DOC_SCAN_MAX_DEPTH)
                return fail(err, q, "nested too deep");
            open[depth++] = c;
        } else if (c == '}' || c == ']') {
            if (open[depth - 1] != (c == '}' ? '{' : '['))
                return fail(err, q, "a bracket closes what it did not open");
            if (--depth == 0)
                return q + 1;
        }
    }
    return fail(err, p, "an object or array that does not end");
}

/* Past the separator before the next item: a ',' (none before the first) or the close. */
static int next_item(const char *t, size_t len, size_t *p, bool first, char close, doc_scan_error *err)
{
    size_t q = doc_scan_space(t, len, *p);
    if (q < len && t[q] == close) {
        *p = q + 1;
        return 0;
    }
    if (!first) {
        if (q >= len || t[q] != ',') {
            fail(err, q, close == '}' ? "',' or '}' expected" : "',' or ']' expected");
            return -1;
        }
        q = doc_scan_space(t, len, q + 1);
    }
    *p = q;
    return 1;
}

int doc_scan_member_key(const char *t, size_t len, size_t *p, bool first, doc_scan_member *m, doc_scan_error *err)
{
    int more = next_item(t, len, p, first, '}', err);
    if (more <= 0)
        return more;
    size_t q = *p;
    if (q >= len || t[q] != '"') {
        fail(err, q, "a key expected");
        return -1;
    }
    size_t key_end = string_end(t, len, q, err);
    if (!key_end)
        return -1;
    size_t colon = doc_scan_space(t, len, key_end);
    if (colon >= len || t[colon] != ':') {
        fail(err, colon, "':' expected");
        return -1;
    }
    size_t v = doc_scan_space(t, len, colon + 1);
    *m = (doc_scan_member){.key = q + 1, .key_len = key_end - q - 2, .value = v, .value_end = 0};
    *p = v;
    return 1;
}

int doc_scan_element_next(const char *t, size_t len, size_t *p, bool first, size_t *start, size_t *end,
                          doc_scan_error *err)
{
    int more = next_item(t, len, p, first, ']', err);
    if (more <= 0)
        return more;
    size_t e = doc_scan_value(t, len, *p, err);
    if (!e)
        return -1;
    *start = *p;
    *end = *p = e;
    return 1;
}

bool doc_scan_key_is(const char *t, const doc_scan_member *m, const char *key)
{
    size_t n = strlen(key);
    if (!memchr(t + m->key, '\\', m->key_len))
        return m->key_len == n && memcmp(t + m->key, key, n) == 0;
    /* Escaped ("dev\u0069ces"): decoded as jansson decodes it. */
    json_t *k = json_loadb(t + m->key - 1, m->key_len + 2, JSON_DECODE_ANY, NULL);
    bool same = json_is_string(k) && strcmp(json_string_value(k), key) == 0;
    json_decref(k);
    return same;
}
