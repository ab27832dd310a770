/* `inspect`: for each Intel target and kernel, what the compiler decided (SIMD width,
 * registers, SLM, private and spill memory, barriers, atomics) read from the zebin's
 * .ze_info, and what follows on that target (largest group, groups per subslice). No
 * GPU needed: bundled kernels come compiled for the default targets, anything else is
 * compiled with ocloc on the spot. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zeslm/targets.h>
#include <zeslm/zebin.h>

#include "kernels.h"
#include "cli.h"
#include "commands.h"
#include "ocloc_run.h"
#include "fields.h"
#include "output.h"
#include "table.h"

#define MAX_TARGETS 16

/* Where the tables go: stderr when JSON takes stdout. */
static FILE *text;

typedef struct inspect_opts {
    const zeslm_intel_target *targets[MAX_TARGETS];
    size_t n_targets;
    const char *kernel;     /* only this kernel; NULL all */
    uint32_t group_size;    /* for groups per subslice */
    json_t *rows;
    size_t shown;
    /* The table being filled: a new one starts when either changes. */
    const zeslm_intel_target *table_target;
    const char *table_source;
    table t;
    FILE *md, *csv; /* --markdown's and --csv's files; NULL: none */
} inspect_opts;

/* One kernel on one target: what its zebin says and what follows there. */
typedef struct inspect_row {
    const char *source;
    const zeslm_intel_target *t;
    const zeslm_zebin_kernel *k;
    zeslm_target_fit fit;
    uint32_t group_size;
} inspect_row;

#define GETTER(name, expr)               \
    static json_t *name(const void *rec) \
    {                                    \
        const inspect_row *r = rec;      \
        return expr;                     \
    }
GETTER(j_source, json_string(r->source))
GETTER(j_target, json_string(r->t->name))
GETTER(j_kernel, json_string(r->k->name))
GETTER(j_simd, json_integer(r->k->simd_size))
GETTER(j_grf, json_integer(r->k->grf_count))
GETTER(j_slm, json_integer(r->k->slm_size))
GETTER(j_private, json_integer(r->k->private_size))
GETTER(j_spill, json_integer(r->k->spill_size))
GETTER(j_scratch, json_integer(r->k->scratch_size))
GETTER(j_barriers, json_integer(r->k->barrier_count))
GETTER(j_global_atomics, json_boolean(r->k->has_global_atomics))
GETTER(j_local_atomics, r->k->local_atomics_known ? json_boolean(r->k->has_local_atomics) : json_null())
/* "?" where SLM atomics are unknown: a zebin with no SPIR-V beside it. */
GETTER(j_atomics, json_string(!r->k->local_atomics_known ? (r->k->has_global_atomics ? "global, ?" : "?")
                              : r->k->has_global_atomics && r->k->has_local_atomics ? "g+l"
                              : r->k->has_global_atomics                        ? "global"
                              : r->k->has_local_atomics                         ? "local"
                                                                                : "-"))
GETTER(j_max_group, json_integer(r->fit.max_group_size))
GETTER(j_group_size, json_integer(r->group_size))
GETTER(j_groups, r->fit.groups ? json_integer(r->fit.groups) : json_null())
GETTER(j_limited_by, r->fit.groups ? json_string(r->fit.limited_by) : json_null())

static void c_groups(const void *rec, char *buf, size_t len)
{
    const inspect_row *r = rec;
    snprintf(buf, len, r->fit.groups ? "%u" : "-", r->fit.groups);
}

static void c_limited_by(const void *rec, char *buf, size_t len)
{
    const inspect_row *r = rec;
    snprintf(buf, len, "%s", r->fit.groups           ? r->fit.limited_by
                             : r->fit.max_group_size ? "group too large"
                                                     : "SLM over the limit");
}

/* Bytes: SLM, private, spill, scratch. "groups@" is at --group-size. The table of a
 * target leaves out the target and the source its heading names. */
