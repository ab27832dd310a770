/* SPDX-License-Identifier: MIT */
/* How wide the text output may be: the terminal's width where stdout is one, as
 * ls and git do, and the 100 columns a log or a pasted issue reads well in otherwise. */
#ifndef ZESLM_TERM_WIDTH_H
#define ZESLM_TERM_WIDTH_H

#include <stddef.h>

/* Text written to a file or a pipe fits this many columns. */
#define TERM_WIDTH_DEFAULT 100
/* Narrower than this, no table of the tool fits even its first columns. */
#define TERM_WIDTH_MIN 40
/* Wider than this, a line is a chore to read even on a wide screen. */
#define TERM_WIDTH_MAX 400

/* COLUMNS where it is set to a width in [TERM_WIDTH_MIN, TERM_WIDTH_MAX] (whether
 * stdout is a terminal or not: `COLUMNS=200 ze-slm-bench run | less` asks for it),
 * else the terminal's width where stdout is one, else TERM_WIDTH_DEFAULT; clamped to
 * [TERM_WIDTH_MIN, TERM_WIDTH_MAX]. Read at each call: a terminal may be resized. */
size_t term_width(void);

/* The same rule over given facts, for the tests: `columns` is COLUMNS' text (NULL:
 * unset), `tty_cols` the terminal's width (0: stdout is no terminal). */
size_t term_width_of(const char *columns, unsigned tty_cols);

#endif
