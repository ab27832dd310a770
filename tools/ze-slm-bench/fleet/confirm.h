/* SPDX-License-Identifier: MIT */
/* The confirmation of a FAIL on speed (docs/fleet-health.md, "Confirmation"): where the
 * run is live (`run --mpi`, `check`), a device whose first verdict is a FAIL floor
 * (SLOW_FLOOR, WORKLOAD_FLOOR, LOW_FLOOR) measures its failing workloads once more and
 * is judged again on the new figures. A verdict that holds keeps its code, confirmed; one
 * that does not becomes ZESLM_FR_UNCONFIRMED, a WARN: a host's noise slows one
 * measurement, a GPU that lost speed slows both, and a FAIL drains a node. */
#ifndef ZESLM_CONFIRM_H
#define ZESLM_CONFIRM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fleet/fleet.h"
#include "fleet/fleet_verdict.h"
#include "model/run_doc.h"

/* The most workloads one confirmation re-measures (ze-slm has about a dozen). */
#define CONFIRM_MAX_WORKLOADS 32

/* A device to re-measure, and its first judgement. */
typedef struct confirm_device {
    char host[128];
    long rank;                 /* -1 not said */
    uint32_t index;            /* in its host's devices */
    int code;                  /* its first verdict's reason code */
    double score, baseline_score, worst;
    char worst_workload[64];
    bool measured;             /* its second measurement came (confirm_replace replaced a result) */
} confirm_device;

typedef struct confirm_set {
    confirm_device *devices;
    size_t n;
    /* The workloads below --slow-below against their peers (or with no peers) on any
     * device of the set; all of a device's where none is (a LOW against a baseline that
     * its peers share). Every device measures them again, not only the accused: the
     * second measurement then meets the load the first met (on a shared host a device
     * measuring alone reads up to several times as fast). */
    char workloads[CONFIRM_MAX_WORKLOADS][64];
    size_t n_workloads;
} confirm_set;

/* Whether a reason code is a FAIL on a speed figure: one a confirmation re-measures. */
bool confirm_wanted(int code);

/* The devices of the first verdicts v (of fleet f) that a confirmation re-measures,
 * and their workloads. False when out of memory. */
bool confirm_select(const fleet *f, const verdicts *v, double slow_below, confirm_set *out);
void confirm_free(confirm_set *c);

/* Whether workload `name` ("bank") is to be measured again. */
bool confirm_has_workload(const confirm_set *c, const char *name);

/* Whether the set holds a device of rank `rank` (run --mpi: one device a rank). */
bool confirm_has_rank(const confirm_set *c, long rank);

/* Each result of `second` (a measurement of the same device) replaces the result of
 * `first` of the same workload, variant and parameters: the verdict is then the second
 * measurement's where it measured again (why: the comment in confirm.c). `second` keeps
 * the results replaced, to be freed with it; `first` then points at strings of
 * `second`'s document, which must outlive its use (a merge interns them). Returns how
 * many it replaced. */
size_t confirm_replace(run_doc_device *first, run_doc_device *second);

/* The second judgement's entries of the devices measured again (`measured`) (verdicts_compute's last
 * step): a FAIL holds, confirmed; any other becomes UNCONFIRMED at level WARN, its
 * first verdict kept. */
void confirm_judge(const confirm_set *c, const fleet *f, verdicts *v);

#endif
