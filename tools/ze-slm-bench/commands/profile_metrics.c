/* SPDX-License-Identifier: MIT */
/* `profile --metrics`: lists the metric groups (include/zeslm/metrics.h), or collects
 * a group's values around the launches of one variant: each result whose output
 * passed the host check shows the counters of its last timed launch, as a table per
 * group and in --json. */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "io/output.h"
#include "commands/profile_metrics.h"
#include "json/records.h"
#include "render/sheet.h"
#include "table/table.h"
#ifdef ZESLM_WITH_LEVEL_ZERO
#include <zeslm/metrics.h>
#endif

#ifdef ZESLM_WITH_LEVEL_ZERO
/* The most groups one --metrics names. */
#define MAX_GROUPS 8

static const table_column group_columns[] = {
    {"device", false, 100}, {"group", false, 99}, {"metrics", true, 98}, {"sampling", false, 97},
    {"description", false, 50},
};
#define N_GROUP_COLUMNS (sizeof group_columns / sizeof group_columns[0])

static const table_column value_columns[] = {
    {"group size", true, 100}, {"params", false, 98}, {"metric", false, 100}, {"value", true, 100},
    {"unit", false, 99}, {"description", false, 50},
};
#define N_VALUE_COLUMNS (sizeof value_columns / sizeof value_columns[0])

/* zet_metric_group_sampling_type_flags_t: queries around launches, or a stream. */
static const char *sampling(uint32_t flags)
{
    return (flags & 3) == 3 ? "event, time" : flags & 1 ? "event" : flags & 2 ? "time" : "-";
}

/* The sheet as text and Markdown, and `doc` (taken) as JSON with `key` set to `rows`
 * (taken). Returns the exit status. */
static int emit(const output_plan *plan, sheet *sh, json_t *doc, const char *key, json_t *rows)
{
    int rc = sh->failed || !doc ? cli_error("out of host memory") : 0;
    if (!rc) {
        json_object_set(doc, key, rows);
        rc = output_plan_json(plan, doc);
    }
    if (!rc)
        rc = output_plan_write(plan, OUTPUT_MARKDOWN, sheet_markdown, sh);
    sheet_text(plan->text, sh);
    sheet_free(sh);
    json_decref(doc);
    json_decref(rows);
    return rc;
}

static int list(const zeslm_metric_group *g, size_t n, const output_plan *plan, int argc, char **argv)
{
    table t;
    table_init(&t, group_columns, N_GROUP_COLUMNS);
    json_t *rows = json_array();
    for (size_t i = 0; i < n; i++) {
        char dev[160], count[16];
        snprintf(dev, sizeof dev, "%u: %s", g[i].device, g[i].device_name);
        snprintf(count, sizeof count, "%u", g[i].metric_count);
        const char *cells[N_GROUP_COLUMNS] = {dev, g[i].name, count, sampling(g[i].sampling), g[i].description};
        table_add(&t, cells, NULL);
        json_array_append_new(rows, json_pack("{s:i, s:s, s:s, s:i, s:s, s:s}", "device", (json_int_t)g[i].device,
                                              "device_name", g[i].device_name, "group", g[i].name, "metrics",
                                              (json_int_t)g[i].metric_count, "sampling", sampling(g[i].sampling),
                                              "description", g[i].description));
    }
    sheet sh;
    sheet_init(&sh, "# ze-slm-bench profile --metrics list\n\n");
    sheet_table(&sh, "Metric groups the Level Zero driver offers (hardware counters)", &t);
    return emit(plan, &sh, output_document(argc, argv), "metric_groups", rows);
}

/* What the collection of one metric group gathers as the run's results pass their
 * check: a table and the JSON rows. */
typedef struct collect {
    zeslm_device *dev;
    const char *group;
    table t;
    json_t *rows;
    size_t results;   /* verified results seen */
    zeslm_status st;  /* the first failure to read a launch's values */
} collect;

/* zeslm_run_opts.verified: the counters of the launch the result reports. */
static void on_verified(const zeslm_result *r, void *arg)
{
    collect *c = arg;
    zeslm_metric_value *v = NULL;
    size_t n = 0;
    if (c->st != ZESLM_OK || (c->st = zeslm_metrics_latest(c->dev, &v, &n)) != ZESLM_OK)
        return;
    c->results++;
    char group_size[16];
    snprintf(group_size, sizeof group_size, "%u", r->group_size);
    for (size_t i = 0; i < n; i++) {
        /* %.15g: counts up to 2^53 exactly, fractions to the driver's precision. */
        char value[32];
        snprintf(value, sizeof value, "%.15g", v[i].value);
        const char *cells[N_VALUE_COLUMNS] = {i ? NULL : group_size, i ? NULL : r->params, v[i].name, value,
                                              v[i].unit, v[i].description};
        table_add(&c->t, cells, NULL);
    }
    const records_metrics_row row = {c->group, r, v, n};
    json_array_append_new(c->rows, schema_write(&records_metrics, &row));
    free(v);
}

/* Runs the variant at every group size with `group` collected around its launches,
 * the rows in c. Returns the exit status. */
