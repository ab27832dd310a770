/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include <zeslm/units.h>

#include "io/run_doc_spool.h"
#include "table/params_text.h"
#include "cli/cli.h"
#include "render/report.h"
#include "render/run_render.h"
#include "render/trace.h"
#include "expect/expected_verdict.h"
#include "render/expected_text.h"
#include "model/hosts.h"
#include "render/run_summary.h"
#include "table/table.h"
#include "io/ordered.h"

/* What the text and the Markdown say of a device that is not a GPU, and of one whose
 * driver ran nothing. */
static const char not_gpu[] = "This device is not a GPU: its ceilings, and the fractions of them, describe it, not a "
                              "GPU.";
static const char nothing_ran[] = "No results or timings exist for this device: its driver accepted every kernel and "
                                  "launch, but nothing executed (no GPU behind it). Nothing above is a measurement.";
/* The table across the devices when it has no row. */
static const char none_measured[] = "No device measured a result.";
static const char stopped[] = "\nStopped after this error; --keep-going goes on to the next workload.\n";

/* "Seed 2009, 20 timed launches after 2 warm-up; times are device times of one launch." */
static void seed_sentence(FILE *f, const run_doc *doc)
{
    char line[160];
    snprintf(line, sizeof line, "Seed %llu, %u timed launches after %u warm-up; times are device times of one launch.",
             (unsigned long long)doc->seed, doc->reps, doc->warmup);
    text_wrap(f, "", "  ", line, TABLE_WIDTH);
}

void run_render_head(FILE *f, const run_doc *doc)
{
    char line[768];
    if (doc->several) {
        fprintf(f, "%zu device%s at once, a thread each:\n", doc->n_devices, doc->n_devices == 1 ? "" : "s");
        for (size_t k = 0; k < doc->n_devices; k++)
            fprintf(f, "  Device %u: %s (%s, %s)\n", doc->devices[k].index, doc->devices[k].name,
                    doc->devices[k].backend, doc->devices[k].driver);
        seed_sentence(f, doc);
    } else {
        const run_doc_device *d = &doc->devices[0];
        snprintf(line, sizeof line, "Device %u: %s (%s, %s)", d->index, d->name, d->backend, d->driver);
        text_wrap(f, "", "  ", line, TABLE_WIDTH);
        seed_sentence(f, doc);
        if (!d->is_gpu)
            text_wrap(f, "", "", not_gpu, TABLE_WIDTH);
    }
    for (size_t k = 0; k < doc->n_devices; k++) {
        const char *src = json_string_value(json_object_get(doc->devices[k].clocks, "source"));
        if (src && doc->several)
            fprintf(f, "Device %u: the clock is sampled through %s during each workload; cycles are counted at its "
                    "median.\n", doc->devices[k].index, src);
        else if (src)
            fprintf(f, "The clock is sampled through %s during each workload; cycles are counted at its median.\n",
                    src);
    }
    if (doc->min_time_s > 0) {
        char t[32];
        zeslm_format_si(doc->min_time_s, "s", t, sizeof t);
        fprintf(f, "More launches where needed, until each result has %s of device time.\n", t);
    }
    fflush(f);
}

/* Which rule chose the default sizes ("Default sizes, by the device's properties:
 * not a GPU, 2 compute units: 1/256 of a GPU's ..."); nothing where none was chosen
 * (--quick, --size). */
static void sizing_sentence(FILE *f, const run_doc_device *d)
{
    if (!*d->size_rule)
        return;
    char line[512];
    snprintf(line, sizeof line,
             "Default sizes, by the device's properties (the same on every run): %s; --size forces others.",
             d->size_rule);
    text_wrap(f, "", "", line, TABLE_WIDTH);
}

/* How long the device's workloads took against the run's target ("The workloads took
 * 128 s of the run's 150 s target."); nothing where none was set. */
static void target_sentence(FILE *f, const run_doc *doc, const run_doc_device *d)
{
    if (doc->target_s <= 0 || d->finished_s <= 0)
        return;
    fprintf(f, "The workloads took %.0f s of the run's %.0f s target%s.\n", d->finished_s - d->started_s,
            doc->target_s, d->finished_s - d->started_s > doc->target_s ? ": OVER it" : "");
}

