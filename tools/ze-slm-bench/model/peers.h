/* SPDX-License-Identifier: MIT */
/* Devices measured side by side: each result over the devices that measured it (the
 * median and the total), and which device is slow against its peers. */
#ifndef ZESLM_PEERS_H
#define ZESLM_PEERS_H

#include <stdbool.h>
#include <stddef.h>

#include <zeslm/bench.h>

/* A device is flagged slow when its score is below this: more than 10% below the
 * median of the devices (docs/results-schema.md, "Several devices"). */
#define PEERS_SLOW_BELOW 0.9

/* One result (its identity: model/result_key.h) over the devices. */
typedef struct peers_row {
    /* Names and unit: a copy of the first device's result of this key, its launch
     * times left out (the rows outlive the results they were built from). */
    const zeslm_result *first;
    bool grouped;              /* its group size is part of its identity (a profile's) */
    double *rates;             /* per device; 0 where that device did not measure it */
    size_t measured;           /* devices with a rate */
    double median_rate;        /* of the rates measured */
    /* The sum of the rates of a throughput (what the devices do together; a device
     * that ranks shared counted once: peers_share_devices); 0 for a unit where lower is
     * better ("ns/..."), whose sum means nothing. */
    double total_rate;
    /* Per device: its speed over the median speed of the devices that measured this
     * row (speed: the rate, or 1 / rate where lower is better); 0 where it did not
     * measure it or fewer than two devices did. */
    double *ratios;
    /* Per device: its median launch's device time over its wall time (zeslm_result.
     * wall_ns), the share of the time its process waited that the device spent on the
     * kernel; 0 where it has none. */
    double *busy;
} peers_row;

typedef struct peers {
    size_t n_devices;
    peers_row *rows;           /* grouped by workload, in the order the devices ran them */
    size_t n_rows;
    /* Per device: the median of its ratios over the rows two or more devices
     * measured; 0 when it has none (then it is never slow). */
    double *scores;
    bool *slow;                /* score > 0 and below PEERS_SLOW_BELOW */
    double *busy;              /* per device: peers_busy over all its rows */
    /* Per device: the first device that is the same physical one (itself where none
     * is); NULL until peers_share_devices. */
    size_t *same_as;
} peers;

/* Device d's results for the rows: the caller's own, or read back into `scratch`
 * (which the caller of get frees with zeslm_results_free); NULL when they cannot be
 * had. */
typedef const zeslm_results *(*peers_results_fn)(void *ctx, size_t d, zeslm_results *scratch);

/* Builds the rows from each device's results, a device at a time (a merge of
 * thousands sets them aside and reads them back one by one), each result keyed once:
 * memory holds the rows (their rates per device), not the results. Returns false
 * when out of memory or when get fails. */
bool peers_compute_from(peers_results_fn get, void *ctx, size_t n_devices, peers *p);

/* The same over lists in memory. */
bool peers_compute(const zeslm_results *const *devices, size_t n_devices, peers *p);
void peers_free(peers *p);

/* Scores each device against the devices of its own group alone (group[d]: the first
 * device of d's group; a device of a model and driver version), from the rows, as
 * peers_compute of each group alone would: a fleet of two models is two populations,
 * and a device is SLOW only against its own. Returns false when out of memory. */
bool peers_score_groups(peers *p, const size_t *group);

/* Ranks that shared one physical device (the same non-NULL identity: its UUID, or host
 * and PCI address) count once in each row's total, at the best rate any of them saw:
 * their kernels' device times do not add, since a GPU time-slices the processes that
 * share it (the H100 through NVIDIA's OpenCL, which MPS refuses: two ranks each
 * reported the GPU's whole rate on an H100, 2026-11-23). Fills same_as; false when
 * out of memory. */
bool peers_share_devices(peers *p, const char *const *identity);

/* Device d's median busy share over the rows of `workload` (NULL: every row), 0 when
 * none has one; `scratch` holds n_rows. Two processes time-sliced on one GPU each see
 * about half. */
double peers_busy(const peers *p, size_t d, const char *workload, double *scratch);

/* The median of the n values (n > 0) of v, which it sorts; the mean of the middle two
 * for an even n. */
double peers_median(double *v, size_t n);

/* Whether a lower value of this unit is better (latency: "ns/access"). */
bool peers_lower_is_better(const char *unit);

#endif
