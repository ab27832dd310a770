/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include <zeslm/limits.h>
#include <zeslm/targets.h>

#include "cli/cli.h"
#include "table/fields.h"
#include "commands/limits_targets.h"
#include "render/expected_targets.h"
#include "io/output.h"
#include "render/sheet.h"
#include "table/table.h"

#define MAX_TARGETS 32

/* One target, and how a group of the asked shape fits there. */
typedef struct target_row {
    const zeslm_intel_target *t;
    zeslm_target_fit fit;
    bool asked;
    uint32_t simd;              /* the SIMD width the fit assumes */
    uint64_t bytes_per_item;    /* 0: not asked */
    uint32_t max_group_for_bytes;
} target_row;

#define GETTER(name, expr)               \
    static json_t *name(const void *rec) \
    {                                    \
        const target_row *r = rec;       \
        return expr;                     \
    }
GETTER(j_name, json_string(r->t->name))
GETTER(j_generation, json_string(r->t->generation))
GETTER(j_compilable, json_boolean(r->t->compilable))
GETTER(j_eus, json_integer(r->t->eus_per_subslice))
GETTER(j_threads, json_integer(r->t->threads_per_eu))
GETTER(j_slm_subslice, json_integer(r->t->slm_per_subslice))
GETTER(j_slm_group, json_integer(r->t->slm_per_group))
GETTER(j_max_group, json_integer(r->t->max_group_size))
GETTER(j_groups_max, json_integer(r->t->max_groups_per_subslice))
GETTER(j_barriers, r->t->barrier_registers ? json_integer(r->t->barrier_registers) : json_null())
GETTER(j_source, json_string(r->t->source))
GETTER(j_note, r->t->note ? json_string(r->t->note) : json_null())
GETTER(j_groups, r->asked ? json_integer(r->fit.groups) : NULL)
GETTER(j_limited_by, r->asked && r->fit.groups ? json_string(r->fit.limited_by) : NULL)
GETTER(j_simd, r->asked ? json_integer(r->simd) : NULL)
GETTER(j_for_bytes, r->bytes_per_item ? json_integer(r->max_group_for_bytes) : NULL)

/* The sub-group sizes it compiles: its smallest up to 32 (targets.h). */
static json_t *j_subgroups(const void *rec)
{
    const target_row *r = rec;
    json_t *a = json_array();
    for (uint32_t s = r->t->min_simd; s <= 32; s *= 2)
        json_array_append_new(a, json_integer(s));
    return a;
}

static void c_subgroups(const void *rec, char *buf, size_t len)
{
    const target_row *r = rec;
    snprintf(buf, len, "%s", r->t->min_simd == 8 ? "8,16,32" : "16,32");
}

static void c_for_bytes(const void *rec, char *buf, size_t len)
{
    const target_row *r = rec;
    if (r->bytes_per_item)
        snprintf(buf, len, r->max_group_for_bytes ? "%u" : "-", r->max_group_for_bytes);
}

static json_t *j_sizes(const void *rec)
{
    const target_row *r = rec;
    json_t *a = json_array();
    for (size_t i = 0; i < r->t->n_slm_sizes; i++)
        json_array_append_new(a, json_integer(r->t->slm_sizes_kib[i] * 1024));
    return a;
}

static void c_compilable(const void *rec, char *buf, size_t len)
{
    const target_row *r = rec;
    snprintf(buf, len, "%s", r->t->compilable ? "yes" : "no");
}

static void kib(char *buf, size_t len, uint32_t bytes)
{
    snprintf(buf, len, "%u KiB", bytes / 1024);
}

static void c_slm_subslice(const void *rec, char *buf, size_t len)
{
    kib(buf, len, ((const target_row *)rec)->t->slm_per_subslice);
}

static void c_slm_group(const void *rec, char *buf, size_t len)
{
    kib(buf, len, ((const target_row *)rec)->t->slm_per_group);
}

static void c_barriers(const void *rec, char *buf, size_t len)
{
    const target_row *r = rec;
    snprintf(buf, len, r->t->barrier_registers ? "%u" : "unknown", r->t->barrier_registers);
}

static void c_groups(const void *rec, char *buf, size_t len)
{
    const target_row *r = rec;
    if (r->asked)
        snprintf(buf, len, r->fit.groups ? "%u" : "-", r->fit.groups);
}

