#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "output.h"
#include "report.h"
#include "run_cli.h"
#include "run_devices.h"

bool run_cli_defaults(run_cli *o)
{
    memset(o, 0, sizeof *o);
    o->run.reps = 0; /* resolved in run_cli_execute: 20, or 5 with --quick */
    o->run.warmup = 2;
    o->run.seed = 2009; /* the document's srand(2009) */
    o->run.timeout_s = 60;
    o->run.progress = report_progress;
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

int run_cli_option(run_cli *o, int c, const char *arg)
{
    uint32_t v32;
    bool ok = true;
    switch (c) {
    case 'b': case 'd': ok = cli_device_option(&o->dev, c, arg); break;
    case 'n': ok = cli_u64("--size", arg, 1, UINT32_MAX, &o->run.size); break;
    case 'm': ok = cli_u32("--taps", arg, 1, 1u << 20, &o->run.taps); break;
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
    case 'j': o->json = arg; break;
    case 'k': o->keep_going = true; break;
    case 'c': o->csv = arg; break;
    default: return -1;
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

/* The whole document as it stands; `complete` is false while workloads remain. */
static int write_json(const run_cli *o, const zeslm_device_info *d, zeslm_device *dev, const zeslm_results *results,
                      json_t *summaries, json_t *errors, bool complete, int argc, char **argv)
{
    json_t *doc = output_document(argc, argv);
    json_object_set_new(doc, "complete", json_boolean(complete));
    json_object_set_new(doc, "device", output_device_json(d));
    json_object_set_new(doc, "module_format", json_string(zeslm_device_module_format(dev)));
    json_object_set_new(doc, "seed", json_integer((json_int_t)o->run.seed));
    json_object_set_new(doc, "reps", json_integer(o->run.reps));
    json_object_set_new(doc, "warmup", json_integer(o->run.warmup));
    json_object_set_new(doc, "min_time_s", json_real(o->run.min_time_s));
    json_object_set_new(doc, "quick", json_boolean(o->run.quick));
    json_object_set_new(doc, "results", report_json(results));
    json_object_set_new(doc, "summaries", json_incref(summaries));
    json_object_set_new(doc, "errors", json_incref(errors));
    int rc = output_json(doc, o->json);
    json_decref(doc);
    return rc;
}

int run_cli_execute(run_cli *o, const zeslm_workload *const *wls, size_t n, int argc, char **argv,
                    void (*after)(const zeslm_results *, size_t first, void *), void *after_arg)
{
    zeslm_device_list list;
    uint32_t index;
    zeslm_device *dev = NULL;
    if (cli_device_several(o->dev.device)) {
        catch_signals();
        return run_devices_execute(o, wls, n, argc, argv, after != NULL);
    }
    int rc = output_check(o->json, o->csv);
    if (rc == 0)
        rc = cli_open_device(&o->dev, &list, &index, &dev);
    if (rc)
        return rc;
    catch_signals();
    if (o->run.reps == 0)
        o->run.reps = o->run.quick ? 5 : 20;
    const zeslm_device_info *d = &list.items[index];
    bool json_to_file = o->json && strcmp(o->json, "-") != 0;
    bool json_failed = false; /* a file that cannot be written is reported once */
    FILE *text = output_text_stream(o->json, o->csv);
    fprintf(text, "Device %u: %s (%s, %s)\n", index, d->name, zeslm_backend_label(d->backend),
            d->driver);
    fprintf(text, "Seed %llu, %u timed launches after %u warm-up; times are device times of one launch.\n",
            (unsigned long long)o->run.seed, o->run.reps, o->run.warmup);
    if (!d->is_gpu)
        fprintf(text, "This device is not a GPU: its ceilings, and the fractions of them, describe it, not a GPU.\n");
    if (o->run.min_time_s > 0)
        fprintf(text, "More launches where needed, until each result has %g s of device time.\n", o->run.min_time_s);

    zeslm_results results = {0};
    json_t *errors = json_array(), *summaries = json_object();
    bool no_results = false, interrupted = false;
    uint32_t passes = o->n_group_sizes ? o->n_group_sizes : 1;
    for (size_t u = 0; u < n * passes && !interrupted; u++) {
        size_t i = u / passes;
        if (o->n_group_sizes)
            o->run.group_size = o->group_sizes[u % passes];
        size_t first = results.count;
        zeslm_status st = zeslm_workload_run(wls[i], dev, &o->run, &results);
        report_progress_done();
        char summary[512] = "";
        if (wls[i]->summarize)
            wls[i]->summarize(&results, first, summary, sizeof summary);
        if (*summary)
            json_object_set_new(summaries, wls[i]->name, json_string(summary));
        report_table(text, wls[i], &results, first, summary);
        for (size_t k = first; k < results.count; k++)
            no_results |= results.items[k].outcome == ZESLM_NO_RESULTS;
        if (st != ZESLM_OK) {
            interrupted = st == ZESLM_ERR_INTERRUPTED;
            rc = interrupted ? 130 : 1;
            cli_error("%s: %s", wls[i]->name, zeslm_last_error());
            json_t *e = json_object();
            json_object_set_new(e, "workload", json_string(wls[i]->name));
            json_object_set_new(e, "status", json_string(zeslm_status_name(st)));
            json_object_set_new(e, "message", json_string(zeslm_last_error()));
            json_array_append_new(errors, e);
            if (!o->keep_going && !interrupted && u + 1 < n * passes) {
                fprintf(text, "\nStopped after this error; --keep-going goes on to the next workload.\n");
                break;
            }
        } else if (after) {
            after(&results, first, after_arg);
        }
        /* Keep everything measured so far on disk, in case the run dies. */
        if (json_to_file && !json_failed && u + 1 < n * passes && !interrupted &&
            write_json(o, d, dev, &results, summaries, errors, false, argc, argv)) {
            rc = 1;
            json_failed = true;
        }
    }
    fprintf(text, "\nModules: %s.\n", zeslm_device_module_format(dev));
    if (no_results)
        fprintf(text, "No results or timings exist for this device: its driver accepted every kernel and launch, "
                      "but nothing executed (no GPU behind it). Nothing above is a measurement.\n");

    if (o->json && !json_failed && write_json(o, d, dev, &results, summaries, errors, !interrupted, argc, argv))
        rc = 1;
    if (o->csv && report_csv(&results, o->csv))
        rc = 1;
    json_decref(errors);
    json_decref(summaries);
    zeslm_results_free(&results);
    zeslm_device_close(dev);
    zeslm_device_list_free(&list);
    return rc;
}
