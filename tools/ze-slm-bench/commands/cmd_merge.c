/* SPDX-License-Identifier: MIT */
/* `merge FILES...`: results files of many hosts, ranks and devices as one run
 * document (tools/ze-slm-bench/model/run_doc.h, run_doc_merge), with the table across the devices, the
 * slow and the throttled ones, a summary per host, and a verdict for every device, rank
 * and host (fleet/fleet_verdict.h) that the exit status carries. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/run_doc_spool.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "fleet/fleet_aggregate.h"
#include "io/ordered.h"
#include "io/output.h"
#include "fleet/run_fleet.h"
#include "render/run_render.h"
#include "render/verdicts_render.h"
#include "json/doc_reader.h"
#include "fleet/fleet_read.h"
#include "fleet/fleet_verdict.h"
#include "fleet/baseline_file.h"
#include "fleet/verdict_options.h"
#include "fleet/rank_starts.h"
#include "render/fleet_exports.h"

typedef struct merge_opts {
    const char *json, *csv, *markdown, *junit, *jsonl, *baseline, *openmetrics, *write_baseline;
    verdict_opts verdict;
    uint64_t read_limit;
    bool strict, summary_only;
} merge_opts;

static int on_option(void *ctx, int key, const char *value)
{
    merge_opts *o = ctx;
    uint32_t n;
    switch (key) {
    case 'c': o->csv = value; break;
    case 'M': o->markdown = value; break;
    case 'U': o->junit = value; break;
    case 'L': o->jsonl = value; break;
    case 'B': o->baseline = value; break;
    case 'P': o->openmetrics = value; break;
    case 'w': o->write_baseline = value; break;
    case 'S': o->strict = true; break;
    case 'Q': o->summary_only = true; break;
    case 'E':
        if (!cli_u32("--expect", value, 1, (uint32_t)VERDICT_EXPECT_MAX, &n))
            return 2;
        o->verdict.expect = n;
        break;
    case 'G':
        if (!cli_u32("--expect-gpus", value, 1, 4096, &n))
            return 2;
        o->verdict.expect_gpus = n;
        break;
    case 'D':
        if (!cli_u32("--ranks-per-device", value, 1, 4096, &n))
            return 2;
        o->verdict.ranks_per_device = n;
        break;
    case 'F':
        if (!verdict_parse_list(value, &o->verdict.fail_on))
            return cli_usage_error("--fail-on: '%s' is not fail, warn, all, none or a list of unjudged, slow, low, incomplete, error, missing",
                                   value);
        break;
    case 'R':
        if (!doc_read_size_parse(value, &o->read_limit))
            return cli_usage_error("--read-limit: '%s' is not a size (bytes, or with K, M, G or T: 4G)", value);
        break;
    case 'j': o->json = value; break;
    default: return verdict_option(&o->verdict, key, value);
    }
    return 0;
}

typedef struct loading {
    char *const *paths;
    run_doc *merged;
    size_t found;
    const merge_opts *o;
    fleet_inputs *in;
} loading;

/* File i merged as it comes (a file given twice adds its name alone, a bad one is an
 * error entry unless strict), each device's results then set aside on disk: memory
 * holds the merged devices, not the documents read nor their results. */
static int take(void *ctx, size_t i, run_doc *doc, bool twice, const char *why)
{
    loading *l = ctx;
    const char *path = l->paths[i];
    run_doc none = {0};
    if (twice) {
        run_doc_init(&none, json_object(), &(zeslm_run_opts){0});
        none.complete = true;
        doc = &none;
    } else if (*why && l->o->strict) {
        return cli_error("%s: %s", path, why);
    } else {
        fleet_inputs_mixed(l->in, path, doc, doc->n_devices);
        l->found += doc->n_devices + json_array_size(doc->errors);
    }
    size_t before = l->merged->n_devices;
    int rc = run_doc_merge_add(l->merged, doc, path) ? 0 : cli_error("out of host memory");
    const char *dir = getenv("TMPDIR");
    for (size_t k = before; rc == 0 && k < l->merged->n_devices; k++)
        if (!run_doc_spill(l->merged, k))
            rc = cli_error("cannot set the results of %s aside in a temporary file in %s (TMPDIR): %s", path,
                           dir && *dir ? dir : "/tmp", strerror(errno));
    if (none.head)
        run_doc_free(&none);
    return rc;
}

