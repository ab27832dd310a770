/* SPDX-License-Identifier: MIT */
/* The one run path of `run` and `profile`, for one device or several: it opens the
 * chosen devices, runs the workloads on each (a thread a device when there are
 * several; ranks on other hosts would be one more way to fill the same document),
 * and hands the run document to the output plan. */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "run/run_clocks.h"
#include "fleet/fleet_aggregate.h"
#include "io/interrupt.h"
#include "io/output.h"
#include "run/progress.h"
#include "run/progress_refresh.h"
#include "run/run_budget.h"
#include "run/run_cli.h"
#include "run/run_fanout.h"
#include "run/run_file.h"
#include "json/run_doc_json.h"
#include "model/run_doc.h"
#include "render/run_render.h"

/* What every device's worker shares. The document, the text stream and json_failed
 * are touched under `lock` only once the workers run. */
typedef struct fanout {
    const run_cli *o;
    const run_choice *choices;
    size_t n;
    output_plan plan;
    run_doc doc;
    pthread_mutex_t lock;
    struct timespec t0;
    bool json_failed; /* a file that cannot be written is reported once */
    bool out_of_memory;
    bool interrupted; /* a device's workload was stopped, or a signal came */
    zeslm_device_list list;
    struct lane *lanes; /* the devices that opened, in the order chosen */
    size_t n_lanes;
    progress prog; /* the terminal's line, one device only */
    bool share_budget; /* no --converge-time: each workload's budget from what is left */
    bool gpus;         /* every device measured is a GPU: the budget plan takes a GPU's results */
    run_file file;        /* the JSON file as the run goes */
    rank_info rank;       /* which process of a launch this is */
    const char *affinity; /* the variable that narrowed the devices it sees, or NULL */
} fanout;

/* One device and its worker; the worker owns all of it but `d`, the document's. */
typedef struct lane {
    fanout *f;
    run_doc_device *d;
    zeslm_device *dev;
    const zeslm_device_info *info;
    clocks *clk; /* its clock sampled during each workload; NULL: no source knows it */
    zeslm_run_opts run;
    /* ZESLM_DUMP_BINARIES/device-N: two devices of one kind would write the same
     * file names into one folder at once. */
    char dump_dir[4096];
    bool interrupted, failed;
    /* profile: its first group size executed nothing (a driver with no hardware):
     * no other size runs, and the run fails once saying so. */
    bool executed_nothing;
} lane;

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


/* The device's clock sampler, and what the document says of its clocks until the
 * first workload ends. */
static json_t *open_clocks(lane *l)
{
    char why[256];
    if ((l->clk = clocks_open(l->info, why, sizeof why)))
        return clocks_json(l->clk);
    return json_pack("{s:n, s:s}", "source", "not_sampled", why);
}

/* A rank of a launch whose device cannot be listed or opened still leaves its file
 * (--json DIR/, or run --mpi's --rank-files): the error alone, with its host and rank,
 * so that merge judges it ERROR where it ran rather than MISSING with no host. Returns
 * rc, or 1 when that file cannot be written. */
static int rank_open_error(fanout *f, zeslm_status st, int rc)
{
    bool own_file = !f->o->take_document || f->o->rank_json[0];
    if (!f->rank.launcher || !own_file || !output_plan_json_to_file(&f->plan))
        return rc;
    run_doc_open_error(&f->doc, -1, "", f->rank.host, f->rank.rank, zeslm_status_name(st), zeslm_last_error());
    f->doc.complete = false;
    json_t *doc = run_doc_json(&f->doc);
    if (!doc || output_plan_json(&f->plan, doc) != 0)
        rc = rc ? rc : 1;
    json_decref(doc);
    return rc;
}

/* The one device a spec names, as `choose` gives several. With none named, a rank
 * of a launch takes its local rank's device (rank_pick) unless an affinity variable
 * already narrowed the devices; else the default. */
static int choose_one(fanout *f, const char *spec, uint32_t *chosen, size_t *n)
{
    /* A device that is not there is the user's to fix, as in a list of several; a
     * rank's file says so too, with its host, for merge to judge (NO_DEVICE). */
    if (zeslm_select_device(&f->list, spec, chosen) != ZESLM_OK)
        return rank_open_error(f, ZESLM_ERR_NO_DEVICE, cli_usage_error("%s", zeslm_last_error()));
    if (!spec && !f->affinity && f->rank.launcher)
        *chosen = rank_pick(&f->list, *chosen, &f->rank);
    *n = 1;
    return 0;
}