static const field fields[] = {
    {"source", NULL, 0, false, false, j_source, NULL},
    {"target", NULL, 0, false, false, j_target, NULL},
    {"kernel", "kernel", 100, false, false, j_kernel, NULL},
    {"simd_size", "SIMD", 95, true, false, j_simd, NULL},
    {"grf_count", "GRF", 90, true, false, j_grf, NULL},
    {"slm_size", "SLM", 85, true, false, j_slm, NULL},
    {"private_size", "private", 60, true, false, j_private, NULL},
    {"spill_size", "spill", 80, true, false, j_spill, NULL},
    {"scratch_size", "scratch", 50, true, false, j_scratch, NULL},
    {"barrier_count", "bar", 40, true, false, j_barriers, NULL},
    {"has_global_atomics", NULL, 0, false, false, j_global_atomics, NULL},
    {"has_local_atomics", NULL, 0, false, false, j_local_atomics, NULL},
    {NULL, "atomics", 45, false, false, j_atomics, NULL},
    {"max_group_size", "max wg", 70, true, false, j_max_group, NULL},
    {"group_size", NULL, 0, true, false, j_group_size, NULL},
    {"groups_per_subslice", "groups@", 75, true, false, j_groups, c_groups},
    {"limited_by", "limited by", 65, false, false, j_limited_by, c_limited_by},
};
#define N_FIELDS (sizeof fields / sizeof fields[0])
static table_column columns[N_FIELDS];
static size_t column_field[N_FIELDS], n_columns;

static bool parse_targets(const char *list, inspect_opts *o)
{
    char *copy = strdup(list), *save = NULL;
    bool ok = copy != NULL;
    for (char *t = copy ? strtok_r(copy, ",", &save) : NULL; ok && t; t = strtok_r(NULL, ",", &save)) {
        const zeslm_intel_target *found = zeslm_intel_target_find(t);
        if (!found) {
            char known[256] = "";
            for (size_t i = 0; i < zeslm_intel_target_count; i++)
                snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s", i ? ", " : "",
                         zeslm_intel_targets[i].name);
            cli_usage_error("--target: unknown target '%s' (known: %s; dg2 is acm-g10)", t, known);
            ok = false;
        } else if (o->n_targets == MAX_TARGETS) {
            cli_usage_error("--target: more than %d targets", MAX_TARGETS);
            ok = false;
        } else {
            o->targets[o->n_targets++] = found;
        }
    }
    free(copy);
    return ok;
}

/* Prints the table being filled, and empties it. */
static void flush(inspect_opts *o)
{
    table_text(text, &o->t, TABLE_WIDTH);
    if (o->md && o->t.rows)
        table_markdown(o->md, &o->t);
    table_free(&o->t);
    table_init(&o->t, columns, n_columns);
}

static void header(const zeslm_intel_target *t, const char *source, inspect_opts *o)
{
    flush(o);
    fprintf(text, "\n%s (%s): %s\n", t->name, t->generation, source);
    fprintf(text, "  %u EUs x %u threads a subslice, SLM %u KiB a subslice and %u KiB a group, groups up to %u\n",
           t->eus_per_subslice, t->threads_per_eu, t->slm_per_subslice / 1024, t->slm_per_group / 1024,
           t->max_group_size);
    fprintf(text, "  (SLM, private, spill, scratch: bytes; groups@: groups a subslice at %u work-items a group)\n",
            o->group_size);
    if (o->md)
        fprintf(o->md, "\n## %s (%s): %s\n\n%u EUs x %u threads a subslice, SLM %u KiB a subslice and %u KiB a "
                       "group, groups up to %u. SLM, private, spill, scratch: bytes; groups@: groups a subslice at "
                       "%u work-items a group.\n\n",
                t->name, t->generation, source, t->eus_per_subslice, t->threads_per_eu, t->slm_per_subslice / 1024,
                t->slm_per_group / 1024, t->max_group_size, o->group_size);
}

