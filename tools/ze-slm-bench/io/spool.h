/* SPDX-License-Identifier: MIT */
/* Results set aside on disk. A merge of thousands of devices puts each device's results
 * here once the rows across the devices have what they need of them, and reads them
 * back a device at a time to write them: its memory then grows with the devices and
 * the rows, not with the results (about 130 KB a device of 185 results stays on disk).
 * A temporary file in TMPDIR (else /tmp), unlinked once made: gone when the process
 * ends, however it ends. Raw structs for this process alone: the strings results point
 * to stay the merged document's. */
#ifndef ZESLM_SPOOL_H
#define ZESLM_SPOOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <zeslm/bench.h>

typedef struct doc_spool doc_spool;

/* NULL when no temporary file can be made (errno says why). */
doc_spool *doc_spool_open(void);
void doc_spool_close(doc_spool *s);

/* Writes r's results and their launch times; *at says where. False when the write
 * fails (a full disk: errno). One writer at a time. */
bool doc_spool_put(doc_spool *s, const zeslm_results *r, uint64_t *at);

/* The `count` results put at `at`, each with its launch times, into *out (empty; the
 * caller frees it with zeslm_results_free). False when the read fails or is short, or
 * out of memory. Safe from several threads. */
bool doc_spool_get(doc_spool *s, uint64_t at, size_t count, zeslm_results *out);

#endif
