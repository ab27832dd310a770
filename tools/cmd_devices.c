/* `devices`: every device of every backend, one column each, one row per fact. */
#include <stdio.h>
#include <string.h>

#include <zeslm/facts.h>

#include "cli.h"
#include "commands.h"
#include "output.h"

#define CELL 256

static void print_table(const zeslm_device_list *list)
{
    size_t label_w = 0;
    for (size_t f = 0; f < zeslm_device_fact_count; f++)
        if (strlen(zeslm_device_facts[f].label) > label_w)
            label_w = strlen(zeslm_device_facts[f].label);
    size_t width[list->count];
    char cell[CELL];
    for (uint32_t d = 0; d < list->count; d++) {
        width[d] = 10;
        for (size_t f = 0; f < zeslm_device_fact_count; f++) {
            zeslm_fact_text(&zeslm_device_facts[f], &list->items[d], cell, sizeof cell);
            if (strlen(cell) > width[d])
                width[d] = strlen(cell);
        }
    }
    printf("%-*s", (int)label_w, "");
    for (uint32_t d = 0; d < list->count; d++) {
        snprintf(cell, sizeof cell, "Device %u", d);
        printf("  %-*s", (int)width[d], cell);
    }
    putchar('\n');
    for (size_t f = 0; f < zeslm_device_fact_count; f++) {
        printf("%-*s", (int)label_w, zeslm_device_facts[f].label);
        for (uint32_t d = 0; d < list->count; d++) {
            zeslm_fact_text(&zeslm_device_facts[f], &list->items[d], cell, sizeof cell);
            printf("  %-*s", (int)width[d], cell);
        }
        putchar('\n');
    }
}

typedef struct devices_opts {
    cli_device_opts dev;
    const char *json_path;
} devices_opts;

static int on_option(void *ctx, int key, const char *value)
{
    devices_opts *o = ctx;
    if (key == 'j') {
        o->json_path = value;
        return 0;
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
    const char *json_path = opts.json_path;
    if ((rc = output_check(json_path, NULL, NULL)) != 0)
        return rc;

    zeslm_device_list list;
    if (zeslm_list_devices(dev.backend, &list) != ZESLM_OK)
        return cli_error("%s", zeslm_last_error());
    uint32_t best = 0;
    zeslm_select_device(&list, NULL, &best);
    if (json_path) {
        json_t *doc = output_document(argc, argv);
        json_t *arr = json_array();
        for (uint32_t d = 0; d < list.count; d++) {
            json_t *o = output_device_json(&list.items[d]);
            json_object_set_new(o, "index", json_integer(d));
            json_array_append_new(arr, o);
        }
        json_object_set_new(doc, "devices", arr);
        json_object_set_new(doc, "best_device", json_integer(best));
        rc = output_json(doc, json_path);
        json_decref(doc);
    }
    if (!json_path || strcmp(json_path, "-") != 0) {
        print_table(&list);
        printf("\nBest device (picked when --device is not given): %u\n", best);
        for (uint32_t b = 0; b < zeslm_backend_count(); b++)
            if (list.notes[b][0])
                printf("%s: %s\n", zeslm_backend_label(b), list.notes[b]);
    }
    zeslm_device_list_free(&list);
    return rc;
}

static const cli_option options[] = {
    CLI_OPTION_BACKEND,
    {"json", 'j', "FILE|-", "also write the list as JSON (-: to stdout, instead of the table)"},
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
