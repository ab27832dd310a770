/* SPDX-License-Identifier: MIT */
/* A result's fields for people: the text cells its schema rows name (json/records.c's
 * result rows carry each field's key, head, priority and cell, one table for the JSON,
 * CSV, Markdown and text), and those rows as the table of fields every writer of a
 * results table walks (table/fields.h). */
#ifndef ZESLM_RESULT_FIELDS_H
#define ZESLM_RESULT_FIELDS_H

#include <stddef.h>

#include "table/fields.h"

/* A median whose launches spread ((max - min) / median) by more than this is marked
 * "~" in a table, which says how many under it. */
#define RESULT_SPREAD_WARN 0.20

/* The cells of a zeslm_result for people: times in the unit that suits them
 * ("1.07 ms"), rates scaled, shares as percentages. */
void result_cell_min(const void *rec, char *buf, size_t len);
void result_cell_median(const void *rec, char *buf, size_t len);
void result_cell_max(const void *rec, char *buf, size_t len);
void result_cell_mean(const void *rec, char *buf, size_t len);
void result_cell_verified(const void *rec, char *buf, size_t len);
void result_cell_spread(const void *rec, char *buf, size_t len);
void result_cell_rate(const void *rec, char *buf, size_t len);
void result_cell_fraction(const void *rec, char *buf, size_t len);
void result_cell_work(const void *rec, char *buf, size_t len);
void result_cell_speedup(const void *rec, char *buf, size_t len);
void result_cell_extra(const void *rec, char *buf, size_t len);
void result_cell_params(const void *rec, char *buf, size_t len);

/* At least as many as the result has rows (json/records.c), for arrays of its columns:
 * more is a mistake of the tool, said on its first table. */
#define RESULT_FIELDS_MAX 64

/* The result's schema rows (records_result) as a table of fields, in their order, each
 * value the schema's as the JSON writes it: *n of them. Made once, shared by threads. */
const field *result_fields(size_t *n);

#endif