/* A section's table, then (several devices) its error, then the stop. */
static void section_text(FILE *f, const run_doc *doc, const run_doc_device *d, const run_section *s)
{
    if (!s->wl)
        return;
    report_table(f, s->wl, &d->results, s->first, &s->summary);
    if (doc->several && s->status != ZESLM_OK)
        fprintf(f, "error: %s: %s\n", s->wl->name, s->error);
    if (s->stopped)
        fputs(stopped, f);
}

void run_render_section(FILE *f, const run_doc *doc, const run_doc_device *d, const run_section *s)
{
    if (doc->several)
        fprintf(f, "device %u: %s: %zu result%s%s\n", d->index, s->wl->name, s->count, s->count == 1 ? "" : "s",
                s->status == ZESLM_OK ? "" : ", then an error");
    else
        section_text(f, doc, d, s);
    fflush(f);
}

/* Is each number normal: the verdicts, worked out from the document. */
static void expected_of(FILE *f, const run_doc_device *d, bool markdown)
{
    json_t *e = verdict_device_json(d);
    expected_text(f, e, markdown);
    json_decref(e);
}

static void device_name(const run_doc *doc, size_t k, char *buf, size_t len);

/* A device of many: how many of its figures are as expected, and each LOW or HIGH one
 * (e: its verdict_device_json). */
static void expected_line(FILE *f, const run_doc *doc, size_t k, json_t *e)
{
    json_t *fig;
    size_t i, fine = 0, low = 0, high = 0, unjudged = 0;
    char name[64], line[1024];
    device_name(doc, k, name, sizeof name);
    json_array_foreach(json_object_get(e, "figures"), i, fig) {
        const char *v = json_string_value(json_object_get(fig, "verdict"));
        fine += v && !strcmp(v, "as expected");
        low += v && !strcmp(v, "LOW");
        high += v && !strcmp(v, "HIGH");
        unjudged += v && (!strcmp(v, "no published value") || !strcmp(v, "no reference"));
        if (v && (!strcmp(v, "LOW") || !strcmp(v, "HIGH"))) {
            snprintf(line, sizeof line, "%s: %s %s: %s.", name, json_string_value(json_object_get(fig, "label")), v,
                     json_string_value(json_object_get(fig, "why")));
            text_wrap(f, "", "    ", line, TABLE_WIDTH);
        }
    }
    const char *family = json_string_value(json_object_get(e, "family"));
    snprintf(line, sizeof line, "%s: headline figures: %zu as expected, %zu LOW, %zu HIGH, %zu with no published "
             "value (%s).", name, fine, low, high, unjudged, family ? family : "no entry in the table of expected values");
    text_wrap(f, "", "    ", line, TABLE_WIDTH);
}

typedef struct expecting {
    const run_doc *doc;
    FILE *f;
} expecting;

/* Device k's expected values, worked out on a worker thread (its results read back
 * where a merge set them aside); NULL when they cannot be read. */
static void *expected_make(void *ctx, size_t k)
{
    const expecting *x = ctx;
    run_doc_device d;
    if (!run_doc_device_load(x->doc, k, &d))
        return NULL;
    json_t *e = verdict_device_json(&d);
    run_doc_device_unload(&d);
    return e;
}

static int expected_use(void *ctx, size_t k, void *made)
{
    const expecting *x = ctx;
    if (!made)
        return cli_error("cannot read back the results set aside for d%zu", k);
    expected_line(x->f, x->doc, k, made);
    json_decref(made);
    return 0;
}

static void expected_drop(void *ctx, void *made)
{
    (void)ctx;
    json_decref(made);
}

/* Every device's line, worked out on every core, printed in order. */
static bool expected_lines(FILE *f, const run_doc *doc)
{
    expecting x = {doc, f};
    static const ordered_steps steps = {expected_make, expected_use, expected_drop};
    unsigned threads = ordered_cores();
    return ordered_map(doc->n_devices, threads, 2 * (size_t)threads, &steps, &x) == 0;
}

