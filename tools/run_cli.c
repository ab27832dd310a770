#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "clocks.h"
#include "output.h"
#include "rank.h"
#include "report.h"
#include "run_cli.h"
#include "run_devices.h"
#include "table.h"
#include "units.h"

bool run_cli_defaults(run_cli *o)
{
    memset(o, 0, sizeof *o);
    o->run.reps = 0; /* resolved in run_cli_execute: 20, or 5 with --quick */
    o->run.warmup = 2;
    o->run.seed = 2009; /* the document's srand(2009) */
    o->run.timeout_s = 60;
    o->run.progress = report_progress;
    o->mpi_wait_s = 600;
    return cli_device_defaults(&o->dev);
}

/* Seconds with a fraction ("0.5"), from 0 to a day. */
static bool seconds(const char *opt, const char *text, double *out)
{
    char *end;
    double v = strtod(text, &end);
    if (end == text || *end || !isfinite(v) || v < 0 || v > 86400) {
        cli_usage_error("%s: '%s' is not a number of seconds from 0 to 86400", opt, text);
        return false;
    }
    *out = v;
    return true;
}

/* The workload option of short letter `key`, or NULL. */
static const zeslm_workload_option *workload_option_find(int key)
{
    for (size_t i = 0; i < zeslm_workload_count; i++)
        for (size_t k = 0; k < zeslm_workloads[i]->n_options; k++)
            if (zeslm_workloads[i]->options[k].key == key)
                return &zeslm_workloads[i]->options[k];
    return NULL;
}

const cli_option *run_cli_workload_options(size_t *n)
{
    static cli_option rows[ZESLM_RUN_OPTIONS_MAX];
    static size_t count;
    if (!count)
        for (size_t i = 0; i < zeslm_workload_count; i++)
            for (size_t k = 0; k < zeslm_workloads[i]->n_options && count < ZESLM_RUN_OPTIONS_MAX; k++) {
                const zeslm_workload_option *w = &zeslm_workloads[i]->options[k];
                rows[count++] = (cli_option){w->name, w->key, w->value, w->help};
            }
    *n = count;
    return rows;
}

/* A workload's own option: its range checked, its value kept by name (the last given wins). */
static int workload_option(run_cli *o, int key, const char *arg)
{
    const zeslm_workload_option *w = workload_option_find(key);
    if (!w)
        return -1;
    char opt[48];
    snprintf(opt, sizeof opt, "--%s", w->name);
    uint32_t v;
    if (!cli_u32(opt, arg, w->min, w->max, &v))
        return 2;
    size_t i = 0;
    while (i < ZESLM_RUN_OPTIONS_MAX - 1 && o->run.options[i].name && strcmp(o->run.options[i].name, w->name) != 0)
        i++;
    o->run.options[i] = (zeslm_option_value){w->name, v};
    return 0;
}

int run_cli_option(run_cli *o, int c, const char *arg)
{
    uint32_t v32;
    bool ok = true;
    switch (c) {
    case 'b': case 'd': ok = cli_device_option(&o->dev, c, arg); break;
    case 'n': ok = cli_u64("--size", arg, 1, UINT32_MAX, &o->run.size); break;
    case 'g': ok = cli_u32("--group-size", arg, 1, 1u << 20, &o->run.group_size); break;
    case 'r': ok = cli_u32("--reps", arg, 1, 100000, &o->run.reps); break;
    case 'w': ok = cli_u32("--warmup", arg, 1, 100000, &o->run.warmup); break;
    case 's': ok = cli_u64("--seed", arg, 0, UINT64_MAX, &o->run.seed); break;
    case 'q': o->run.quick = true; break;
    case 't':
        if ((ok = cli_u32("--timeout", arg, 1, 86400, &v32)))
            o->run.timeout_s = v32;
        break;
    case 'T': ok = seconds("--min-time", arg, &o->run.min_time_s); break;
    case 'C': ok = seconds("--converge-time", arg, &o->run.converge_s); break;
    case 'j': o->json = arg; break;
    case 'k': o->keep_going = true; break;
    case 'c': o->csv = arg; break;
    case 'M': o->markdown = arg; break;
    case 'l': o->list = true; break;
    case 'P':
#ifdef ZESLM_WITH_MPI
        o->mpi = true;
#else
        return cli_usage_error("--mpi: this build has no MPI (configure with -DZESLM_WITH_MPI=ON, MPICH or Open MPI "
                               "installed)");
#endif
        break;
    case 'W': ok = seconds("--mpi-wait", arg, &o->mpi_wait_s); break;
    default: return workload_option(o, c, arg);
    }
    return ok ? 0 : 2;
}