static void c_limited_by(const void *rec, char *buf, size_t len)
{
    const target_row *r = rec;
    if (r->asked)
        snprintf(buf, len, "%s", r->fit.groups           ? r->fit.limited_by
                                 : r->fit.max_group_size ? "group too large"
                                                         : "SLM over the limit");
}

/* Bytes in JSON and CSV; the sources and notes are printed under the text table. */
static const field fields[] = {
    {"target", "target", 100, false, false, j_name, NULL, NULL, NULL},
    {"generation", "gen", 95, false, false, j_generation, NULL, NULL, NULL},
    {"compilable", "ocloc 22.43", 90, false, false, j_compilable, c_compilable, NULL, NULL},
    {"eus_per_subslice", "EUs", 85, true, false, j_eus, NULL, NULL, NULL},
    {"threads_per_eu", "threads", 84, true, false, j_threads, NULL, NULL, NULL},
    {"slm_per_subslice", "SLM/subslice", 89, true, false, j_slm_subslice, c_slm_subslice, NULL, NULL},
    {"slm_per_group", "SLM/group", 88, true, false, j_slm_group, c_slm_group, NULL, NULL},
    {"max_group_size", "max wg", 80, true, false, j_max_group, NULL, NULL, NULL},
    {"max_groups_per_subslice", "groups", 70, true, false, j_groups_max, NULL, NULL, NULL},
    {"barrier_registers", "barriers", 60, true, false, j_barriers, c_barriers, NULL, NULL},
    {"subgroup_sizes", "sub-groups", 55, false, true, j_subgroups, c_subgroups, NULL, NULL},
    {"slm_sizes", NULL, 0, false, true, j_sizes, NULL, NULL, NULL},
    {"max_group_for_bytes_per_item", "group@B", 87, true, false, j_for_bytes, c_for_bytes, NULL, NULL},
    {"simd", NULL, 0, false, false, j_simd, NULL, NULL, NULL},
    {"groups_per_subslice", "groups@", 87, true, false, j_groups, c_groups, NULL, NULL},
    {"limited_by", "limited by", 86, false, false, j_limited_by, c_limited_by, NULL, NULL},
    {"source", NULL, 0, false, false, j_source, NULL, NULL, NULL},
    {"note", NULL, 0, false, false, j_note, NULL, NULL, NULL},
};
#define N_FIELDS (sizeof fields / sizeof fields[0])

/* "tgllp: TEXT" for each target whose `what` (source or note) is set, as wrapped lines. */
static void prose(sheet *sh, const zeslm_intel_target *const *t, size_t n, bool note)
{
    for (size_t i = 0; i < n; i++) {
        const char *what = note ? t[i]->note : t[i]->source;
        if (what)
            sheet_line(sh, "%s %s: %s", t[i]->name, note ? "note" : "source", what);
    }
}

/* A --simd the target compiles, or the one rule of both paths when none is given: its
 * smallest sub-group size (the most threads a group, the conservative case; cmd_limits.c's
 * default_simd is the same rule over the sizes a device reports). */
static bool simd_for(const zeslm_intel_target *t, uint32_t asked, uint32_t *simd)
{
    *simd = asked ? asked : t->min_simd;
    return *simd >= t->min_simd && *simd <= 32;
}

