/* SPDX-License-Identifier: MIT */
/* The SLM workloads: run, verify against a host reference, and time on the device.
 * The measuring engine as a third party drives it (docs/examples/list_run.c): list
 * the workloads and their variants, run one, read its results and findings.
 *
 * ABI (docs/library.md): zeslm_run_opts and zeslm_result only ever grow at their end.
 * A caller sets zeslm_run_opts.struct_size to the sizeof it was built with, so the
 * library reads no member it lacks (those are 0); it hands results in with their
 * sizeof (zeslm_results_append) and reads them through zeslm_results_at, which steps
 * by the library's own sizeof(zeslm_result). Lists of results and findings are grown
 * and freed by the library; no caller array is sized by a constant of this header. */
#ifndef ZESLM_BENCH_H
#define ZESLM_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <zeslm/device.h>
#include <zeslm/timing.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A value of an option a workload declares for itself (zeslm_workload_option). */
typedef struct zeslm_option_value {
    const char *name;       /* the option's name; NULL: an unused slot */
    uint32_t value;
} zeslm_option_value;

#define ZESLM_RUN_OPTIONS_MAX 8

typedef struct zeslm_result zeslm_result;

typedef struct zeslm_run_opts {
    /* sizeof(zeslm_run_opts) as the caller was built; 0: this header's (in-tree code). */
    uint32_t struct_size;
    uint64_t size;          /* in the workload's size_unit; 0 = the workload's default */
    /* The workloads' own options given (conv's taps), by name; the rest take their
     * defaults. */
    zeslm_option_value options[ZESLM_RUN_OPTIONS_MAX];
    uint32_t group_size;    /* 0 = the workload chooses (and says so) */
    uint32_t reps;          /* timed launches per result, >= 1 */
    /* Go on launching past `reps` until the timed launches add up to this much device
     * time (clpeak's and hyperfine's --min-time); 0 = exactly reps. */
    double min_time_s;
    uint32_t warmup;        /* untimed launches before them */
    uint64_t seed;
    bool quick;             /* small sizes: every workload in seconds on PoCL */
    double timeout_s;       /* deadline of each launch */
    /* Wall time, in seconds, one result may spend doubling its work until its figure
     * converges (bench_case.grow); 0 = BENCH_CONVERGE_S, BENCH_CONVERGE_QUICK_S under
     * quick. A result whose first measurement takes more than a seventh of it gets
     * room for two doublings (seven times that, up to those defaults). A default size
     * per device from a target time per launch grows from here. */
    double converge_s;
    const char *variant;    /* run only these variants ("a,b"); NULL = all */
    /* Called before each result is measured (for progress); may be NULL. */
    void (*progress)(const char *workload, const char *variant, const char *params, void *arg);
    void *progress_arg;
    /* Called when a result's output has passed the host check, before anything else
     * launches on the device: the device's latest launch is the one r reports (its
     * hardware counters, zeslm_metrics_latest, are that launch's); may be NULL. */
    void (*verified)(const zeslm_result *r, void *arg);
    void *verified_arg;
} zeslm_run_opts;

/* Whether a result's per-unit figure held when its work was doubled. */
typedef enum zeslm_convergence {
    ZESLM_WORK_FIXED,       /* its workload has no knob for the work of a launch: not checked */
    ZESLM_CONVERGED,        /* doubling the work changed the figure by less than the tolerance */
    ZESLM_UNCONVERGED,      /* the time budget or the work's limit ran out first: flagged */
} zeslm_convergence;

/* What happened to one variant at one set of parameters. */
typedef enum zeslm_outcome {
    ZESLM_FAILED,           /* an error stopped it (the run's error says which) */
    ZESLM_MEASURED,         /* verified and timed */
    ZESLM_NO_RESULTS,       /* built and launched, but the device executes nothing (no timestamp) */
    ZESLM_SKIPPED,          /* the device lacks what the variant needs; `note` says what */
} zeslm_outcome;

