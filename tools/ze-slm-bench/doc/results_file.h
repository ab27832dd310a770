/* Reading a results file that `run --json` wrote back in, strictly: anything that is
 * not the documented schema is refused with a reason (it is fuzzed). */
#ifndef ZESLM_RESULTS_FILE_H
#define ZESLM_RESULTS_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

typedef struct results_entry {
    /* "workload variant parameters", and " group=N" where the file holds a result at
     * several group sizes (a profile) */
    char key[256];
    double median_ns;
    double work;        /* the `work` its launch settled on; 0: not given (older files, fixed work) */
    double spread;      /* (max - min) / median of that run */
    /* Its launch times ("times_ns"), the samples compare tests: times[times_at ..
     * times_at + n_times) of its file; n_times 0 where the file has none. */
    size_t times_at, n_times;
} results_entry;

typedef struct results_file {
    results_entry *items; /* measured results only, in the file's order */
    const results_entry **sorted; /* the same, by key (results_find) */
    size_t count;
    double *times;        /* every result's launch times, in ns, one after another */
    char device[256];
    /* Which device, where the file says: its index in the run (-1: not given), whether
     * it is a sub-device (tile; -1: not given), its UUID and PCI address ("": none),
     * the host and launcher rank it ran on ("", -1: not given; devices of a merged
     * document repeat their indices across hosts and ranks). */
    long long index;
    int subdevice;
    char uuid[64], pci[64];
    char host[256];
    long long rank;
} results_file;

/* Reads one device's results from `o`: its "device" object (the name) and its
 * "results" array, the members a schema-1 document holds at its root and each
 * element of a schema-2 or -3 document's "devices" (tools/ze-slm-bench/doc/results_set.h reads documents).
 * Returns 0, or -1 with a reason in `why`. */
int results_from_json(json_t *o, results_file *out, char *why, size_t why_len);
void results_free(results_file *f);

/* The result of `key` in f, or NULL: a binary search, O(log n). */
const results_entry *results_find(const results_file *f, const char *key);

/* Whether f holds a result of the workload and variant of `key` (at any parameters). */
bool results_has_variant(const results_file *f, const char *key);

#endif
