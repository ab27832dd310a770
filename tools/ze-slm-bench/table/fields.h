/* SPDX-License-Identifier: MIT */
/* A record's fields described once (clinfo's traits, hyperfine's exports): each
 * field's key in JSON and CSV, its head in text and Markdown, its priority in a text
 * table, and how to get it from the record. The JSON, CSV, text and Markdown writers
 * of a command walk the same table. */
#ifndef ZESLM_FIELDS_H
#define ZESLM_FIELDS_H

#include <stdbool.h>
#include <stdio.h>

#include <jansson.h>

#include "table/table.h"

typedef struct field {
    const char *key;    /* JSON and CSV; NULL: text and Markdown only */
    const char *head;   /* text and Markdown; NULL: JSON and CSV only */
    int keep;           /* text priority (table_column.keep); 0: Markdown only */
    bool right;         /* numbers: right-aligned */
    bool list;          /* an array: JSON only */
    /* The value, a new reference; NULL where the record has none (the key is left
     * out, the cells are empty). */
    json_t *(*json)(const void *rec);
    /* Its text for people (scaled units); NULL: the JSON value as CSV writes it. */
    void (*cell)(const void *rec, char *buf, size_t len);
    /* In place of `json`, where the value is read through a description of the field
     * (a schema row: json/result_fields.h): value(arg, rec). */
    json_t *(*value)(const void *arg, const void *rec);
    const void *arg;
} field;

/* The field's value in rec (a new reference), NULL where the record has none. */
json_t *fields_value(const field *f, const void *rec);

/* A field's text for people: its cell, else its value as CSV writes it. */
void fields_cell(const field *f, const void *rec, char *buf, size_t len);

/* Records of one table, for the output plan's CSV writer (fields_csv_write). */
typedef struct field_records {
    const field *fields;
    size_t n_fields;
    const void *recs;  /* count records of `size` bytes each */
    size_t size, count;
} field_records;

/* An output_writer: the CSV of a field_records (its header, then its rows). */
bool fields_csv_write(FILE *out, const void *records);

/* The record as a JSON object, in the table's order. */
json_t *fields_json(const field *f, size_t n, const void *rec);

/* The fields with a head as table columns (cols and map hold n): text leaves out
 * those of keep 0, Markdown shows all. Returns how many. */
size_t fields_columns(const field *f, size_t n, bool markdown, table_column *cols, size_t *map);

/* Appends the record as a row of t, whose columns fields_columns made with `map`. */
void fields_row(const field *f, const size_t *map, table *t, const void *rec, const char *note);

/* CSV: a header of the keys, and a row per record (RFC 4180 quoting). */
void fields_csv_header(FILE *out, const field *f, size_t n);
void fields_csv_row(FILE *out, const field *f, size_t n, const void *rec);
/* The same, with the columns of a second table first: `lead` describes `lead_rec`,
 * what the record belongs to (a result's device, when one file holds several). */
void fields_csv_header_lead(FILE *out, const field *lead, size_t n_lead, const field *f, size_t n);
void fields_csv_row_lead(FILE *out, const field *lead, size_t n_lead, const void *lead_rec, const field *f, size_t n,
                         const void *rec);


#endif