struct zeslm_result {
    char workload[16];
    char variant[32];
    char params[96];        /* "n=1048576", "stride=16", ... */
    uint32_t group_size;
    uint32_t groups;
    zeslm_outcome outcome;
    uint64_t *times_ns;     /* every timed launch, ascending; stats.n of them (reps, or more with min_time_s) */
    zeslm_stats stats;
    double rate;            /* derived from the median */
    /* The work of one launch it settled on: `work_units` of `work_unit` ("steps",
     * "rounds"; NULL for a fixed work), and that work in the rate's unit (`work`). */
    zeslm_convergence converged;
    const char *work_unit;
    uint64_t work_units;
    double work;
    double work_change;     /* |figure - figure at half the work| / that figure; 0 = not doubled */
    const char *rate_unit;  /* "GB/s", "GMAC/s", ... */
    /* Over the document's baseline at the same parameters, where the two launches do
     * the same work per unit of their knob; 0 = none. */
    double speedup;
    double fraction;        /* rate / the ceiling's best launch earlier in the same run; 0 = none */
    /* The rate beat that ceiling, so the ceiling is no upper bound on this device;
     * fraction stays 0 rather than report more than 100%. */
    bool ceiling_exceeded;
    double ratio;           /* workload-specific second number (e.g. slowdown); 0 = none */
    const char *ratio_name;
    char verify_note[64];   /* how the check was done ("all 8192 outputs", "sample of 4096") */
    char note[160];
    /* The median host time of one timed launch, from its enqueue to its end: what the
     * process waited, device time plus launch overhead plus any time the device ran
     * other processes' work (a GPU time-slices the processes sharing it). 0 = none. */
    uint64_t wall_ns;
    /* The timed launches in the order they ran, two numbers each: the device's start
     * of the launch (its kernel timestamp, in ns on the device's own clock, whose zero
     * is the device's) and its device time (as in times_ns); stats.n pairs. A
     * repetition of several launches (passes) starts at its first. NULL where not
     * kept (a result read from a file) or a backend gave no start. */
    uint64_t *launch_ns;
};

typedef struct zeslm_results {
    zeslm_result *items;
    size_t count, cap;
} zeslm_results;

void zeslm_results_free(zeslm_results *r);
/* Appends a copy of r to out, its launch times copied too (out owns them): how
 * results from elsewhere (a file, another rank) join a list. `r_size` is
 * sizeof(zeslm_result) as the caller was built: the library reads no more of r than
 * that, and the members it lacks are 0 in the copy. */
zeslm_status zeslm_results_append(zeslm_results *out, const zeslm_result *r, size_t r_size);
/* Result i of r (i < r->count), whatever size of zeslm_result the caller was built with. */
const zeslm_result *zeslm_results_at(const zeslm_results *r, size_t i);

/* Sub-groups of any size (zeslm_variant.subgroup). */
#define ZESLM_SUBGROUP_ANY UINT32_MAX

/* One variant of a workload, as data: what `run --list` shows, and what the shared
 * variant code reads to build, size and judge it. */
typedef struct zeslm_variant {
    const char *name;
    const char *file;         /* its kernel file, kernels/FILE.cl */
    const char *kernel;       /* the kernel it launches */
    bool baseline;            /* the document's variant: the others' speed-ups are over it */
    uint32_t subgroup;        /* sub-groups it needs: 0 none, ZESLM_SUBGROUP_ANY, else that size */
    uint32_t group;           /* preferred group size (clipped to the kernel's limit); 0: it sweeps them */
    bool group_pow2;          /* a tree reduction: powers of two only */
    uint32_t group_multiple;  /* 0/1: any; else whole sub-groups of that size */
    const char *rate_unit;    /* "GB/s", "GMAC/s", "ns/access", ... */
    const char *ceiling;      /* the roofline variant its rate is a fraction of; NULL: none */
    /* What only its workload reads (its own struct, in its wl_*.c: the SLM it needs,
     * how it launches, what it computes); NULL: nothing. */
    const void *traits;
} zeslm_variant;

/* What a workload concludes from its results (the inferred bank count, latencies by
 * level): each finding a number under a key and the sentence that says it. */
