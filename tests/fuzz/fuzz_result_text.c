/* SPDX-License-Identifier: MIT */
/* libFuzzer target: schema_read_text's promise (tests/unit/test_schema_text.c) on any
 * bytes: where it reads a result, jansson's parse and schema_read read the text it
 * took to the same record; it never reads past the text. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    json_t *strings = json_object();
    zeslm_result fast = {0}, slow = {0};
    size_t p = 0;
    if (schema_read_text(&records_result, text, size, &p, &fast, strings)) {
        if (p > size)
            abort();
        char why[256], *a = NULL, *b = written(&fast);
        json_t *o = json_loadb(text, p, JSON_REJECT_DUPLICATES, NULL);
        if (o && schema_read(&records_result, o, &slow, why, sizeof why) == 0)
            a = written(&slow);
        if (!a || !b || strcmp(a, b) != 0)
            abort();
        json_decref(o);
        free(a);
        free(b);
    }
    free(fast.times_ns);
    free(slow.times_ns);
    json_decref(strings);
    return 0;
}
