/* `merge FILES... [--json OUT]`: results files of many hosts, ranks and devices as one
 * document (tools/merge.h), with the table across the devices and the slow ones. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "merge.h"
#include "merge_report.h"
#include "output.h"

typedef struct merge_opts {
    const char *json;
} merge_opts;

static int on_option(void *ctx, int key, const char *value)
{
    merge_opts *o = ctx;
    (void)key; /* 'j' alone */
    o->json = value;
    return 0;
}

/* Reads and parses every file; docs[i] NULL on failure (after printing). */
static int load(char **paths, size_t n, merge_input *in)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char *text;
        size_t len;
        in[i].source = paths[i];
        if (!cli_read_file(paths[i], &text, &len))
            return 1;
        json_error_t jerr;
        in[i].doc = json_loadb((const char *)text, len, 0, &jerr);
        free(text);
        if (!in[i].doc)
            return cli_error("%s: not JSON: %s (line %d)", paths[i], jerr.text, jerr.line);
    }
    return 0;
}

static int merge_run(int argc, char **argv)
{
    merge_opts o = {0};
    int first, rc = cli_parse(&command_merge, &o, argc, argv, &first);
    if (rc >= 0)
        return rc;
    size_t n = (size_t)(argc - first);
    if (n == 0)
        return cli_usage_error("merge: give the results files to merge");
    if ((rc = output_check(o.json, NULL, NULL)) != 0)
        return rc;
    merge_input *in = calloc(n, sizeof *in);
    if (!in)
        return cli_error("out of host memory");
    fleet f = {0};
    rc = load(argv + first, n, in);
    char why[512];
    if (rc == 0 && fleet_build(in, n, output_document(argc, argv), &f, why, sizeof why))
        rc = cli_error("merge: %s", why);
    if (rc == 0) {
        merge_report_text(output_text_stream(o.json, NULL, NULL), &f);
        if (o.json && output_json(f.doc, o.json))
            rc = 1;
        /* Errors in the files fail the merge as they failed their runs. */
        if (rc == 0 && f.n_errors)
            rc = 1;
    }
    fleet_free(&f);
    for (size_t i = 0; i < n; i++)
        json_decref(in[i].doc);
    free(in);
    return rc;
}

static const cli_option options[] = {
    {"json", 'j', "FILE|-", "write the merged document (schema 2) to FILE (-: stdout)"},
};

const cli_command command_merge = {
    .name = "merge",
    .operands = "FILE...",
    .summary = "results files of many hosts, ranks and devices as one document, the slow ones flagged",
    .options = options,
    .n_options = sizeof options / sizeof options[0],
    .on_option = on_option,
    .run = merge_run,
};
