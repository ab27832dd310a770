/* Reading a results file that `run --json` wrote back in, strictly: anything that is
 * not the documented schema is refused with a reason (it is fuzzed). */
#ifndef ZESLM_RESULTS_FILE_H
#define ZESLM_RESULTS_FILE_H

#include <stddef.h>

#include <jansson.h>

typedef struct results_entry {
    char key[256];      /* "workload variant parameters" */
    double median_ns;
    double work;        /* the `work` its launch settled on; 0: not given (older files, fixed work) */
    double spread;      /* (max - min) / median of that run */
} results_entry;

typedef struct results_file {
    results_entry *items; /* measured results only */
    size_t count;
    char device[256];
} results_file;

/* Reads one device's results from `o`: its "device" object (the name) and its
 * "results" array, the members a schema-1 document holds at its root and each
 * element of a schema-2 document's "devices" (tools/results_set.h reads documents).
 * Returns 0, or -1 with a reason in `why`. */
int results_from_json(json_t *o, results_file *out, char *why, size_t why_len);
void results_free(results_file *f);

#endif
