/* SPDX-License-Identifier: MIT */
/* The reason codes of the fleet's verdicts: one stable code per cause, as DCGM's
 * DCGM_FR_* name the causes of `dcgmi diag` (dcgm_errors.h). A code keeps its name and
 * meaning from release to release: a drain script, an alert rule or a dashboard matches
 * on it, never on the text of a verdict's `why`. docs/fleet-health.md lists them. */
#ifndef ZESLM_REASON_CODES_H
#define ZESLM_REASON_CODES_H

#include "fleet/fleet_verdict.h"

typedef enum reason_code {
    REASON_OK,              /* PASS */
    REASON_THROTTLED,       /* PASS, its clock below its peers' */
    REASON_NO_BASELINE,     /* PASS against its peers; --baseline has no device of its model */
    REASON_NO_PEERS,        /* UNJUDGED */
    REASON_FEW_PEERS,       /* UNJUDGED: fewer peers than --min-peers */
    REASON_SLOW,
    REASON_SLOW_FLOOR,
    REASON_WORKLOAD_FLOOR,
    REASON_LOW,
    REASON_LOW_FLOOR,
    REASON_UNCONFIRMED,     /* a FAIL on speed that a second measurement did not repeat (fleet/confirm.h) */
    REASON_INCOMPLETE,
    REASON_DEVICE_ERROR,
    REASON_NO_DEVICE,
    REASON_RANK_LOST,
    REASON_BAD_FILE,
    REASON_DUPLICATE,
    REASON_SHARED_DEVICE,
    REASON_GPU_COUNT,
    REASON_MISSING,
    REASON_COUNT
} reason_code;

/* How much a code weighs: NONE passes, WARN is worth a look (the default --fail-on
 * does not count it), FAIL takes the device out (the default --fail-on counts it). */
typedef enum reason_level { LEVEL_NONE, LEVEL_WARN, LEVEL_FAIL } reason_level;

typedef struct reason_row {
    const char *name;       /* "ZESLM_FR_SLOW" */
    verdict v;              /* the verdict the code goes with */
    reason_level level;
    const char *meaning;    /* one line, for the docs and the man page */
} reason_row;

/* The row of a code; the table in order of the enum. */
const reason_row *reason_of(reason_code c);
const char *reason_name(reason_code c);
const char *reason_level_name(reason_level l);

/* The code of a document's error entry from its status ("BAD_FILE", "RANK_LOST",
 * "NO_DEVICE", a library status name, ...). */
reason_code reason_of_status(const char *status);

#endif
