/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "table/fields.h"

json_t *fields_value(const field *f, const void *rec)
{
    return f->value ? f->value(f->arg, rec) : f->json(rec);
}

json_t *fields_json(const field *f, size_t n, const void *rec)
{
    json_t *o = json_object();
    for (size_t i = 0; i < n; i++) {
        json_t *v = f[i].key ? fields_value(&f[i], rec) : NULL;
        if (v)
            json_object_set_new(o, f[i].key, v);
    }
    return o;
}

/* A value as CSV and plain cells write it: strings bare, numbers in full, arrays
 * joined by blanks, null and absent empty. */
static void plain(const json_t *v, char *buf, size_t len)
{
    *buf = '\0';
    if (json_is_string(v))
        snprintf(buf, len, "%s", json_string_value(v));
    else if (json_is_integer(v))
        snprintf(buf, len, "%lld", (long long)json_integer_value(v));
    else if (json_is_real(v))
        snprintf(buf, len, "%.10g", json_real_value(v));
    else if (json_is_boolean(v))
        snprintf(buf, len, "%s", json_is_true(v) ? "true" : "false");
    else if (json_is_array(v)) /* sub-group sizes: "8 16 32" */
        for (size_t i = 0, used = 0; i < json_array_size(v) && used < len; i++) {
            char item[64];
            plain(json_array_get(v, i), item, sizeof item);
            used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? " " : "", item);
        }
}

void fields_cell(const field *f, const void *rec, char *buf, size_t len)
{
    json_t *v = fields_value(f, rec);
    *buf = '\0';
    if (v && f->cell)
        f->cell(rec, buf, len);
    else
        plain(v, buf, len);
    json_decref(v);
}

size_t fields_columns(const field *f, size_t n, bool markdown, table_column *cols, size_t *map)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (!f[i].head || (!markdown && f[i].keep == 0))
            continue;
        cols[k] = (table_column){f[i].head, f[i].right, markdown ? 1 : f[i].keep};
        map[k++] = i;
    }
    return k;
}

void fields_row(const field *f, const size_t *map, table *t, const void *rec, const char *note)
{
    char text[t->n_cols][256];
    const char *cells[t->n_cols];
    for (size_t c = 0; c < t->n_cols; c++) {
        fields_cell(&f[map[c]], rec, text[c], sizeof text[c]);
        cells[c] = text[c];
    }
    table_add(t, cells, note);
}

/* Whether a cell is a number as the writers print one ("-5", "1.5e-07"): the whole
 * text is strtod's. */
static bool is_number(const char *s)
{
    char *end;
    if (!*s)
        return false;
    strtod(s, &end);
    return *end == '\0';
}

/* A cell a spreadsheet would take for a formula: one that starts with =, +, -, @, a tab
 * or a carriage return (OWASP, "CSV Injection"), a number aside. */
static bool formula_like(const char *s)
{
    return strchr("=+-@\t\r", s[0]) && s[0] && !is_number(s);
}

/* RFC 4180: a field with a comma, quote, blank or line break is quoted, quotes doubled.
 * A cell that would be read as a formula is written after a single quote, inside
 * quotes, as OWASP recommends: the spreadsheet shows it as text. */
static void csv_field(FILE *out, const char *s)
{
    bool formula = formula_like(s);
    if (!formula && !s[strcspn(s, ",\" \n\r")]) {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    if (formula)
        fputc('\'', out);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

/* The keys of a table's CSV columns, each after a comma once `sep` is set. */
static void csv_keys(FILE *out, const field *f, size_t n, bool *sep)
{
    for (size_t i = 0; i < n; i++)
        if (f[i].key && !f[i].list) {
            fprintf(out, "%s%s", *sep ? "," : "", f[i].key);
            *sep = true;
        }
}

/* The record's values in the columns csv_keys names. */
static void csv_values(FILE *out, const field *f, size_t n, const void *rec, bool *sep)
{
    for (size_t i = 0; i < n; i++) {
        if (!f[i].key || f[i].list)
            continue;
        json_t *v = fields_value(&f[i], rec);
        char text[512];
        plain(v, text, sizeof text);
        json_decref(v);
        fprintf(out, "%s", *sep ? "," : "");
        csv_field(out, text);
        *sep = true;
    }
}

void fields_csv_header(FILE *out, const field *f, size_t n)
{
    fields_csv_header_lead(out, NULL, 0, f, n);
}

void fields_csv_row(FILE *out, const field *f, size_t n, const void *rec)
{
    fields_csv_row_lead(out, NULL, 0, NULL, f, n, rec);
}

void fields_csv_header_lead(FILE *out, const field *lead, size_t n_lead, const field *f, size_t n)
{
    bool sep = false;
    csv_keys(out, lead, n_lead, &sep);
    csv_keys(out, f, n, &sep);
    fputc('\n', out);
}

void fields_csv_row_lead(FILE *out, const field *lead, size_t n_lead, const void *lead_rec, const field *f, size_t n,
                         const void *rec)
{
    bool sep = false;
    csv_values(out, lead, n_lead, lead_rec, &sep);
    csv_values(out, f, n, rec, &sep);
    fputc('\n', out);
}

bool fields_csv_write(FILE *out, const void *records)
{
    const field_records *r = records;
    fields_csv_header(out, r->fields, r->n_fields);
    for (size_t i = 0; i < r->count; i++)
        fields_csv_row(out, r->fields, r->n_fields, (const char *)r->recs + i * r->size);
    return true;
}