/* Opens chosen device `index` into the next lane and the document. Returns 0, or
 * the status of a device that did not open (its error printed; with several, an
 * entry of the document's errors and the others run without it). */
static int open_lane(fanout *f, const zeslm_settings *settings, uint32_t index, size_t cap)
{
    lane *l = &f->lanes[f->n_lanes];
    const zeslm_device_info *info = &f->list.items[index];
    const char *host = json_string_value(json_object_get(f->doc.head, "host"));
    zeslm_settings mine = *settings;
    *l = (lane){.f = f, .run = f->o->run, .info = info};
    if (f->doc.several && settings->dump_dir && *settings->dump_dir) {
        snprintf(l->dump_dir, sizeof l->dump_dir, "%s/device-%u", settings->dump_dir, index);
        if (mkdir(l->dump_dir, 0777) != 0 && errno != EEXIST)
            return cli_error("ZESLM_DUMP_BINARIES: cannot create %s: %s", l->dump_dir, strerror(errno));
        mine.dump_dir = l->dump_dir;
    }
    zeslm_status st = zeslm_device_open(info, &mine, &l->dev);
    if (st != ZESLM_OK && !f->doc.several)
        return rank_open_error(f, st, cli_error("%s", zeslm_last_error()));
    if (st != ZESLM_OK) {
        cli_error("device %u: %s", index, zeslm_last_error());
        run_doc_open_error(&f->doc, index, info->name, host ? host : "", f->rank.rank, zeslm_status_name(st),
                           zeslm_last_error());
        return 0;
    }
    l->d = run_doc_add_device(&f->doc, cap, index, host ? host : "", output_device_json(info),
                              zeslm_device_module_format(l->dev));
    if (!l->d) {
        zeslm_device_close(l->dev);
        return cli_error("out of host memory");
    }
    l->d->rank = rank_json(&f->rank);
    l->d->clocks = open_clocks(l);
    f->n_lanes++;
    return 0;
}

/* Opens the chosen devices one after another before any worker starts, so that the
 * backends' own setup (zeInit, clGetPlatformIDs, the driver's first context) runs
 * on one thread. Returns 1 when none opens. */
static int open_devices(fanout *f)
{
    zeslm_settings settings;
    if (!cli_settings_from_env(&settings))
        return 2;
    zeslm_status st = zeslm_list_devices(f->o->dev.backend, &f->list);
    if (st != ZESLM_OK)
        return rank_open_error(f, st, cli_error("%s", zeslm_last_error()));
    /* The driver's view of the node, for merge's inventory: the devices like the best. */
    uint32_t best;
    if (zeslm_select_device(&f->list, NULL, &best) == ZESLM_OK)
        f->rank.devices_seen = rank_devices_like(&f->list, best);
    uint32_t *chosen = calloc(f->list.count ? f->list.count : 1, sizeof *chosen);
    f->lanes = calloc(f->list.count ? f->list.count : 1, sizeof *f->lanes);
    if (!chosen || !f->lanes) {
        free(chosen);
        return cli_error("out of host memory");
    }
    size_t n = 0;
    int rc = f->doc.several ? choose(&f->list, f->o->dev.device, chosen, &n)
                            : choose_one(f, f->o->dev.device, chosen, &n);
    for (size_t k = 0; rc == 0 && k < n; k++)
        rc = open_lane(f, &settings, chosen[k], n);
    free(chosen);
    /* None opened: nothing to run, as when the one device of a run does not open
     * (each has said why). */
    return rc == 0 && f->n_lanes == 0 ? 1 : rc;
}

/* A workload's error: its line now, its entry of `errors`, the section's first. */
static void lane_error(lane *l, const zeslm_workload *wl, zeslm_status st, run_section *s, json_t *errors)
{
    fanout *f = l->f;
    pthread_mutex_lock(&f->lock);
    if (f->doc.several)
        cli_error("device %u: %s: %s", l->d->index, wl->name, zeslm_last_error());
    else
        cli_error("%s: %s", wl->name, zeslm_last_error());
    pthread_mutex_unlock(&f->lock);
    json_array_append_new(errors, json_pack("{s:s, s:s, s:s}", "workload", wl->name, "status",
                                            zeslm_status_name(st), "message", zeslm_last_error()));
    if (s->status == ZESLM_OK) {
        s->status = st;
        snprintf(s->error, sizeof s->error, "%s", zeslm_last_error());
    }
    l->failed = true;
    l->interrupted |= st == ZESLM_ERR_INTERRUPTED;
}

/* After each workload: the section into the document, its text, and the results
 * file kept up to date when it goes to disk. */
