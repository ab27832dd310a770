/* SPDX-License-Identifier: MIT */
/* The JSON Schema of a run document (run --json, merge --json), made from the same
 * schema rows that read and write it (json/records.h): share/schema/ is its checked-in
 * copy, which the test docs_generated holds to this. */
#ifndef ZESLM_RECORDS_SCHEMA_H
#define ZESLM_RECORDS_SCHEMA_H

#include <stdbool.h>
#include <stdio.h>

/* Writes it to f, two-space indented with a final newline: what a reader takes, or
 * (written) what this version writes, which requires every member it always writes and
 * nothing retired. Returns 0, or -1 with one line on stderr (a row whose JSON Schema is
 * not said, or a write that failed). */
int records_schema_write(FILE *f, bool written);

#endif
