/* `compare OLD.json NEW.json`: the ratio of medians of every result both runs
 * measured, marked where the change is larger than the runs' own spread; with
 * --fail-over PCT the exit status gates a CI job on regressions. Files of different
 * devices, or with no result in common, are an error: a gate must not pass on them. */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "results_file.h"

/* Exit status when a regression passes --fail-over. */
#define EXIT_REGRESSION 3

static int load(const char *path, results_file *f)
{
    unsigned char *text;
    size_t len;
    if (!cli_read_file(path, &text, &len))
        return 1;
    char why[256];
    int rc = results_parse((const char *)text, len, f, why, sizeof why) ? cli_error("%s: %s", path, why) : 0;
    free(text);
    return rc;
}

static const results_entry *find(const results_file *f, const char *key)
{
    for (size_t i = 0; i < f->count; i++)
        if (strcmp(f->items[i].key, key) == 0)
            return &f->items[i];
    return NULL;
}

int cmd_compare(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"fail-over", required_argument, NULL, 'f'},
        {"any-device", no_argument, NULL, 'a'},
        {"help", no_argument, NULL, 'h'},
        {0},
    };
    uint32_t fail_over = 0;
    bool gate = false, any_device = false;
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":f:ah", longopts, NULL)) != -1) {
        switch (c) {
        case 'f':
            if (!cli_u32("--fail-over", optarg, 0, 100000, &fail_over))
                return 2;
            gate = true;
            break;
        case 'a': any_device = true; break;
        case 'h':
            printf("usage: %s compare OLD.json NEW.json [--fail-over PERCENT] [--any-device]\n"
                   "new/old > 1 is slower. '*' marks a change larger than either run's own spread\n"
                   "((max - min) / median); with --fail-over, a result marked so and slower by more\n"
                   "than PERCENT makes the exit status %d. Files of different devices are refused\n"
                   "unless --any-device is given; files with no result in common always are.\n",
                   PROG, EXIT_REGRESSION);
            return 0;
        default: return cli_bad_option(c, argv);
        }
    }
    if (argc - optind != 2)
        return cli_usage_error("compare: give two results files, OLD and NEW");
    results_file old_f = {0}, new_f = {0};
    int rc = load(argv[optind], &old_f);
    if (rc == 0)
        rc = load(argv[optind + 1], &new_f);
    if (rc == 0 && !any_device && strcmp(old_f.device, new_f.device) != 0)
        rc = cli_error("%s was measured on %s and %s on %s: different devices (--any-device compares them anyway)",
                       argv[optind], old_f.device, argv[optind + 1], new_f.device);
    if (rc) {
        results_free(&old_f);
        results_free(&new_f);
        return rc;
    }
    printf("old: %s (%s)\nnew: %s (%s)\n\n", argv[optind], old_f.device, argv[optind + 1], new_f.device);
    printf("%-60s %12s %12s %8s\n", "result", "old us", "new us", "new/old");
    size_t matched = 0, regressions = 0, marked = 0;
    for (size_t i = 0; i < new_f.count; i++) {
        const results_entry *n = &new_f.items[i], *o = find(&old_f, n->key);
        if (!o) {
            printf("%-60s %12s %12.2f %8s  only in new\n", n->key, "-", n->median_ns / 1e3, "-");
            continue;
        }
        matched++;
        double ratio = n->median_ns / o->median_ns;
        bool beyond_spread = fabs(ratio - 1) > fmax(o->spread, n->spread);
        /* A change within the runs' own spread is noise, however large. */
        bool regression = gate && beyond_spread && ratio > 1 + fail_over / 100.0;
        marked += beyond_spread;
        regressions += regression;
        printf("%-60s %12.2f %12.2f %8.3f %s%s\n", n->key, o->median_ns / 1e3, n->median_ns / 1e3, ratio,
               beyond_spread ? "*" : " ", regression ? " REGRESSION" : "");
    }
    for (size_t i = 0; i < old_f.count; i++)
        if (!find(&new_f, old_f.items[i].key))
            printf("%-60s %12.2f %12s %8s  only in old\n", old_f.items[i].key, old_f.items[i].median_ns / 1e3, "-", "-");
    printf("\n%zu results in both, %zu changed by more than their spread", matched, marked);
    if (gate)
        printf(", %zu slower by more than %u%%", regressions, fail_over);
    printf(".\n");
    results_free(&old_f);
    results_free(&new_f);
    if (matched == 0)
        return cli_error("the two files have no result in common: nothing was compared");
    if (regressions) {
        cli_error("%zu regression%s over %u%%", regressions, regressions == 1 ? "" : "s", fail_over);
        return EXIT_REGRESSION;
    }
    return 0;
}
