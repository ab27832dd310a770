/* `merge FILES...`: results files of many hosts, ranks and devices as one run
 * document (tools/ze-slm-bench/doc/run_doc.h, run_doc_merge), with the table across the devices, the
 * slow and the throttled ones, a summary per host, and a verdict for every device, rank
 * and host (doc/verdict.h) that the exit status carries. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "io/output.h"
#include "doc/run_fleet.h"
#include "render/run_render.h"
#include "render/verdicts_render.h"
#include "doc/verdict.h"

typedef struct merge_opts {
    const char *json, *csv, *markdown, *junit, *jsonl, *baseline;
    verdict_opts verdict;
    bool strict, summary_only;
} merge_opts;

/* A share from 0 to 1 ("0.9"). */
static bool share(const char *opt, const char *text, double *out)
{
    char *end;
    double v = strtod(text, &end);
    if (end == text || *end || !isfinite(v) || v <= 0 || v > 1) {
        cli_usage_error("%s: '%s' is not a share above 0 and at most 1 (0.9: 10%% below)", opt, text);
        return false;
    }
    *out = v;
    return true;
}

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
    case 'S': o->strict = true; break;
    case 'Q': o->summary_only = true; break;
    case 'E':
        if (!cli_u32("--expect", value, 1, 1u << 24, &n))
            return 2;
        o->verdict.expect = n;
        break;
    case 'F':
        if (!verdict_parse_list(value, &o->verdict.fail_on))
            return cli_usage_error("--fail-on: '%s' is not a list of slow, low, incomplete, error, missing, or all or none",
                                   value);
        break;
    case 'W': return share("--slow-below", value, &o->verdict.slow_below) ? 0 : 2;
    case 'O': return share("--low-below", value, &o->verdict.low_below) ? 0 : 2;
    default: o->json = value; break; /* 'j' */
    }
    return 0;
}

/* A file given twice (by another name, a link) is read once. */
static bool seen_before(char **paths, size_t i, struct stat *ids)
{
    if (stat(paths[i], &ids[i]) != 0)
        return false;
    for (size_t k = 0; k < i; k++)
        if (ids[k].st_ino == ids[i].st_ino && ids[k].st_dev == ids[i].st_dev)
            return true;
    return false;
}

/* Reads every file into docs (the caller frees those read). A file that cannot be
 * read or is not a results file becomes an error entry of docs[i] saying so, unless
 * strict; a file given twice is left out. Notes go to `notes`. */
static int load(char **paths, size_t n, run_doc *docs, size_t *found, bool strict, json_t *notes)
{
    struct stat *ids = calloc(n ? n : 1, sizeof *ids);
    if (!ids)
        return cli_error("out of host memory");
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        if (seen_before(paths, i, ids)) {
            char buf[512];
            snprintf(buf, sizeof buf, "%s was given twice: read once", paths[i]);
            json_array_append_new(notes, json_string(buf));
            run_doc_init(&docs[i], json_object(), &(zeslm_run_opts){0});
            docs[i].complete = true;
            continue;
        }
        unsigned char *text = NULL;
        size_t len = 0;
        char why[512] = "";
        int bad = -1;
        if (cli_read_file(paths[i], &text, &len))
            bad = run_doc_parse((const char *)text, len, &docs[i], why, sizeof why);
        else
            snprintf(why, sizeof why, "could not be read (the error above)");
        free(text);
        if (bad && strict) {
            rc = why[0] && strcmp(why, "could not be read (the error above)") ? cli_error("%s: %s", paths[i], why) : 1;
            break;
        }
        if (bad) {
            /* The merge goes on; the file is an error of the fleet, with its path. */
            run_doc_init(&docs[i], json_object(), &(zeslm_run_opts){0});
            run_doc_open_error(&docs[i], -1, "", "", -1, "BAD_FILE", why);
        }
        *found += docs[i].n_devices + json_array_size(docs[i].errors);
    }
    free(ids);
    return rc;
}

/* Files of other tool versions, or run with other settings, each said once. */
static void mixed(const run_doc *docs, char **paths, size_t n, json_t *notes)
{
    const run_doc *first = NULL;
    size_t first_i = 0;
    for (size_t i = 0; i < n; i++) {
        if (docs[i].n_devices == 0)
            continue;
        if (!first) {
            first = &docs[i];
            first_i = i;
            continue;
        }
        const char *v0 = json_string_value(json_object_get(first->head, "version"));
        const char *v1 = json_string_value(json_object_get(docs[i].head, "version"));
        char buf[1024];
        if (v0 && v1 && strcmp(v0, v1) != 0) {
            snprintf(buf, sizeof buf, "mixed tool versions: %s is %s, %s is %s", paths[first_i], v0, paths[i], v1);
            json_array_append_new(notes, json_string(buf));
        }
        if (first->quick != docs[i].quick || first->reps != docs[i].reps || first->seed != docs[i].seed) {
            snprintf(buf, sizeof buf,
                     "mixed settings: %s ran quick=%s reps=%u seed=%llu, %s quick=%s reps=%u seed=%llu; the merged "
                     "head keeps the first's",
                     paths[first_i], first->quick ? "true" : "false", first->reps, (unsigned long long)first->seed,
                     paths[i], docs[i].quick ? "true" : "false", docs[i].reps, (unsigned long long)docs[i].seed);
            json_array_append_new(notes, json_string(buf));
        }
    }
}

