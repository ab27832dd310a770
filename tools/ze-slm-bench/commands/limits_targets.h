/* SPDX-License-Identifier: MIT */
/* `limits --target LIST`: an Intel target's figures from src/intel/targets.c, with their
 * sources and where sources disagree, and groups a subslice for --slm-per-group and
 * --group-size; no device needed. */
#ifndef ZESLM_LIMITS_TARGETS_H
#define ZESLM_LIMITS_TARGETS_H

#include <stdint.h>

typedef struct limits_targets_opts {
    const char *list;           /* comma-separated ocloc names, or "all" */
    uint32_t slm_per_group;     /* bytes, with group_size */
    uint32_t group_size;        /* 0: no occupancy asked */
    uint32_t simd;              /* 0: each target's smallest sub-group size */
    uint64_t bytes_per_item;    /* 0: not asked */
    uint32_t slm_per_cu;        /* 0: the table's; else what if a subslice held this many bytes */
    const char *json, *csv, *markdown;
} limits_targets_opts;

/* Prints the table (and JSON, CSV, Markdown); returns the exit status. */
int limits_targets(const limits_targets_opts *o, int argc, char **argv);

#endif
