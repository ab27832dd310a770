/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zeslm/grow.h>

#include "cli/cli.h"
#include "render/sheet.h"

void sheet_init(sheet *s, const char *heading)
{
    *s = (sheet){.heading = heading};
}

void sheet_free(sheet *s)
{
    for (size_t i = 0; i < s->n; i++) {
        free(s->blocks[i].text);
        free(s->blocks[i].markdown);
        free(s->blocks[i].cols);
        if (s->blocks[i].kind == SHEET_TABLE)
            table_free(&s->blocks[i].t);
    }
    free(s->blocks);
    *s = (sheet){0};
}

/* A new block of `kind` holding a copy of text (NULL: none); NULL when out of memory. */
static sheet_block *add(sheet *s, sheet_kind kind, const char *text)
{
    char *copy = text ? strdup(text) : NULL;
    if (!ZESLM_GROW(s->blocks, s->n + 1, s->cap) || (text && !copy)) {
        free(copy);
        s->failed = true;
        return NULL;
    }
    sheet_block *b = &s->blocks[s->n++];
    *b = (sheet_block){.kind = kind, .text = copy};
    return b;
}

/* The whole line, however long (a target's note runs past a kilobyte): formatted once
 * to learn its length, then into a buffer of that size. */
void sheet_line(sheet *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (!buf) {
        s->failed = true;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(buf, (size_t)n + 1, fmt, ap);
    va_end(ap);
    add(s, SHEET_LINE, buf);
    free(buf);
}

void sheet_prose(sheet *s, const char *text)
{
    add(s, SHEET_PROSE, text);
}

void sheet_each(sheet *s, const char *text, const char *markdown)
{
    sheet_block *b = add(s, SHEET_EACH, text);
    if (b && !(b->markdown = strdup(markdown)))
        s->failed = true;
}

void sheet_table(sheet *s, const char *title, table *t)
{
    sheet_block *b = add(s, SHEET_TABLE, title);
    table_column *cols = malloc((t->n_cols ? t->n_cols : 1) * sizeof *cols);
    if (!b || !cols) {
        free(cols);
        if (b)
            b->kind = SHEET_PROSE; /* an empty block: nothing to render */
        s->failed = true;
        table_free(t);
        return;
    }
    /* The caller's columns may not outlive its call. */
    memcpy(cols, t->cols, t->n_cols * sizeof *cols);
    b->t = *t;
    b->t.cols = b->cols = cols;
    s->failed |= t->failed;
    *t = (table){0};
}

void sheet_text(FILE *f, const sheet *s)
{
    for (size_t i = 0; i < s->n; i++) {
        const sheet_block *b = &s->blocks[i];
        if (b->kind == SHEET_LINE) {
            text_wrap(f, "", "  ", b->text, TABLE_WIDTH);
        } else if (b->kind == SHEET_PROSE || b->kind == SHEET_EACH) {
            fputs(b->text ? b->text : "", f);
        } else {
            if (b->text) {
                char head[512];
                snprintf(head, sizeof head, "%s:", b->text);
                fputc('\n', f);
                text_wrap(f, "", "  ", head, TABLE_WIDTH);
            }
            table_text(f, &b->t, s->width ? s->width : TABLE_WIDTH);
        }
    }
    if (s->failed)
        cli_error("out of host memory");
}

/* Prose as a Markdown paragraph: each line ends in a hard break ("  "). */
static void prose_markdown(FILE *f, const char *text)
{
    for (const char *line = text; line && *line;) {
        size_t len = strcspn(line, "\n");
        if (len)
            fprintf(f, "%.*s  ", (int)len, line);
        if (line[len] == '\n')
            fputc('\n', f);
        line += len + (line[len] == '\n');
    }
}

bool sheet_markdown(FILE *f, const void *data)
{
    const sheet *s = data;
    if (s->failed)
        return false;
    fprintf(f, "%s", s->heading);
    for (size_t i = 0; i < s->n; i++) {
        const sheet_block *b = &s->blocks[i];
        if (b->kind == SHEET_LINE) {
            fprintf(f, "%s  \n", b->text);
        } else if (b->kind == SHEET_PROSE) {
            prose_markdown(f, b->text);
        } else if (b->kind == SHEET_EACH) {
            fputs(b->markdown ? b->markdown : "", f);
        } else {
            char heading[512];
            if (b->text)
                fprintf(f, "\n## %s\n\n", table_md_line(heading, sizeof heading, b->text));
            table_markdown(f, &b->t);
        }
    }
    return true;
}

void sheet_lead(sheet *s, size_t from)
{
    /* Rotated in place by three reversals: no allocation that could fail. */
    size_t n = s->n;
    if (from == 0 || from >= n)
        return;
    for (size_t k = 0; k < 3; k++) {
        size_t lo = k == 0 ? 0 : k == 1 ? from : 0, hi = k == 0 ? from : n;
        for (size_t a = lo, b = hi - 1; a < b; a++, b--) {
            sheet_block t = s->blocks[a];
            s->blocks[a] = s->blocks[b];
            s->blocks[b] = t;
        }
    }
}