/* Each device's tables, as one device's run prints them. */
static void device_text(FILE *f, const run_doc *doc, const run_doc_device *d)
{
    char line[768];
    snprintf(line, sizeof line, "=== Device %u: %s (%s, %s), %.1f s to %.1f s", d->index, d->name, d->backend,
             d->driver, d->started_s, d->finished_s);
    fputc('\n', f);
    text_wrap(f, "", "    ", line, TABLE_WIDTH);
    if (!d->is_gpu)
        text_wrap(f, "", "", not_gpu, TABLE_WIDTH);
    for (size_t i = 0; i < d->n_sections; i++)
        section_text(f, doc, d, &d->sections[i]);
    size_t k = (size_t)(d - doc->devices);
    run_summary(f, d, doc->aggregated && doc->aggregate.slow[k], false);
    expected_of(f, d, false);
    fprintf(f, "\nModules: %s.\n", d->module_format);
    sizing_sentence(f, d);
    target_sentence(f, doc, d);
    if (d->no_results)
        text_wrap(f, "", "", nothing_ran, TABLE_WIDTH);
}

/* A device's name in the document: "device N" of one host's run, "dK" (its place)
 * in a merged one, whose devices' indices repeat across hosts and ranks. */
static void device_name(const run_doc *doc, size_t k, char *buf, size_t len)
{
    if (run_doc_merged(doc))
        snprintf(buf, len, "d%zu", k);
    else
        snprintf(buf, len, "device %u", doc->devices[k].index);
}

/* "NAME (UUID u, PCI p)" as far as the device says. */
static void identity(const run_doc_device *d, char *buf, size_t len)
{
    const char *uuid, *pci;
    run_doc_device_ids(d, &uuid, &pci);
    snprintf(buf, len, "%s%s%s%s%s%s%s", d->name, uuid || pci ? " (" : "", uuid ? "UUID " : "", uuid ? uuid : "",
             pci ? (uuid ? ", PCI " : "PCI ") : "", pci ? pci : "", uuid || pci ? ")" : "");
}

/* Every result across the devices as a table: variant, parameters, a column per
 * device, median, total. `cols` (n_devices + 4) and `heads` (n_devices) are the
 * caller's and must outlive t. */
static void aggregate_table(const run_doc *doc, table *t, table_column *cols, char (*heads)[24])
{
    const peers *p = &doc->aggregate;
    /* The devices' columns are kept before the parameters when the text is too wide. */
    size_t n_cols = doc->n_devices + 4;
    cols[0] = (table_column){"variant", false, 100};
    cols[1] = (table_column){"parameters", false, 50};
    for (size_t k = 0; k < doc->n_devices; k++) {
        device_name(doc, k, heads[k], sizeof heads[k]);
        cols[k + 2] = (table_column){heads[k], true, 90};
    }
    cols[n_cols - 2] = (table_column){"median", true, 80};
    cols[n_cols - 1] = (table_column){"total", true, 70};
    table_init(t, cols, n_cols);
    const char *workload = "";
    for (size_t i = 0; i < p->n_rows; i++) {
        const peers_row *row = &p->rows[i];
        const char *unit = row->first->rate_unit ? row->first->rate_unit : "";
        char cells[n_cols][sizeof row->first->params + 32];
        const char *cell[n_cols];
        if (strcmp(workload, row->first->workload) != 0) {
            for (size_t c = 0; c < n_cols; c++)
                cell[c] = NULL;
            snprintf(cells[0], sizeof cells[0], "%s:", workload = row->first->workload);
            cell[0] = cells[0];
            table_add(t, cell, NULL);
        }
        snprintf(cells[0], sizeof cells[0], "%s", row->first->variant);
        params_text(row->first->params, false, cells[1], sizeof cells[1]);
        for (size_t k = 0; k < doc->n_devices; k++) {
            char rate[32] = "-";
            if (row->rates[k] > 0)
                zeslm_format_si(row->rates[k], unit, rate, sizeof rate);
            /* '<': more than 10% below the median of the devices. */
            bool below = row->ratios[k] > 0 && row->ratios[k] < PEERS_SLOW_BELOW;
            snprintf(cells[k + 2], sizeof cells[k + 2], "%s%s", rate, below ? " <" : "");
        }
        snprintf(cells[n_cols - 2], sizeof cells[n_cols - 2], "-");
        if (row->measured)
            zeslm_format_si(row->median_rate, unit, cells[n_cols - 2], sizeof cells[n_cols - 2]);
        snprintf(cells[n_cols - 1], sizeof cells[n_cols - 1], "-");
        if (row->total_rate > 0)
            zeslm_format_si(row->total_rate, unit, cells[n_cols - 1], sizeof cells[n_cols - 1]);
        for (size_t c = 0; c < n_cols; c++)
            cell[c] = cells[c];
        table_add(t, cell, NULL);
    }
}

