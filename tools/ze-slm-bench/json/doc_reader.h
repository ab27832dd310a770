/* SPDX-License-Identifier: MIT */
/* A results file read one device at a time, so that memory grows with one device and
 * not with the file (a merged document of 10,000 devices of 185 results is about
 * 2 GB). The file is mapped, not read into memory; opening it walks the root's
 * members, each parsed by the one reader (io/json_read.h, a value at a time: a device's
 * parse stops where it ends, which gives its span), every member but the devices into
 * the document's head (run options, errors); a device is parsed again from its span
 * when asked for, in any order, through the schema's rows (run_doc_read_device). The
 * pages of a span are given back once it is parsed. The derived "aggregate" and
 * "verdicts" of a merged document are parsed and dropped: every reader works them out
 * again. A file that cannot be mapped (a pipe) is read into memory, at most
 * DOC_READ_RECORD_MAX bytes. */
#ifndef ZESLM_DOC_READER_H
#define ZESLM_DOC_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "json/run_doc_json.h"
#include "model/run_doc.h"

/* The default of --read-limit: the bytes of a results file read. A merged document of
 * 10,000 devices of 185 results each is about 2 GB (814 MB at 4,000); twice
 * that passes. Memory does not grow with it (a device at a time), time does: about
 * 10 s of CPU a GB here. */
#define DOC_READ_LIMIT ((uint64_t)4 << 30)

/* The most bytes of one record parsed at once (one device, the head, a schema-1 file,
 * or the whole of a file that cannot be mapped): a device of a million results is
 * about 200 MiB. */
#define DOC_READ_RECORD_MAX ((size_t)256 << 20)

/* The most devices a document may list (their spans are kept: 16 bytes each). */
#define DOC_READ_DEVICES_MAX ((size_t)1 << 22)

typedef struct doc_reader {
    const char *text;          /* the whole document */
    size_t len;
    void *map;                 /* mapped (munmap'd by doc_reader_close) ... */
    int fd, guard;             /* ... its file, kept open, and its io/mapped.c slot */
    long long size, mtime_ns, ctime_ns; /* the file as it was mapped: a change is an error */
    char *owned;               /* ... or read into memory (free'd) */
    run_doc head;              /* its head, run options and errors; no devices */
    int version;               /* its schema: 1, 2 or 3 */
    json_t *root;              /* schema 1: the root, which is its one device */
    size_t *spans;             /* 2 per device: the start and end of its element */
    size_t n_devices;
} doc_reader;

/* Opens path ("-": standard input), refusing a file of more than `limit` bytes (one
 * line naming it and --read-limit), and reads its head. Returns 0, or -1 with the
 * reason in why (the path not included). A mapped file truncated or written again
 * while it is read fails this or the read after it ("changed while it was read"),
 * never the process (io/mapped.h). */
int doc_reader_open(doc_reader *r, const char *path, uint64_t limit, char *why, size_t why_len);

/* The same over a text in memory (a rank's document sent over MPI), which must
 * outlive the reader. */
int doc_reader_text(doc_reader *r, const char *text, size_t len, char *why, size_t why_len);

/* Device k as a document of that device alone (the head's run options, no errors),
 * its strings in one->source. With `light`, its results are left out (its identity
 * alone: who, where, facts; a cheap pass over a large file). Returns 0 or -1 with the
 * reason in why; one is to be freed (run_doc_free) on 0. */
int doc_reader_device(doc_reader *r, size_t k, bool light, run_doc *one, char *why, size_t why_len);

/* Every device into *out (the head's document, r's head moved into it): what
 * run_doc_parse gives. Returns 0, or -1 with the reason in why (out then freed). */
int doc_reader_all(doc_reader *r, run_doc *out, char *why, size_t why_len);

/* Every device into *out without its results (doc_reader_device's light), r's head
 * copied: who each device is, to pair them before reading any of them whole. */
int doc_reader_light(doc_reader *r, run_doc *out, char *why, size_t why_len);

void doc_reader_close(doc_reader *r);

/* A whole file into *out: doc_reader_open, doc_reader_all. */
int doc_read_file(const char *path, uint64_t limit, run_doc *out, char *why, size_t why_len);

/* "4 GiB", "300 MiB", "512 B": a byte count for people. */
void doc_read_size_text(uint64_t bytes, char *buf, size_t len);

/* A size option's value: a whole number of bytes with an optional K, M, G or T
 * (powers of 1024; "4G"). False where it is not one, or 0. */
bool doc_read_size_parse(const char *text, uint64_t *out);

#endif
