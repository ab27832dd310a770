/* SPDX-License-Identifier: MIT */
/* The results files a merge is given, read as an operator needs: a file given twice
 * read once, a file that is not a results file an error entry of the fleet (unless
 * strict), and files of other tool versions or settings said. */
#ifndef ZESLM_FLEET_READ_H
#define ZESLM_FLEET_READ_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
#include <sys/stat.h>

#include <jansson.h>

#include "fleet/fleet.h"
#include "model/run_doc.h"

/* What the inputs said so far: notes (strings), the identity of each file, the first
 * document's version and settings. */
typedef struct fleet_inputs {
    json_t *notes;
    struct stat *ids;
    size_t n;
    char first_path[256], first_host[128], version[64];
    bool have_first, quick;
    uint32_t reps;
    uint64_t seed;
} fleet_inputs;

bool fleet_inputs_init(fleet_inputs *in, size_t n);
void fleet_inputs_free(fleet_inputs *in);

/* Whether paths[i] names a file given before (by another name or a link); notes it. */
bool fleet_inputs_twice(fleet_inputs *in, char *const *paths, size_t i);

/* Reads path (at most `limit` bytes, json/doc_reader.h) into *doc. A file that cannot
 * be read or is not a results file: with strict, prints the error and returns its exit
 * status; else *doc holds one error entry (BAD_FILE) that names it, and 0. */
int fleet_inputs_read(const char *path, uint64_t limit, run_doc *doc, bool strict);

/* Reads path into f a device at a time (memory: one device of it), noting in `in`
 * (NULL: not noted) what fleet_inputs_mixed notes; f is touched under m (NULL: one
 * reader). A bad file as fleet_inputs_read has it; a device that is not one ends its
 * file, the devices before it kept. Returns 0 or the exit status after printing. */
int fleet_inputs_stream(const char *path, uint64_t limit, fleet *f, fleet_inputs *in, bool strict,
                        pthread_mutex_t *m);

/* Notes a document of another version or other settings than the first (doc: its
 * head, of n_devices devices). */
void fleet_inputs_mixed(fleet_inputs *in, const char *path, const run_doc *doc, size_t n_devices);

/* Every file into `f`, one at a time on up to `threads` threads, each document freed
 * once its devices are in the fleet: memory grows with the devices, not with the
 * bytes read. Returns 0 or the exit status after printing. */
int fleet_read_files(fleet *f, fleet_inputs *in, char *const *paths, size_t n, uint64_t limit, bool strict,
                     unsigned threads);

/* What fleet_read_in_order hands over of file i: its document (its devices and errors,
 * or one BAD_FILE error entry, `why` then its reason; "" none), empty where `twice`
 * (given before, noted). take may move the document's devices away; it is freed after.
 * Nonzero stops the reading: that is the exit status. */
typedef int (*fleet_take_fn)(void *ctx, size_t i, run_doc *doc, bool twice, const char *why);

/* Reads the files on up to `threads` threads, at most two a thread ahead of the one
 * handed over, and hands each to take in the order given, on the calling thread: a
 * merge that keeps the files' order parses on every core and holds a few documents.
 * Returns 0 or the first nonzero take. */
int fleet_read_in_order(fleet_inputs *in, char *const *paths, size_t n, uint64_t limit, unsigned threads,
                        fleet_take_fn take, void *ctx);

#endif