/* Line breaks in a line made of a document's names (a device's, a host's) become
 * blanks: in text and Markdown alike, a name read from a file starts no line of its own. */
static void one_line(char *s)
{
    for (; *s; s++)
        if (*s == '\n' || *s == '\r')
            *s = ' ';
}

/* Device k against its peers: "Device N (NAME)" of one host's run, "dK: HOST, rank
 * R: NAME (UUID, PCI)" of a merged one; then its score, SLOW and THROTTLED. */
static void score_line(FILE *f, const run_doc *doc, size_t k, const char *lead)
{
    const run_doc_device *d = &doc->devices[k];
    const peers *p = &doc->aggregate;
    char who[768], clock[128] = "", shared[96] = "", line[1024];
    if (run_doc_merged(doc)) {
        char where[300], id[400];
        run_doc_where(d->host, d->rank, where, sizeof where);
        identity(d, id, sizeof id);
        snprintf(who, sizeof who, "d%zu: %s: %s", k, where, id);
    } else {
        snprintf(who, sizeof who, "Device %u (%s)", d->index, d->name);
    }
    if (d->throttled)
        snprintf(clock, sizeof clock, "; THROTTLED: clock %.0f MHz, its peers' %.0f MHz", d->clock_mhz,
                 d->peers_clock_mhz);
    else if (d->clock_mhz > 0)
        snprintf(clock, sizeof clock, "; clock %.0f MHz", d->clock_mhz);
    if (p->same_as && p->same_as[k] != k)
        snprintf(shared, sizeof shared, "; the same device as %s%zu (counted once in the total)",
                 run_doc_merged(doc) ? "d" : "device ", p->same_as[k]);
    if (p->scores[k] == 0)
        snprintf(line, sizeof line, "%s: no result that another device of its model also measured%s%s.", who, clock, shared);
    else
        snprintf(line, sizeof line, "%s: %.2f of the median of the devices of its model (the median over its results)%s%s%s", who,
                 p->scores[k], p->slow[k] ? ": SLOW, more than 10% below its peers" : "", clock, shared);
    one_line(line);
    text_wrap(f, lead, *lead ? "  " : "    ", line, TABLE_WIDTH);
}

/* Each device against its peers, a line each after `lead`, then the chosen devices
 * that did not open (and, merged, the ranks that ran none). */
static void scores(FILE *f, const run_doc *doc, const char *lead)
{
    for (size_t k = 0; k < doc->n_devices; k++)
        score_line(f, doc, k, lead);
    for (size_t i = 0; i < json_array_size(doc->errors); i++) {
        const json_t *e = json_array_get(doc->errors, i);
        char where[300], line[1024];
        run_doc_where(json_string_value(json_object_get(e, "host")), json_object_get(e, "rank"), where,
                      sizeof where);
        const char *name = json_string_value(json_object_get(e, "name"));
        const json_t *index = json_object_get(e, "device");
        if (!run_doc_merged(doc))
            snprintf(line, sizeof line, "Device %lld (%s): not run, it did not open.",
                     (long long)json_integer_value(index), name ? name : "");
        else if (json_is_integer(index))
            snprintf(line, sizeof line, "%s: device %lld (%s): not run: %s", where, (long long)json_integer_value(index),
                     name ? name : "", json_string_value(json_object_get(e, "message")));
        else
            snprintf(line, sizeof line, "%s: not run: %s", where, json_string_value(json_object_get(e, "message")));
        one_line(line);
        text_wrap(f, lead, *lead ? "  " : "    ", line, TABLE_WIDTH);
    }
}

