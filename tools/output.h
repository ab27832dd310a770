/* Writing what a command found: JSON documents and device facts. */
#ifndef ZESLM_OUTPUT_H
#define ZESLM_OUTPUT_H

#include <stdio.h>

#include <jansson.h>

#include <zeslm/device.h>

/* Writes `root` to `path` ("-" is stdout). A file is written to a temporary name
 * and renamed, so it is never left half-written. Prints the error; returns 0 or 1. */
int output_json(json_t *root, const char *path);

/* Where a command's tables go: stderr when its JSON or CSV (either may be NULL)
 * is written to stdout ("-"), which must then hold nothing else; else stdout. */
FILE *output_text_stream(const char *json_path, const char *csv_path);

/* Every device fact; unknown facts are null. */
json_t *output_device_json(const zeslm_device_info *d);

/* A JSON document's common head: schema, tool version, command line, date, host. */
json_t *output_document(int argc, char **argv);

#endif