/* A baseline file (its thresholds where no option said one), or a results document. */
static int load_baseline(merge_opts *o, fleet *out)
{
    double file[VERDICT_THRESHOLDS];
    int rc = baseline_load(o->baseline, o->read_limit, out, file);
    if (rc == 0)
        verdict_opts_take(&o->verdict, file);
    return rc;
}

/* --summary-only: every file read one at a time into a fleet, the verdicts alone. */
static int summary(const merge_opts *o, const output_plan *plan, char *const *paths, size_t n, fleet_inputs *in)
{
    fleet f;
    if (!fleet_init(&f))
        return cli_error("out of host memory");
    int rc = fleet_read_files(&f, in, paths, n, o->read_limit, o->strict, ordered_cores());
    verdicts v = {0};
    if (rc == 0 && f.n_devices + json_array_size(f.errors) + json_array_size(o->verdict.starts) == 0)
        rc = cli_error("merge: no device and no error in any file");
    if (rc == 0) {
        fleet_sort(&f);
        if (!fleet_mark_duplicates(&f) || !fleet_mark_shared(&f) || !verdicts_compute(&f, &o->verdict, &v))
            rc = cli_error("out of host memory");
    }
    if (rc == 0) {
        json_array_extend(v.notes, in->notes);
        verdicts_text_first(plan->text, &v);
        fprintf(plan->text, "%zu device%s and %zu error%s, from %zu file%s.\n", f.n_devices,
                f.n_devices == 1 ? "" : "s", json_array_size(f.errors), json_array_size(f.errors) == 1 ? "" : "s", n,
                n == 1 ? "" : "s");
        verdicts_output out = {&v, o->verdict.fail_on, &f};
        int wrote = output_plan_write(plan, OUTPUT_JUNIT, verdicts_junit, &out);
        wrote |= output_plan_write(plan, OUTPUT_JSONL, verdicts_jsonl, &out);
        wrote |= fleet_exports_write(plan, &out, &o->verdict);
        verdicts_text_last(plan->text, &v, o->verdict.fail_on, wrote != 0);
        rc = wrote ? 1 : verdicts_exit_status(&v, o->verdict.fail_on);
    }
    verdicts_free(&v);
    fleet_free(&f);
    return rc;
}

