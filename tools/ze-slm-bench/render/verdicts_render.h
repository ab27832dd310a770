/* A fleet's verdicts for people (the failing lines first, never wrapped, so that
 * `grep SLOW` finds a whole line with its host) and for machines (JUnit, JSON lines). */
#ifndef ZESLM_VERDICTS_RENDER_H
#define ZESLM_VERDICTS_RENDER_H

#include <stdbool.h>
#include <stdio.h>

#include "doc/verdict.h"

/* One line per entry that is not PASS ("SLOW n1, rank 3, d3 NVIDIA H100: 0.84 of ..."),
 * then the notes. */
void verdicts_text_first(FILE *f, const verdicts *v);
/* "Verdicts: 7 PASS, 1 SLOW; exit status 3 (degraded)." */
void verdicts_text_last(FILE *f, const verdicts *v, unsigned fail_on);

/* The writers of --junit and --jsonl; data: a verdicts_output. */
typedef struct verdicts_output {
    const verdicts *v;
    unsigned fail_on;
} verdicts_output;
bool verdicts_junit(FILE *f, const void *data);
bool verdicts_jsonl(FILE *f, const void *data);

#endif
