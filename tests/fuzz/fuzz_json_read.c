/* SPDX-License-Identifier: MIT */
/* libFuzzer target: the one JSON reader's promise (tests/unit/test_json_read.c) on any
 * bytes: it reads a text to the value jansson's parse reads, refuses what jansson
 * refuses in jansson's words, and where the schema's rows read a result from what it
 * parsed, schema_read of jansson's value reads the same record. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "io/json_read.h"
#include "json/records.h"
#include "json/schema.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *written(const zeslm_result *r)
{
    json_t *o = schema_write(&records_result, r);
    char *s = o ? json_dumps(o, JSON_PRESERVE_ORDER) : NULL;
    json_decref(o);
    return s;
}

static char *dumped(const json_t *v)
{
    return v ? json_dumps(v, JSON_ENCODE_ANY | JSON_PRESERVE_ORDER) : NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    const size_t flags = JSON_DECODE_ANY | JSON_REJECT_DUPLICATES;
    json_error_t a, b;
    json_t *x = json_loadb(text, size, flags, &a), *y = json_read(text, size, flags, &b);
    char *sx = dumped(x), *sy = dumped(y);
    /* jansson stops reading at a NUL byte; the reader refuses one after the value. */
    bool nul_ended = x && !y && memchr(text, '\0', size);
    if (!nul_ended && (!x != !y || (sx && strcmp(sx, sy) != 0) || (!x && (strcmp(a.text, b.text) != 0 || a.line != b.line))))
        abort();
    free(sx);
    free(sy);
    json_decref(y);
    /* The rows over the reader's parse, against schema_read over jansson's. */
    size_t end;
    yyjson_doc *doc = json_read_span(text, size, 0, size, &end, &b);
    json_t *strings = json_object();
    zeslm_result fast = {0}, slow = {0};
    if (doc && x && end == size && schema_read_values(&records_result, yyjson_doc_get_root(doc), &fast, strings)) {
        char why[256], *s = NULL, *f = written(&fast);
        if (schema_read(&records_result, x, &slow, why, sizeof why) == 0)
            s = written(&slow);
        if (!s || !f || strcmp(s, f) != 0)
            abort();
        free(s);
        free(f);
    }
    yyjson_doc_free(doc);
    free(fast.times_ns);
    free(slow.times_ns);
    json_decref(strings);
    json_decref(x);
    return 0;
}
