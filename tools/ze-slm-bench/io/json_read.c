/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/json_read.h"

/* The first window a span is parsed from: a rank's device is about 150 KB. It doubles
 * while the value goes on past it (yyjson copies what it is given). */
#define SPAN_WINDOW ((size_t)1 << 18)

/* What yyjson reads beyond JSON's grammar: numbers past int64 and double kept as text,
 * for the checks below to refuse as jansson does. */
static const yyjson_read_flag FLAGS = YYJSON_READ_BIGNUM_AS_RAW;

/* The keys of an object told apart by a table of their hashes (FNV-1a). */
static uint32_t key_hash(const char *s, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

static bool same_key(yyjson_val *a, yyjson_val *b)
{
    return yyjson_get_len(a) == yyjson_get_len(b) && memcmp(yyjson_get_str(a), yyjson_get_str(b), yyjson_get_len(a)) == 0;
}

/* Whether an object gives a key twice. Small ones (a result's 30) by a table on the
 * stack, larger ones by one allocated; -1 out of memory. */
static int twice(yyjson_val *o)
{
    size_t n = yyjson_obj_size(o), cap = 64;
    while (cap < 2 * n)
        cap *= 2;
    yyjson_val *local[64], **slot = cap == 64 ? local : calloc(cap, sizeof *slot);
    if (!slot)
        return -1;
    if (slot == local)
        memset(local, 0, sizeof local);
    int rc = 0;
    yyjson_val *key, *val;
    size_t idx, max;
    yyjson_obj_foreach(o, idx, max, key, val) {
        size_t i = key_hash(yyjson_get_str(key), yyjson_get_len(key)) & (cap - 1);
        while (slot[i] && !(rc = same_key(slot[i], key)))
            i = (i + 1) & (cap - 1);
        if (rc)
            break;
        slot[i] = key;
    }
    (void)val;
    if (slot != local)
        free(slot);
    return rc;
}

static bool has_nul(yyjson_val *s)
{
    return memchr(yyjson_get_str(s), '\0', yyjson_get_len(s)) != NULL;
}

/* What jansson refuses and yyjson reads; NULL where none. */
static const char *unlike_jansson(yyjson_val *v, size_t flags, int depth)
{
    switch (yyjson_get_type(v)) {
    case YYJSON_TYPE_RAW:
        return "a number too large";
    case YYJSON_TYPE_NUM:
        return yyjson_is_uint(v) && yyjson_get_uint(v) > INT64_MAX ? "too big integer" : NULL;
    case YYJSON_TYPE_STR:
        return has_nul(v) ? "\\u0000 is not allowed" : NULL;
    case YYJSON_TYPE_ARR:
    case YYJSON_TYPE_OBJ:
        break;
    default:
        return NULL;
    }
    if (depth >= JSON_READ_MAX_DEPTH)
        return "maximum parsing depth reached";
    if (yyjson_is_arr(v)) {
        yyjson_val *e;
        size_t idx, max;
        yyjson_arr_foreach(v, idx, max, e) {
            const char *why = unlike_jansson(e, flags, depth + 1);
            if (why)
                return why;
        }
        return NULL;
    }
    if (flags & JSON_REJECT_DUPLICATES) {
        int rc = twice(v);
        if (rc)
            return rc < 0 ? "out of host memory" : "duplicate object key";
    }
    yyjson_val *key, *e;
    size_t idx, max;
    yyjson_obj_foreach(v, idx, max, key, e) {
        const char *why = has_nul(key) ? "\\u0000 is not allowed" : unlike_jansson(e, flags, depth + 1);
        if (why)
            return why;
    }
    return NULL;
}

/* err as jansson's parse of the same text words it (what jansson says is the line
 * people have always read); `why` where jansson reads it after all. */
static void describe(const char *text, size_t len, size_t flags, const char *why, json_error_t *err)
{
    json_t *v = json_loadb(text, len, flags, err);
    if (v) {
        memset(err, 0, sizeof *err);
        err->line = 1;
        snprintf(err->text, sizeof err->text, "%s", why);
    }
    json_decref(v);
}

static void oom(json_error_t *err)
{
    memset(err, 0, sizeof *err);
    err->line = -1;
    snprintf(err->text, sizeof err->text, "out of host memory");
}

json_t *json_read_value(yyjson_val *v)
{
    switch (yyjson_get_type(v)) {
    case YYJSON_TYPE_NULL:
        return json_null();
    case YYJSON_TYPE_BOOL:
        return json_boolean(yyjson_get_bool(v));
    case YYJSON_TYPE_NUM:
        if (yyjson_is_real(v))
            return json_real(yyjson_get_real(v));
        return json_integer(yyjson_is_sint(v) ? (json_int_t)yyjson_get_sint(v) : (json_int_t)yyjson_get_uint(v));
    case YYJSON_TYPE_STR:
        return json_stringn_nocheck(yyjson_get_str(v), yyjson_get_len(v));
    case YYJSON_TYPE_ARR: {
        json_t *a = json_array();
        yyjson_val *e;
        size_t idx, max;
        yyjson_arr_foreach(v, idx, max, e) {
            if (!a || json_array_append_new(a, json_read_value(e))) {
                json_decref(a);
                return NULL;
            }
        }
        return a;
    }
    case YYJSON_TYPE_OBJ: {
        json_t *o = json_object();
        yyjson_val *key, *e;
        size_t idx, max;
        yyjson_obj_foreach(v, idx, max, key, e) {
            if (!o || json_object_setn_new_nocheck(o, yyjson_get_str(key), yyjson_get_len(key), json_read_value(e))) {
                json_decref(o);
                return NULL;
            }
        }
        return o;
    }
    default:
        return NULL;
    }
}

json_t *json_read(const char *text, size_t len, size_t flags, json_error_t *err)
{
    yyjson_read_err yerr = {0};
    yyjson_doc *doc = len ? yyjson_read_opts((char *)text, len, FLAGS, NULL, &yerr) : NULL;
    yyjson_val *root = yyjson_doc_get_root(doc);
    /* A NUL byte ends jansson's reading of a text; here it is a byte of the text, and
     * refused after the value as any other byte (yyjson's words then). */
    const char *why = !doc ? (yerr.msg ? yerr.msg : "not JSON")
                      : !(flags & JSON_DECODE_ANY) && !yyjson_is_ctn(root) ? "'[' or '{' expected"
                                                                          : unlike_jansson(root, flags, 0);
    json_t *v = NULL;
    if (why && strcmp(why, "out of host memory") == 0)
        oom(err);
    else if (why)
        describe(text, len, flags, why, err);
    else if (!(v = json_read_value(root)))
        oom(err);
    yyjson_doc_free(doc);
    return v;
}

json_t *json_read_file(const char *path, size_t flags, json_error_t *err)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t n = 0, cap = 0;
    json_t *v = NULL;
    if (!f) {
        memset(err, 0, sizeof *err);
        snprintf(err->text, sizeof err->text, "unable to open %s: %s", path, strerror(errno));
        err->line = -1;
        return NULL;
    }
    for (;;) {
        if (n == cap) {
            cap = cap ? 2 * cap : 1 << 16;
            char *grown = cap <= JSON_READ_FILE_MAX + 1 ? realloc(buf, cap) : NULL;
            if (!grown) {
                memset(err, 0, sizeof *err);
                err->line = -1;
                snprintf(err->text, sizeof err->text, "%s", cap > JSON_READ_FILE_MAX + 1 ? "larger than 256 MiB"
                                                                                      : "out of host memory");
                goto out;
            }
            buf = grown;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        memset(err, 0, sizeof *err);
        err->line = -1;
        snprintf(err->text, sizeof err->text, "read error: %s", strerror(errno));
        goto out;
    }
    v = json_read(buf, n, flags, err);
out:
    fclose(f);
    free(buf);
    return v;
}

yyjson_doc *json_read_span(const char *text, size_t len, size_t at, size_t max, size_t *end, json_error_t *err)
{
    size_t rest = len - at, window = rest < SPAN_WINDOW ? rest : SPAN_WINDOW, limit = rest < max ? rest : max;
    yyjson_read_err yerr = {0};
    yyjson_doc *doc = NULL;
    for (;;) {
        doc = window ? yyjson_read_opts((char *)text + at, window, FLAGS | YYJSON_READ_STOP_WHEN_DONE, NULL, &yerr)
                     : NULL;
        /* Cut by the window, not by the text: a window twice as large. */
        bool cut = !doc && window < limit && (yerr.code == YYJSON_READ_ERROR_UNEXPECTED_END || yerr.pos + 8 >= window);
        if (!cut)
            break;
        window = window > limit / 2 ? limit : 2 * window;
    }
    const char *why = yerr.msg ? yerr.msg : "not JSON";
    if (doc && !(why = unlike_jansson(yyjson_doc_get_root(doc), JSON_REJECT_DUPLICATES, 0))) {
        *end = at + yyjson_doc_get_read_size(doc);
        return doc;
    }
    size_t read = doc ? yyjson_doc_get_read_size(doc) : limit;
    yyjson_doc_free(doc);
    if (why && strcmp(why, "out of host memory") == 0) {
        oom(err);
    } else if (!doc && window == limit && limit < rest && (yerr.code == YYJSON_READ_ERROR_UNEXPECTED_END ||
                                                           yerr.pos + 8 >= window)) {
        memset(err, 0, sizeof *err);
        err->line = 0;
        snprintf(err->text, sizeof err->text, "a value larger than one record may be");
    } else {
        describe(text + at, read, JSON_DECODE_ANY | JSON_REJECT_DUPLICATES | JSON_DISABLE_EOF_CHECK, why, err);
    }
    return NULL;
}
