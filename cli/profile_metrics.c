/* Lists the metric groups (include/zeslm/metrics.h) as a table and JSON. Collecting a
 * group's values around each launch (the query-pool flow) is not in this build:
 * naming a group says so after checking it exists. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "output.h"
#include "profile_metrics.h"
#include "sheet.h"
#include "table.h"
#ifdef ZESLM_WITH_LEVEL_ZERO
#include <zeslm/metrics.h>
#endif

#ifdef ZESLM_WITH_LEVEL_ZERO
static const table_column columns[] = {
    {"device", false, 100}, {"group", false, 99}, {"metrics", true, 98}, {"sampling", false, 97},
    {"description", false, 50},
};
#define N_COLUMNS (sizeof columns / sizeof columns[0])

/* zet_metric_group_sampling_type_flags_t: queries around launches, or a stream. */
static const char *sampling(uint32_t flags)
{
    return (flags & 3) == 3 ? "event, time" : flags & 1 ? "event" : flags & 2 ? "time" : "-";
}

static int list(const zeslm_metric_group *g, size_t n, const output_plan *plan, int argc, char **argv)
{
    table t;
    table_init(&t, columns, N_COLUMNS);
    json_t *rows = json_array();
    for (size_t i = 0; i < n; i++) {
        char dev[160], count[16];
        snprintf(dev, sizeof dev, "%u: %s", g[i].device, g[i].device_name);
        snprintf(count, sizeof count, "%u", g[i].metric_count);
        const char *cells[N_COLUMNS] = {dev, g[i].name, count, sampling(g[i].sampling), g[i].description};
        table_add(&t, cells, NULL);
        json_array_append_new(rows, json_pack("{s:i, s:s, s:s, s:i, s:s, s:s}", "device", (json_int_t)g[i].device,
                                              "device_name", g[i].device_name, "group", g[i].name, "metrics",
                                              (json_int_t)g[i].metric_count, "sampling", sampling(g[i].sampling),
                                              "description", g[i].description));
    }
    sheet sh;
    sheet_init(&sh, "# ze-slm-bench profile --metrics list\n\n");
    sheet_table(&sh, "Metric groups the Level Zero driver offers (hardware counters)", &t);
    int rc = sh.failed ? cli_error("out of host memory") : 0;
    if (!rc) {
        json_t *doc = output_document(argc, argv);
        json_object_set_new(doc, "metric_groups", rows);
        rows = NULL;
        rc = output_plan_json(plan, doc);
        json_decref(doc);
    }
    if (!rc)
        rc = output_plan_write(plan, OUTPUT_MARKDOWN, sheet_markdown, &sh);
    sheet_text(plan->text, &sh);
    sheet_free(&sh);
    json_decref(rows);
    return rc;
}
#endif

int profile_metrics(const char *spec, const char *json_path, int argc, char **argv)
{
#ifdef ZESLM_WITH_LEVEL_ZERO
    output_plan plan;
    int rc = output_plan_init(&plan, json_path, NULL, NULL);
    if (rc)
        return rc;
    zeslm_metric_group *g;
    size_t n;
    if (zeslm_metric_groups(&g, &n) != ZESLM_OK)
        return cli_error("--metrics: %s", zeslm_last_error());
    if (strcmp(spec, "list") == 0) {
        rc = list(g, n, &plan, argc, argv);
    } else {
        char *copy = strdup(spec), *save = NULL;
        rc = copy ? 0 : cli_error("out of host memory");
        for (char *name = copy ? strtok_r(copy, ",", &save) : NULL; name && !rc; name = strtok_r(NULL, ",", &save)) {
            size_t i = 0;
            while (i < n && strcmp(g[i].name, name) != 0)
                i++;
            if (i == n)
                rc = cli_usage_error("--metrics: no metric group '%s' (--metrics list shows them)", name);
        }
        if (!rc)
            rc = cli_error("--metrics %s: collecting counter values around the launches is not in this build; "
                           "--metrics list shows the groups", spec);
        free(copy);
    }
    free(g);
    return rc;
#else
    (void)spec;
    (void)json_path;
    (void)argc;
    (void)argv;
    return cli_error("--metrics: hardware counters need the Level Zero backend, which this build lacks");
#endif
}
