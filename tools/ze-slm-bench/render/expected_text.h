/* SPDX-License-Identifier: MIT */
/* A device's "expected" object (expect/expected_verdict.h) for people: each headline figure,
 * its paper peak and the fraction reached, the published values and the verdict, then
 * the sources. */
#ifndef ZESLM_EXPECTED_TEXT_H
#define ZESLM_EXPECTED_TEXT_H

#include <stdbool.h>
#include <stdio.h>

#include <jansson.h>

/* Text (a table fitted to the terminal) or Markdown. Nothing when `expected` holds no
 * figure. */
void expected_text(FILE *f, const json_t *expected, bool markdown);

#endif