static void publish(lane *l, const zeslm_results *mine, const run_section *s, const json_t *errors)
{
    fanout *f = l->f;
    pthread_mutex_lock(&f->lock);
    /* What the device has built so far: its first build decides it. */
    snprintf(l->d->module_format, sizeof l->d->module_format, "%s", zeslm_device_module_format(l->dev));
    l->d->size_scale = zeslm_default_size_scale(l->dev, l->d->size_rule, sizeof l->d->size_rule);
    if (l->clk) {
        json_decref(l->d->clocks);
        l->d->clocks = clocks_json(l->clk);
    }
    if (run_doc_append(l->d, mine, s, errors)) {
        run_render_section(f->plan.text, &f->doc, l->d, &l->d->sections[l->d->n_sections - 1]);
    } else {
        f->out_of_memory = true;
        l->interrupted = true;
    }
    /* run --mpi keeps no file of a rank's own (rank 0 writes them all as one) unless
     * --rank-files asked for one: then a rank lost later leaves what it finished. */
    if ((!f->o->take_document || f->o->rank_json[0]) && output_plan_json_to_file(&f->plan) && !f->json_failed)
        f->json_failed = run_file_publish(&f->file, &f->plan, &f->doc) != 0;
    pthread_mutex_unlock(&f->lock);
}

/* Whether every result from `first` on is "no results": the device executed nothing. */
static bool executed_nothing(const zeslm_results *r, size_t first)
{
    for (size_t i = first; i < r->count; i++)
        if (r->items[i].outcome != ZESLM_NO_RESULTS)
            return false;
    return r->count > first;
}

/* A device's worker: every workload, at every group size asked for (once when
 * none), each one's section published as it ends. */
static void *lane_run(void *arg)
{
    lane *l = arg;
    fanout *f = l->f;
    const run_cli *o = f->o;
    uint32_t passes = o->n_group_sizes ? o->n_group_sizes : 1;
    zeslm_results mine = {0};
    pthread_mutex_lock(&f->lock);
    l->d->started_s = since(&f->t0);
    pthread_mutex_unlock(&f->lock);
    bool stop = false;
    for (size_t i = 0; i < f->n && !stop; i++) {
        const run_choice *c = &f->choices[i];
        run_section s = {.wl = c->wl, .first = mine.count};
        json_t *errors = json_array();
        l->run.variant = c->variant;
        if (f->share_budget)
            l->run.converge_s = run_budget_next(f->choices, f->n, i, o->run.quick, f->gpus, since(&f->t0));
        if (l->run.progress)
            progress_stage_begin(&f->prog, i, l->run.converge_s, progress_since(&f->prog));
        if (o->before_workload)
            o->before_workload(o->hook_ctx);
        if (!clocks_start(l->clk))
            cli_error("device %u: %s: the clock is not sampled (no thread for it)", l->d->index, c->wl->name);
        for (uint32_t p = 0; p < passes && !stop; p++) {
            if (o->n_group_sizes)
                l->run.group_size = o->group_sizes[p];
            size_t before = mine.count;
            zeslm_status st = zeslm_workload_run(c->wl, l->dev, &l->run, &mine);
            /* A device that wrote no timestamp at one group size writes none at the
             * next: one line, not one a group size (six, and exit 0). */
            if (o->n_group_sizes && p == 0 && st == ZESLM_OK && executed_nothing(&mine, before)) {
                l->executed_nothing = true;
                stop = true;
            }
            if (l->run.progress)
                progress_finished(&f->prog, progress_variants(c->wl, c->variant));
            if (st == ZESLM_OK)
                continue;
            lane_error(l, c->wl, st, &s, errors);
            /* An illegal group size among several reports itself and the others go on. */
            stop = st == ZESLM_ERR_INTERRUPTED || (!o->keep_going && !o->n_group_sizes);
        }
        /* Before the summary: it reads the cycles that the measured clock may change. */
        clocks_stop(l->clk, c->wl->name, &mine, s.first, l->info->clock_mhz);
        if (c->wl->summarize)
            c->wl->summarize(&mine, s.first, &s.summary);
        s.count = mine.count - s.first;
        s.stopped = stop && !l->interrupted && i + 1 < f->n;
        publish(l, &mine, &s, errors);
        zeslm_summary_free(&s.summary);
        json_decref(errors);
        stop |= l->interrupted;
    }
    zeslm_results_free(&mine);
    pthread_mutex_lock(&f->lock);
    l->d->finished_s = since(&f->t0);
    pthread_mutex_unlock(&f->lock);
    return NULL;
}