static int merge_run(int argc, char **argv)
{
    merge_opts o = {.verdict = {.slow_below = VERDICT_SLOW_BELOW, .low_below = VERDICT_LOW_BELOW,
                                .fail_on = FAIL_ON_FAIL},
                  .read_limit = DOC_READ_LIMIT};
    int first, rc = cli_parse(&command_merge, &o, argc, argv, &first);
    if (rc >= 0)
        return rc;
    size_t n = (size_t)(argc - first), found = 0;
    if (n == 0)
        return cli_usage_error("merge: give the results files to merge");
    if (o.summary_only && (o.json || o.csv || o.markdown))
        return cli_usage_error("--summary-only writes no document: leave out --json, --csv and --markdown");
    output_plan plan;
    if ((rc = output_plan_init(&plan, o.json, o.csv, o.markdown)) != 0 ||
        (rc = output_plan_add(&plan, OUTPUT_JUNIT, "--junit", o.junit)) != 0 ||
        (rc = output_plan_add(&plan, OUTPUT_JSONL, "--jsonl", o.jsonl)) != 0 ||
        (rc = output_plan_add(&plan, OUTPUT_OPENMETRICS, "--openmetrics", o.openmetrics)) != 0 ||
        (rc = output_plan_add(&plan, OUTPUT_BASELINE, "--write-baseline", o.write_baseline)) != 0 ||
        (rc = output_plan_inputs(&plan, "the input", argv + first, n)) != 0 ||
        (rc = output_plan_beside(&plan, "--baseline", o.baseline)) != 0)
        return rc;
    fleet baseline = {0};
    fleet_inputs in;
    /* The ranks' start files: who started where (fleet/rank_starts.h), not results. */
    json_t *starts = json_array();
    if (!starts)
        return cli_error("out of host memory");
    n = rank_starts_take(argv + first, n, o.read_limit, starts);
    o.verdict.starts = starts;
    if (!fleet_inputs_init(&in, n)) {
        json_decref(starts);
        return cli_error("out of host memory");
    }
    if (o.baseline) {
        rc = fleet_init(&baseline) ? load_baseline(&o, &baseline) : cli_error("out of host memory");
        o.verdict.baseline = &baseline;
    }
    if (rc == 0 && o.summary_only) {
        rc = summary(&o, &plan, argv + first, n, &in);
        goto out;
    }
    run_doc one = {0}, merged = {0};
    /* One file: nothing to merge. It is written again as it was read, head and all,
     * through the schema's rows: a document this tool wrote comes out byte for byte.
     * Asked to judge it as a fleet (--expect, --baseline, the start files of ranks: a
     * job of one file whose other ranks left none), or for the fleet's CSV (a row's
     * device, host, rank and verdict), it is merged as many are, and holds its verdicts. */
    if (rc == 0 && n == 1 && !o.verdict.expect && !o.verdict.baseline && !o.openmetrics && !o.write_baseline &&
        !o.csv && json_array_size(starts) == 0 && !o.verdict.expect_gpus) {
        rc = fleet_inputs_read(argv[first], o.read_limit, &one, o.strict);
        if (rc == 0 && one.n_devices + json_array_size(one.errors) == 0)
            rc = cli_error("merge: no device and no error in any file");
        if (rc == 0)
            rc = run_doc_aggregate(&one) ? verdicts_render(&plan, &one, &o.verdict, in.notes)
                                         : cli_error("out of host memory");
    } else if (rc == 0) {
        run_doc_merge_begin(&merged, output_document(argc, argv));
        loading l = {argv + first, &merged, 0, &o, &in};
        rc = fleet_read_in_order(&in, argv + first, n, o.read_limit, ordered_cores(), take, &l);
        found = l.found;
        if (rc == 0 && found + json_array_size(starts) == 0)
            rc = cli_error("merge: no device and no error in any file");
        if (rc == 0 && !run_doc_merge_end(&merged))
            rc = cli_error("out of host memory");
        if (rc == 0)
            rc = verdicts_render(&plan, &merged, &o.verdict, in.notes);
    }
    if (merged.head)
        run_doc_free(&merged);
    if (one.head)
        run_doc_free(&one);
out:
    if (baseline.keys)
        fleet_free(&baseline);
    fleet_inputs_free(&in);
    json_decref(starts);
    return rc;
}

