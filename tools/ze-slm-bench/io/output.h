/* SPDX-License-Identifier: MIT */
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

/* Whether an output to standard output failed, its reason printed (output_close). */
bool output_stdout_failed(void);

/* From now on output_close leaves each temporary in place, and output_commit renames
 * them all at once: a command that writes several files then either leaves them all
 * (a signal after the commit finds each whole, and is not counted, as after `run`'s last
 * rename) or none (a signal before it removes every temporary and exits 128 + its number), never a
 * replaced file beside an exit status that says the command was stopped. */
void output_commit_at_end(void);
/* Renames every temporary output_close left, with signals blocked from here to the
 * exit; prints each failure. Returns 0 or 1. */
int output_commit(void);

/* Whether `path` is written in place ("-", a device, a FIFO): each output_open of it
 * reaches its reader, so a command writes it once, at the end, not as it goes. */
bool output_in_place(const char *path);

/* Where a command's tables go: stderr when its JSON, CSV or Markdown (any may be
 * NULL) is written to stdout ("-"), which must then hold nothing else; else stdout. */
FILE *output_text_stream(const char *json_path, const char *csv_path, const char *markdown_path);

/* A command's output plan, built once from its --json, --csv and --markdown: it
 * checks the paths before any work (output_check), says where the text goes, and
 * writes each format asked for atomically (output_open, output_close). A command
 * builds its data and hands it to the plan; it opens no file itself. */
typedef enum output_format { OUTPUT_JSON, OUTPUT_CSV, OUTPUT_MARKDOWN, OUTPUT_JUNIT, OUTPUT_JSONL, OUTPUT_TRACE,
                                OUTPUT_OPENMETRICS, OUTPUT_BASELINE, OUTPUT_FORMATS } output_format;

typedef struct output_plan {
    const char *path[OUTPUT_FORMATS]; /* NULL: not asked for; "-": stdout */
    FILE *text;                       /* the tables: stdout, or stderr when a format takes stdout */
} output_plan;

/* Checks the paths (any may be NULL) and sets the text stream. Returns 0, or the
 * exit status after printing the error. */
int output_plan_init(output_plan *p, const char *json_path, const char *csv_path, const char *markdown_path);

/* Adds a further format to the plan (merge's --junit, --jsonl), under the same checks
 * against the plan's other paths. Returns 0, or the exit status after printing the
 * error. */
int output_plan_add(output_plan *p, output_format fmt, const char *option, const char *path);

/* Checks that no output of the plan names `path`, which the command reads (an input,
 * --baseline, a kernel source) or writes apart from the plan (the progress log): by
 * file identity, through links and hard links, and for an output not there yet by
 * where it would be made. "-" is standard input. `what` says what path is in the error
 * ("the input", "--baseline"). Returns 0, or the exit status after one error line. */
int output_plan_beside(const output_plan *p, const char *what, const char *path);
/* output_plan_beside for each of n paths. */
int output_plan_inputs(const output_plan *p, const char *what, char *const *paths, size_t n);

/* A writer of one format: renders `data` on f; false when it could not (it has
 * printed why, or the write failed), which leaves no file. */
typedef bool (*output_writer)(FILE *f, const void *data);

/* Writes format `fmt` through `write` when it was asked for (else nothing).
 * Prints the error; returns 0 or 1. */
int output_plan_write(const output_plan *p, output_format fmt, output_writer write, const void *data);
/* Writes `doc` as the plan's JSON when it was asked for. Returns 0 or 1. */
int output_plan_json(const output_plan *p, json_t *doc);
/* Whether the JSON goes to a file (which a long run keeps up to date as it goes). */
bool output_plan_json_to_file(const output_plan *p);

/* The device facts of the library's table (zeslm_device_facts) as fields of a
 * zeslm_device_info record: the descriptor type of every record the tool renders. */
struct field;
const struct field *output_device_fields(size_t *n);

/* Every device fact; unknown facts are null. */
json_t *output_device_json(const zeslm_device_info *d);

/* A JSON document's common head: schema, tool, version, commit, command line, date, host. */
json_t *output_document(int argc, char **argv);

#endif