static int collect_group(const profile_metrics_run *pr, zeslm_run_opts run, collect *c)
{
    if (zeslm_metrics_start(c->dev, c->group) != ZESLM_OK)
        return cli_error("--metrics %s: %s", c->group, zeslm_last_error());
    run.verified = on_verified;
    run.verified_arg = c;
    zeslm_results results = {0};
    zeslm_status st = ZESLM_OK;
    for (uint32_t i = 0; i < pr->n_sizes && st == ZESLM_OK && c->st == ZESLM_OK; i++) {
        run.group_size = pr->sizes[i];
        st = zeslm_workload_run(pr->choice->wl, c->dev, &run, &results);
    }
    zeslm_metrics_stop(c->dev);
    int rc = 0;
    if (st != ZESLM_OK || c->st != ZESLM_OK)
        rc = cli_error("profile %s/%s --metrics %s: %s", pr->choice->wl->name, pr->choice->variant, c->group,
                       zeslm_last_error());
    else if (c->results == 0)
        rc = cli_error("profile %s/%s --metrics %s: no launch passed the host check, so there are no counters to "
                       "show (%s)", pr->choice->wl->name, pr->choice->variant, c->group,
                       results.count ? (results.items[0].note[0] ? results.items[0].note : "no result measured")
                                     : "no result");
    zeslm_results_free(&results);
    return rc;
}

/* Enables metrics in this process (the child asked the driver first), opens the
 * device and collects every group. Returns the exit status. */
static int collect_all(char **groups, size_t n_groups, const profile_metrics_run *pr, const output_plan *plan,
                       int argc, char **argv)
{
    if (zeslm_metrics_enable() != ZESLM_OK)
        return cli_error("--metrics: %s", zeslm_last_error());
    zeslm_device_list devices;
    uint32_t index;
    zeslm_device *dev = NULL;
    int rc = cli_open_device(&pr->o->dev, &devices, &index, &dev);
    if (rc)
        return rc;
    const zeslm_device_info *d = &devices.items[index];
    zeslm_run_opts run = pr->o->run;
    run.variant = pr->choice->variant;
    run.reps = run.reps ? run.reps : run.quick ? 5 : 20;
    run.progress = NULL;
    sheet sh;
    sheet_init(&sh, "# ze-slm-bench profile --metrics\n\n");
    sheet_line(&sh, "%s/%s on %s: hardware counters of each result's last timed launch, whose output passed the "
               "check against the host reference (one Level Zero metric query around each launch).",
               pr->choice->wl->name, pr->choice->variant, d->name);
    json_t *rows = json_array();
    for (size_t i = 0; i < n_groups && !rc; i++) {
        collect c = {.dev = dev, .group = groups[i], .rows = rows};
        table_init(&c.t, value_columns, N_VALUE_COLUMNS);
        rc = collect_group(pr, run, &c);
        char title[192];
        snprintf(title, sizeof title, "Metric group %s", groups[i]);
        sheet_table(&sh, title, &c.t);
    }
    json_t *doc = output_document(argc, argv);
    if (doc)
        json_object_set_new(doc, "device", output_device_json(d));
    zeslm_device_close(dev);
    zeslm_device_list_free(&devices);
    if (rc) {
        sheet_free(&sh);
        json_decref(doc);
        json_decref(rows);
        return rc;
    }
    return emit(plan, &sh, doc, "metric_values", rows);
}

/* Splits GROUP[,GROUP] into `names` (pointing into `copy`) and checks each is one the
 * driver offers. Returns 0 or the exit status. */
static int named_groups(char *copy, const zeslm_metric_group *g, size_t n, char **names, size_t *n_names)
{
    *n_names = 0;
    char *save = NULL;
    for (char *name = strtok_r(copy, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
        size_t i = 0;
        while (i < n && strcmp(g[i].name, name) != 0)
            i++;
        if (i == n)
            return cli_usage_error("--metrics: no metric group '%s' (--metrics list shows them)", name);
        if (*n_names == MAX_GROUPS)
            return cli_usage_error("--metrics: at most %d groups at once", MAX_GROUPS);
        names[(*n_names)++] = name;
    }
    return *n_names ? 0 : cli_usage_error("--metrics: name a group, or list");
}
#endif

int profile_metrics(const char *spec, const profile_metrics_run *pr, int argc, char **argv)
{
#ifdef ZESLM_WITH_LEVEL_ZERO
    if (pr->o->csv)
        return cli_usage_error("--metrics: no CSV (--json and --markdown hold the values)");
    output_plan plan;
    int rc = output_plan_init(&plan, pr->o->json, NULL, pr->o->markdown);
    if (rc)
        return rc;
    zeslm_metric_group *g;
    size_t n;
    if (zeslm_metric_groups(&g, &n) != ZESLM_OK)
        return cli_error("--metrics: %s", zeslm_last_error());
    if (strcmp(spec, "list") == 0) {
        rc = list(g, n, &plan, argc, argv);
    } else {
        char *copy = strdup(spec), *names[MAX_GROUPS];
        size_t n_names = 0;
        rc = copy ? named_groups(copy, g, n, names, &n_names) : cli_error("out of host memory");
        if (!rc)
            rc = collect_all(names, n_names, pr, &plan, argc, argv);
        free(copy);
    }
    free(g);
    return rc;
#else
    (void)spec;
    (void)pr;
    (void)argc;
    (void)argv;
    return cli_error("--metrics: hardware counters need the Level Zero backend, which this build lacks");
#endif
}
