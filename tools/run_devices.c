#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "output.h"
#include "peers_report.h"
#include "report.h"
#include "run_devices.h"
#include "table.h"
#include "units.h"

/* What the threads share. While they run, `text`, `json_failed` and each device's
 * `published` are touched under `lock` only; the rest is set before they start. */
typedef struct shared {
    const run_cli *o;
    int argc;
    char **argv;
    struct timespec t0;
    FILE *text;
    pthread_mutex_t lock;
    const zeslm_device_list *list;
    struct device_run *devs; /* the devices that opened, in the order chosen */
    size_t n_devs;
    /* The chosen devices that did not open, {device, status, message} each: the
     * others run without them. */
    json_t *errors;
    bool json_failed; /* a file that cannot be written is reported once */
} shared;

/* One device and what its thread made. The thread owns everything but `published`. */
typedef struct device_run {
    shared *sh;
    uint32_t index; /* in the devices list, as --device takes it */
    const zeslm_device_info *info;
    zeslm_device *dev;
    /* ZESLM_DUMP_BINARIES/device-N: two devices of one kind would write the same
     * file names into one folder at once. */
    char dump_dir[4096];
    zeslm_run_opts run;
    const run_choice *choices;
    size_t n;
    zeslm_results results;
    char *tables; /* what the single-device run prints, kept to print after the run */
    size_t tables_len;
    FILE *tables_f;
    char *markdown; /* the same as Markdown sections, kept when --markdown asks */
    size_t markdown_len;
    FILE *markdown_f; /* NULL: no --markdown */
    json_t *summaries, *findings, *errors;
    bool no_results, interrupted, failed;
    double started_s, finished_s;
    json_t *published; /* this device's object of the results file so far; under lock */
} device_run;

static double since(const struct timespec *t0)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t0->tv_sec) + (double)(now.tv_nsec - t0->tv_nsec) * 1e-9;
}

/* The devices a spec names: "all", or N and NAME as --device takes them, separated
 * by commas, each device once. */
static int choose(const zeslm_device_list *list, const char *spec, uint32_t *chosen, size_t *n)
{
    *n = 0;
    if (strcmp(spec, "all") == 0) {
        for (uint32_t i = 0; i < list->count; i++)
            chosen[(*n)++] = i;
        return 0;
    }
    char *copy = strdup(spec);
    if (!copy)
        return cli_error("out of host memory");
    int rc = 0;
    /* Split by hand: strtok would skip empty items ("0,,2"), which are an error. */
    for (char *item = copy, *comma; rc == 0 && item; item = comma ? comma + 1 : NULL) {
        comma = strchr(item, ',');
        if (comma)
            *comma = '\0';
        uint32_t index;
        if (!*item) {
            rc = cli_usage_error("--device %s: an empty item in the list", spec);
        } else if (zeslm_select_device(list, item, &index) != ZESLM_OK) {
            rc = cli_usage_error("--device %s: %s", spec, zeslm_last_error());
        } else {
            bool twice = false;
            for (size_t k = 0; k < *n; k++)
                twice |= chosen[k] == index;
            /* Distinct indices below list->count fit the caller's array. */
            if (twice)
                rc = cli_usage_error("--device %s: device %u named twice", spec, index);
            else
                chosen[(*n)++] = index;
        }
    }
    free(copy);
    return rc;
}

/* This device's object of the results file. `p` (NULL while the run goes on) adds
 * its score against its peers. Reads only what the device's own thread owns, or
 * what no thread writes any more. */
static json_t *device_json(const device_run *r, const peers *p, size_t k)
{
    json_t *o = json_object();
    json_object_set_new(o, "index", json_integer(r->index));
    json_object_set_new(o, "device", output_device_json(r->info));
    json_object_set_new(o, "module_format", json_string(zeslm_device_module_format(r->dev)));
    json_object_set_new(o, "started_s", json_real(r->started_s));
    json_object_set_new(o, "finished_s", r->finished_s > 0 ? json_real(r->finished_s) : json_null());
    if (p) {
        json_object_set_new(o, "peer_score", p->scores[k] > 0 ? json_real(p->scores[k]) : json_null());
        json_object_set_new(o, "slow", json_boolean(p->slow[k]));
    }
    json_object_set_new(o, "results", report_json(&r->results));
    /* Copies: the thread goes on adding to its own while another thread writes the file. */
    json_object_set_new(o, "summaries", json_deep_copy(r->summaries));
    json_object_set_new(o, "findings", json_deep_copy(r->findings));
    json_object_set_new(o, "errors", json_deep_copy(r->errors));
    return o;
}

