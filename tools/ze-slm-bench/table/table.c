/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include <zeslm/grow.h>

#include "table/table.h"

void table_init(table *t, const table_column *cols, size_t n_cols)
{
    memset(t, 0, sizeof *t);
    t->cols = cols;
    t->n_cols = n_cols;
    t->wrap = n_cols;
}

void table_wrap(table *t, size_t col)
{
    t->wrap = col;
}

void table_squeeze(table *t, size_t col)
{
    if (col < 64)
        t->squeeze |= 1ULL << col;
}

static bool squeezed(const table *t, size_t c)
{
    return c < 64 && (t->squeeze >> c & 1);
}

static char *copy(const char *s)
{
    return s && *s ? strdup(s) : NULL;
}

void table_add(table *t, const char *const *cells, const char *note)
{
    if (t->failed)
        return;
    /* The cells hold n_cols a row of the rows' capacity, the notes one. */
    size_t cells_cap = t->cap * t->n_cols;
    if (!ZESLM_GROW(t->cells, (t->rows + 1) * t->n_cols, cells_cap) || !ZESLM_GROW(t->notes, t->rows + 1, t->cap)) {
        t->failed = true;
        return;
    }
    for (size_t i = 0; i < t->n_cols; i++)
        t->cells[t->rows * t->n_cols + i] = copy(cells[i]);
    t->notes[t->rows++] = copy(note);
}

void table_mark(table *t, size_t col, const char *suffix)
{
    if (t->failed || t->rows == 0 || col >= t->n_cols)
        return;
    char **cell = &t->cells[(t->rows - 1) * t->n_cols + col];
    size_t had = *cell ? strlen(*cell) : 0;
    char *grown = realloc(*cell, had + strlen(suffix) + 1);
    if (!grown) {
        t->failed = true;
        return;
    }
    strcpy(grown + had, suffix);
    *cell = grown;
}

void table_free(table *t)
{
    for (size_t r = 0; r < t->rows; r++) {
        for (size_t i = 0; i < t->n_cols; i++)
            free(t->cells[r * t->n_cols + i]);
        free(t->notes[r]);
    }
    free(t->cells);
    free(t->notes);
    memset(t, 0, sizeof *t);
}

static const char *cell(const table *t, size_t r, size_t c)
{
    const char *s = t->cells[r * t->n_cols + c];
    return s ? s : "";
}

/* The widest cell of column c, its head included; 0 when no row fills it. */
static size_t column_width(const table *t, size_t c)
{
    size_t w = 0;
    for (size_t r = 0; r < t->rows; r++)
        if (!t->notes[r] || c == 0) {
            size_t len = strlen(cell(t, r, c));
            w = len > w ? len : w;
        }
    if (w && strlen(t->cols[c].head) > w)
        w = strlen(t->cols[c].head);
    return w;
}

/* Two spaces between columns. */
#define GAP 2
/* A squeezed column's later lines are indented: they read as the same cell, not as a
 * row of their own. */
#define SQUEEZE_INDENT 2

/* The next line of `text` that fits `room` columns: its length, broken at the last
 * space that fits, else after the first word, or at a newline; *next is where the line
 * after it starts. */
static size_t line_of(const char *text, size_t room, const char **next)
{
    size_t len = strcspn(text, "\n");
    if (len > room) {
        size_t cut = room;
        while (cut > 0 && text[cut] != ' ')
            cut--;
        if (cut == 0)
            cut = strcspn(text, " \n");
        len = cut;
    }
    for (*next = text + len; **next == ' ' || **next == '\n'; (*next)++)
        ;
    return len;
}

/* The longest word of column c, its head included. */
static size_t longest_word(const table *t, size_t c)
{
    size_t least = strlen(t->cols[c].head);
    for (size_t r = 0; r < t->rows; r++)
        for (const char *s = cell(t, r, c); !t->notes[r] && *s; s += strspn(s, " ")) {
            size_t word = strcspn(s, " ");
            least = word > least ? word : least;
            s += word;
        }
    return least;
}