/* Runs every lane: on this thread when there is one, else a thread each. Returns
 * how many ran; those that could not start are reported. */
static size_t fan_out(fanout *f)
{
    clock_gettime(CLOCK_MONOTONIC, &f->t0);
    f->prog.t0 = f->t0;
    if (f->o->run.progress && !progress_refresh_start(&f->prog))
        cli_error("the progress line moves only between measurements (no thread to refresh it)");
    if (f->n_lanes == 1) {
        lane_run(&f->lanes[0]);
        return 1;
    }
    pthread_t *threads = calloc(f->n_lanes, sizeof *threads);
    if (!threads) {
        cli_error("out of host memory");
        return 0;
    }
    size_t started = 0;
    for (; started < f->n_lanes; started++) {
        if (pthread_create(&threads[started], NULL, lane_run, &f->lanes[started]) != 0) {
            /* Those already running finish; this one and the rest never start. */
            cli_error("cannot start a thread for device %u", f->lanes[started].d->index);
            break;
        }
    }
    for (size_t k = 0; k < started; k++)
        pthread_join(threads[k], NULL);
    free(threads);
    return started;
}

/* The end of the run, while the devices are still open: the aggregate and the text's
 * tail. Returns the exit status so far; the formats are written after the devices
 * close (write_outputs). */
static int conclude(fanout *f, size_t started)
{
    int rc = started == f->n_lanes ? 0 : 1;
    for (size_t k = 0; k < f->n_lanes; k++) {
        f->interrupted |= f->lanes[k].interrupted;
        if (f->lanes[k].failed)
            rc = 1;
        if (f->lanes[k].executed_nothing)
            rc = cli_error("profile: device %u (%s) executed nothing and wrote no timestamp at group size %u: its "
                           "driver has no hardware behind it, and no group size can be profiled",
                           f->lanes[k].d->index, f->lanes[k].info->name, f->o->group_sizes[0]);
    }
    /* A signal after the last workload (its results are whole) still ends the run as
     * one: the caller asked it to stop. */
    f->interrupted |= zeslm_stop_requested();
    f->doc.complete = !f->interrupted && started == f->n_lanes;
    if (f->out_of_memory || !run_doc_aggregate(&f->doc))
        rc = cli_error("out of host memory");
    run_render_tail(f->plan.text, &f->doc);
    /* A device that did not open fails the run as a failed workload does. */
    if (json_array_size(f->doc.errors))
        rc = 1;
    return rc;
}

/* Every format asked for, once the devices closed, so that a signal during their
 * teardown is counted like one during the run. Then the stop flag once more, with the
 * signals blocked from there to the exit: a stop that came during the writes makes the
 * JSON file say complete: false (written again) and the exit status 128 + the signal. */
static int write_outputs(fanout *f, int rc)
{
    /* What follows writes the file whole. */
    run_file_close(&f->file);
    if (zeslm_stop_requested() && f->doc.complete) {
        f->interrupted = true;
        f->doc.complete = false;
    }
    /* run --mpi: rank 0 writes every rank's document as one. */
    if (f->o->take_document) {
        if (f->o->rank_json[0] && !f->json_failed) {
            json_t *doc = run_doc_json(&f->doc);
            rc |= output_plan_json(&f->plan, doc) != 0;
            json_decref(doc);
        }
        f->o->take_document(f->o->hook_ctx, &f->doc);
        return f->interrupted ? interrupt_status() : rc;
    }
    /* A file that could not be written as the run went is not tried again. */
    output_plan plan = f->plan;
    if (f->json_failed)
        plan.path[OUTPUT_JSON] = NULL;
    if (run_render_write(&plan, &f->doc) || f->json_failed)
        rc = 1;
    if (!interrupt_close())
        return f->interrupted ? interrupt_status() : rc;
    /* Standard output and a FIFO cannot be taken back: only a file is written again. */
    if (f->doc.complete && output_plan_json_to_file(&plan)) {
        f->doc.complete = false;
        json_t *doc = run_doc_json(&f->doc);
        output_plan_json(&plan, doc);
        json_decref(doc);
    }
    return interrupt_status();
}

/* A single --group-size that a chosen variant can never take is a usage error, found
 * before any file is written or device opened. (Several group sizes: each illegal one
 * is an error of its own pass and the others go on.) */
