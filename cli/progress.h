/* The line a run shows on a terminal while it measures: which variant of how many,
 * the time so far and an estimate of the time left, rewritten in place on stderr.
 * Files and pipes get none of it. */
#ifndef ZESLM_PROGRESS_H
#define ZESLM_PROGRESS_H

#include <stdbool.h>
#include <stdio.h>
#include <time.h>

#include <zeslm/bench.h>

#define PROGRESS_SEEN_MAX 64

typedef struct progress {
    FILE *tty;            /* where the line goes; NULL: nowhere (not a terminal) */
    size_t total;         /* variants the run will measure */
    size_t started;       /* variants begun, the current one included */
    size_t finished;      /* variants of the workloads that ended, measured or skipped */
    /* Expected costs (progress_weight): of the whole run, of the workloads that ended,
     * of the variants before the current one, and of the current one. */
    double weight_total, weight_finished, weight_done, weight_current;
    /* The run's target in seconds when its workloads share it (run_budget_next): they
     * shrink their budgets to end near it, so the time left is at most what is left of
     * it until it passes. 0: no target (--converge-time given). */
    double target_s;
    char workload[32], variant[64];
    /* The variants of the current workload's pass already counted: a workload that
     * sweeps its inputs outside its variants (hist, atomics) comes back to them. */
    char seen[PROGRESS_SEEN_MAX][64];
    size_t n_seen;
    struct timespec t0;   /* the run's start */
    double current_from;  /* seconds from t0 to the current variant's start */
    bool shown;           /* a line is on the terminal now */
    /* ZESLM_PROGRESS_LOG: a file the user named, where each update of the line adds
     * "elapsed_s predicted_end_s workload variant params" (-1: no estimate yet), and the
     * run's end "end elapsed_s": how the estimate is measured. NULL: none. */
    FILE *log;
} progress;

/* Variants that `variants` (NULL: all; a comma-separated list) selects of wl. */
size_t progress_variants(const zeslm_workload *wl, const char *variants);

/* What a variant of `workload` is expected to cost, relative to other workloads', and
 * the results it is expected to make. */
double progress_weight(const char *workload);
double progress_results(const char *workload);

/* Starts the clock of a run of `total` variants of expected cost `weight` (the sum of
 * their progress_weight); the line goes to `tty` when it is a terminal (isatty), else
 * nowhere. */
void progress_start(progress *p, FILE *tty, size_t total, double weight);

/* A zeslm_run_opts progress callback (arg: a progress): counts a new variant when
 * (workload, variant) changes and rewrites the line. */
void progress_note(const char *workload, const char *variant, const char *params, void *arg);

/* A workload's pass ended: its n variants count as done, those it skipped (a device
 * without sub-groups) too, and the line is cleared. */
void progress_finished(progress *p, const char *workload, size_t n);

/* Opens the file ZESLM_PROGRESS_LOG names, if any, for p's log. False (the error said)
 * when it cannot be created. */
bool progress_log_open(progress *p);

/* The run ended: its time into the log, which is closed. False (the error said) when
 * the log could not be written. */
bool progress_end(progress *p);

/* Clears the line, so that a table printed next starts on a clean one. */
void progress_clear(progress *p);

/* The estimate of the time left, in seconds, at now_s seconds since the start; -1
 * when there is none yet. */
double progress_left(const progress *p, double now_s);

/* The line itself, for the given time in seconds since the start (exposed for its
 * test): "[23/65] bank strided stride=4  elapsed 0:41  left ~1:10", the time left
 * being the remaining variants' expected cost at the pace of those done. */
void progress_line(const progress *p, const char *params, double now_s, char *buf, size_t len);

/* params with byte counts scaled ("bytes=268435456" -> "bytes=256 MiB") and
 * element counts given three digits and a prefix ("n=67108864" -> "n=67.1M"). */
void progress_scale_params(const char *params, char *buf, size_t len);

/* m:ss, or h:mm:ss from an hour. */
void progress_clock(double s, char *buf, size_t len);

#endif
