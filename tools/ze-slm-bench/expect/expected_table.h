/* The table of expected values shipped with the tool (share/expected/expected.json,
 * installed as share/ze-slm/expected.json): per device family, the published facts the
 * paper peaks need and the published values of the headline figures, each with its
 * source (issue 31). */
#ifndef ZESLM_EXPECTED_TABLE_H
#define ZESLM_EXPECTED_TABLE_H

#include <stddef.h>

#include <jansson.h>

/* Reads the table: ZESLM_EXPECTED_FILE when set, else the installed copy, else the
 * source tree's (a build run in place). Returns the document (the caller owns it) and
 * its path in `path`, or NULL with the reason in `why`. */
json_t *expected_table_load(char *path, size_t path_len, char *why, size_t why_len);

/* The family whose `match` strings one is in `device_name` (the first in the table's
 * order), or NULL; a borrowed reference into `table`. */
json_t *expected_table_family(const json_t *table, const char *device_name);

/* A published property of the family ("banks", "int32_lanes_per_cu"): its value, or 0
 * when the family does not give it; `source` (may be NULL) gets its citation. */
double expected_table_property(const json_t *family, const char *key, const char **source);

#endif
