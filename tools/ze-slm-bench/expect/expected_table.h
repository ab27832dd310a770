/* SPDX-License-Identifier: MIT */
/* The table of expected values shipped with the tool (share/expected/expected.json,
 * installed as share/ze-slm/expected.json): per device family, the published facts the
 * paper peaks need and the published values of the headline figures, each with its
 * source. */
#ifndef ZESLM_EXPECTED_TABLE_H
#define ZESLM_EXPECTED_TABLE_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

/* Reads the table: ZESLM_EXPECTED_FILE when set, else expected.json of the tool's
 * data folder (io/data_dir.h: ZESLM_DATA_DIR, else share/ze-slm beside the binary). Returns the document (the caller owns it) and
 * its path in `path`, or NULL with the reason in `why`. */
json_t *expected_table_load(char *path, size_t path_len, char *why, size_t why_len);

/* The table as expected_table_load reads it, read once for the process: the first call,
 * from whichever thread, reads it, and every later one gets the same table, or the same
 * reason in `why` that it could not be read. A merge of 10,000 devices judges each one
 * twice (its text and its JSON), and reading the file each time was a twentieth of the
 * merge. The table is borrowed, read-only (threads share it), and freed at
 * exit. */
const json_t *expected_table_shared(char *path, size_t path_len, char *why, size_t why_len);

/* How a device is known to the table: its name, its PCI device id (0 unknown) and the
 * Intel target its driver built for (ocloc's name from "native zebin (TARGET)"; NULL or
 * "" none). Intel's no-hardware driver names every device "Intel(R) Graphics [0xID]",
 * and some of its products report no id, so the id and the target also select. */
typedef struct expected_device {
    const char *name;
    unsigned device_id;
    const char *target;
} expected_device;

/* The family that knows the device, the first in the table's order: one of its `match`
 * strings is in the name, else its `device_ids` (hex strings) hold the id, else its
 * `targets` hold the target; NULL none. A borrowed reference into `table`. */
json_t *expected_table_family(const json_t *table, const expected_device *d);

/* The family whose `targets` hold this ocloc target name, or NULL (borrowed). */
json_t *expected_table_family_of_target(const json_t *table, const char *target);

/* Whether a published entry applies to the device: an entry with `devices` (name
 * substrings: one product of the family, as a memory rating is) only where one of
 * them is in the name; an entry without applies to the whole family. */
bool expected_table_entry_applies(const json_t *entry, const char *device_name);

/* The target in a module format "native zebin (TARGET)" into `out`; "" when none. */
void expected_table_target_of(const char *module_format, char *out, size_t len);

/* A published property of the family ("banks", "int32_lanes_per_cu"): its value, or 0
 * when the family does not give it; `source` (may be NULL) gets its citation. */
double expected_table_property(const json_t *family, const char *key, const char **source);

#endif
