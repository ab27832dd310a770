/* Presenting workload results: terminal tables, JSON and CSV. */
#ifndef ZESLM_REPORT_H
#define ZESLM_REPORT_H

#include <stdio.h>

#include <jansson.h>

#include <zeslm/bench.h>

/* The table of results [first, count) of one workload, then `summary` (may be empty). */
void report_table(FILE *f, const zeslm_workload *wl, const zeslm_results *all, size_t first, const char *summary);

/* One JSON object per result, every launch's time included. */
json_t *report_json(const zeslm_results *all);

/* One CSV row per result, with a header; returns 0 or prints the error and returns 1. */
int report_csv(const zeslm_results *all, const char *path);

/* Progress on stderr when it is a terminal (a zeslm_run_opts progress callback). */
void report_progress(const char *workload, const char *variant, const char *params, void *arg);
void report_progress_done(void);

#endif