/* The title of the table across the devices, and what its '<' means. */
static void aggregate_title(char *buf, size_t len, const run_doc *doc)
{
    size_t n = doc->n_devices;
    /* A merged document's devices ran at once only where their runs did (run --mpi). A
     * device its ranks time-sliced adds no more than one rank's rate: its kernels either
     * waited (the busy share) or took the other ranks' time slices into their own time. */
    snprintf(buf, len, "All %zu device%s: each result's rate per device, the median over the devices, and the "
             "total of a throughput (%s; a device several ranks shared counts once, at its best rank's rate)", n,
             n == 1 ? "" : "s",
             run_doc_merged(doc) ? "what they did together where they ran at once" : "the devices ran at once");
}

static void below_note(char *buf, size_t len)
{
    snprintf(buf, len, "('<': more than %.0f%% below the median of the devices that measured it; for ns/... units "
             "lower is better)", 100 * (1 - PEERS_SLOW_BELOW));
}

/* Per workload, each device's busy share (peers_busy): a GPU time-slices the
 * processes that share it, so a kernel's device time stays that of the GPU alone and
 * only the wall time shows what each process got. Nothing where no device has one
 * (files from before wall times were kept). Returns false when out of memory. */
static bool busy_table(FILE *f, const run_doc *doc, bool markdown)
{
    const peers *p = &doc->aggregate;
    bool any = false;
    for (size_t k = 0; k < doc->n_devices; k++)
        any |= p->busy[k] > 0;
    if (!any)
        return true;
    const char *title = "The share of each launch's wall time its kernel ran, the median over each workload's "
                        "results (the rest is launch overhead, and the time a device shared by several processes "
                        "gave the others)";
    if (markdown) {
        fprintf(f, "\n## %s\n\n", title);
    } else {
        char line[512];
        snprintf(line, sizeof line, "=== %s", title);
        fputc('\n', f);
        text_wrap(f, "", "    ", line, TABLE_WIDTH);
    }
    size_t n_cols = doc->n_devices + 1;
    table_column cols[n_cols];
    char heads[doc->n_devices][24], cells[n_cols][24];
    const char *cell[n_cols];
    double *scratch = malloc((p->n_rows + 1) * sizeof *scratch);
    if (!scratch) {
        cli_error("out of host memory");
        return false;
    }
    cols[0] = (table_column){"workload", false, 100};
    for (size_t k = 0; k < doc->n_devices; k++) {
        device_name(doc, k, heads[k], sizeof heads[k]);
        cols[k + 1] = (table_column){heads[k], true, 90};
    }
    for (size_t c = 0; c < n_cols; c++)
        cell[c] = cells[c];
    table t;
    table_init(&t, cols, n_cols);
    for (size_t i = 0; i < p->n_rows; i++) {
        const char *wl = p->rows[i].first->workload;
        if (i > 0 && strcmp(wl, p->rows[i - 1].first->workload) == 0)
            continue;
        snprintf(cells[0], sizeof cells[0], "%s", wl);
        for (size_t k = 0; k < doc->n_devices; k++) {
            double busy = peers_busy(p, k, wl, scratch);
            snprintf(cells[k + 1], sizeof cells[k + 1], busy > 0 ? "%.0f%%" : "-", 100 * busy);
        }
        table_add(&t, cell, NULL);
    }
    snprintf(cells[0], sizeof cells[0], "all");
    for (size_t k = 0; k < doc->n_devices; k++)
        snprintf(cells[k + 1], sizeof cells[k + 1], p->busy[k] > 0 ? "%.0f%%" : "-", 100 * p->busy[k]);
    table_add(&t, cell, NULL);
    if (markdown)
        table_markdown(f, &t);
    else
        table_text(f, &t, TABLE_WIDTH);
    bool ok = !t.failed;
    table_free(&t);
    free(scratch);
    if (!ok)
        cli_error("out of host memory");
    return ok;
}