static int load_baseline(const char *path, run_doc *out)
{
    unsigned char *text;
    size_t len;
    if (!cli_read_file(path, &text, &len))
        return 1;
    char why[256];
    int bad = run_doc_parse((const char *)text, len, out, why, sizeof why);
    free(text);
    return bad ? cli_error("--baseline %s: %s", path, why) : 0;
}

static int merge_run(int argc, char **argv)
{
    merge_opts o = {.verdict = {.slow_below = VERDICT_SLOW_BELOW, .low_below = VERDICT_LOW_BELOW,
                                .fail_on = VERDICT_FAIL_ALL}};
    int first, rc = cli_parse(&command_merge, &o, argc, argv, &first);
    if (rc >= 0)
        return rc;
    size_t n = (size_t)(argc - first), found = 0;
    if (n == 0)
        return cli_usage_error("merge: give the results files to merge");
    output_plan plan;
    if ((rc = output_plan_init(&plan, o.summary_only ? NULL : o.json, o.csv, o.markdown)) != 0 ||
        (rc = output_plan_add(&plan, OUTPUT_JUNIT, "--junit", o.junit)) != 0 ||
        (rc = output_plan_add(&plan, OUTPUT_JSONL, "--jsonl", o.jsonl)) != 0)
        return rc;
    if (o.summary_only && o.json)
        return cli_usage_error("--summary-only writes no document: leave out --json");
    run_doc *docs = calloc(n, sizeof *docs), merged = {0}, baseline = {0};
    json_t *notes = json_array();
    if (!docs || !notes) {
        free(docs);
        json_decref(notes);
        return cli_error("out of host memory");
    }
    rc = o.baseline ? load_baseline(o.baseline, &baseline) : 0;
    if (rc == 0 && o.baseline)
        o.verdict.baseline = &baseline;
    if (rc == 0)
        rc = load(argv + first, n, docs, &found, o.strict, notes);
    if (rc == 0 && found == 0)
        rc = cli_error("merge: no device and no error in any file");
    if (rc == 0)
        mixed(docs, argv + first, n, notes);
    if (rc == 0 && !run_doc_merge(&merged, docs, argv + first, n, output_document(argc, argv)))
        rc = cli_error("out of host memory");
    else if (rc == 0)
        rc = verdicts_render(&plan, &merged, &o.verdict, notes, o.summary_only);
    if (merged.head)
        run_doc_free(&merged);
    if (baseline.head)
        run_doc_free(&baseline);
    for (size_t i = 0; i < n; i++)
        run_doc_free(&docs[i]);
    free(docs);
    json_decref(notes);
    return rc;
}

static const cli_option options[] = {
    {"json", 'j', "FILE|-", "write the merged run document (schema 3) to FILE (-: stdout)"},
    {"csv", 'c', "FILE|-", "the results of every device as CSV, with host, rank, model and verdict (-: stdout)"},
    CLI_OPTION_MARKDOWN,
    {"expect", 'E', "N", "the job had N ranks: each absent one is MISSING (default: the size the rank files carry)"},
    {"baseline", 'B', "FILE", "judge each device against FILE's devices of its model: LOW below --low-below" "\n"
     "A results file (a merged document of a known-good fleet, or one good run of each model) to judge each "
     "device against: a device's baseline score is the median over the results both measured of its speed over "
     "the median speed of FILE's devices of the same name. Below --low-below it is LOW, so a lone node or a "
     "uniformly slow fleet is judged, which peers alone cannot do."},
    {"fail-on", 'F', "LIST", "the verdicts that set the exit status (slow,low,incomplete,error,missing; all; none)" "\n"
     "The verdicts that set the exit status, comma-separated from slow, low, incomplete, error and missing, or "
     "all (the default) or none. Exit status 0: none of them; 3: a SLOW or LOW among them (degraded); 4: an "
     "INCOMPLETE, ERROR or MISSING among them (failed); 1 and 2 stay the tool's own errors."},
    {"slow-below", 'W', "SHARE", "SLOW below this share of the median of its model's devices (default 0.9)"},
    {"low-below", 'O', "SHARE", "LOW below this share of the baseline (default 0.9)"},
    {"strict", 'S', NULL, "stop at the first file that is not a results file (default: it is an ERROR entry)"},
    {"summary-only", 'Q', NULL, "the verdicts and the tables, with no merged document written"},
    {"junit", 'U', "FILE|-", "the verdicts as JUnit XML: a test suite per host, a test case per device and host"},
    {"jsonl", 'L', "FILE|-", "the verdicts as JSON lines, one per device, error and missing rank"},
};

const cli_command command_merge = {
    .name = "merge",
    .operands = "FILE...",
    .summary = "results files of many hosts, ranks and devices as one document, with a verdict for each",
    .options = options,
    .n_options = sizeof options / sizeof options[0],
    .on_option = on_option,
    .run = merge_run,
};
