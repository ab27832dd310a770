/* SPDX-License-Identifier: MIT */
/* What a command says to people, as data: lines of prose and titled tables, in
 * order, rendered once as text (fitting TABLE_WIDTH) and once as Markdown (an
 * output_writer). A command fills a sheet and hands it to its output plan; it
 * writes no stream while it computes. */
#ifndef ZESLM_SHEET_H
#define ZESLM_SHEET_H

#include <stdbool.h>
#include <stdio.h>

#include "table/table.h"

typedef enum sheet_kind {
    SHEET_LINE,   /* a line wrapped at TABLE_WIDTH; Markdown: a line with a hard break */
    SHEET_PROSE,  /* text as given, line breaks kept; Markdown: the same with hard breaks */
    SHEET_TABLE,  /* a table under its title (none: the table alone); Markdown: a "##" section */
    SHEET_EACH,   /* text and Markdown each worded for its form, both as given */
} sheet_kind;

typedef struct sheet_block {
    sheet_kind kind;
    char *text;            /* the line, the prose or the title (NULL: none) */
    char *markdown;        /* SHEET_EACH: the Markdown */
    table t;               /* SHEET_TABLE: its columns copied into cols */
    table_column *cols;
} sheet_block;

typedef struct sheet {
    const char *heading;   /* Markdown's "# ..." line */
    size_t width;          /* of the text; 0: TABLE_WIDTH */
    sheet_block *blocks;
    size_t n, cap;
    bool failed;           /* out of host memory: sheet_markdown refuses */
} sheet;

void sheet_init(sheet *s, const char *heading);
void sheet_free(sheet *s);

void sheet_line(sheet *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sheet_prose(sheet *s, const char *text);
/* Text and Markdown worded each for its form. */
void sheet_each(sheet *s, const char *text, const char *markdown);
/* Takes t (the sheet frees it; t is left empty) under `title` (NULL: none). */
void sheet_table(sheet *s, const char *title, table *t);

/* Moves the blocks from `from` on to the front, in their order: a summary computed
 * last that leads what is read. */
void sheet_lead(sheet *s, size_t from);
/* The text, on f. */
void sheet_text(FILE *f, const sheet *s);
/* The Markdown (an output_writer over a sheet). */
bool sheet_markdown(FILE *f, const void *sheet);

#endif
