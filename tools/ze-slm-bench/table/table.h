/* SPDX-License-Identifier: MIT */
/* One table, rendered twice: as text that fits a terminal width (columns dropped by
 * priority until it does) and as a Markdown table to paste into an issue or a README.
 * The cells are text already scaled for people (src/core/units.c); JSON and CSV are written
 * from the data, not from here. */
#ifndef ZESLM_TABLE_H
#define ZESLM_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "table/term_width.h"

/* Text output fits this many columns: the terminal's (table/term_width.h). */
#define TABLE_WIDTH (term_width())

typedef struct table_column {
    const char *head;
    bool right;    /* numbers: right-aligned */
    /* Text keeps the columns of higher `keep` when the table is too wide; 0: only
     * Markdown shows it; TABLE_KEEP_ALWAYS: text never leaves it out. */
    int keep;
} table_column;

/* A column that carries the table's meaning (a comparison's ratio, interval and
 * verdict): shown at any width from TERM_WIDTH_MIN up, the squeezed columns cut into
 * lines to make room for it (table_squeeze). */
#define TABLE_KEEP_ALWAYS 1000

/* The narrowest a wrapped column gets: a phrase or two a line. */
#define TABLE_WRAP_MIN 40

typedef struct table {
    const table_column *cols;
    size_t n_cols;
    char **cells;  /* rows * n_cols, malloc'd; NULL cells are empty */
    char **notes;  /* one per row: text that replaces the cells after the first ("skipped: ...") */
    size_t rows, cap;
    /* The column of prose that text wraps inside it, down to TABLE_WRAP_MIN columns
     * (or its longest word), before any column is left out to fit; n_cols: none. */
    size_t wrap;
    /* Bit c: column c is cut into lines at its blanks (never narrower than its longest
     * word) where the columns always shown do not fit otherwise; at full width else. */
    unsigned long long squeeze;
    bool failed;   /* out of host memory: writers print nothing */
} table;

void table_init(table *t, const table_column *cols, size_t n_cols);
/* Appends a row of n_cols cells (NULL: empty) and its note (NULL: none). */
void table_add(table *t, const char *const *cells, const char *note);
/* Appends `suffix` to cell `col` of the last row ("256" -> "256 best"). */
void table_mark(table *t, size_t col, const char *suffix);
void table_free(table *t);
/* Column `col` is prose, wrapped in text (table.wrap). */
void table_wrap(table *t, size_t col);
/* Column `col` (under 64) may be cut into lines to keep the columns always shown
 * (table.squeeze). */
void table_squeeze(table *t, size_t col);

/* Text: columns that hold nothing in any row are left out; where the rest is wider
 * than `width`, the first column and those of TABLE_KEEP_ALWAYS (the squeezed columns
 * cut into lines as far as they must), then the others by `keep`, each where it still
 * fits (those left out named in a line under the table), wrapped columns counted at
 * their narrowest and then widened into the room left; notes wrap under the first
 * column. */
void table_text(FILE *f, const table *t, size_t width);
/* Markdown: every column that holds something, notes in a last column; nothing at
 * all for a table of no rows. */
void table_markdown(FILE *f, const table *t);

/* `s` (NULL: "") as one line of Markdown in buf, len bytes, cut to fit: its line breaks
 * become blanks and its '|' are escaped, so that a name read from a document can
 * neither end the heading or paragraph it is in nor start or split a table row. Returns
 * buf. */
const char *table_md_line(char *buf, size_t len, const char *s);

/* Prose wrapped at `width`: the first line after `first`, later ones after `indent`
 * (both already counted in the width). Each line ends in a newline. */
void text_wrap(FILE *f, const char *first, const char *indent, const char *text, size_t width);

#endif