/* The narrowest wrapped column c may be: TABLE_WRAP_MIN, or its longest word (its
 * head included) when that is wider, or all of it when it is narrower. */
static size_t wrap_width(const table *t, size_t c, size_t full)
{
    size_t least = longest_word(t, c);
    least = least > TABLE_WRAP_MIN ? least : TABLE_WRAP_MIN;
    return least < full ? least : full;
}

/* Row r of the table (0: the heads), its wrapped cells over as many lines as they
 * need and the other cells on the first. Blanks are held back until text follows
 * them: no line ends in blanks. */
static void text_row(FILE *f, const table *t, size_t r, const size_t *w, const bool *shown)
{
    const char *rest[t->n_cols];
    for (size_t c = 0; c < t->n_cols; c++)
        rest[c] = r ? cell(t, r - 1, c) : t->cols[c].head;
    for (bool more = true; more;) {
        more = false;
        size_t pending = 0;
        bool first = true;
        for (size_t c = 0; c < t->n_cols; c++) {
            if (!shown[c])
                continue;
            const char *s = rest[c];
            size_t len = strlen(s);
            size_t indent = squeezed(t, c) && r && s != cell(t, r - 1, c) && *s ? SQUEEZE_INDENT : 0;
            if (c == t->wrap || squeezed(t, c)) {
                len = line_of(s, w[c] - indent, &rest[c]);
                more |= *rest[c] != '\0';
            } else {
                rest[c] = "";
            }
            size_t pad = w[c] > len + indent ? w[c] - len - indent : 0;
            pending += first ? 0 : GAP;
            first = false;
            if (t->cols[c].right)
                pending += pad;
            if (len) {
                fprintf(f, "%*s%.*s", (int)(pending + indent), "", (int)len, s);
                pending = 0;
            }
            if (!t->cols[c].right)
                pending += pad;
        }
        fputc('\n', f);
    }
}

void table_text(FILE *f, const table *t, size_t width)
{
    if (t->failed || t->rows == 0)
        return;
    size_t w[t->n_cols], full[t->n_cols];
    bool shown[t->n_cols];
    size_t total = 0;
    for (size_t c = 0; c < t->n_cols; c++) {
        full[c] = column_width(t, c);
        w[c] = c == t->wrap && full[c] ? wrap_width(t, c, full[c]) : full[c];
        shown[c] = t->cols[c].keep > 0 && w[c] > 0;
        total += shown[c] ? w[c] + GAP : 0;
    }
    /* Too wide: the first column, then the others by `keep` (the earlier of equals
     * first), each where it still fits; one too wide to fit leaves room for the narrower
     * ones after it (occupancy's wide work column goes, its sd and group stay). */
    if (total - GAP > width) {
        bool want[t->n_cols];
        for (size_t c = 0; c < t->n_cols; c++)
            want[c] = shown[c];
        total = 0;
        for (size_t c = 0; c < t->n_cols; c++) {
            shown[c] = want[c] && (c == 0 || t->cols[c].keep >= TABLE_KEEP_ALWAYS);
            want[c] &= !shown[c];
            total += shown[c] ? w[c] + GAP : 0;
        }
        /* Those that must stay and do not fit: the squeezed ones cut into lines, the
         * last first (a verdict's second word before the name of what it judges), each
         * down to its longest word at most. */
        for (size_t c = t->n_cols; c-- > 0 && total - GAP > width;)
            if (shown[c] && squeezed(t, c)) {
                size_t least = longest_word(t, c) + SQUEEZE_INDENT, over = total - GAP - width;
                size_t cut = w[c] > least ? (w[c] - least < over ? w[c] - least : over) : 0;
                w[c] -= cut;
                total -= cut;
            }
        for (;;) {
            size_t next = t->n_cols;
            for (size_t c = 1; c < t->n_cols; c++)
                if (want[c] && (next == t->n_cols || t->cols[c].keep > t->cols[next].keep))
                    next = c;
            if (next == t->n_cols)
                break;
            want[next] = false;
            if (total + w[next] <= width) {
                shown[next] = true;
                total += w[next] + GAP;
            }
        }
    }
    /* The room left widens the wrapped columns, in order, up to all of their text. */
    for (size_t c = 0; c < t->n_cols; c++)
        if (shown[c] && c == t->wrap && total - GAP < width) {
            size_t grow = full[c] - w[c] < width - (total - GAP) ? full[c] - w[c] : width - (total - GAP);
            w[c] += grow;
            total += grow;
        }
    /* A column dropped to fit is named under the table, never lost in silence. */
    char dropped[256] = "";
    size_t used = 0;
    for (size_t c = 0; c < t->n_cols && used < sizeof dropped; c++)
        if (!shown[c] && t->cols[c].keep > 0 && w[c] > 0)
            used += (size_t)snprintf(dropped + used, sizeof dropped - used, "%s%s", used ? ", " : "", t->cols[c].head);
    for (size_t r = 0; r <= t->rows; r++) {
        if (r > 0 && t->notes[r - 1]) {
            char first[64], indent[64];
            snprintf(first, sizeof first, "%-*s", (int)(w[0] + GAP), cell(t, r - 1, 0));
            snprintf(indent, sizeof indent, "%*s", (int)(w[0] + GAP), "");
            text_wrap(f, first, indent, t->notes[r - 1], width);
            continue;
        }
        text_row(f, t, r, w, shown);
    }
    if (*dropped) {
        char line[sizeof dropped + 96];
        snprintf(line, sizeof line, "(left out to fit %zu columns: %s; --markdown and --json have them)", width,
                 dropped);
        text_wrap(f, "", " ", line, width);
    }
}

