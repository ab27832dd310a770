/* SPDX-License-Identifier: MIT */
#include "io/output.h"
#include "commands/run_list.h"
#include "render/sheet.h"
#include "table/table.h"
#include "commands/variant_help.h"

/* The kernel's file and the group-size rule are in --json. In 100 columns the variant,
 * what it measures (wrapped in its column) and its rate fit; a baseline's line names
 * its document. */
static const table_column columns[] = {
    {"variant", false, 100}, {"measures", false, 95}, {"rate", false, 90}, {"baseline", false, 80},
    {"ceiling", false, 70}, {"sub-groups", false, 60}, {"kernel", false, 50}, {"group", true, 10},
};

/* Where "the document" of a bench's summary comes from. */
static const char documents[] =
    "The baselines (the variants that speed-ups are over: 'baseline' in --list) are the kernels of two "
    "documents: reduce's of the local-memory chapter (\"Using Local Memory\") of Introduction to SYCL; "
    "bank's, conv's and hist's of the \"Shared Local Memory\" chapter of Intel's oneAPI GPU Optimization "
    "Guide. \"The document\" below is the one of each bench.";

void run_benches_help(FILE *f)
{
    text_wrap(f, "", "", documents, TABLE_WIDTH);
    fprintf(f, "\nbenches (all when none is named; BENCH/A,B runs variants A and B, --list names them):\n");
    for (size_t i = 0; i < zeslm_workload_count; i++) {
        const zeslm_workload *wl = zeslm_workloads[i];
        char lead[32], text[512];
        snprintf(lead, sizeof lead, "  %-10s ", wl->name);
        snprintf(text, sizeof text, "%s (--size: %s)", wl->summary, wl->size_unit);
        text_wrap(f, lead, "             ", text, TABLE_WIDTH);
    }
}

static bool listed(const run_choice *c, const zeslm_variant *v)
{
    return zeslm_variant_listed(c->variant, v->name);
}

/* "any", "16", or "" when the variant needs none. */
static void subgroups(const zeslm_variant *v, char *buf, size_t len)
{
    if (v->subgroup == ZESLM_SUBGROUP_ANY)
        snprintf(buf, len, "any");
    else if (v->subgroup)
        snprintf(buf, len, "%u", v->subgroup);
    else
        *buf = '\0';
}

static json_t *variant_json(const zeslm_workload *wl, const zeslm_variant *v, const char *help)
{
    char name[64], sg[16];
    snprintf(name, sizeof name, "%s/%s", wl->name, v->name);
    subgroups(v, sg, sizeof sg);
    /* "o" steals the reference of the values made here. */
    return json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:b, s:s, s:o, s:o, s:o, s:s}", "name", name, "bench",
                     wl->name, "variant", v->name, "description", help, "kernel_file", v->file, "kernel", v->kernel,
                     "baseline", v->baseline,
                     "rate_unit", v->rate_unit, "ceiling", v->ceiling ? json_string(v->ceiling) : json_null(),
                     "subgroups", *sg ? json_string(sg) : json_null(), "preferred_group_size",
                     v->group ? json_integer(v->group) : json_null(), "size_unit", wl->size_unit);
}

int run_list(const run_choice *chosen, size_t n, const run_cli *o, int argc, char **argv)
{
    /* The list has no CSV of its own: refused before anything is written, not an exit
     * status 0 and no file. */
    if (o->csv)
        return cli_usage_error("run --list: --csv is not written for the list; use --json or --markdown");
    output_plan plan;
    int rc = output_plan_init(&plan, o->json, NULL, o->markdown);
    if (rc)
        return rc;
    json_t *doc = output_document(argc, argv), *arr = json_array();
    table t;
    table_init(&t, columns, sizeof columns / sizeof columns[0]);
    table_wrap(&t, 1); /* what a variant measures */
    for (size_t i = 0; i < n; i++) {
        const zeslm_workload *wl = chosen[i].wl;
        for (size_t k = 0; k < wl->n_variants; k++) {
            const zeslm_variant *v = &wl->variants[k];
            if (!listed(&chosen[i], v))
                continue;
            char name[64], ceiling[48] = "", sg[16], group[16] = "", help[96];
            variant_help(wl, v, help, sizeof help);
            json_array_append_new(arr, variant_json(wl, v, help));
            snprintf(name, sizeof name, "%s/%s", wl->name, v->name);
            if (v->ceiling)
                snprintf(ceiling, sizeof ceiling, "roofline/%s", v->ceiling);
            subgroups(v, sg, sizeof sg);
            if (v->group)
                snprintf(group, sizeof group, "%u", v->group);
            const char *cells[] = {name, help, v->rate_unit, v->baseline ? "yes" : "", ceiling, sg, v->kernel, group};
            table_add(&t, cells, NULL);
        }
    }
    json_object_set_new(doc, "variants", arr);
    rc = output_plan_json(&plan, doc);
    sheet sh;
    sheet_init(&sh, "");
    sheet_table(&sh, NULL, &t);
    /* The text only when standard output is free (the JSON taken there is all it holds). */
    if (plan.text == stdout)
        sheet_text(stdout, &sh);
    else if (sh.failed)
        rc = cli_error("out of host memory");
    if (!rc)
        rc = output_plan_write(&plan, OUTPUT_MARKDOWN, sheet_markdown, &sh);
    sheet_free(&sh);
    json_decref(doc);
    return rc;
}
