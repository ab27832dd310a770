/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "fleet/reason_codes.h"

/* Append new codes at the end of a verdict's group, never renumber or rename: scripts
 * match on the names. */
static const reason_row rows[REASON_COUNT] = {
    [REASON_OK] = {"ZESLM_FR_OK", VERDICT_PASS, LEVEL_NONE, "judged and within its thresholds"},
    [REASON_THROTTLED] = {"ZESLM_FR_THROTTLED", VERDICT_PASS, LEVEL_NONE,
                          "within its thresholds, its clock below its peers' while it ran"},
    [REASON_NO_BASELINE] = {"ZESLM_FR_NO_BASELINE", VERDICT_PASS, LEVEL_NONE,
                            "judged against its peers alone: the baseline has no device of its model"},
    [REASON_NO_PEERS] = {"ZESLM_FR_NO_PEERS", VERDICT_UNJUDGED, LEVEL_WARN,
                         "no peer of its model and driver measured what it did, and no baseline entry"},
    [REASON_FEW_PEERS] = {"ZESLM_FR_FEW_PEERS", VERDICT_UNJUDGED, LEVEL_WARN,
                          "fewer peers of its model and driver than --min-peers (default 2), and no baseline entry"},
    [REASON_SLOW] = {"ZESLM_FR_SLOW", VERDICT_SLOW, LEVEL_WARN,
                     "its median below --slow-below of its peers' median (default 0.9)"},
    [REASON_SLOW_FLOOR] = {"ZESLM_FR_SLOW_FLOOR", VERDICT_SLOW, LEVEL_FAIL,
                           "its median below --slow-fail of its peers' median (default 0.5)"},
    [REASON_WORKLOAD_FLOOR] = {"ZESLM_FR_WORKLOAD_FLOOR", VERDICT_SLOW, LEVEL_FAIL,
                               "its worst workload below --workload-floor of its peers' median there (default 0.5)"},
    [REASON_LOW] = {"ZESLM_FR_LOW", VERDICT_LOW, LEVEL_WARN,
                    "its median below --low-below of the baseline of its model (default 0.9)"},
    [REASON_LOW_FLOOR] = {"ZESLM_FR_LOW_FLOOR", VERDICT_LOW, LEVEL_FAIL,
                          "its median below --low-fail of the baseline of its model (default 0.5)"},
    [REASON_UNCONFIRMED] = {"ZESLM_FR_UNCONFIRMED", VERDICT_SLOW, LEVEL_WARN,
                            "below a FAIL floor (SLOW or LOW) on its first measurement, not on its second: transient"},
    [REASON_INCOMPLETE] = {"ZESLM_FR_INCOMPLETE", VERDICT_INCOMPLETE, LEVEL_FAIL,
                           "its run stopped before every workload asked for"},
    [REASON_DEVICE_ERROR] = {"ZESLM_FR_DEVICE_ERROR", VERDICT_ERROR, LEVEL_FAIL,
                             "a workload failed, or the device did not open"},
    [REASON_NO_DEVICE] = {"ZESLM_FR_NO_DEVICE", VERDICT_ERROR, LEVEL_FAIL,
                          "the rank found no device, or not the one --device asked for"},
    [REASON_RANK_LOST] = {"ZESLM_FR_RANK_LOST", VERDICT_ERROR, LEVEL_FAIL,
                          "the rank started and sent nothing back (killed, crashed)"},
    [REASON_BAD_FILE] = {"ZESLM_FR_BAD_FILE", VERDICT_ERROR, LEVEL_FAIL,
                         "its results file is empty, truncated or not a results document"},
    [REASON_DUPLICATE] = {"ZESLM_FR_DUPLICATE", VERDICT_ERROR, LEVEL_FAIL,
                          "a second file of the same rank and device (counted once)"},
    [REASON_SHARED_DEVICE] = {"ZESLM_FR_SHARED_DEVICE", VERDICT_ERROR, LEVEL_FAIL,
                              "two or more ranks measured one device: a GPU lost or a wrong binding"},
    [REASON_GPU_COUNT] = {"ZESLM_FR_GPU_COUNT", VERDICT_ERROR, LEVEL_FAIL,
                          "its host has fewer devices than --expect-gpus or the launcher gave it"},
    [REASON_MISSING] = {"ZESLM_FR_MISSING", VERDICT_MISSING, LEVEL_FAIL,
                        "a rank of the job left no results file"},
};

const reason_row *reason_of(reason_code c)
{
    return &rows[c < REASON_COUNT ? c : REASON_OK];
}

const char *reason_name(reason_code c)
{
    return reason_of(c)->name;
}

const char *reason_level_name(reason_level l)
{
    return l == LEVEL_FAIL ? "FAIL" : l == LEVEL_WARN ? "WARN" : "NONE";
}

reason_code reason_of_status(const char *status)
{
    static const struct {
        const char *status;
        reason_code c;
    } map[] = {{"BAD_FILE", REASON_BAD_FILE}, {"RANK_LOST", REASON_RANK_LOST}, {"NO_DEVICE", REASON_NO_DEVICE}, {"ZESLM_ERR_NO_DEVICE", REASON_NO_DEVICE},
               {"RANK_NOT_RUN", REASON_RANK_LOST},
               {"MISSING", REASON_MISSING}};
    for (size_t k = 0; status && k < sizeof map / sizeof *map; k++)
        if (strcmp(status, map[k].status) == 0)
            return map[k].c;
    return REASON_DEVICE_ERROR;
}