/* The table across the devices, as text or Markdown. Returns false when out of memory. */
static bool aggregate(FILE *f, const run_doc *doc, bool markdown)
{
    char title[320], line[sizeof title + 8];
    aggregate_title(title, sizeof title, doc);
    if (markdown) {
        fprintf(f, "\n## %s\n\n", title);
    } else {
        snprintf(line, sizeof line, "=== %s", title);
        fputc('\n', f);
        text_wrap(f, "", "    ", line, TABLE_WIDTH);
    }
    /* A merge of errors alone has no device: the arrays keep one row. */
    table_column cols[doc->n_devices + 4];
    char heads[doc->n_devices ? doc->n_devices : 1][24];
    table t;
    aggregate_table(doc, &t, cols, heads);
    if (markdown)
        table_markdown(f, &t);
    else
        table_text(f, &t, TABLE_WIDTH);
    if (t.rows == 0)
        fprintf(f, "%s\n", none_measured);
    bool ok = !t.failed;
    table_free(&t);
    if (!ok)
        cli_error("out of host memory");
    below_note(line, sizeof line);
    if (markdown)
        fprintf(f, "\n%s\n\n", line);
    else
        text_wrap(f, "", " ", line, TABLE_WIDTH);
    scores(f, doc, markdown ? "- " : "");
    return ok && busy_table(f, doc, markdown);
}

void run_render_tail(FILE *f, const run_doc *doc)
{
    unsigned notes = 0;
    for (size_t k = 0; k < doc->n_devices; k++)
        notes |= report_footnotes_needed(&doc->devices[k].results);
    if (!doc->several) {
        report_footnotes(f, false, notes);
        run_summary(f, &doc->devices[0], false, false);
        expected_of(f, &doc->devices[0], false);
        fprintf(f, "\nModules: %s.\n", doc->devices[0].module_format);
        sizing_sentence(f, &doc->devices[0]);
        target_sentence(f, doc, &doc->devices[0]);
        if (doc->devices[0].no_results)
            text_wrap(f, "", "", nothing_ran, TABLE_WIDTH);
        return;
    }
    for (size_t k = 0; k < doc->n_devices; k++)
        device_text(f, doc, &doc->devices[k]);
    report_footnotes(f, false, notes);
    if (doc->aggregated)
        aggregate(f, doc, false);
}

/* Per host: its devices, slow, throttled, errors, and its lowest score. */
static void hosts_text(FILE *f, const run_doc *doc)
{
    json_t *hosts = run_doc_hosts(doc);
    fprintf(f, "\nHosts:\n");
    for (size_t i = 0; i < json_array_size(hosts); i++) {
        json_t *h = json_array_get(hosts, i), *low = json_object_get(h, "lowest_score");
        char lowest[48] = "";
        if (json_is_number(low))
            snprintf(lowest, sizeof lowest, ", lowest score %.2f", json_number_value(low));
        fprintf(f, "  %s: %lld device(s), %lld slow, %lld throttled, %lld error(s)%s\n",
                json_string_value(json_object_get(h, "host")), json_integer_value(json_object_get(h, "devices")),
                json_integer_value(json_object_get(h, "slow")), json_integer_value(json_object_get(h, "throttled")),
                json_integer_value(json_object_get(h, "errors")), lowest);
    }
    json_decref(hosts);
}

/* The devices' own errors (a workload that failed), each with where it ran. */
static void device_errors(FILE *f, const run_doc *doc)
{
    for (size_t k = 0; k < doc->n_devices; k++) {
        const run_doc_device *d = &doc->devices[k];
        for (size_t i = 0; i < json_array_size(d->errors); i++) {
            json_t *e = json_array_get(d->errors, i);
            const char *wl = json_string_value(json_object_get(e, "workload"));
            const char *msg = json_string_value(json_object_get(e, "message"));
            char where[300], line[1024];
            run_doc_where(d->host, d->rank, where, sizeof where);
            snprintf(line, sizeof line, "d%zu: %s: %s%s%s", k, where, wl ? wl : "", wl ? ": " : "",
                     msg ? msg : "unknown error");
            text_wrap(f, "  ", "    ", line, TABLE_WIDTH);
        }
    }
}

