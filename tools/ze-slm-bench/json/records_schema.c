/* SPDX-License-Identifier: MIT */
/* A JSON Schema (draft 2020-12) walked out of the record tables: each record one
 * entry of $defs, closed (additionalProperties false: the writer writes its rows and
 * nothing else), each row a property whose type follows from its kind and flags, or
 * from its .shape where the kind does not say (SPECIAL rows, JSON rows without a
 * record). Two strengths from the same rows:
 *   read:    what a reader takes (share/schema/'s copy): the rows flagged REQUIRED,
 *            and the members older writers of the same schema number wrote (retired[]);
 *   written: what this writer writes (the tests' documents): also every row a
 *            struct-backed record always writes (not GATED, not ZERO_OMIT), a result's
 *            GATED rows where its outcome is "measured" (its gate), nothing retired. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "io/json_read.h"
#include "io/json_write.h"
#include "json/records.h"
#include "json/records_schema.h"

/* Members that writers of schema 3 wrote before the rows lost them, which readers skip:
 * committed documents hold them (results/, tests/fixtures/documents/). */
static const struct retired {
    const schema_record *record;
    const char *key;
    const char *shape;
} retired[] = {
    /* A device's memory bandwidth probe, written until ze-slm-plot read documents through
     * ze-slm-bench (2026-11-25). */
    {&records_device, "probe_bytes_per_s", "{\"type\": [\"number\", \"null\"]}"},
};

typedef struct making {
    json_t *defs;
    bool written;
} making;

static json_t *record_ref(making *m, const schema_record *t);

static json_t *type_of(const char *type)
{
    return json_pack("{s:s}", "type", type);
}

/* The value's schema where the row's kind says it; NULL (with a line on stderr) where
 * a row needs a .shape and has none. */
static json_t *row_value(making *m, const schema_record *t, const schema_row *row)
{
    if (row->shape) {
        json_error_t e;
        json_t *v = json_read(row->shape, strlen(row->shape), 0, &e);
        if (!v)
            fprintf(stderr, "ze-slm-gendocs: %s field \"%s\": its shape is not JSON: %s\n", t->name,
                    row->key ? row->key : "", e.text);
        return v;
    }
    switch (row->kind) {
    case SCHEMA_U32:
        return json_pack("{s:s,s:i,s:I}", "type", "integer", "minimum", 0, "maximum", (json_int_t)UINT32_MAX);
    case SCHEMA_U64:
        return json_pack("{s:s,s:i}", "type", "integer", "minimum", 0);
    case SCHEMA_I64:
        return type_of("integer");
    case SCHEMA_DOUBLE:
        return type_of("number");
    case SCHEMA_BOOL:
        return type_of("boolean");
    case SCHEMA_TEXT:
    case SCHEMA_STR:
        return type_of("string");
    case SCHEMA_JSON:
        return row->sub ? record_ref(m, row->sub) : NULL;
    case SCHEMA_ARRAY:
        return row->sub ? json_pack("{s:s,s:o}", "type", "array", "items", record_ref(m, row->sub)) : NULL;
    case SCHEMA_MAP:
        return row->sub ? json_pack("{s:s,s:o}", "type", "object", "additionalProperties", record_ref(m, row->sub))
                        : NULL;
    case SCHEMA_SPECIAL:
        break;
    }
    fprintf(stderr, "ze-slm-gendocs: %s field \"%s\" says no JSON Schema (give its row a .shape)\n", t->name,
            row->key ? row->key : "");
    return NULL;
}

/* null beside the value where the row reads and writes it. */
static json_t *row_schema(making *m, const schema_record *t, const schema_row *row)
{
    json_t *v = row_value(m, t, row);
    if (v && (row->flags & (SCHEMA_NULLABLE | SCHEMA_ZERO_NULL)))
        v = json_pack("{s:[o,o]}", "anyOf", v, type_of("null"));
    return v;
}

static bool required(const making *m, const schema_record *t, const schema_row *row)
{
    return (row->flags & SCHEMA_REQUIRED) ||
           (m->written && !t->json_backed && !(row->flags & (SCHEMA_GATED | SCHEMA_ZERO_OMIT)));
}