int limits_targets(const limits_targets_opts *o, int argc, char **argv)
{
    const zeslm_intel_target *targets[MAX_TARGETS];
    size_t n = 0;
    if (!cli_intel_targets(o->list, true, targets, MAX_TARGETS, &n))
        return 2;
    char refused[256] = "";
    for (size_t i = 0; i < n; i++) {
        uint32_t simd;
        if (!simd_for(targets[i], o->simd, &simd))
            snprintf(refused + strlen(refused), sizeof refused - strlen(refused), "%s%s", *refused ? ", " : "",
                     targets[i]->name);
    }
    if (*refused)
        return cli_usage_error("limits --target: --simd %u: no sub-group of that size on %s (Xe-HPC and Xe2 "
                               "compile 16 and 32, the others 8, 16 and 32: %s)",
                               o->simd, refused, ZESLM_TARGET_SUBGROUP_SOURCE);
    output_plan plan;
    int rc = output_plan_init(&plan, o->json, o->csv, o->markdown);
    if (rc)
        return rc;
    table_column cols[N_FIELDS];
    size_t map[N_FIELDS], n_cols = fields_columns(fields, N_FIELDS, false, cols, map);
    table t;
    table_init(&t, cols, n_cols);
    sheet sh;
    sheet_init(&sh, "# ze-slm-bench limits --target\n\n");
    json_t *rows = json_array();
    target_row recs[MAX_TARGETS];
    zeslm_intel_target what_if[MAX_TARGETS];
    for (size_t i = 0; i < n; i++) {
        target_row *r = &recs[i];
        /* --slm-per-cu asks what if a subslice held that much SLM. */
        what_if[i] = *targets[i];
        if (o->slm_per_cu)
            what_if[i].slm_per_subslice = o->slm_per_cu;
        *r = (target_row){&what_if[i], {0}, o->group_size != 0, 0, o->bytes_per_item, 0};
        simd_for(r->t, o->simd, &r->simd);
        /* A group of the asked shape, with the barriers both paths take it to hold. */
        zeslm_zebin_kernel k = {.simd_size = r->simd, .grf_count = 128, .slm_size = o->slm_per_group,
                                .barrier_count = zeslm_occupancy_barriers(o->slm_per_group)};
        if (r->asked)
            zeslm_target_fit_kernel(r->t, &k, o->group_size, &r->fit);
        if (o->bytes_per_item)
            r->max_group_for_bytes = zeslm_max_group_for_slm(r->t->slm_per_group, o->bytes_per_item,
                                                             r->t->max_group_size);
        fields_row(fields, map, &t, r, NULL);
        json_array_append_new(rows, fields_json(fields, N_FIELDS, r));
    }
    sheet_line(&sh, "Intel targets, no device needed (SLM a subslice or Xe-core and a group; EUs and threads a "
                    "subslice)");
    if (o->group_size)
        sheet_line(&sh, "(groups@: groups a subslice of %u work-items with %u bytes of SLM and %s, at SIMD%s)",
                   o->group_size, o->slm_per_group,
                   zeslm_occupancy_barriers(o->slm_per_group) ? "a barrier (a group with SLM holds one)"
                                                              : "no barrier (a group without SLM holds none)",
                   o->simd ? "" : " the target's smallest sub-group size");
    if (o->simd && o->group_size)
        sheet_line(&sh, "(SIMD%u asked)", o->simd);
    if (o->bytes_per_item)
        sheet_line(&sh, "(group@B: the largest group when each work-item needs %llu bytes of SLM)",
                   (unsigned long long)o->bytes_per_item);
    if (o->slm_per_cu)
        sheet_line(&sh, "(what if a subslice held %llu bytes of SLM: --slm-per-cu)", (unsigned long long)o->slm_per_cu);
    sheet_table(&sh, NULL, &t);
    prose(&sh, targets, n, false);
    sheet_line(&sh, "sub-groups source: %s", ZESLM_TARGET_SUBGROUP_SOURCE);
    sheet_line(&sh, "barriers source: %s", ZESLM_TARGET_BARRIER_SOURCE);
    prose(&sh, targets, n, true);
    expected_targets_describe(&sh, rows, targets, n);
    if (sh.failed)
        rc = cli_error("out of host memory");
    field_records csv = {fields, N_FIELDS, recs, sizeof *recs, n};
    if (!rc) {
        json_t *doc = output_document(argc, argv);
        json_object_set_new(doc, "targets", rows);
        json_object_set_new(doc, "subgroup_sizes_source", json_string(ZESLM_TARGET_SUBGROUP_SOURCE));
        json_object_set_new(doc, "barrier_registers_source", json_string(ZESLM_TARGET_BARRIER_SOURCE));
        rows = NULL;
        rc = output_plan_json(&plan, doc);
        json_decref(doc);
    }
    if (!rc)
        rc = output_plan_write(&plan, OUTPUT_CSV, fields_csv_write, &csv);
    if (!rc)
        rc = output_plan_write(&plan, OUTPUT_MARKDOWN, sheet_markdown, &sh);
    sheet_text(plan.text, &sh);
    json_decref(rows);
    sheet_free(&sh);
    return rc;
}