/* One character of Markdown text in out (2 bytes): '|' escaped, which would end a
 * table cell (CommonMark's GFM tables: a row is one line, split at each unescaped
 * '|'), and a line break a blank, which would end the row, heading or paragraph.
 * Returns how many bytes it wrote. */
static size_t md_char(char c, char out[2])
{
    size_t n = 0;
    if (c == '|')
        out[n++] = '\\';
    out[n++] = c == '\n' || c == '\r' ? ' ' : c;
    return n;
}

static void md_cell(FILE *f, const char *s)
{
    char e[2];
    fputs("| ", f);
    for (; *s; s++)
        fwrite(e, 1, md_char(*s, e), f);
    fputc(' ', f);
}

const char *table_md_line(char *buf, size_t len, const char *s)
{
    size_t n = 0;
    for (s = s ? s : ""; *s && n + 2 < len; s++)
        n += md_char(*s, buf + n);
    if (len)
        buf[n < len ? n : len - 1] = '\0';
    return buf;
}

void table_markdown(FILE *f, const table *t)
{
    /* No rows: nothing, as in text; a head alone would not be a table. */
    if (t->failed || t->rows == 0)
        return;
    bool notes = false;
    for (size_t r = 0; r < t->rows; r++)
        notes |= t->notes[r] != NULL;
    bool shown[t->n_cols];
    for (size_t c = 0; c < t->n_cols; c++)
        shown[c] = column_width(t, c) > 0;
    for (size_t c = 0; c < t->n_cols; c++)
        if (shown[c])
            md_cell(f, t->cols[c].head);
    if (notes)
        md_cell(f, "note");
    fputs("|\n", f);
    for (size_t c = 0; c < t->n_cols; c++)
        if (shown[c])
            fputs(t->cols[c].right ? "| ---: " : "| --- ", f);
    fputs(notes ? "| --- |\n" : "|\n", f);
    for (size_t r = 0; r < t->rows; r++) {
        for (size_t c = 0; c < t->n_cols; c++)
            if (shown[c])
                md_cell(f, c == 0 || !t->notes[r] ? cell(t, r, c) : "");
        if (notes)
            md_cell(f, t->notes[r] ? t->notes[r] : "");
        fputs("|\n", f);
    }
}

void text_wrap(FILE *f, const char *first, const char *indent, const char *text, size_t width)
{
    for (const char *lead = first, *next; *text; text = next, lead = indent) {
        size_t len = line_of(text, width > strlen(lead) ? width - strlen(lead) : 1, &next);
        fprintf(f, "%s%.*s\n", lead, (int)len, text);
    }
}
