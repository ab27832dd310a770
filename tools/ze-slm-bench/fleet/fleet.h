/* SPDX-License-Identifier: MIT */
/* A fleet as its verdicts need it, and no more: per device who and where it is, whether
 * it ran whole, and the speed of each result it measured (its rate, or 1 / rate where
 * lower is better), keyed once. A device costs about 2 KiB however large its file, so
 * `merge --summary-only` reads 10,000 rank files one at a time in bounded memory. */
#ifndef ZESLM_FLEET_H
#define ZESLM_FLEET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "model/run_doc.h"

typedef struct fleet_device {
    char host[128], name[128], driver[96], uuid[64], pci[32], source[256];
    long rank, size;           /* -1 / 0 when not said */
    long local_rank;           /* -1 not said */
    /* Its rank's inventory (run/rank.h): the devices like it the driver showed, those
     * the launcher gave (-1 not said) and the variable that said so; whether an
     * affinity variable narrowed what the rank saw (its index is then of that view). */
    long seen, expected;
    char expected_from[32];
    bool narrowed;
    long duplicate_of;         /* the device of the same host, rank and index read first; -1 none */
    /* The device that stands for the one this rank measured with other ranks (the same
     * host and fleet_device_key: ranks time-sliced on it); -1 none, or it is that one,
     * whose results are then the best of its ranks' (fleet_mark_shared). */
    long shared_with;
    uint32_t index;            /* in its host's devices */
    uint32_t model;            /* devices of one name and driver share it */
    bool incomplete, throttled;
    double clock_mhz, peers_clock_mhz;
    char error[256];           /* its first workload error ("" none) */
    size_t first, count;       /* its results among the fleet's pairs */
    size_t measured;           /* the results its own run measured */
} fleet_device;

typedef struct fleet_pair {
    uint32_t row;              /* the result's key (workload, variant, parameters) */
    double speed;
} fleet_pair;

typedef struct fleet {
    fleet_device *devices;
    size_t n_devices, cap_devices;
    fleet_pair *pairs;
    size_t n_pairs, cap_pairs;
    /* The document errors: devices that did not open, lost ranks, bad files:
     * {device, name, host, rank, size, status, message, source}. */
    json_t *errors;
    struct fleet_keys *keys;   /* result keys and model names, interned */
} fleet;

bool fleet_init(fleet *f);
void fleet_free(fleet *f);

/* Adds the devices and errors of a document read (or merged); `source` names its file
 * where the document does not. False when out of memory, or when a spilled device's
 * results cannot be read back. */
bool fleet_add_doc(fleet *f, const run_doc *doc, const char *source);

/* Devices in the order of their files (source), then rank and index; errors in the
 * order of their files: what several threads read comes out as one would read it. */
void fleet_sort(fleet *f);

/* Marks each device whose host, rank and index a device read before it already had
 * (two runs' files of one rank, or a copy): its duplicate_of, and it no longer counts
 * among its model's devices nor in their medians (fleet_scores). After fleet_sort. */
bool fleet_mark_duplicates(fleet *f);

/* Who a device is on its host, for telling ranks that measured one device: "U" and its
 * UUID, else "P" and its PCI address, else (its rank's view not narrowed by an affinity
 * variable) "I" and its name, driver and index; "" where none of these says. */
void fleet_device_key(const fleet_device *d, char *key, size_t len);

/* Marks the ranks (not a duplicate) that measured one device of a host (fleet_device_key):
 * the first of them stands for the device, its results then each result's best speed
 * over those ranks (a device is as fast as its best time slice: a rank sharing it loses
 * time to the others, never gains any); the others' shared_with name it, and they count
 * as no device of their model nor in its medians (fleet_scores gives them its score).
 * After fleet_mark_duplicates. False when out of memory. */
bool fleet_mark_shared(fleet *f);

/* The device that stands for device d (d, or its shared_with). */
size_t fleet_stands_for(const fleet *f, size_t d);

/* Rows the fleet's results have (keys interned so far). */
size_t fleet_rows(const fleet *f);

/* Each device's score against the devices of its model (a duplicate left out: its
 * score 0): the median over the results two or more of them measured of its speed over their median speed there (peers.h's
 * rule, per model); 0 where it has none. scores holds n_devices. ratios, where not NULL,
 * holds n_pairs: each result's speed over that median (0 where fewer than two measured it). */
bool fleet_scores(const fleet *f, double *scores, double *ratios);

/* Device d's score per workload, as fleet_scores' but over one workload's results at a
 * time: {WORKLOAD: score}, from the ratios fleet_scores gave; NULL when out of memory. */
json_t *fleet_workload_scores(const fleet *f, size_t d, const double *ratios);

/* Device d's lowest workload score (of fleet_workload_scores'), that workload's name in
 * `name`; 0 where none has one (or out of memory). */
double fleet_worst_workload(const fleet *f, size_t d, const double *ratios, char *name, size_t len);

/* The median speed of `base`'s devices named `name` at each of base's rows (0 where
 * none measured it): malloc'd, NULL when out of memory. */
double *fleet_row_medians(const fleet *base, const char *name);

/* Device d's score against a baseline: the median over the results both measured of
 * its speed over `medians` (fleet_row_medians of base for d's name); 0 none. */
double fleet_baseline_score(const fleet *f, size_t d, const fleet *base, const double *medians);

/* Row r's key: "WORKLOAD\x1fVARIANT\x1fPARAMS"; and whether a lower rate is better there
 * (its speed is 1 / rate). */
const char *fleet_row_key(const fleet *f, size_t r);
bool fleet_row_lower(const fleet *f, size_t r);

/* Adds a device that stands for a model in a baseline file (fleet/baseline_file.h):
 * its results are the model's median rates. False when out of memory. */
typedef struct fleet_reference_row {
    const char *key;           /* as fleet_row_key */
    double speed;              /* the rate, or 1 / rate where lower is better */
    bool lower;
} fleet_reference_row;
bool fleet_add_reference(fleet *f, const char *name, const char *driver, const fleet_reference_row *rows, size_t n,
                         const char *source);

/* The number of devices of d's model: counted as models are interned, O(1). */
size_t fleet_model_size(const fleet *f, size_t d);

/* A rank's number or size: `key` of a rank object (rank.h's rank_json), or the
 * integer itself (an error entry's "rank"); `none` where neither says. */
long fleet_rank_field(const json_t *rank, const char *key, long none);

#endif