static void row(const zeslm_intel_target *t, const char *source, const zeslm_zebin_kernel *k, inspect_opts *o)
{
    inspect_row r = {source, t, k, {0}, o->group_size};
    zeslm_target_fit_kernel(t, k, o->group_size, &r.fit);
    fields_row(fields, column_field, &o->t, &r, NULL);
    json_array_append_new(o->rows, fields_json(fields, N_FIELDS, &r));
    if (o->csv)
        fields_csv_row(o->csv, fields, N_FIELDS, &r);
    o->shown++;
}

/* Parses one zebin and prints its kernels for target t, under a table headed by
 * `group` (the file, or "bundled kernels"); `spirv` (NULL: none) is the module it was
 * built from, which says which kernels use SLM atomics. */
static int show(const zeslm_intel_target *t, const char *group, const char *source, const unsigned char *bin,
                size_t size, const struct zeslm_kernel_file *spirv, inspect_opts *o)
{
    zeslm_zebin z;
    if (zeslm_zebin_parse(bin, size, &z) != ZESLM_OK)
        return cli_error("%s: %s", source, zeslm_last_error());
    if (spirv && zeslm_zebin_local_atomics(&z, spirv->spirv, spirv->spirv_size) != ZESLM_OK) {
        zeslm_zebin_free(&z);
        return cli_error("%s: %s", source, zeslm_last_error());
    }
    if (o->table_target != t || strcmp(o->table_source, group) != 0) {
        header(t, group, o);
        o->table_target = t;
        o->table_source = group;
    }
    for (size_t i = 0; i < z.count; i++)
        if (!o->kernel || strcmp(o->kernel, z.kernels[i].name) == 0)
            row(t, source, &z.kernels[i], o);
    zeslm_zebin_free(&z);
    return 0;
}

/* OpenCL C source: the bundled native binary for t when there is one, else ocloc. */
static int show_source(const zeslm_intel_target *t, const char *group, const char *label, const char *source,
                       const struct zeslm_kernel_file *bundled, inspect_opts *o)
{
    for (size_t i = 0; bundled && i < bundled->n_natives; i++)
        if (strcmp(bundled->natives[i].target, t->name) == 0)
            return show(t, group, label, bundled->natives[i].data, bundled->natives[i].size, bundled, o);
    unsigned char *bin;
    size_t size;
    if (!ocloc_compile(source, t->name, &bin, &size))
        return 1;
    int rc = show(t, group, label, bin, size, bundled, o);
    free(bin);
    return rc;
}

/* A file: OpenCL C (by its .cl name) for every target, else a zebin for its own. */
static int show_file(const char *path, inspect_opts *o)
{
    unsigned char *data;
    size_t size;
    if (!cli_read_file(path, &data, &size))
        return 1;
    int rc = 0;
    size_t len = strlen(path);
    if (len > 3 && strcmp(path + len - 3, ".cl") == 0) {
        for (size_t i = 0; i < o->n_targets && !rc; i++)
            rc = show_source(o->targets[i], path, path, (const char *)data, NULL, o);
    } else {
        zeslm_zebin z;
        if (zeslm_zebin_parse(data, size, &z) != ZESLM_OK) {
            rc = cli_error("%s: %s", path, zeslm_last_error());
        } else {
            const zeslm_intel_target *t = zeslm_intel_target_by_family(z.product_family);
            zeslm_zebin_free(&z);
            rc = t ? show(t, path, path, data, size, NULL, o)
                   : cli_error("%s: product family %u is not in the target table", path, z.product_family);
        }
    }
    free(data);
    return rc;
}

typedef struct inspect_cli {
    inspect_opts o;
    const char *json_path, *markdown, *csv;
} inspect_cli;

static int on_option(void *ctx, int key, const char *value)
{
    inspect_cli *c = ctx;
    bool ok = true;
    switch (key) {
    case 't': ok = parse_targets(value, &c->o); break;
    case 'k': c->o.kernel = value; break;
    case 'g': ok = cli_u32("--group-size", value, 1, 1u << 16, &c->o.group_size); break;
    case 'M': c->markdown = value; break;
    case 'c': c->csv = value; break;
    default: c->json_path = value; break; /* 'j', the only other row */
    }
    return ok ? 0 : 2;
}

