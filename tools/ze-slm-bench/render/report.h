/* SPDX-License-Identifier: MIT */
/* Workload results as text (fits 100 columns), CSV (the same keys as the JSON) and
 * Markdown: each walks the result's one table of fields (json/result_fields.h). */
#ifndef ZESLM_REPORT_H
#define ZESLM_REPORT_H

#include <stdio.h>

#include <jansson.h>

#include <zeslm/bench.h>

#include "json/result_fields.h"

/* The text table of wl's results among [first, count), the notes of its own columns
 * and marks, then its summary's sentences; all wrapped to TABLE_WIDTH. */
void report_table(FILE *f, const zeslm_workload *wl, const zeslm_results *all, size_t first,
                  const zeslm_summary *summary);

/* The same as a Markdown section: a heading of `level` (2: "##"; 3 under a device's
 * own heading), every field with a head, the summary. */
void report_markdown(FILE *f, const zeslm_workload *wl, const zeslm_results *all, size_t first,
                     const zeslm_summary *summary, int level);

/* One CSV row per result under a header of the JSON's keys (less the launch times
 * and the typed parameters). */
void report_csv(FILE *f, const zeslm_results *all);

/* A device's results among several, and what names it in their CSV. */
typedef struct report_device {
    uint32_t index; /* in the devices list, as --device takes it */
    const char *name;
    const zeslm_results *results;
    const char *host;    /* where it ran */
    long rank;           /* its process's rank; -1 none */
    const char *verdict; /* a fleet's verdict of it ("PASS", "SLOW", ...); NULL none */
} report_device;

/* The same CSV for several devices: the header, then each device's rows, each row
 * led by its device's index, name, host, rank and verdict (the keys `device`,
 * `device_name`, `host`, `rank`, `verdict`: a fleet's CSV filters by host or verdict
 * alone). A device at a time: a merge reads each back from where it was set aside. */
void report_csv_devices_header(FILE *f);
void report_csv_device(FILE *f, const report_device *dev);

/* The notes on the columns every results table shares, each printed once per run
 * after the last table where some result needs it. */
enum { REPORT_NOTE_SPREAD = 1, REPORT_NOTE_CEILING = 2, REPORT_NOTE_WORK = 4 };
/* The notes that all's results need (a mask of REPORT_NOTE_*). */
unsigned report_footnotes_needed(const zeslm_results *all);
void report_footnotes(FILE *f, bool markdown, unsigned mask);

#endif
