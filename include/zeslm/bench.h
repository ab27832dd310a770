/* The SLM workloads: run, verify against a host reference, and time on the device. */
#ifndef ZESLM_BENCH_H
#define ZESLM_BENCH_H

#include <stdbool.h>
#include <stdint.h>

#include <zeslm/device.h>
#include <zeslm/timing.h>

typedef struct zeslm_run_opts {
    uint64_t size;          /* elements / words; 0 = the workload's default */
    uint32_t taps;          /* conv: filter length M; 0 = 257 */
    uint32_t group_size;    /* 0 = the workload chooses (and says so) */
    uint32_t reps;          /* timed launches per result, >= 1 */
    uint32_t warmup;        /* untimed launches before them */
    uint64_t seed;
    bool quick;             /* small sizes: every workload in seconds on PoCL */
    double timeout_s;       /* deadline of each launch */
    const char *variant;    /* run only this variant; NULL = all */
    /* Called before each result is measured (for progress); may be NULL. */
    void (*progress)(const char *workload, const char *variant, const char *params, void *arg);
    void *progress_arg;
} zeslm_run_opts;

/* What happened to one variant at one set of parameters. */
typedef enum zeslm_outcome {
    ZESLM_FAILED,           /* an error stopped it (the run's error says which) */
    ZESLM_MEASURED,         /* verified and timed */
    ZESLM_NO_RESULTS,       /* built and launched, but the device executes nothing (no timestamp) */
    ZESLM_SKIPPED,          /* the device lacks what the variant needs; `note` says what */
} zeslm_outcome;

typedef struct zeslm_result {
    char workload[16];
    char variant[32];
    char params[96];        /* "n=1048576", "stride=16", ... */
    uint32_t group_size;
    uint32_t groups;
    zeslm_outcome outcome;
    uint64_t *times_ns;     /* every timed launch, ascending; reps of them */
    zeslm_stats stats;
    double rate;            /* derived from the median */
    const char *rate_unit;  /* "GB/s", "GMAC/s", ... */
    double speedup;         /* over the document's baseline at the same parameters; 0 = none */
    double fraction;        /* rate / the ceiling measured earlier in the same run; 0 = none */
    /* The rate beat that ceiling, so the ceiling is no upper bound on this device;
     * fraction stays 0 rather than report more than 100%. */
    bool ceiling_exceeded;
    double ratio;           /* workload-specific second number (e.g. slowdown); 0 = none */
    const char *ratio_name;
    char verify_note[64];   /* how the check was done ("all 8192 outputs", "sample of 4096") */
    char note[160];
} zeslm_result;

typedef struct zeslm_results {
    zeslm_result *items;
    size_t count, cap;
} zeslm_results;

void zeslm_results_free(zeslm_results *r);

typedef struct zeslm_workload {
    const char *name;
    const char *summary;
    const char *const *variants;  /* NULL-terminated */
    const char *baseline;         /* the document's variant that speed-ups compare with; NULL: none */
    const char *ceiling;          /* the roofline variant its rates are a fraction of; NULL: none */
    /* Runs every variant (or opts->variant) and appends one result per variant and
     * parameter set. A wrong device result is ZESLM_ERR_VERIFY with the first
     * differing index in zeslm_last_error(); results appended before it stay. */
    zeslm_status (*run)(zeslm_device *dev, const zeslm_run_opts *opts, zeslm_results *out);
    /* Text after the table that explains the results (bank count, cliffs); may be NULL.
     * Writes at most len bytes. */
    void (*summarize)(const zeslm_results *all, size_t first, char *buf, size_t len);
} zeslm_workload;

/* Asks running workloads to stop at the next launch boundary (they return
 * ZESLM_ERR_INTERRUPTED). Async-signal-safe: meant for SIGINT / SIGTERM handlers. */
void zeslm_request_stop(void);
bool zeslm_stop_requested(void);

/* Runs wl and fills each new result's speed-up over wl->baseline measured at the
 * same parameters, and its fraction of wl->ceiling where `out` already holds that
 * roofline result (a full run measures the roofline first). */
zeslm_status zeslm_workload_run(const zeslm_workload *wl, zeslm_device *dev, const zeslm_run_opts *opts,
                                zeslm_results *out);

/* An upper bound of zeslm_workload_count, for callers' arrays. */
#define ZESLM_WORKLOAD_MAX 16
extern const zeslm_workload *const zeslm_workloads[];
extern const size_t zeslm_workload_count;
const zeslm_workload *zeslm_workload_find(const char *name);

#endif