static void on_signal(int sig)
{
    (void)sig;
    zeslm_request_stop();
}

static void catch_signals(void)
{
    struct sigaction sa = {.sa_handler = on_signal};
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

int run_choice_parse(const char *cmd, const char *spec, run_choice *out)
{
    const char *slash = strchr(spec, '/');
    char bench[32];
    if ((slash ? (size_t)(slash - spec) : strlen(spec)) >= sizeof bench)
        return cli_usage_error("%s: unknown bench '%s' (see '%s run --list')", cmd, spec, PROG);
    snprintf(bench, sizeof bench, "%.*s", slash ? (int)(slash - spec) : (int)strlen(spec), spec);
    out->wl = zeslm_workload_find(bench);
    out->variant = slash ? slash + 1 : NULL;
    if (!out->wl)
        return cli_usage_error("%s: unknown bench '%s' (see '%s run --list')", cmd, bench, PROG);
    /* BENCH/A,B: every name must be a variant of BENCH, and none twice. */
    for (const char *v = out->variant, *next; v; v = next) {
        size_t len = strcspn(v, ",");
        next = v[len] ? v + len + 1 : NULL;
        char name[32];
        if (len < sizeof name)
            snprintf(name, sizeof name, "%.*s", (int)len, v);
        if (len >= sizeof name || !zeslm_variant_find(out->wl, name))
            return cli_usage_error("%s: %s has no variant '%.*s' (see '%s run --list %s')", cmd, bench, (int)len, v,
                                   PROG, bench);
        if (next && zeslm_variant_listed(next, name))
            return cli_usage_error("%s: variant '%s/%s' named twice", cmd, bench, name);
    }
    return 0;
}

/* What a run found, as data: the results, each workload's summary, the errors. The
 * writers below render it. */
typedef struct run_model {
    const zeslm_device_info *d;
    zeslm_device *dev;
    zeslm_results results;
    const run_choice *choices;
    size_t n;
    size_t first[ZESLM_WORKLOAD_MAX];          /* the first result of each choice */
    zeslm_summary summaries[ZESLM_WORKLOAD_MAX];
    json_t *errors;
    bool complete;
    rank_info rank; /* which process of a launch this is (tools/rank.h) */
    clocks *clocks; /* the device's clock sampled during each workload (tools/clocks.h); NULL: none */
    char no_clocks[256]; /* why not, when NULL */
} run_model;

/* The whole document as it stands; `complete` is false while workloads remain. */
static int write_json(const run_cli *o, const run_model *m, size_t done, int argc, char **argv)
{
    json_t *doc = output_document(argc, argv), *summaries = json_object(), *findings = json_object();
    for (size_t i = 0; i < done; i++) {
        const zeslm_summary *s = &m->summaries[i];
        if (s->count) {
            json_object_set_new(summaries, m->choices[i].wl->name, report_summary_text(s));
            json_object_set_new(findings, m->choices[i].wl->name, report_findings(s));
        }
    }
    json_object_set_new(doc, "complete", json_boolean(m->complete));
    json_object_set_new(doc, "rank", rank_json(&m->rank));
    json_t *sampled = clocks_json(m->clocks);
    if (!m->clocks) {
        sampled = json_object();
        json_object_set_new(sampled, "source", json_null());
        json_object_set_new(sampled, "not_sampled", json_string(m->no_clocks));
    }
    json_object_set_new(doc, "clocks", sampled);
    json_object_set_new(doc, "device", output_device_json(m->d));
    json_object_set_new(doc, "module_format", json_string(zeslm_device_module_format(m->dev)));
    json_object_set_new(doc, "seed", json_integer((json_int_t)o->run.seed));
    json_object_set_new(doc, "reps", json_integer(o->run.reps));
    json_object_set_new(doc, "warmup", json_integer(o->run.warmup));
    json_object_set_new(doc, "min_time_s", json_real(o->run.min_time_s));
    json_object_set_new(doc, "converge_s", json_real(o->run.converge_s));
    json_object_set_new(doc, "quick", json_boolean(o->run.quick));
    json_object_set_new(doc, "results", report_json(&m->results));
    json_object_set_new(doc, "summaries", summaries);
    json_object_set_new(doc, "findings", findings);
    json_object_set_new(doc, "errors", json_incref(m->errors));
    int rc = output_json(doc, o->json);
    json_decref(doc);
    return rc;
}

static int write_markdown(const run_cli *o, const run_model *m, size_t done)
{
    FILE *f = output_open(o->markdown);
    if (!f)
        return 1;
    fprintf(f, "# ze-slm-bench run: %s\n\n%s, %s; modules: %s. Seed %llu, %u timed launches after %u warm-up; "
               "times are device times of one launch.\n",
            m->d->name, zeslm_backend_label(m->d->backend), m->d->driver, zeslm_device_module_format(m->dev),
            (unsigned long long)o->run.seed, o->run.reps, o->run.warmup);
    for (size_t i = 0; i < done; i++)
        report_markdown(f, m->choices[i].wl, &m->results, m->first[i], &m->summaries[i], 2);
    size_t errors = json_array_size(m->errors);
    for (size_t i = 0; i < errors; i++) {
        json_t *e = json_array_get(m->errors, i);
        fprintf(f, "%s**Error** (%s): %s\n", i ? "" : "\n", json_string_value(json_object_get(e, "workload")),
                json_string_value(json_object_get(e, "message")));
    }
    return output_close(f, o->markdown, !ferror(f));
}

static void record_error(run_model *m, const zeslm_workload *wl, zeslm_status st)
{
    cli_error("%s: %s", wl->name, zeslm_last_error());
    json_t *e = json_object();
    json_object_set_new(e, "workload", json_string(wl->name));
    json_object_set_new(e, "status", json_string(zeslm_status_name(st)));
    json_object_set_new(e, "message", json_string(zeslm_last_error()));
    json_array_append_new(m->errors, e);
}

static void print_head(FILE *text, const run_cli *o, const zeslm_device_info *d, uint32_t index)
{
    char line[512];
    snprintf(line, sizeof line, "Device %u: %s (%s, %s)", index, d->name, zeslm_backend_label(d->backend), d->driver);
    text_wrap(text, "", "  ", line, TABLE_WIDTH);
    fprintf(text, "Seed %llu, %u timed launches after %u warm-up; times are device times of one launch.\n",
            (unsigned long long)o->run.seed, o->run.reps, o->run.warmup);
    if (!d->is_gpu)
        text_wrap(text, "", "", "This device is not a GPU: its ceilings, and the fractions of them, describe it, "
                                "not a GPU.", TABLE_WIDTH);
    if (o->run.min_time_s > 0) {
        char t[32];
        zeslm_format_si(o->run.min_time_s, "s", t, sizeof t);
        fprintf(text, "More launches where needed, until each result has %s of device time.\n", t);
    }
}

/* Runs choice i at every group size asked for (once when none): its results, its
 * summary, its errors into m, its table on `text`. Returns the first failure. */
static zeslm_status run_choice_all(run_cli *o, run_model *m, size_t i, FILE *text, bool *stop)
{
    const run_choice *c = &m->choices[i];
    uint32_t passes = o->n_group_sizes ? o->n_group_sizes : 1;
    zeslm_status first_error = ZESLM_OK;
    m->first[i] = m->results.count;
    o->run.variant = c->variant;
    if (!clocks_start(m->clocks))
        cli_error("%s: the clock is not sampled (no thread for it)", c->wl->name);
    for (uint32_t p = 0; p < passes && !*stop; p++) {
        if (o->n_group_sizes)
            o->run.group_size = o->group_sizes[p];
        zeslm_status st = zeslm_workload_run(c->wl, m->dev, &o->run, &m->results);
        report_progress_done();
        if (st == ZESLM_OK)
            continue;
        record_error(m, c->wl, st);
        first_error = first_error == ZESLM_OK ? st : first_error;
        /* An illegal group size among several reports itself and the others go on. */
        *stop = st == ZESLM_ERR_INTERRUPTED || (!o->keep_going && !o->n_group_sizes);
    }
    /* Before the summary: it reads the cycles that the measured clock may change. */
    clocks_stop(m->clocks, c->wl->name, &m->results, m->first[i], m->d->clock_mhz);
    if (c->wl->summarize)
        c->wl->summarize(&m->results, m->first[i], &m->summaries[i]);
    report_table(text, c->wl, &m->results, m->first[i], &m->summaries[i]);
    return first_error;
}

/* Rank-aware runs (tools/rank.h): under a launcher, the rank's device (its local rank
 * modulo the devices like the best one) unless --device or an affinity variable
 * chose, and `--json DIR/` as DIR/HOST-RANK.json. Returns 0 or the exit status. */
static int rank_setup(run_cli *o, rank_info *rk)
{
    char why[256];
    if (!rank_detect(getenv, rk, why, sizeof why))
        return cli_usage_error("%s", why);
    const char *affinity = rank_affinity(getenv);
    if (o->dev.device) {
        snprintf(rk->device_choice, sizeof rk->device_choice, "--device");
    } else if (affinity) {
        snprintf(rk->device_choice, sizeof rk->device_choice, "%s", affinity);
    } else if (rk->launcher) {
        zeslm_device_list list;
        uint32_t best;
        if (zeslm_list_devices(o->dev.backend, &list) != ZESLM_OK)
            return cli_error("%s", zeslm_last_error());
        if (zeslm_select_device(&list, NULL, &best) == ZESLM_OK) {
            snprintf(o->rank_device, sizeof o->rank_device, "%u", rank_pick(&list, best, rk));
            o->dev.device = o->rank_device;
        }
        zeslm_device_list_free(&list);
    }
    size_t n = o->json ? strlen(o->json) : 0;
    if (n && o->json[n - 1] == '/') {
        if (!rank_json_path(o->json, rk, o->rank_json, sizeof o->rank_json))
            return cli_usage_error("--json %s: the path is too long", o->json);
        /* Every rank may create the folder at once: one that exists is fine. */
        char dir[4096];
        snprintf(dir, sizeof dir, "%.*s", (int)(n - 1), o->json);
        if (mkdir(dir, 0777) != 0 && errno != EEXIST)
            return cli_error("cannot create %s: %s", dir, strerror(errno));
        o->json = o->rank_json;
    }
    return 0;
}

int run_cli_execute(run_cli *o, const run_choice *choices, size_t n, int argc, char **argv)
{
    zeslm_device_list list;
    uint32_t index;
    run_model m = {.choices = choices, .n = n};
    if (cli_device_several(o->dev.device)) {
        catch_signals();
        return run_devices_execute(o, choices, n, argc, argv, o->n_group_sizes != 0);
    }
    int rc = rank_setup(o, &m.rank);
    if (rc == 0)
        rc = output_check(o->json, o->csv, o->markdown);
    if (rc == 0)
        rc = cli_open_device(&o->dev, &list, &index, &m.dev);
    if (rc)
        return rc;
    catch_signals();
    if (o->run.reps == 0)
        o->run.reps = o->run.quick ? 5 : 20;
    m.d = &list.items[index];
    m.errors = json_array();
    bool json_to_file = o->json && strcmp(o->json, "-") != 0;
    bool json_failed = false; /* a file that cannot be written is reported once */
    FILE *text = output_text_stream(o->json, o->csv, o->markdown);
    print_head(text, o, m.d, index);
    m.clocks = clocks_open(m.d, m.no_clocks, sizeof m.no_clocks);
    if (m.clocks)
        fprintf(text, "The clock is sampled through %s during each workload; cycles are counted at its median.\n",
                clocks_source(m.clocks));

    bool stop = false, interrupted = false;
    size_t done = 0;
    while (done < n && !stop) {
        if (o->before_workload)
            o->before_workload(o->hook_ctx);
        zeslm_status st = run_choice_all(o, &m, done, text, &stop);
        done++;
        if (st != ZESLM_OK) {
            interrupted |= st == ZESLM_ERR_INTERRUPTED;
            rc = interrupted ? 130 : 1;
            if (stop && !interrupted && done < n)
                fprintf(text, "\nStopped after this error; --keep-going goes on to the next workload.\n");
        }
        /* Keep everything measured so far on disk, in case the run dies. */
        if (json_to_file && !json_failed && done < n && !stop && write_json(o, &m, done, argc, argv)) {
            rc = 1;
            json_failed = true;
        }
    }
    bool no_results = false;
    for (size_t k = 0; k < m.results.count; k++)
        no_results |= m.results.items[k].outcome == ZESLM_NO_RESULTS;
    fprintf(text, "\nModules: %s.\n", zeslm_device_module_format(m.dev));
    if (no_results)
        text_wrap(text, "", "", "No results or timings exist for this device: its driver accepted every kernel and "
                                "launch, but nothing executed (no GPU behind it). Nothing above is a measurement.",
                  TABLE_WIDTH);

    m.complete = !interrupted;
    if (o->json && !json_failed && write_json(o, &m, done, argc, argv))
        rc = 1;
    if (o->csv && report_csv(&m.results, o->csv))
        rc = 1;
    if (o->markdown && write_markdown(o, &m, done))
        rc = 1;
    json_decref(m.errors);
    clocks_close(m.clocks);
    zeslm_results_free(&m.results);
    zeslm_device_close(m.dev);
    zeslm_device_list_free(&list);
    return rc;
}
