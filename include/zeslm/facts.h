/* SPDX-License-Identifier: MIT */
/* Device facts described once (key, label, unit, where the value lives) so that the
 * table, JSON and CSV writers walk the same list. "Unknown" is a state, not a zero. */
#ifndef ZESLM_FACTS_H
#define ZESLM_FACTS_H

#include <stdbool.h>
#include <stddef.h>

#include <zeslm/device.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum zeslm_fact_kind {
    ZESLM_FACT_U32,      /* uint32_t, 0 = unknown */
    ZESLM_FACT_ID,       /* uint32_t shown in hex (PCI ids), 0 = unknown */
    ZESLM_FACT_U64,      /* uint64_t, 0 = unknown */
    ZESLM_FACT_DOUBLE,   /* double, 0 = unknown */
    ZESLM_FACT_STR,      /* char[], "" = unknown */
    ZESLM_FACT_BOOL,     /* bool, always known */
    ZESLM_FACT_TRISTATE, /* int: 1 yes, 0 no, -1 unknown */
    ZESLM_FACT_BACKEND,  /* uint32_t registry number, shown as zeslm_backend_label */
    ZESLM_FACT_SUBGROUPS,/* subgroup_sizes[n_subgroup_sizes], empty = unknown */
    ZESLM_FACT_FP32_ATOMICS, /* fp32_atomics bits, known where float_atomics >= 0 */
} zeslm_fact_kind;

typedef struct zeslm_fact {
    const char *key;     /* JSON / CSV name */
    const char *label;   /* shown to people */
    const char *unit;    /* "" when the value has none */
    zeslm_fact_kind kind;
    size_t offset;       /* into zeslm_device_info */
} zeslm_fact;

extern const zeslm_fact zeslm_device_facts[];
extern const size_t zeslm_device_fact_count;

bool zeslm_fact_known(const zeslm_fact *f, const zeslm_device_info *d);
/* The value as text with its unit, or "unknown". */
void zeslm_fact_text(const zeslm_fact *f, const zeslm_device_info *d, char *buf, size_t len);
/* Numeric facts as a double (false for text, lists and unknown values). */
bool zeslm_fact_number(const zeslm_fact *f, const zeslm_device_info *d, double *out);

#ifdef __cplusplus
}
#endif

#endif
