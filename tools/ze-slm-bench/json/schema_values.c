/* SPDX-License-Identifier: MIT */
/* schema_read_values: a parsed record's members handed to the rows, each value a json_t
 * of its own, never the record as one json_t: a jansson object is a hash table, a key
 * and a value allocated a member, most of a merge of 10,000 rank files. */
#include <string.h>

#include "io/json_read.h"
#include "json/schema.h"

/* The rows of a record read here. */
#define VALUE_ROWS 64

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

bool schema_read_values(const schema_record *t, struct yyjson_val *o, void *rec, json_t *strings)
{
    if (t->json_backed || t->n_rows > VALUE_ROWS || !yyjson_is_obj(o))
        return false;
    for (size_t i = 0; i < t->n_rows; i++)
        if (!t->rows[i].key)
            return false; /* a keyless row reads the whole object */
    json_t *values[VALUE_ROWS] = {0};
    size_t next = 0, idx, max;
    bool ok = true;
    yyjson_val *key, *val;
    yyjson_obj_foreach(o, idx, max, key, val) {
        long row = row_of(t, yyjson_get_str(key), yyjson_get_len(key), &next);
        if (row >= 0 && ok)
            ok = (values[row] = json_read_value(val)) != NULL;
    }
    char why[256];
    for (size_t i = 0; ok && i < t->n_rows; i++) {
        const schema_row *row = &t->rows[i];
        const json_t *v = values[i];
        if (v && row->kind == SCHEMA_STR && json_is_string(v))
            ok = (v = kept(strings, values[i])) != NULL;
        ok = ok && schema_read_row(t, row, v, rec, why, sizeof why);
    }
    ok = ok && (!t->check || t->check(rec, why, sizeof why));
    for (size_t i = 0; i < t->n_rows; i++)
        json_decref(values[i]);
    return ok;
}