bool run_render_fleet(FILE *f, const run_doc *doc, long slow_said, long errors_said)
{
    /* A document merged from none (`merge` of one run's file) is that one run. */
    size_t runs = json_array_size(json_object_get(doc->head, "merged_from")), slow = 0, hot = 0;
    runs = runs ? runs : 1;
    size_t errors = json_array_size(doc->errors);
    json_t *hosts = run_doc_hosts(doc);
    size_t n_hosts = json_array_size(hosts);
    json_decref(hosts);
    for (size_t k = 0; k < doc->n_devices; k++) {
        slow += doc->aggregated && doc->aggregate.slow[k];
        hot += doc->devices[k].throttled;
        errors += json_array_size(doc->devices[k].errors);
    }
    size_t listed = errors;
    slow = slow_said >= 0 ? (size_t)slow_said : slow;
    errors = errors_said >= 0 ? (size_t)errors_said : errors;
    fprintf(f, "%zu device%s on %zu host%s, from %zu run%s; %zu slow, %zu throttled, %zu error%s.\n",
            doc->n_devices, doc->n_devices == 1 ? "" : "s", n_hosts, n_hosts == 1 ? "" : "s", runs,
            runs == 1 ? "" : "s", slow, hot, errors, errors == 1 ? "" : "s");
    bool ok = !doc->aggregated || aggregate(f, doc, false);
    run_doc_device one;
    if (doc->n_devices != 1) {
        ok = ok && expected_lines(f, doc);
    } else if (run_doc_device_load(doc, 0, &one)) {
        expected_of(f, &one, false);
        run_doc_device_unload(&one);
    } else {
        ok = cli_error("cannot read back the results set aside for d0") == 0;
    }
    hosts_text(f, doc);
    if (listed > json_array_size(doc->errors)) {
        fprintf(f, "\nErrors:\n");
        device_errors(f, doc);
    }
    fflush(f);
    return ok;
}

/* A document's text as one line of Markdown (table_md_line), in a buffer of the caller's. */
#define MD(buf, s) table_md_line(buf, sizeof buf, s)

/* One device's run: its heading, its sections, its errors. */
static void one_markdown(FILE *f, const run_doc *doc)
{
    const run_doc_device *d = &doc->devices[0];
    char name[256], backend[64], driver[256], modules[64], workload[128], message[1024];
    fprintf(f, "# ze-slm-bench run: %s\n\n%s, %s; modules: %s. ", MD(name, d->name), MD(backend, d->backend),
            MD(driver, d->driver), MD(modules, d->module_format));
    seed_sentence(f, doc);
    sizing_sentence(f, d);
    for (size_t i = 0; i < d->n_sections; i++)
        if (d->sections[i].wl)
            report_markdown(f, d->sections[i].wl, &d->results, d->sections[i].first, &d->sections[i].summary, 2);
    report_footnotes(f, true, report_footnotes_needed(&d->results));
    run_summary(f, d, false, true);
    expected_of(f, d, true);
    for (size_t i = 0; i < json_array_size(d->errors); i++) {
        json_t *e = json_array_get(d->errors, i);
        fprintf(f, "%s**Error** (%s): %s\n", i ? "" : "\n", MD(workload, json_string_value(json_object_get(e, "workload"))),
                MD(message, json_string_value(json_object_get(e, "message"))));
    }
}

