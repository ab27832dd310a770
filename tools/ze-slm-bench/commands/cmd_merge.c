/* `merge FILES...`: results files of many hosts, ranks and devices as one run
 * document (tools/ze-slm-bench/doc/run_doc.h, run_doc_merge), with the table across the devices, the
 * slow and the throttled ones, and a summary per host. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "io/output.h"
#include "doc/run_fleet.h"
#include "render/run_render.h"

typedef struct merge_opts {
    const char *json, *csv, *markdown;
} merge_opts;

static int on_option(void *ctx, int key, const char *value)
{
    merge_opts *o = ctx;
    switch (key) {
    case 'c': o->csv = value; break;
    case 'M': o->markdown = value; break;
    default: o->json = value; break; /* 'j' */
    }
    return 0;
}

/* Reads every file into docs (the caller frees those read). */
static int load(char **paths, size_t n, run_doc *docs, size_t *found)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char *text;
        size_t len;
        if (!cli_read_file(paths[i], &text, &len))
            return 1;
        char why[256];
        int bad = run_doc_parse((const char *)text, len, &docs[i], why, sizeof why);
        free(text);
        if (bad)
            return cli_error("%s: %s", paths[i], why);
        *found += docs[i].n_devices + json_array_size(docs[i].errors);
    }
    return 0;
}

static int merge_run(int argc, char **argv)
{
    merge_opts o = {0};
    int first, rc = cli_parse(&command_merge, &o, argc, argv, &first);
    if (rc >= 0)
        return rc;
    size_t n = (size_t)(argc - first), found = 0;
    if (n == 0)
        return cli_usage_error("merge: give the results files to merge");
    output_plan plan;
    if ((rc = output_plan_init(&plan, o.json, o.csv, o.markdown)) != 0)
        return rc;
    run_doc *docs = calloc(n, sizeof *docs), merged = {0};
    if (!docs)
        return cli_error("out of host memory");
    rc = load(argv + first, n, docs, &found);
    if (rc == 0 && found == 0)
        rc = cli_error("merge: no device and no error in any file");
    /* One file: nothing to merge. It is written again as it was read, head and all,
     * through the schema's rows: a document this tool wrote comes out byte for byte. */
    if (rc == 0 && n == 1)
        rc = run_doc_aggregate(&docs[0]) ? run_render_merged(&plan, &docs[0]) : cli_error("out of host memory");
    else if (rc == 0 && !run_doc_merge(&merged, docs, argv + first, n, output_document(argc, argv)))
        rc = cli_error("out of host memory");
    else if (rc == 0)
        rc = run_render_merged(&plan, &merged);
    if (merged.head)
        run_doc_free(&merged);
    for (size_t i = 0; i < n; i++)
        run_doc_free(&docs[i]);
    free(docs);
    return rc;
}

static const cli_option options[] = {
    {"json", 'j', "FILE|-", "write the merged run document (schema 3) to FILE (-: stdout)" "\n"
     "Write the merged run document (schema 3) to FILE (-: stdout). Of one file, nothing is merged: the document "
     "is written again as it was read, checked field by field against the schema, the same bytes for a file this "
     "tool wrote."},
    {"csv", 'c', "FILE|-", "the results of every device as CSV (-: stdout)"},
    CLI_OPTION_MARKDOWN,
};

const cli_command command_merge = {
    .name = "merge",
    .operands = "FILE...",
    .summary = "results files of many hosts, ranks and devices as one document, slow ones flagged",
    .options = options,
    .n_options = sizeof options / sizeof options[0],
    .on_option = on_option,
    .run = merge_run,
};