/* The document of schema 2: the head and run options of schema 1, then `devices`
 * (each as published so far) and, once every device has finished, `aggregate`. */
static int write_json(shared *sh, bool complete, json_t *aggregate)
{
    const run_cli *o = sh->o;
    json_t *doc = output_document(sh->argc, sh->argv);
    json_object_set_new(doc, "schema", json_integer(2));
    json_object_set_new(doc, "complete", json_boolean(complete));
    json_object_set_new(doc, "seed", json_integer((json_int_t)o->run.seed));
    json_object_set_new(doc, "reps", json_integer(o->run.reps));
    json_object_set_new(doc, "warmup", json_integer(o->run.warmup));
    json_object_set_new(doc, "min_time_s", json_real(o->run.min_time_s));
    json_object_set_new(doc, "converge_s", json_real(o->run.converge_s));
    json_object_set_new(doc, "quick", json_boolean(o->run.quick));
    json_t *devices = json_array();
    for (size_t k = 0; k < sh->n_devs; k++)
        if (sh->devs[k].published)
            json_array_append(devices, sh->devs[k].published);
    json_object_set_new(doc, "devices", devices);
    json_object_set(doc, "errors", sh->errors);
    if (aggregate)
        json_object_set(doc, "aggregate", aggregate);
    int rc = output_json(doc, o->json);
    json_decref(doc);
    return rc;
}

static void record_error(device_run *r, const zeslm_workload *wl, zeslm_status st)
{
    json_t *e = json_object();
    json_object_set_new(e, "workload", json_string(wl->name));
    json_object_set_new(e, "status", json_string(zeslm_status_name(st)));
    json_object_set_new(e, "message", json_string(zeslm_last_error()));
    json_array_append_new(r->errors, e);
}

/* After each workload: the device's part of the file, a line of progress, and the
 * file itself when it goes to disk. */
static void publish(device_run *r, const zeslm_workload *wl, size_t first, zeslm_status st)
{
    shared *sh = r->sh;
    json_t *mine = device_json(r, NULL, 0);
    pthread_mutex_lock(&sh->lock);
    json_decref(r->published);
    r->published = mine;
    fprintf(sh->text, "device %u: %s: %zu result%s%s\n", r->index, wl->name, r->results.count - first,
            r->results.count - first == 1 ? "" : "s", st == ZESLM_OK ? "" : ", then an error");
    fflush(sh->text);
    if (st != ZESLM_OK)
        cli_error("device %u: %s: %s", r->index, wl->name, zeslm_last_error());
    if (sh->o->json && strcmp(sh->o->json, "-") != 0 && !sh->json_failed && write_json(sh, false, NULL))
        sh->json_failed = true;
    pthread_mutex_unlock(&sh->lock);
}

