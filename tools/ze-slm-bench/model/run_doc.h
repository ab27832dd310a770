/* SPDX-License-Identifier: MIT */
/* One run as a document (clpeak's run_document): run -> devices -> workloads ->
 * results, findings and errors, then the aggregate across the devices. One run path
 * (run_fanout.c) fills it for one device or many; a fan-out (a thread a device today,
 * a rank a host next) only adds devices to it. One writer writes it (schema 3,
 * docs/results-schema.md); run_render.c renders it as text, Markdown and CSV. */
#ifndef ZESLM_RUN_DOC_H
#define ZESLM_RUN_DOC_H

#include <stdbool.h>
#include <stdio.h>

#include <jansson.h>

#include <zeslm/bench.h>
#include "model/peers.h"

/* The schema the writer writes; readers take 1, 2 and 3. */
#define RUN_DOC_SCHEMA 3

/* One workload as a device ran it (at every group size of a profile). */
typedef struct run_section {
    const zeslm_workload *wl;  /* NULL: a workload this build does not know (read from a file) */
    size_t first, count;       /* its results among the device's */
    zeslm_summary summary;
    zeslm_status status;       /* ZESLM_OK, or its first error */
    char error[256];           /* that error's message */
    bool stopped;              /* the device stopped after it (no --keep-going) */
} run_section;

/* One device of the run: who it is, and what it measured. */
typedef struct run_doc_device {
    uint32_t index;            /* in its host's devices list, as --device takes it */
    char host[256];            /* the host it ran on */
    json_t *facts;             /* every device fact (output_device_json) */
    /* For people: from the facts. */
    char name[256], backend[32], driver[256]; /* backend: its label ("Level Zero") */
    bool is_gpu;
    char module_format[32];    /* what it built: "no module built" until its first workload */
    double started_s, finished_s; /* since the run began; finished_s 0: still running */
    /* Its default sizes were the full ones times size_scale, by the rule in size_rule
     * (zeslm_size_rule; "": no default size: --quick, --size, or nothing ran). */
    double size_scale;
    char size_rule[256];
    zeslm_results results;
    run_section *sections;     /* in the order run (a document read from a file has none) */
    size_t n_sections, cap_sections;
    json_t *summaries, *findings, *errors;
    bool no_results;           /* a result of it is ZESLM_NO_RESULTS: nothing executed */
    /* Which process of a launch ran it (rank.h's rank_json: launcher, rank, local
     * rank, size, host, device choice); NULL: not said (a file before it). */
    json_t *rank;
    /* Its clock sampled during each workload (clocks.h's clocks_json), or
     * {source: null, not_sampled: why}; NULL: not said. */
    json_t *clocks;
    char source[256];          /* a merged document: the file or rank it came from */
    /* run_doc_aggregate: its clock (the median over its workloads of each one's
     * median sampled; 0 not sampled), the median clock of the devices of its name,
     * and whether it is below RUN_DOC_THROTTLED_BELOW of theirs; its score against
     * its peers (0: none), whether that is SLOW, its busy share (peers.h; 0 none), and
     * the first device that is the same physical one (-1: none before it). */
    double clock_mhz, peers_clock_mhz;
    bool throttled;
    double peer_score, busy_share;
    bool slow;
    long long same_device_as;
    bool aggregated;           /* those are set */
    /* Its run stopped before every workload asked for (a rank killed mid-run, an
     * interrupt): written as the device's "complete": false. */
    bool incomplete;
    /* Its results are in the document's spool (run_doc_spill): `results` and
     * `sections` are empty, run_doc_results reads the spilled_count results at
     * spilled_at back, and run_doc_device_load its sections too. */
    bool spilled;
    uint64_t spilled_at;
    size_t spilled_count;
} run_doc_device;