/* A record's schema: an object of its rows, or the value of its one keyless row (a
 * map's entry). A keyless JSON row's record is spliced in (the run's head). */
static json_t *record_schema(making *m, const schema_record *t)
{
    if (t->n_rows == 1 && !t->rows[0].key)
        return row_schema(m, t, &t->rows[0]);
    json_t *props = json_object(), *req = json_array(), *gated = json_array();
    bool ok = props && req && gated;
    for (size_t i = 0; ok && i < t->n_rows; i++) {
        const schema_row *row = &t->rows[i];
        if (!row->key) {
            json_t *head = row->sub ? record_schema(m, row->sub) : NULL;
            ok = head && json_object_update(props, json_object_get(head, "properties")) == 0;
            json_decref(head);
            continue;
        }
        json_t *v = row_schema(m, t, row);
        ok = v && json_object_set_new(props, row->key, v) == 0;
        if (ok && required(m, t, row))
            ok = json_array_append_new(req, json_string(row->key)) == 0;
        else if (ok && m->written && (row->flags & SCHEMA_GATED) && !(row->flags & SCHEMA_ZERO_OMIT))
            ok = json_array_append_new(gated, json_string(row->key)) == 0;
    }
    for (size_t i = 0; ok && !m->written && i < sizeof retired / sizeof *retired; i++)
        if (retired[i].record == t) {
            json_error_t e;
            json_t *v = json_read(retired[i].shape, strlen(retired[i].shape), 0, &e);
            ok = v && json_object_set_new(props, retired[i].key, v) == 0;
        }
    json_t *o = ok ? json_pack("{s:s,s:b,s:O,s:O}", "type", "object", "additionalProperties", 0, "required", req,
                               "properties", props)
                   : NULL;
    /* A result's gate: its measured figures are there where it was measured. */
    if (o && t == &records_result && json_array_size(gated)) {
        json_object_set_new(o, "if", json_pack("{s:{s:{s:s}}}", "properties", "outcome", "const", "measured"));
        json_object_set_new(o, "then", json_pack("{s:O}", "required", gated));
    }
    json_decref(props);
    json_decref(req);
    json_decref(gated);
    return o;
}

/* The $defs name of a record: its name, spaces as '_'. */
static void def_name(const schema_record *t, char *name, size_t len)
{
    snprintf(name, len, "%s", t->name);
    for (char *c = name; *c; c++)
        if (*c == ' ')
            *c = '_';
}

/* {"$ref": "#/$defs/NAME"}, the record added to defs the first time. */
static json_t *record_ref(making *m, const schema_record *t)
{
    char name[64], ref[96];
    def_name(t, name, sizeof name);
    if (!json_object_get(m->defs, name)) {
        /* Held first, so that a record reached again while it is made is not made twice. */
        json_object_set_new(m->defs, name, json_null());
        json_t *s = record_schema(m, t);
        if (!s)
            return NULL;
        json_object_set_new(m->defs, name, s);
    }
    snprintf(ref, sizeof ref, "#/$defs/%s", name);
    return json_pack("{s:s}", "$ref", ref);
}

int records_schema_write(FILE *f, bool written)
{
    json_t *defs = json_object();
    making made = {defs, written}, *m = &made;
    json_t *top = NULL;
    /* The records reached only through a .shape's $ref (a device, a result). */
    json_t *device = record_ref(m, &records_device), *result = record_ref(m, &records_result);
    json_t *run = device && result ? record_schema(m, &records_run) : NULL;
    if (run) {
        top = json_pack("{s:s,s:s,s:s}", "$schema", "https://json-schema.org/draft/2020-12/schema", "title",
                        written ? "ze-slm-bench results document as this version writes it"
                                : "ze-slm-bench results document (run --json, merge --json)",
                        "$comment", "Written by ze-slm-gendocs from tools/ze-slm-bench/json/records.c: do not edit.");
        json_object_update(top, run);
        json_object_set(top, "$defs", defs);
    }
    int rc = top && json_write_document(f, top) ? 0 : -1;
    json_decref(device);
    json_decref(result);
    json_decref(run);
    json_decref(top);
    json_decref(defs);
    return rc;
}