/* A device's thread: the loop of the single-device run, its tables kept aside. */
static void *device_thread(void *arg)
{
    device_run *r = arg;
    r->started_s = since(&r->sh->t0);
    for (size_t i = 0; i < r->n && !r->interrupted; i++) {
        const zeslm_workload *wl = r->choices[i].wl;
        size_t first = r->results.count;
        r->run.variant = r->choices[i].variant;
        zeslm_status st = zeslm_workload_run(wl, r->dev, &r->run, &r->results);
        zeslm_summary summary = {0};
        if (wl->summarize)
            wl->summarize(&r->results, first, &summary);
        if (summary.count) {
            json_object_set_new(r->summaries, wl->name, report_summary_text(&summary));
            json_object_set_new(r->findings, wl->name, report_findings(&summary));
        }
        report_table(r->tables_f, wl, &r->results, first, &summary);
        if (r->markdown_f)
            report_markdown(r->markdown_f, wl, &r->results, first, &summary, 3);
        for (size_t k = first; k < r->results.count; k++)
            r->no_results |= r->results.items[k].outcome == ZESLM_NO_RESULTS;
        if (st != ZESLM_OK) {
            r->interrupted = st == ZESLM_ERR_INTERRUPTED;
            r->failed = true;
            record_error(r, wl, st);
            fprintf(r->tables_f, "error: %s: %s\n", wl->name, zeslm_last_error());
            if (r->markdown_f)
                fprintf(r->markdown_f, "\n**Error** (%s): %s\n", wl->name, zeslm_last_error());
        }
        publish(r, wl, first, st);
        if (st != ZESLM_OK && !r->interrupted && !r->sh->o->keep_going && i + 1 < r->n) {
            fprintf(r->tables_f, "\nStopped after this error; --keep-going goes on to the next workload.\n");
            break;
        }
    }
    r->finished_s = since(&r->sh->t0);
    return NULL;
}

/* What the text and the Markdown say of a device that is not a GPU, and of one whose
 * driver ran nothing. */
static const char not_gpu[] = "This device is not a GPU: its ceilings, and the fractions of them, describe it, not a "
                              "GPU.";
static const char nothing_ran[] = "No results or timings exist for this device: its driver accepted every kernel and "
                                  "launch, but nothing executed (no GPU behind it). Nothing above is a measurement.";
/* The table across the devices when it has no row. */
static const char none_measured[] = "No device measured a result.";

/* Each device's tables, as the single-device run prints them. */
static void print_device(FILE *f, device_run *r)
{
    const zeslm_device_info *d = r->info;
    char line[512];
    snprintf(line, sizeof line, "=== Device %u: %s (%s, %s), %.1f s to %.1f s", r->index, d->name,
             zeslm_backend_label(d->backend), d->driver, r->started_s, r->finished_s);
    fputc('\n', f);
    text_wrap(f, "", "    ", line, TABLE_WIDTH);
    if (!d->is_gpu)
        text_wrap(f, "", "", not_gpu, TABLE_WIDTH);
    fwrite(r->tables, 1, r->tables_len, f);
    fprintf(f, "\nModules: %s.\n", zeslm_device_module_format(r->dev));
    if (r->no_results)
        text_wrap(f, "", "", nothing_ran, TABLE_WIDTH);
}

/* Every result across the devices (tools/peers_report.h), each device's column headed
 * by its index. `cols` (n_devs + 4) and `heads` (n_devs) are the caller's and must
 * outlive t. Part of issue 20's move of the table into peers_report.c. */
static void aggregate_table(const shared *sh, const peers *p, table *t, table_column *cols, char (*heads)[16])
{
    const char *names[sh->n_devs];
    for (size_t k = 0; k < sh->n_devs; k++) {
        snprintf(heads[k], sizeof heads[k], "device %u", sh->devs[k].index);
        names[k] = heads[k];
    }
    peers_table(p, names, t, cols);
}

/* Each device against its peers, a line each after `lead`, then the chosen devices
 * that did not open. */
static void print_scores(FILE *f, const shared *sh, const peers *p, const char *lead)
{
    for (size_t k = 0; k < sh->n_devs; k++) {
        const device_run *r = &sh->devs[k];
        if (p->scores[k] == 0)
            fprintf(f, "%sDevice %u (%s): no result that another device also measured.\n", lead, r->index,
                    r->info->name);
        else
            fprintf(f, "%sDevice %u (%s): %.2f of the devices' median (the median over its results)%s\n", lead,
                    r->index, r->info->name, p->scores[k],
                    p->slow[k] ? ": SLOW, more than 10% below its peers" : "");
    }
    for (size_t i = 0; i < json_array_size(sh->errors); i++) {
        json_int_t index = json_integer_value(json_object_get(json_array_get(sh->errors, i), "device"));
        fprintf(f, "%sDevice %lld (%s): not run, it did not open.\n", lead, (long long)index,
                sh->list->items[index].name);
    }
}