typedef struct run_doc {
    json_t *head;              /* schema, tool, version, commit, command, date, host */
    uint64_t seed;
    uint32_t reps, warmup;
    double min_time_s;
    double converge_s;      /* the convergence rule's time budget per result */
    /* The wall time the run's workloads shared (RUN_TARGET_S, RUN_TARGET_QUICK_S); 0:
     * none (--converge-time, or a document read back). The text says how much of it
     * each device took. */
    double target_s;
    bool quick;
    /* Several devices were asked for (--device all|LIST): the text, Markdown and CSV
     * of several, even when one of them opened. */
    bool several;
    bool complete;             /* every device ran every workload asked for */
    run_doc_device *devices;   /* in the order chosen */
    size_t n_devices, cap;
    /* The chosen devices that did not open, and the ranks that sent nothing:
     * {device, name, host, rank, status, message[, source]} (device, rank: null unknown). */
    json_t *errors;
    peers aggregate;           /* once run_doc_aggregate succeeded */
    bool aggregated;
    json_t *source;            /* the documents read (a file, or those merged): the strings results point into */
    /* The fleet's verdicts (verdict.h's verdicts_json), written as "verdicts"; NULL:
     * none (a run of one process). A document read back has none: they are worked out
     * again. */
    json_t *verdicts;
    /* Where a merge set its devices' results aside (io/run_doc_spool.h), and what
     * closes it; NULL: none is. */
    struct doc_spool *spool;
    void (*spool_close)(struct doc_spool *spool);
} run_doc;

/* An empty document of the run options `o` under `head` (output_document's; the
 * document takes the reference). */
void run_doc_init(run_doc *doc, json_t *head, const zeslm_run_opts *o);
void run_doc_free(run_doc *doc);

/* Adds a device, `facts` its device object (the document takes the reference);
 * `cap` devices are reserved by the first call. Returns NULL when out of memory or
 * past cap. */
run_doc_device *run_doc_add_device(run_doc *doc, size_t cap, uint32_t index, const char *host, json_t *facts,
                                   const char *module_format);
/* The device's name, backend label, driver and kind, for people, from its facts. */
void run_doc_device_names(run_doc_device *d);
/* d's sections from its results, a run of one known workload's results each, its
 * summary worked out again as the run did; with `note`, also into d's summaries and
 * findings (derived from the results: a file edited by hand is judged by its
 * results, not by what it says of them). False when out of memory. */
bool run_doc_device_sections(run_doc_device *d, bool note);

/* A device that did not open (or a rank that ran none): an entry of the document's
 * errors; index and rank -1 when unknown, `status` a zeslm_status_name or the
 * rank's ("RANK_LOST"). */
void run_doc_open_error(run_doc *doc, long index, const char *name, const char *host, long rank,
                        const char *status, const char *message);

/* Appends to d a workload it ran: copies of src's results [s->first, s->first + s->count),
 * the section (its first and count made the device's own), its summary and
 * findings, and `errors` ({workload, status, message} each; may be NULL). Returns
 * false when out of memory. */
bool run_doc_append(run_doc_device *d, const zeslm_results *src, const run_section *s, const json_t *errors);

/* The device's UUID and PCI address as its facts give them; each NULL where it says
 * none. */
void run_doc_device_ids(const run_doc_device *d, const char **uuid, const char **pci);

/* Whether a and b may be one device, the one definition `compare` pairs by: the same
 * name, and the same sub-device flag, UUID and PCI address wherever both documents
 * give them. (Ranks that shared one physical device, in one document, are those of
 * one UUID, or one host and PCI address: run_doc_aggregate.) */
bool run_doc_same_device(const run_doc_device *a, const run_doc_device *b);

/* Devices of one model: the same name and driver version (a fleet mid-upgrade is two
 * populations: the older half must not be flagged against the newer). */
bool run_doc_same_model(const run_doc_device *a, const run_doc_device *b);



/* Reads a results file of schema 1, 2 or 3 into a document through the same rows:
 * its head, run options, devices (every field, a section per run of one workload's
 * results with its findings worked out again) and open errors; no aggregate
 * (run_doc_aggregate makes it, as the writer did). A measured result without a
 * positive median is refused (records_result_valid). Written again after
 * run_doc_aggregate, a document the tool wrote gives the same bytes. Returns 0, or
 * -1 with a reason in `why`. Through json/doc_reader.h, which reads a file of any size a
 * device at a time; this holds every device. */
int run_doc_parse(const char *text, size_t len, run_doc *out, char *why, size_t why_len);

/* d's sections and their summaries freed (a device set aside in a spool, or unloaded:
 * io/run_doc_spool.h). */
void run_doc_device_sections_free(run_doc_device *d);

/* Whether any device ran nothing (run_doc_device.no_results). */
bool run_doc_no_results(const run_doc *doc);

#endif