static int run(int argc, char **argv)
{
    inspect_cli c = {.o = {.group_size = 256}};
    int first, parsed = cli_parse(&command_inspect, &c, argc, argv, &first);
    if (parsed >= 0)
        return parsed;
    inspect_opts o = c.o;
    const char *json_path = c.json_path;
    /* By default, the targets the bundled kernels were compiled for. */
    if (o.n_targets == 0)
        for (size_t i = 0; i < zeslm_kernel_files[0].n_natives; i++)
            if (!parse_targets(zeslm_kernel_files[0].natives[i].target, &o))
                return 2;
    int rc = output_check(json_path, c.csv, c.markdown);
    if (rc)
        return rc;
    if (c.markdown && !(o.md = output_open(c.markdown)))
        return 1;
    if (c.csv && !(o.csv = output_open(c.csv))) {
        if (o.md)
            output_close(o.md, c.markdown, false);
        return 1;
    }
    if (o.csv)
        fields_csv_header(o.csv, fields, N_FIELDS);
    if (o.md)
        fprintf(o.md, "# ze-slm-bench inspect\n");
    o.rows = json_array();
    n_columns = fields_columns(fields, N_FIELDS, false, columns, column_field);
    table_init(&o.t, columns, n_columns);
    text = output_text_stream(json_path, c.csv, c.markdown);
    if (first < argc) {
        for (int i = first; i < argc && !rc; i++)
            rc = show_file(argv[i], &o);
    } else {
        for (size_t t = 0; t < o.n_targets && !rc; t++)
            for (size_t f = 0; f < zeslm_kernel_file_count && !rc; f++)
                rc = show_source(o.targets[t], "bundled kernels", zeslm_kernel_files[f].name,
                                 zeslm_kernel_files[f].source, &zeslm_kernel_files[f], &o);
    }
    flush(&o);
    if (o.t.failed && !rc)
        rc = cli_error("out of host memory");
    table_free(&o.t);
    if (o.md && output_close(o.md, c.markdown, !rc && !ferror(o.md)) && !rc)
        rc = 1;
    if (o.csv && output_close(o.csv, c.csv, !rc && !ferror(o.csv)) && !rc)
        rc = 1;
    if (!rc && o.kernel && o.shown == 0)
        rc = cli_error("no kernel named '%s'", o.kernel);
    if (!rc && json_path) {
        json_t *doc = output_document(argc, argv);
        json_object_set_new(doc, "kernels", o.rows);
        o.rows = NULL;
        rc = output_json(doc, json_path);
        json_decref(doc);
    }
    json_decref(o.rows);
    return rc;
}

static void more_help(FILE *f)
{
    fprintf(f, "Bundled kernels by default, else each FILE.cl (compiled with ocloc) or FILE.zebin.\n"
               "Default targets: those the bundled kernels were built for.\n");
}

static const cli_option options[] = {
    {"target", 't', "LIST", "comma-separated ocloc targets (tgllp, dg2, pvc, ...)"},
    {"kernel", 'k', "NAME", "only this kernel"},
    {"group-size", 'g', "N", "groups per subslice at N work-items a group (default 256)"},
    {"json", 'j', "FILE|-", "also write the rows as JSON (-: to stdout, the tables to stderr)"},
    {"csv", 'c', "FILE|-", "also write the rows as CSV, the JSON's keys as the header (-: to stdout)"},
    CLI_OPTION_MARKDOWN,
};

const cli_command command_inspect = {
    .name = "inspect",
    .operands = "[FILE.cl|FILE.zebin ...]",
    .summary = "per-kernel SIMD width, registers, SLM and spills for Intel targets, no GPU needed",
    .options = options,
    .n_options = sizeof options / sizeof options[0],
    .more_help = more_help,
    .on_option = on_option,
    .run = run,
};