/* The title of the table across the devices. */
static void aggregate_title(char *buf, size_t len, size_t n_devs)
{
    snprintf(buf, len, "All %zu device%s: each result's rate per device, the median over the devices, and the "
             "total of a throughput (the devices ran at once)", n_devs, n_devs == 1 ? "" : "s");
}

/* Every result across the devices, then each device against its peers. */
static void print_aggregate(FILE *f, const shared *sh, const peers *p)
{
    char title[256], line[sizeof title + 8];
    aggregate_title(title, sizeof title, sh->n_devs);
    snprintf(line, sizeof line, "=== %s", title);
    fputc('\n', f);
    text_wrap(f, "", "    ", line, TABLE_WIDTH);
    table_column cols[sh->n_devs + 4];
    char heads[sh->n_devs][16];
    table t;
    aggregate_table(sh, p, &t, cols, heads);
    table_text(f, &t, TABLE_WIDTH);
    if (t.rows == 0)
        fprintf(f, "%s\n", none_measured);
    if (t.failed)
        cli_error("out of host memory");
    table_free(&t);
    peers_below_note(line, sizeof line);
    text_wrap(f, "", " ", line, TABLE_WIDTH);
    print_scores(f, sh, p, "");
}

/* The Markdown document: each device's sections under a heading that names it, the
 * devices that did not open, then the table across the devices. Returns 0 or 1. */
static int write_markdown(const shared *sh, const peers *p)
{
    const run_cli *o = sh->o;
    FILE *f = output_open(o->markdown);
    if (!f)
        return 1;
    fprintf(f, "# ze-slm-bench run: %zu device%s at once\n\nSeed %llu, %u timed launches after %u warm-up; times "
               "are device times of one launch.\n", sh->n_devs, sh->n_devs == 1 ? "" : "s",
            (unsigned long long)o->run.seed, o->run.reps, o->run.warmup);
    for (size_t k = 0; k < sh->n_devs; k++) {
        const device_run *r = &sh->devs[k];
        const zeslm_device_info *d = r->info;
        fprintf(f, "\n## Device %u: %s\n\n%s, %s; modules: %s; from %.1f s to %.1f s.\n", r->index, d->name,
                zeslm_backend_label(d->backend), d->driver, zeslm_device_module_format(r->dev), r->started_s,
                r->finished_s);
        if (!d->is_gpu)
            fprintf(f, "\n%s\n", not_gpu);
        fwrite(r->markdown, 1, r->markdown_len, f);
        if (r->no_results)
            fprintf(f, "\n%s\n", nothing_ran);
    }
    for (size_t i = 0; i < json_array_size(sh->errors); i++) {
        const json_t *e = json_array_get(sh->errors, i);
        json_int_t index = json_integer_value(json_object_get(e, "device"));
        fprintf(f, "\n## Device %lld: %s\n\n**Error**: not run: %s\n", (long long)index,
                sh->list->items[index].name, json_string_value(json_object_get(e, "message")));
    }
    char title[256], note[256];
    aggregate_title(title, sizeof title, sh->n_devs);
    fprintf(f, "\n## %s\n\n", title);
    table_column cols[sh->n_devs + 4];
    char heads[sh->n_devs][16];
    table t;
    aggregate_table(sh, p, &t, cols, heads);
    table_markdown(f, &t);
    if (t.rows == 0)
        fprintf(f, "%s\n", none_measured);
    bool failed = t.failed;
    table_free(&t);
    if (failed)
        cli_error("out of host memory");
    peers_below_note(note, sizeof note);
    fprintf(f, "\n%s\n\n", note);
    print_scores(f, sh, p, "- ");
    return output_close(f, o->markdown, !failed);
}

/* The CSV: every device's results, each row led by its device. Returns 0 or 1. */
static int write_csv(const shared *sh)
{
    report_device devs[sh->n_devs];
    for (size_t k = 0; k < sh->n_devs; k++)
        devs[k] = (report_device){sh->devs[k].index, sh->devs[k].info->name, &sh->devs[k].results};
    return report_csv_devices(devs, sh->n_devs, sh->o->csv);
}

/* A chosen device that did not open: its error line now, its entry of the file's
 * `errors`; the others run without it. */
