/* `devices`: every device of every backend, one column each, one row per fact. */
#include <getopt.h>
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

int cmd_devices(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"backend", required_argument, NULL, 'b'},
        {"json", required_argument, NULL, 'j'},
        {"help", no_argument, NULL, 'h'},
        {0},
    };
    cli_device_opts dev;
    if (!cli_device_defaults(&dev))
        return 2;
    const char *json_path = NULL;
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":b:j:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'b':
            if (!cli_device_option(&dev, c, optarg))
                return 2;
            break;
        case 'j': json_path = optarg; break;
        case 'h':
            printf("usage: %s devices [--backend NAME|auto] [--json FILE|-]\n", PROG);
            return 0;
        default: return cli_bad_option(c, argv);
        }
    }
    if (optind < argc)
        return cli_usage_error("devices: unexpected argument '%s'", argv[optind]);

    zeslm_device_list list;
    if (zeslm_list_devices(dev.backend, &list) != ZESLM_OK)
        return cli_error("%s", zeslm_last_error());
    uint32_t best = 0;
    zeslm_select_device(&list, NULL, &best);
    int rc = 0;
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
