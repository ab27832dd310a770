/* SPDX-License-Identifier: MIT */
/* The line a run shows on a terminal while it measures: which variant of how many,
 * the time so far and an estimate of the time left, rewritten in place on stderr.
 * Files and pipes get none of it. */
#ifndef ZESLM_PROGRESS_H
#define ZESLM_PROGRESS_H

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <time.h>

#include <zeslm/bench.h>

#include "run/ticker.h"

#define PROGRESS_SEEN_MAX 64
/* The workloads of a run the estimate follows; a run of more has no estimate. */
#define PROGRESS_STAGES_MAX 64

/* One workload of the run's plan, as the estimate sees it: what it will make and
 * what it shares of the run's target. */
typedef struct progress_stage {
    double weight;   /* its variants' progress_weight: its share of the target */
    double results;  /* the results one pass makes: its variants' progress_results */
    double spend;    /* the fraction of each result's budget it is expected to use */
} progress_stage;

typedef struct progress {
    FILE *tty;            /* where the line goes; NULL: nowhere (not a terminal) */
    size_t total;         /* variants the run will measure */
    size_t started;       /* variants begun, the current one included */
    size_t finished;      /* variants of the workloads that ended, measured or skipped */
    size_t results_made;  /* results begun in the whole run (each footprint, stride, size): the
                           * counter that moves with the work, where a variant makes hundreds */
    /* The run's plan: its workloads in order, each run `passes` times (group sizes). */
    progress_stage stages[PROGRESS_STAGES_MAX];
    size_t n_stages;
    unsigned passes;
    /* The run's target in seconds when its workloads share it (RUN_TARGET_S, or
     * RUN_TARGET_QUICK_S under --quick); 0: none, every result gets budget_s
     * (--converge-time). */
    double target_s;
    bool quick;
    /* Where the run is: the workload under way (stage), its pass, when that began and
     * the results it has begun, its results' budget in seconds. */
    size_t stage;
    unsigned pass;
    double pass_from;
    size_t results_seen;
    double budget_s;
    /* The passes that ended so far: the seconds from the start to the last one's end,
     * and what the plan expected of the results they made (spend x budget each). */
    double closed_s, planned_s;
    /* The same, each pass's seconds and plan, every earlier pass's weighed down by
     * PROGRESS_ETA_FADE at each pass that ends: the pace of late, where the machine
     * may have got busier. */
    double recent_s, recent_planned_s;
    char workload[32], variant[64], params[96];
    /* The variants of the current workload's pass already counted: a workload that
     * sweeps its inputs outside its variants (hist, atomics) comes back to them. */
    char seen[PROGRESS_SEEN_MAX][64];
    size_t n_seen;
    struct timespec t0;   /* the run's start */
    bool shown;           /* a line is on the terminal now */
    /* ZESLM_PROGRESS_LOG: a file the user named, where each update of the line adds
     * "elapsed_s predicted_end_s workload variant params", and the run's end
     * "end elapsed_s": how the estimate is measured. NULL: none. */
    FILE *log;
    char log_path[1024];  /* its path, each "%r" of ZESLM_PROGRESS_LOG the rank */
    /* The lock the refresh thread (progress_refresh.c) shares with the run's, and it. */
    pthread_mutex_t lock;
    ticker refresher;
} progress;

/* Variants that `variants` (NULL: all; a comma-separated list) selects of wl. */
size_t progress_variants(const zeslm_workload *wl, const char *variants);

/* What a variant of `workload` is expected to cost, relative to other workloads', the
 * results it is expected to make on a CPU or on a GPU, and the fraction of each
 * result's convergence budget it is expected to use on either. */
double progress_weight(const char *workload);
double progress_results(const char *workload, bool gpu);
double progress_spend(const char *workload, bool gpu);

/* Starts the clock of a run of `total` variants; the line goes to `tty` when it is a
 * terminal (isatty), else nowhere. The plan (stages, passes, target) is the caller's
 * to fill (run_budget_plan). */
void progress_start(progress *p, FILE *tty, size_t total);

/* Workload `stage` of the plan begins at now_s seconds since the start, its results
 * given `budget_s` seconds each. */
void progress_stage_begin(progress *p, size_t stage, double budget_s, double now_s);

/* Seconds since p's start. */
double progress_since(const progress *p);

/* A zeslm_run_opts progress callback (arg: a progress), called before each
 * measurement: counts a new variant when (workload, variant) changes, a new result
 * when its parameters do, and rewrites the line. progress_note_at: the same at now_s
 * seconds since the start (for its test). */
void progress_note(const char *workload, const char *variant, const char *params, void *arg);
void progress_note_at(progress *p, const char *workload, const char *variant, const char *params, double now_s);

/* A workload's pass ended: its n variants count as done, those it skipped (a device
 * without sub-groups) too, its time joins the pace (progress_left), the next pass
 * begins, and the line is cleared. */
void progress_finished(progress *p, size_t n);
void progress_finished_at(progress *p, size_t n, double now_s);

/* Rewrites the line for now_s (and adds it to the log); p->lock held. */
void progress_draw(progress *p, double now_s);

/* Names p's log (p->log_path) after ZESLM_PROGRESS_LOG, "" when it is not set, each
 * "%r" in it the launcher's rank: the ranks of one launch share its environment, and
 * one file would hold their lines interleaved. False (errno ENAMETOOLONG) for a name
 * over log_path. */
bool progress_log_name(progress *p, long rank);
/* Opens the log progress_log_name named, if any. False when it cannot be created
 * (errno says why). */
bool progress_log_open(progress *p);

/* The run ended: its time into the log, which is closed. False when the log could not
 * be written. */
bool progress_end(progress *p);

/* Clears the line, so that a table printed next starts on a clean one. */
void progress_clear(progress *p);

/* The line itself, for the given time in seconds since the start (exposed for its
 * test): "[23/65 #140] bank strided stride=4  elapsed 0:41  left ~1:10" (the variant
 * under way of the run's 65, its 140th result), the time left
 * as progress_left (progress_eta.h) estimates it. */
void progress_line(const progress *p, const char *params, double now_s, char *buf, size_t len);
/* The same in `width` columns at most: the parameters cut and left out first, then the
 * time so far, then the workload and variant cut; the time left always whole. */
void progress_line_fit(const progress *p, const char *params, double now_s, size_t width, char *buf, size_t len);

#endif