static void open_failed(shared *sh, uint32_t index, zeslm_status st)
{
    cli_error("device %u: %s", index, zeslm_last_error());
    json_t *e = json_object();
    json_object_set_new(e, "device", json_integer(index));
    json_object_set_new(e, "status", json_string(zeslm_status_name(st)));
    json_object_set_new(e, "message", json_string(zeslm_last_error()));
    json_array_append_new(sh->errors, e);
}

/* Opens the chosen devices one after another before any thread starts, so that the
 * backends' own setup (zeInit, clGetPlatformIDs, the driver's first context) runs
 * on one thread. A device that does not open is left out (open_failed); returns 1
 * when none opens. */
static int open_all(const run_cli *o, zeslm_device_list *list, shared *sh)
{
    zeslm_settings settings;
    if (!cli_settings_from_env(&settings))
        return 2;
    zeslm_status st = zeslm_list_devices(o->dev.backend, list);
    if (st != ZESLM_OK)
        return cli_error("%s", zeslm_last_error());
    uint32_t *chosen = calloc(list->count, sizeof *chosen);
    sh->devs = calloc(list->count, sizeof *sh->devs);
    if (!chosen || !sh->devs) {
        free(chosen);
        return cli_error("out of host memory");
    }
    size_t n_chosen = 0;
    int rc = choose(list, o->dev.device, chosen, &n_chosen);
    for (size_t k = 0; rc == 0 && k < n_chosen; k++) {
        device_run *r = &sh->devs[sh->n_devs];
        r->sh = sh;
        r->index = chosen[k];
        r->info = &list->items[chosen[k]];
        zeslm_settings mine = settings;
        if (settings.dump_dir && *settings.dump_dir) {
            snprintf(r->dump_dir, sizeof r->dump_dir, "%s/device-%u", settings.dump_dir, r->index);
            if (mkdir(r->dump_dir, 0777) != 0 && errno != EEXIST) {
                rc = cli_error("ZESLM_DUMP_BINARIES: cannot create %s: %s", r->dump_dir, strerror(errno));
                break;
            }
            mine.dump_dir = r->dump_dir;
        }
        st = zeslm_device_open(r->info, &mine, &r->dev);
        if (st == ZESLM_OK) {
            sh->n_devs++;
        } else {
            open_failed(sh, r->index, st);
            *r = (device_run){0};
        }
    }
    free(chosen);
    /* None opened: nothing to run, as when the one device of a run does not open
     * (each has said why). */
    if (rc == 0 && sh->n_devs == 0)
        rc = 1;
    return rc;
}

