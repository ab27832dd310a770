/* SPDX-License-Identifier: MIT */
/* The backends this build of the library holds (Level Zero, OpenCL, each compiled in
 * when its runtime was found): the one list that device listing, facts, messages and
 * the command line ask for names, labels and order of preference. */
#ifndef ZESLM_BACKENDS_H
#define ZESLM_BACKENDS_H

#include <stdint.h>

#include <zeslm/status.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Backends are numbered 0 .. zeslm_backend_count() - 1 in order of preference: a GPU
 * of backend 0 is picked before a GPU of backend 1. zeslm_device_info.backend holds
 * this number; it is valid only within one build of the library, so files and other
 * programs should store the name. */
uint32_t zeslm_backend_count(void);

/* The short name that selects it ("ze", "cl"); NULL for a number out of range. */
const char *zeslm_backend_name(uint32_t backend);

/* The name shown to people ("Level Zero", "OpenCL"); NULL for a number out of range. */
const char *zeslm_backend_label(uint32_t backend);

/* The number of the backend called `name` (exact match). ZESLM_ERR_INVALID_ARG
 * when this build holds no such backend. */
zeslm_status zeslm_backend_find(const char *name, uint32_t *backend);

#ifdef __cplusplus
}
#endif

#endif