bool run_render_markdown(FILE *f, const void *data)
{
    const run_doc *doc = data;
    /* As the CSV: one device's run, else a fleet's (of none: its errors alone). */
    if (!doc->several && doc->n_devices == 1) {
        one_markdown(f, doc);
        return true;
    }
    if (run_doc_merged(doc))
        fprintf(f, "# ze-slm-bench merge: %zu device%s from %zu run%s\n\n", doc->n_devices,
                doc->n_devices == 1 ? "" : "s", json_array_size(json_object_get(doc->head, "merged_from")),
                json_array_size(json_object_get(doc->head, "merged_from")) == 1 ? "" : "s");
    else
        fprintf(f, "# ze-slm-bench run: %zu device%s at once\n\n", doc->n_devices, doc->n_devices == 1 ? "" : "s");
    seed_sentence(f, doc);
    char name[256], backend[64], driver[256], modules[64], source[1024], message[1024];
    for (size_t k = 0; k < doc->n_devices; k++) {
        run_doc_device loaded, *d = &loaded;
        if (!run_doc_device_load(doc, k, &loaded))
            return cli_error("cannot read back the results set aside for d%zu", k) == 0;
        char where[300] = "", line[300];
        if (run_doc_merged(doc)) {
            run_doc_where(d->host, d->rank, where, sizeof where);
            fprintf(f, "\n## d%zu: %s: %s\n\n%s, %s; modules: %s; from %s.\n", k, MD(line, where), MD(name, d->name),
                    MD(backend, d->backend), MD(driver, d->driver), MD(modules, d->module_format), MD(source, d->source));
        } else {
            fprintf(f, "\n## Device %u: %s\n\n%s, %s; modules: %s; from %.1f s to %.1f s.\n", d->index,
                    MD(name, d->name), MD(backend, d->backend), MD(driver, d->driver), MD(modules, d->module_format),
                    d->started_s, d->finished_s);
        }
        if (!d->is_gpu)
            fprintf(f, "\n%s\n", not_gpu);
        for (size_t i = 0; i < d->n_sections; i++) {
            const run_section *s = &d->sections[i];
            if (!s->wl)
                continue;
            report_markdown(f, s->wl, &d->results, s->first, &s->summary, 3);
            if (s->status != ZESLM_OK)
                fprintf(f, "\n**Error** (%s): %s\n", s->wl->name, MD(message, s->error));
        }
        if (d->no_results)
            fprintf(f, "\n%s\n", nothing_ran);
        run_doc_device_unload(&loaded);
    }
    for (size_t i = 0; i < json_array_size(doc->errors); i++) {
        const json_t *e = json_array_get(doc->errors, i);
        fprintf(f, "\n## Device %lld: %s\n\n**Error**: not run: %s\n",
                (long long)json_integer_value(json_object_get(e, "device")),
                MD(name, json_string_value(json_object_get(e, "name"))),
                MD(message, json_string_value(json_object_get(e, "message"))));
    }
    return !doc->aggregated || aggregate(f, doc, true);
}

bool run_render_csv(FILE *f, const void *data)
{
    const run_doc *doc = data;
    /* A run of one device; one of none (a file that was not a results file: an ERROR
     * entry alone) is written as a fleet's, of no row. */
    if (!doc->several && doc->n_devices == 1) {
        report_csv(f, &doc->devices[0].results);
        return true;
    }
    report_csv_devices_header(f);
    /* A merged document's devices by place (d0, d1, ...): their indices repeat across hosts. */
    for (size_t k = 0; k < doc->n_devices; k++) {
        const run_doc_device *d = &doc->devices[k];
        zeslm_results scratch;
        const zeslm_results *results = run_doc_results(doc, k, &scratch);
        if (!results)
            return cli_error("cannot read back the results set aside for d%zu", k) == 0;
        const json_t *n = json_is_object(d->rank) ? json_object_get(d->rank, "rank") : NULL;
        const json_t *v = json_array_get(json_object_get(doc->verdicts, "entries"), k);
        report_device dev = {run_doc_merged(doc) ? (uint32_t)k : d->index, d->name, results, d->host,
                             json_is_integer(n) ? (long)json_integer_value(n) : -1,
                             json_string_value(json_object_get(v, "verdict"))};
        report_csv_device(f, &dev);
        zeslm_results_free(&scratch);
    }
    return true;
}

int run_render_write(const output_plan *plan, const run_doc *doc)
{
    int rc = 0;
    if (output_plan_write(plan, OUTPUT_JSON, run_doc_write, doc))
        rc = 1;
    if (output_plan_write(plan, OUTPUT_CSV, run_render_csv, doc))
        rc = 1;
    if (output_plan_write(plan, OUTPUT_MARKDOWN, run_render_markdown, doc))
        rc = 1;
    if (output_plan_write(plan, OUTPUT_TRACE, trace_write, doc))
        rc = 1;
    return rc;
}