int run_devices_execute(run_cli *o, const run_choice *choices, size_t n, int argc, char **argv, bool profile)
{
    if (profile)
        return cli_usage_error("--device %s: profile takes one device; run takes several", o->dev.device);
    int rc = output_check(o->json, o->csv, o->markdown);
    if (rc)
        return rc;
    if (o->run.reps == 0)
        o->run.reps = o->run.quick ? 5 : 20;
    /* The progress line of one device would overwrite another's; each device says
     * instead when it finishes a workload. */
    o->run.progress = NULL;
    /* Jansson's hash seed is set once here, as its documentation asks of threaded
     * programs, before any thread makes an object. */
    json_object_seed(0);
    zeslm_device_list list = {0};
    shared sh = {.o = o, .argc = argc, .argv = argv, .text = output_text_stream(o->json, o->csv, o->markdown),
                 .list = &list, .errors = json_array()};
    bool locked = false, interrupted = false;
    size_t started = 0;
    pthread_t *threads = NULL;
    peers p = {0};
    if ((rc = open_all(o, &list, &sh)) != 0)
        goto out;
    if (pthread_mutex_init(&sh.lock, NULL) != 0) {
        rc = cli_error("cannot create a mutex");
        goto out;
    }
    locked = true;
    for (size_t k = 0; k < sh.n_devs; k++) {
        device_run *r = &sh.devs[k];
        r->run = o->run;
        r->choices = choices;
        r->n = n;
        r->summaries = json_object();
        r->findings = json_object();
        r->errors = json_array();
        r->tables_f = open_memstream(&r->tables, &r->tables_len);
        if (o->markdown)
            r->markdown_f = open_memstream(&r->markdown, &r->markdown_len);
        if (!r->tables_f || (o->markdown && !r->markdown_f)) {
            rc = cli_error("out of host memory");
            goto out;
        }
    }
    fprintf(sh.text, "%zu device%s at once, a thread each:\n", sh.n_devs, sh.n_devs == 1 ? "" : "s");
    for (size_t k = 0; k < sh.n_devs; k++)
        fprintf(sh.text, "  Device %u: %s (%s, %s)\n", sh.devs[k].index, sh.devs[k].info->name,
                zeslm_backend_label(sh.devs[k].info->backend), sh.devs[k].info->driver);
    fprintf(sh.text, "Seed %llu, %u timed launches after %u warm-up; times are device times of one launch.\n",
            (unsigned long long)o->run.seed, o->run.reps, o->run.warmup);
    if (o->run.min_time_s > 0) {
        char t[32];
        zeslm_format_si(o->run.min_time_s, "s", t, sizeof t);
        fprintf(sh.text, "More launches where needed, until each result has %s of device time.\n", t);
    }
    fflush(sh.text);

    clock_gettime(CLOCK_MONOTONIC, &sh.t0);
    threads = calloc(sh.n_devs, sizeof *threads);
    if (!threads) {
        rc = cli_error("out of host memory");
        goto out;
    }
    for (; started < sh.n_devs; started++) {
        if (pthread_create(&threads[started], NULL, device_thread, &sh.devs[started]) != 0) {
            /* Those already running finish; this one and the rest never start. */
            rc = cli_error("cannot start a thread for device %u", sh.devs[started].index);
            break;
        }
    }
    for (size_t k = 0; k < started; k++)
        pthread_join(threads[k], NULL);

    const zeslm_results **all = calloc(sh.n_devs, sizeof *all);
    if (!all) {
        rc = cli_error("out of host memory");
        goto out;
    }
    for (size_t k = 0; k < sh.n_devs; k++) {
        device_run *r = &sh.devs[k];
        all[k] = &r->results;
        fclose(r->tables_f);
        r->tables_f = NULL;
        if (r->markdown_f)
            fclose(r->markdown_f);
        r->markdown_f = NULL;
        interrupted |= r->interrupted;
        if (r->failed && rc == 0)
            rc = 1;
    }
    bool computed = peers_compute(all, sh.n_devs, &p);
    free(all);
    if (!computed) {
        rc = cli_error("out of host memory");
        goto out;
    }
    for (size_t k = 0; k < sh.n_devs; k++)
        print_device(sh.text, &sh.devs[k]);
    print_aggregate(sh.text, &sh, &p);
    if (o->json && !sh.json_failed) {
        for (size_t k = 0; k < sh.n_devs; k++) {
            json_decref(sh.devs[k].published);
            sh.devs[k].published = device_json(&sh.devs[k], &p, k);
        }
        json_t *agg = peers_aggregate_json(&p);
        if (write_json(&sh, !interrupted && started == sh.n_devs, agg))
            rc = 1;
        json_decref(agg);
    }
    if (sh.json_failed)
        rc = 1;
    if (o->csv && write_csv(&sh))
        rc = 1;
    if (o->markdown && write_markdown(&sh, &p))
        rc = 1;
    /* A device that did not open fails the run as a failed workload does. */
    if (json_array_size(sh.errors) && rc == 0)
        rc = 1;
    if (interrupted)
        rc = 130;
out:
    peers_free(&p);
    free(threads);
    for (size_t k = 0; k < sh.n_devs; k++) {
        device_run *r = &sh.devs[k];
        if (r->tables_f)
            fclose(r->tables_f);
        free(r->tables);
        if (r->markdown_f)
            fclose(r->markdown_f);
        free(r->markdown);
        json_decref(r->summaries);
        json_decref(r->findings);
        json_decref(r->errors);
        json_decref(r->published);
        zeslm_results_free(&r->results);
        zeslm_device_close(r->dev);
    }
    free(sh.devs);
    json_decref(sh.errors);
    if (locked)
        pthread_mutex_destroy(&sh.lock);
    zeslm_device_list_free(&list);
    return rc;
}
