/* Writing what a command found: JSON documents and device facts. */
#ifndef ZESLM_OUTPUT_H
#define ZESLM_OUTPUT_H

#include <stdbool.h>
#include <stdio.h>

#include <jansson.h>

#include <zeslm/device.h>

/* Checks a command's output paths before it does any work: of JSON, CSV and Markdown
 * (any may be NULL) no two may both be "-" or name the same file, and each file must
 * be creatable. Prints the error with its reason; returns 0 or the exit status. */
int output_check(const char *json_path, const char *csv_path, const char *markdown_path);

/* Opens `path` for writing ("-" is stdout). A regular file (or none yet) is written
 * to a unique temporary beside it (mkstemp: a link planted there is never followed)
 * that output_close renames over it, so it is never left half-written and each of
 * several writers leaves a whole file; a symbolic link is followed and kept, its
 * target replaced; a device, FIFO or socket is written in place, never truncated nor
 * replaced. Returns NULL after printing the reason. */
FILE *output_open(const char *path);
/* Finishes what output_open began: every flush, sync and close checked. `written`
 * false (the caller's writing failed) removes the temporary. Prints the error with
 * its reason; returns 0 or 1. */
int output_close(FILE *f, const char *path, bool written);

/* Whether `path` is written in place ("-", a device, a FIFO): each output_open of it
 * reaches its reader, so a command writes it once, at the end, not as it goes. */
bool output_in_place(const char *path);

/* Writes `root` to `path` through output_open. Prints the error; returns 0 or 1. */
int output_json(json_t *root, const char *path);

/* Where a command's tables go: stderr when its JSON, CSV or Markdown (any may be
 * NULL) is written to stdout ("-"), which must then hold nothing else; else stdout. */
FILE *output_text_stream(const char *json_path, const char *csv_path, const char *markdown_path);

/* Every device fact; unknown facts are null. */
json_t *output_device_json(const zeslm_device_info *d);

/* A JSON document's common head: schema, tool version, command line, date, host. */
json_t *output_document(int argc, char **argv);

#endif