static int check_group_size(const run_cli *o, const run_choice *choices, size_t n)
{
    uint32_t g = o->run.group_size;
    char why[160];
    for (size_t i = 0; g && !o->n_group_sizes && i < n; i++)
        for (size_t k = 0; k < choices[i].wl->n_variants; k++) {
            const zeslm_variant *v = &choices[i].wl->variants[k];
            if (zeslm_variant_listed(choices[i].variant, v->name) && !zeslm_variant_group_ok(v, g, why, sizeof why))
                return cli_usage_error("--group-size %u: %s/%s: %s", g, choices[i].wl->name, v->name, why);
        }
    return 0;
}

int run_cli_execute(run_cli *o, const run_choice *choices, size_t n, int argc, char **argv)
{
    fanout f = {.o = o, .choices = choices, .n = n, .file = RUN_FILE_INIT};
    int rc = check_group_size(o, choices, n);
    if (rc == 0)
        rc = run_cli_rank(o, &f.rank, &f.affinity);
    if (rc == 0)
        rc = output_plan_init(&f.plan, o->json, o->csv, o->markdown);
    if (rc == 0)
        rc = output_plan_add(&f.plan, OUTPUT_TRACE, "--trace", o->trace);
    if (rc)
        return rc;
    if (o->run.reps == 0)
        o->run.reps = o->run.quick ? 5 : 20;
    bool several = cli_device_several(o->dev.device);
    /* The progress line of one device would overwrite another's; each device says
     * instead when it finishes a workload. */
    if (several)
        o->run.progress = NULL;
    f.share_budget = o->run.converge_s == 0;
    run_budget_plan(&f.prog, &o->run, choices, n, o->n_group_sizes);
    o->run.progress_arg = &f.prog;
    if (!progress_log_name(&f.prog, f.rank.rank))
        return cli_error("ZESLM_PROGRESS_LOG: cannot create %s: %s", getenv("ZESLM_PROGRESS_LOG"), strerror(errno));
    if ((rc = output_plan_beside(&f.plan, "the progress log (ZESLM_PROGRESS_LOG)",
                                 f.prog.log_path[0] ? f.prog.log_path : NULL)) != 0)
        return rc;
    if (!progress_log_open(&f.prog))
        return cli_error("ZESLM_PROGRESS_LOG: cannot create %s: %s", f.prog.log_path,
                         errno == ENXIO ? "no process is reading it (a FIFO is written only while one reads)"
                                        : strerror(errno));
    /* Jansson's hash seed is set once here, as its documentation asks of threaded
     * programs, before any thread makes an object. */
    json_object_seed(0);
    run_doc_init(&f.doc, output_document(argc, argv), &o->run);
    f.doc.target_s = f.prog.target_s;
    /* The node's name under srun, which the host name may not tell apart. */
    json_object_set_new(f.doc.head, "host", json_string(f.rank.host));
    f.doc.several = several;
    bool locked = false, ran = false;
    if ((rc = open_devices(&f)) != 0)
        goto out;
    f.gpus = f.n_lanes > 0;
    for (size_t k = 0; k < f.n_lanes; k++)
        f.gpus &= f.lanes[k].info->is_gpu;
    run_budget_devices(&f.prog, choices, n, f.gpus);
    /* After the devices opened: PoCL's LLVM installs handlers of its own there that
     * delete its temporary files on SIGINT, so a build the signal meets fails
     * (tests/cli/run/faults.sh); ours, installed later, replace them. */
    /* Until here a signal ends the tool at once (io/interrupt.c), a driver that hangs in
     * its setup included. From here it stops the run at its next check (the workloads'
     * launches, the host checks) and the run still writes what it measured: the region
     * never resumes, the run ends with its exit status (write_outputs). */
    interrupt_defer();
    interrupt_install();
    if (pthread_mutex_init(&f.lock, NULL) != 0) {
        rc = cli_error("cannot create a mutex");
        goto out;
    }
    locked = true;
    run_render_head(f.plan.text, &f.doc);
    rc = conclude(&f, fan_out(&f));
    ran = true;
out:
    progress_refresh_stop(&f.prog);
    if (!progress_end(&f.prog) && rc == 0)
        rc = cli_error("ZESLM_PROGRESS_LOG: cannot write %s", f.prog.log_path);
    for (size_t k = 0; k < f.n_lanes; k++) {
        clocks_close(f.lanes[k].clk);
        zeslm_device_close(f.lanes[k].dev);
    }
    if (ran)
        rc = write_outputs(&f, rc);
    run_file_close(&f.file);
    free(f.lanes);
    run_doc_free(&f.doc);
    if (locked)
        pthread_mutex_destroy(&f.lock);
    zeslm_device_list_free(&f.list);
    return rc;
}