static const cli_option options[] = {
    {"json", 'j', "FILE|-", "write the merged run document (schema 3) to FILE (-: stdout)" "\n"
     "Write the merged run document (schema 3) to FILE (-: stdout). Of one file, nothing is merged: the document "
     "is written again as it was read, checked field by field against the schema, the same bytes for a file this "
     "tool wrote."},
    {"csv", 'c', "FILE|-", "the results of every device as CSV, with host, rank, model and verdict (-: stdout)"},
    CLI_OPTION_MARKDOWN,
    {"expect", 'E', "N", "the job had N ranks: each absent one is MISSING (default: the size the rank files carry)" "\n"
     "The job had N ranks (at most 262144): each that left no file is MISSING, or ERROR (RANK_LOST) on its host "
     "where its start file (HOST-RANK.start.json, written before it measured) is among the files. Default: the "
     "size the rank files carry."},
    {"expect-gpus", 'G', "N", "each host should have N devices: fewer found is ERROR (ZESLM_FR_GPU_COUNT)" "\n"
     "Each host should have N devices: a host whose ranks found fewer (the driver's count of devices like theirs, "
     "or the distinct devices measured) is ERROR, ZESLM_FR_GPU_COUNT. Default: what each rank's launcher gave it "
     "(SLURM_GPUS_ON_NODE, SLURM_JOB_GPUS, ZE_AFFINITY_MASK, ONEAPI_DEVICE_SELECTOR, CUDA_VISIBLE_DEVICES, HIP_VISIBLE_DEVICES), as its file says."},
    {"ranks-per-device", 'D', "N", "more ranks than N on one device is ERROR (ZESLM_FR_SHARED_DEVICE; default 1)" "\n"
     "Ranks that measured one device (one UUID, or PCI address, or host and index) are ERROR, "
     "ZESLM_FR_SHARED_DEVICE, when more than N (default 1): a GPU lost, so that the local ranks wrapped over the "
     "others, or a wrong binding. Raise it where ranks share a device on purpose (a test on one CPU device)."},
    {"baseline", 'B', "FILE", "judge each device against FILE's devices of its model: LOW below --low-below" "\n"
     "A baseline file (--write-baseline; its thresholds are the defaults of the options that set them), or a results file (a merged "
     "document of a known-good fleet, or one good run of each model) to judge each "
     "device against: a device's baseline score is the median over the results both measured of its speed over "
     "the median speed of FILE's devices of the same name. Below --low-below it is LOW, so a lone node or a "
     "uniformly slow fleet is judged, which peers alone cannot do."},
    {"fail-on", 'F', "LIST", "the verdicts that set the exit status (fail; warn; all; none; or unjudged,slow,...)" "\n"
     "The verdicts that set the exit status: fail (the default: every verdict whose reason code is of level "
     "FAIL), warn (of level WARN or FAIL), all (every verdict but PASS), none, or a comma-separated list from "
     "unjudged, slow, low, incomplete, error and missing. Exit status 0: none of them; 3: those among them are "
     "all of level WARN (degraded); 4: one of level FAIL among them (failed); 1 and 2 stay the tool's own "
     "errors. The reason codes and their levels: docs/fleet-health.md."},
    VERDICT_OPTIONS,
    {"write-baseline", 'w', "FILE", "write a baseline file: each model's median rate per result over its PASS devices" "\n"
     "Write a baseline file (format ze-slm-baseline/2, docs/fleet-health.md): per model and driver, per result, the "
     "median rate over the devices whose verdict is PASS, and the thresholds it was judged by (--slow-below, "
     "--low-below, --slow-fail, --low-fail, --workload-floor). Make it from a healthy "
     "fleet; a later merge takes it with --baseline."},
    {"openmetrics", 'P', "FILE", "the verdicts and scores in Prometheus' text format (node_exporter's textfile collector)"},
    {"strict", 'S', NULL, "stop at the first file that is not a results file (default: it is an ERROR entry)"},
    {"summary-only", 'Q', NULL, "the verdicts and the tables, with no merged document written"},
    {"junit", 'U', "FILE|-", "the verdicts as JUnit XML: a test suite per host, a test case per device and host"},
    {"jsonl", 'L', "FILE|-", "the verdicts as JSON lines, one per device, error and missing rank"},
    CLI_OPTION_READ_LIMIT,
};

const cli_command command_merge = {
    .name = "merge",
    .operands = "FILE...|-",
    .summary = "results files of many hosts, ranks and devices as one document, with a verdict for each",
    .options = options,
    .n_options = sizeof options / sizeof options[0],
    .on_option = on_option,
    .run = merge_run,
};
