/* SPDX-License-Identifier: MIT */
/* A fleet's health as an operator acts on it: a verdict for every device, every rank
 * that should have run and every host, and the exit status they make (a Slurm prolog or
 * epilog reads it; DCGM's `dcgmi diag` does the same per test). */
#ifndef ZESLM_FLEET_VERDICT_H
#define ZESLM_FLEET_VERDICT_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "fleet/fleet.h"

/* In the order of severity: a device or host takes the worst that applies. */
typedef enum verdict {
    VERDICT_PASS,
    VERDICT_UNJUDGED,   /* too few peers of its model and driver, and no baseline entry */
    VERDICT_SLOW,       /* below its peers of the same model and driver */
    VERDICT_LOW,        /* below the baseline (--baseline) for its model */
    VERDICT_INCOMPLETE, /* its run stopped before every workload asked for (complete: false) */
    VERDICT_ERROR,      /* an error: a workload failed, the device did not open, a rank was lost, a file was bad */
    VERDICT_MISSING,    /* a rank of the job that left no file and no error */
    VERDICT_COUNT
} verdict;

/* The exit statuses (docs/fleet-health.md): 0 no verdict that --fail-on counts; degraded:
 * the verdicts it counts are all of level WARN (reason_codes.h); failed: one it counts is
 * of level FAIL. 1 and 2 stay the tool's own errors and usage errors. */
#define VERDICT_EXIT_DEGRADED 3
#define VERDICT_EXIT_FAILED 4

/* Defaults, as the man page and docs/cluster.md state them: SLOW more than 10% below the
 * median of the devices of its model, LOW more than 10% below the baseline. */
#define VERDICT_SLOW_BELOW 0.9
#define VERDICT_LOW_BELOW 0.9
/* The FAIL floors (docs/fleet-health.md): a device at half its peers' median speed, over
 * all its results or over one workload's, or at half its baseline. Half, because four
 * fault-free ranks time-sliced on a loaded 2-core machine scored down to 0.51 of their
 * median (fleet_launched.sh) and a FAIL drains a node: a floor above the noise of the
 * worst host the tool runs on, and below a GPU that lost half its speed. */
#define VERDICT_SLOW_FAIL 0.5
#define VERDICT_LOW_FAIL 0.5
#define VERDICT_WORKLOAD_FLOOR 0.5
/* The fewest peers (other devices of its model and driver) a device is judged against:
 * with one, the median is the mean of the device and that peer, so one noisy peer
 * decides and a slow device pulls the median half its way down; with two, the median is
 * a device's own measure. Fewer: judged against --baseline, else UNJUDGED (FEW_PEERS). */
#define VERDICT_MIN_PEERS 2

typedef struct verdict_opts {
    double slow_below, low_below;
    /* The FAIL floors and the fewest peers; 0: the defaults above. */
    double slow_fail, low_fail, workload_floor;
    long min_peers;
    /* The thresholds an option set (1u << each's index in verdict_options.h's table):
     * a baseline file's fill the others. */
    unsigned given;
    long expect;               /* ranks the job had; 0: the size the rank files carry */
    const fleet *baseline;     /* NULL: no LOW */
    unsigned fail_on;          /* 1u << verdict for each that fails, and the FAIL_ON_ levels; FAIL_ON_FAIL by default */
    /* The inventory (fleet/inventory.h): devices each host should have (0: what its
     * ranks' launcher said), and the most ranks that may measure one device (0: one). */
    long expect_gpus, ranks_per_device;
    /* The ranks' start files (fleet/rank_starts.h; NULL none): a rank that left no
     * results but started is named by its host, as is a bad file of a rank. */
    const json_t *starts;
    /* The devices a confirmation measured again (fleet/confirm.h; NULL none): their
     * entries say whether their FAIL held. */
    const struct confirm_set *confirm;
} verdict_opts;

/* The most ranks --expect takes (a rank file's size above it is not believed): a
 * MISSING rank costs about 1.5 KiB of verdicts, so 262,144 ranks (more GPUs than the
 * largest machines have) stay under half a GiB. */
#define VERDICT_EXPECT_MAX (1L << 18)

#define VERDICT_FAIL_ALL (((1u << VERDICT_COUNT) - 1) & ~1u)
/* --fail-on's levels: every verdict of level FAIL (the default), or of WARN or FAIL. */
#define FAIL_ON_FAIL (1u << 16)
#define FAIL_ON_WARN (1u << 17)

/* One line of the verdicts: a device, an error entry of the document (a device that did
 * not open, a lost rank, a bad file) or a missing rank. */
typedef struct verdict_entry {
    verdict v;
    int code;                  /* its reason_code (reason_codes.h) */
    long device;               /* the fleet's device index; -1 for an error entry or a missing rank */
    long rank;                 /* -1 unknown */
    char host[256];            /* "" unknown */
    char model[256];           /* the device's name ("" unknown) */
    double score;              /* against its model's peers; 0 none */
    double baseline_score;     /* against the baseline; 0 none */
    size_t peers;              /* devices of its model scored with it */
    double worst;              /* its lowest workload's score against its peers; 0 none */
    char worst_workload[64];   /* that workload ("" none) */
    char why[512];
    /* Its confirmation (fleet/confirm.h): -1 not measured again; 1 its FAIL held on a
     * second measurement; 0 it did not (ZESLM_FR_UNCONFIRMED). Where 0 or 1, its first
     * judgement's code and figures (its own are the second's). */
    int confirmed;
    int first_code;
    double first_score, first_baseline_score, first_worst;
    /* Ranks that measured one device (fleet_mark_shared) are judged as that device: the
     * entry of the rank that stands for it lists their ranks with its own ("0, 1, 2"),
     * and each of theirs judged alike names it in lead (else -1), one line for all. */
    char ranks[96];
    long lead;
} verdict_entry;

typedef struct verdicts {
    verdict_entry *entries;    /* the devices in document order, then the errors, then the missing ranks */
    size_t n;
    long expected;             /* ranks expected (0: no rank said) */
    json_t *notes;             /* strings: duplicates, files twice, one UUID on two hosts, mixed versions */
    verdict worst;
} verdicts;

/* The verdicts of a fleet (fleet_add_doc of a merged document, or of every file read
 * one at a time); false when out of memory. */
bool verdicts_compute(const fleet *f, const verdict_opts *o, verdicts *out);
void verdicts_free(verdicts *v);

/* Whether --fail-on's mask counts the entry. */
bool verdict_fails(const verdict_entry *e, unsigned fail_on);

/* The exit status the verdicts make under fail_on (0, VERDICT_EXIT_DEGRADED or
 * VERDICT_EXIT_FAILED). */
int verdicts_exit_status(const verdicts *v, unsigned fail_on);

/* "PASS", "SLOW", ...; and back (case-insensitive), -1 for none. */
const char *verdict_name(verdict v);
int verdict_parse(const char *name);
/* --fail-on's LIST ("slow,missing", "fail", "warn", "all", "none") as a mask; false on
 * a bad name. */
bool verdict_parse_list(const char *list, unsigned *mask);

/* {status, expected_ranks, worst, counts: {PASS: n, ...}, entries: [...], hosts: [...],
 * notes: [...]}: what the document carries under "verdicts". */
json_t *verdicts_json(const verdicts *v, unsigned fail_on);


#endif
