/* SPDX-License-Identifier: MIT */
/* "did you mean": the known name nearest a mistyped one, as git and cargo suggest
 * ("ze-slm-bench rnu": did you mean 'run'?). */
#ifndef ZESLM_SUGGEST_H
#define ZESLM_SUGGEST_H

#include <stddef.h>

/* The optimal string alignment distance of a and b: insertions, deletions,
 * substitutions and swaps of two neighbours ("rnu" -> "run") count one each. */
size_t suggest_distance(const char *a, const char *b);

/* The name of names[0..n) (each at `stride` bytes from the last, a `const char *`
 * first: a table's rows) nearest `word`, or NULL where none is near: at most 2 edits
 * away, and fewer than the word's own length (any 3 letters are 3 edits from "run"). */
const char *suggest_nearest(const char *word, const void *names, size_t n, size_t stride);

/* "; did you mean 'run'?" for a nearest name, "" for none. */
void suggest_text(const char *nearest, char *buf, size_t len);

#endif