typedef struct zeslm_finding {
    char key[40];         /* "banks_strided"; "" for a sentence with no number */
    double value;         /* NAN: looked for but not found (the sentence says why) */
    char sentence[240];   /* "" for a number with no sentence of its own */
} zeslm_finding;

/* A workload's findings, as many as it has: the library grows `items` (start from
 * {0}) and zeslm_summary_free frees them; read finding i with zeslm_summary_at.
 * `incomplete`: a finding was left out for want of host memory. */
typedef struct zeslm_summary {
    zeslm_finding *items;
    size_t count, cap;
    bool incomplete;
} zeslm_summary;

void zeslm_summary_free(zeslm_summary *s);
/* Finding i of s (i < s->count), whatever size of zeslm_finding the caller was built with. */
const zeslm_finding *zeslm_summary_at(const zeslm_summary *s, size_t i);

/* An option a workload declares for itself: the tool adds it to run's and profile's
 * options, checks its range, and hands it over in zeslm_run_opts.options. */
typedef struct zeslm_workload_option {
    const char *name;       /* the long option, without "--" */
    int key;                /* its short letter, unique among the tool's run options */
    const char *value;      /* the placeholder of its value ("M") */
    const char *help;       /* one line */
    uint32_t min, max, fallback; /* its range, and its value when not given */
} zeslm_workload_option;

/* What a run of a workload is expected to cost, relative to the others: what a
 * progress line and a run's budget plan with (the tool's run/progress.c). Measured, not
 * derived: `weight` the seconds one variant took in a default run on PoCL (2 shared
 * EPYC cores, where each result's convergence budget and the results per variant
 * decide it); `results` the results one variant makes on a CPU and on a GPU; `spend`
 * the fraction of its convergence budget a result uses (seconds per planned result
 * over its budget), on a CPU and on a GPU. CPU: 11 default runs on PoCL and Intel's
 * OpenCL CPU runtime, 2026-11-23, on 2 EPYC cores shared with 2 other sessions, taken
 * between the quiet runs' and the loaded ones'. GPU: the H100's default run of
 * 2026-11-28 (its ZESLM_PROGRESS_LOG; tests/unit/test_progress.c replays it): each
 * workload's seconds over the results planned times their budget. A workload's file
 * says where its own numbers differ from these. */
typedef struct zeslm_workload_cost {
    double weight;
    double results, results_gpu;
    double spend, spend_gpu;
} zeslm_workload_cost;

/* A quantity a workload's results carry as their second number (zeslm_result.ratio
 * under ratio_name), and the short head of its column in a table. */
typedef struct zeslm_extra_column {
    const char *name;       /* the results' ratio_name */
    const char *head;       /* "slowdown": short enough for a column */
    int keep;               /* its column's priority in a narrow text table, 1 to 100; 0: the default */
} zeslm_extra_column;

/* Which way a headline figure is better: a rate up, a latency down, a count neither. */
typedef enum zeslm_better {
    ZESLM_BETTER_HIGHER,
    ZESLM_BETTER_LOWER,
    ZESLM_BETTER_EXACT,
} zeslm_better;

/* A figure a workload is known by: what the tool sets beside the published value of a
 * device's family (its expected-values table) and the device's paper peak. It is the
 * best rate of one of the workload's variants (or that variant's second number), or
 * one of the findings its summarize writes. */
typedef struct zeslm_headline {
    const char *key;        /* its stable name in documents and the expected-values table */
    const char *label;      /* for people: "SLM bandwidth" */
    const char *unit;       /* the variant's rate_unit, or the finding's: "GB/s", "ns" */
    zeslm_better better;
    const char *variant;    /* whose best result it is; NULL: a finding */
    bool extra;             /* the variant's second number (zeslm_result.ratio), not its rate */
    const char *finding;    /* the finding's key where variant is NULL; keys apart by spaces: the
                             * first the run has ("level4_ns level3_ns") */
    bool cycles;            /* a latency, also given in cycles of the clock the run sampled */
} zeslm_headline;

/* A workload as data. ABI: it only grows at its end (its members after `summarize`
 * came with SONAME 0.4); the library defines every registered one. */
