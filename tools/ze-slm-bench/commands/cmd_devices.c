/* SPDX-License-Identifier: MIT */
/* `devices`: every device of every backend, one column each, one row per fact. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "table/fields.h"
#include "io/output.h"
#include "render/sheet.h"
#include "table/table.h"

#define CELL 256

/* One row per fact, one column per device. A column is never dropped: the table is
 * as wide as the devices need (one device fits 100 columns). */
static void fill(table *t, table_column *cols, char (*heads)[24], const zeslm_device_list *list)
{
    cols[0] = (table_column){"fact", false, 1};
    for (uint32_t d = 0; d < list->count; d++) {
        snprintf(heads[d], sizeof heads[d], "Device %u", d);
        cols[d + 1] = (table_column){heads[d], false, 1};
    }
    table_init(t, cols, list->count + 1);
    char cells[list->count + 1][CELL];
    const char *row[list->count + 1];
    size_t n;
    const field *facts = output_device_fields(&n);
    for (size_t f = 0; f < n; f++) {
        snprintf(cells[0], CELL, "%s", facts[f].head);
        for (uint32_t d = 0; d < list->count; d++)
            fields_cell(&facts[f], &list->items[d], cells[d + 1], CELL);
        for (uint32_t c = 0; c <= list->count; c++)
            row[c] = cells[c];
        table_add(t, row, NULL);
    }
}

typedef struct devices_opts {
    cli_device_opts dev;
    const char *json_path;
    const char *markdown;
    const char *csv;
} devices_opts;

/* A device as the CSV's record: its facts (first, as the facts' fields read them),
 * then its index. */
typedef struct device_rec {
    zeslm_device_info info;
    uint32_t index;
} device_rec;

static json_t *j_index(const void *rec)
{
    return json_integer(((const device_rec *)rec)->index);
}

static int on_option(void *ctx, int key, const char *value)
{
    devices_opts *o = ctx;
    switch (key) {
    case 'j': o->json_path = value; return 0;
    case 'M': o->markdown = value; return 0;
    case 'c': o->csv = value; return 0;
    }
    return cli_device_option(&o->dev, key, value) ? 0 : 2;
}

static int run(int argc, char **argv)
{
    devices_opts opts = {0};
    if (!cli_device_defaults(&opts.dev))
        return 2;
    int first, rc = cli_parse(&command_devices, &opts, argc, argv, &first);
    if (rc >= 0)
        return rc;
    if (first < argc)
        return cli_usage_error("devices: unexpected argument '%s'", argv[first]);
    const cli_device_opts dev = opts.dev;
    output_plan plan;
    if ((rc = output_plan_init(&plan, opts.json_path, opts.csv, opts.markdown)) != 0)
        return rc;

    zeslm_device_list list;
    if (zeslm_list_devices(dev.backend, &list) != ZESLM_OK)
        return cli_error("%s", zeslm_last_error());
    uint32_t best = 0;
    zeslm_select_device(&list, NULL, &best);
    /* Each device's facts as JSON, from the facts table; the CSV has the same keys. */
    json_t *arr = json_array();
    for (uint32_t d = 0; d < list.count; d++) {
        json_t *o = output_device_json(&list.items[d]);
        json_object_set_new(o, "index", json_integer(d));
        json_array_append_new(arr, o);
    }
    json_t *doc = output_document(argc, argv);
    json_object_set_new(doc, "devices", arr);
    json_object_set_new(doc, "best_device", json_integer(best));
    /* The CSV: the facts' fields, then the index (the JSON's last key). */
    size_t n_facts;
    const field *facts = output_device_fields(&n_facts);
    field csv_fields[n_facts + 1];
    memcpy(csv_fields, facts, n_facts * sizeof *facts);
    csv_fields[n_facts] = (field){"index", NULL, 0, true, false, j_index, NULL, NULL, NULL};
    device_rec *recs = calloc(list.count ? list.count : 1, sizeof *recs);
    for (uint32_t d = 0; recs && d < list.count; d++)
        recs[d] = (device_rec){list.items[d], d};
    field_records csv = {csv_fields, n_facts + 1, recs, sizeof *recs, recs ? list.count : 0};
    /* The table of facts, and the best device. */
    table t;
    table_column cols[list.count + 1];
    char heads[list.count + 1][24];
    fill(&t, cols, heads, &list);
    sheet sh;
    sheet_init(&sh, "# ze-slm-bench devices\n\n");
    sh.width = SIZE_MAX; /* a column a device: never dropped */
    sheet_table(&sh, NULL, &t);
    char best_line[96];
    snprintf(best_line, sizeof best_line, "\nBest device (picked when --device is not given): %u\n", best);
    sheet_each(&sh, best_line, best_line);
    for (uint32_t b = 0; b < zeslm_backend_count(); b++) {
        char note[sizeof list.notes[b] + 64];
        snprintf(note, sizeof note, "%s: %s\n", zeslm_backend_label(b), list.notes[b]);
        if (list.notes[b][0])
            sheet_each(&sh, note, "");
    }
    rc = recs ? output_plan_json(&plan, doc) : cli_error("out of host memory");
    if (rc == 0)
        rc = output_plan_write(&plan, OUTPUT_CSV, fields_csv_write, &csv);
    /* The text only when standard output is free (a format taken there is all it holds). */
    if (plan.text == stdout)
        sheet_text(stdout, &sh);
    if (rc == 0)
        rc = output_plan_write(&plan, OUTPUT_MARKDOWN, sheet_markdown, &sh);
    sheet_free(&sh);
    free(recs);
    json_decref(doc);
    zeslm_device_list_free(&list);
    return rc;
}

static const cli_option options[] = {
    CLI_OPTION_BACKEND,
    {"json", 'j', "FILE|-", "also write the list as JSON (-: to stdout, instead of the table)"},
    {"csv", 'c', "FILE|-", "also write one row per device, the JSON's keys as the header (-: to stdout)"},
    CLI_OPTION_MARKDOWN,
};

const cli_command command_devices = {
    .name = "devices",
    .operands = "",
    .summary = "list every device of every backend with its SLM facts",
    .options = options,
    .n_options = sizeof options / sizeof options[0],
    .on_option = on_option,
    .run = run,
};
