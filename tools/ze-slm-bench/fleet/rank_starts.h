/* SPDX-License-Identifier: MIT */
/* The rank start files among merge's inputs (run/rank_start.h writes them): who
 * started where, so that a rank that left no results, or a bad one, is named by its
 * host and rank. */
#ifndef ZESLM_RANK_STARTS_H
#define ZESLM_RANK_STARTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

/* The start file's format, its first member: how merge tells it from a results file. */
#define RANK_START_FORMAT "ze-slm-rank-start/1"

/* Takes the start files out of paths[0..n) (told by their first bytes, read whole
 * up to `limit`), keeping the others in order; each one's object, with its path as
 * "source", goes into `starts`. A start file that cannot be read stays among the
 * paths (a BAD_FILE of its own). Returns how many paths are left. */
size_t rank_starts_take(char **paths, size_t n, uint64_t limit, json_t *starts);

/* The start whose results file is `results`, else the one of rank `rank` (-1: any
 * matches none), else NULL. */
const json_t *rank_starts_find(const json_t *starts, long rank, const char *results);

/* The start of each rank below n (NULL where none; the first of a rank given twice),
 * for ranks looked up by the thousand: malloc'd, NULL when out of memory. */
const json_t **rank_starts_index(const json_t *starts, long n);

/* The host and rank a results file's name gives (DIR/HOST-RANK.json, as `run --json
 * DIR/` names it); false where it gives none. */
bool rank_starts_name(const char *path, char *host, size_t len, long *rank);

#endif