typedef struct zeslm_workload {
    const char *name;
    const char *summary;
    const char *size_unit;  /* what --size counts for it: "elements", "rounds each work-item makes" */
    const zeslm_workload_option *options; /* its own; NULL: none */
    size_t n_options;
    const zeslm_variant *variants;
    size_t n_variants;
    /* Runs every variant (or opts->variant) and appends one result per variant and
     * parameter set. A wrong device result is ZESLM_ERR_VERIFY with the first
     * differing index in zeslm_last_error(); results appended before it stay. */
    zeslm_status (*run)(zeslm_device *dev, const zeslm_run_opts *opts, zeslm_results *out);
    /* Appends to `out` (empty on entry; free it with zeslm_summary_free) what the
     * results [first, count) show; may be NULL. */
    void (*summarize)(const zeslm_results *all, size_t first, zeslm_summary *out);
    /* What a run of it is expected to cost (every registered workload says). */
    const zeslm_workload_cost *cost;
    /* The quantities its results carry as their second number; NULL: none. */
    const zeslm_extra_column *extras;
    size_t n_extras;
    /* The figures it is known by; NULL: none. */
    const zeslm_headline *headlines;
    size_t n_headlines;
} zeslm_workload;

/* Asks running workloads to stop at the next launch boundary (they return
 * ZESLM_ERR_INTERRUPTED). Async-signal-safe: meant for SIGINT / SIGTERM handlers. */
void zeslm_request_stop(void);

/* Whether group size g suits variant v whatever the device (a power of two for a
 * tree, whole sub-groups); false with the reason in `why`. The device's own limit
 * is checked when its kernel is built. */
bool zeslm_variant_group_ok(const zeslm_variant *v, uint32_t g, char *why, size_t len);
bool zeslm_stop_requested(void);

/* A full run's default sizes were chosen for a GPU that reads memory at this many
 * bytes per second. */
#define ZESLM_SIZING_REFERENCE_BPS 1e12
/* What a compute unit of a device that is not a GPU is taken to read, in bytes per
 * second: PoCL on 2 cores of an AMD EPYC read 3.74-4.10 GB/s in a probe launch
 *, about 2 GB/s a core. */
#define ZESLM_SIZING_UNIT_BPS 2e9

/* The factor, in (0, 1], by which a device's default sizes are the full ones, from its
 * identity and properties alone (never a timed figure): 1 for a GPU; for any other
 * device its compute units times ZESLM_SIZING_UNIT_BPS over ZESLM_SIZING_REFERENCE_BPS,
 * rounded down to a power of two. The rule in words ("not a GPU, 2 compute units:
 * 1/256 of a GPU's sizes ...") into `rule`. --quick and --size are not scaled. */
double zeslm_size_rule(const zeslm_device_info *info, char *rule, size_t len);

/* The factor this device's default sizes were scaled by and its rule, as
 * zeslm_size_rule; 1 and "" where no default size was chosen yet (a --quick or --size
 * run). */
double zeslm_default_size_scale(const zeslm_device *dev, char *rule, size_t len);

/* Runs wl and fills each new result's speed-up over its baseline variant measured at
 * the same parameters, and its fraction of its variant's ceiling where `out` already
 * holds that roofline result (a full run measures the roofline first). */
zeslm_status zeslm_workload_run(const zeslm_workload *wl, zeslm_device *dev, const zeslm_run_opts *opts,
                                zeslm_results *out);

/* zeslm_workload_count of them: size arrays of workloads by it, at run time. */
extern const zeslm_workload *const zeslm_workloads[];
extern const size_t zeslm_workload_count;
const zeslm_workload *zeslm_workload_find(const char *name);
/* wl's variant of that name, or NULL. */
const zeslm_variant *zeslm_variant_find(const zeslm_workload *wl, const char *name);
/* Whether `name` is one of the comma-separated variants of `list` (NULL: all are). */
bool zeslm_variant_listed(const char *list, const char *name);
/* The size of a table of variants, for zeslm_workload.n_variants. */
#define ZESLM_COUNT(table) (sizeof(table) / sizeof((table)[0]))

#ifdef __cplusplus
}
#endif

#endif
