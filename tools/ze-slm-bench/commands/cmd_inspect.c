/* SPDX-License-Identifier: MIT */
/* `inspect`: for each Intel target and kernel, what the compiler decided (SIMD width,
 * registers, SLM, private and spill memory, barriers, atomics) read from the zebin's
 * .ze_info, and what follows on that target (largest group, groups per subslice). No
 * GPU needed: bundled kernels come compiled for the default targets, anything else is
 * compiled with ocloc on the spot. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <zeslm/bench.h>
#include <zeslm/grow.h>
#include <zeslm/isa.h>
#include <zeslm/status.h>
#include <zeslm/targets.h>
#include <zeslm/zebin.h>

#include <zeslm/kernels.h>
#include "cli/cli.h"
#include "cli/commands.h"
#include "table/fields.h"
#include "commands/inspect_isa.h"
#include "io/interrupt.h"
#include "io/output.h"
#include "render/sheet.h"
#include "table/table.h"

#define MAX_TARGETS 16

typedef struct inspect_opts {
    const zeslm_intel_target *targets[MAX_TARGETS];
    size_t n_targets;
    const char *kernel;     /* only this kernel; NULL all */
    uint32_t group_size;    /* for groups per subslice */
    uint32_t dynamic_slm;   /* bytes of __local arguments a group adds (--slm) */
    const char *options;    /* a FILE.cl's build options (--options); NULL: none */
    json_t *rows;
    size_t shown;
    /* The table being filled: a new one starts when either changes. */
    const zeslm_intel_target *table_target;
    const char *table_source;
    table t;
    sheet sh;               /* the tables and their headings, for text and Markdown */
    struct kept_row *kept;  /* every row, for the CSV */
    size_t n_kept, cap_kept;
    bool failed;            /* out of host memory */
    /* --isa: 1 the instruction mix, 2 (--isa=full) the listing too; and the mix of
     * the zebin being shown (bundled: built in; else from ocloc on the spot). */
    int isa;
    const zeslm_isa_kernel *isa_k;
    size_t n_isa;
    unsigned compile_timeout_s; /* ocloc is killed past this (--compile-timeout) */
} inspect_opts;

/* One kernel on one target: what its zebin says and what follows there. */
typedef struct inspect_row {
    const char *source;
    const zeslm_intel_target *t;
    const zeslm_zebin_kernel *k;
    zeslm_target_fit fit;
    uint32_t group_size;
    uint32_t dynamic_slm;
} inspect_row;

/* A row kept for the CSV, with its own copy of the kernel (the zebin is freed). */
typedef struct kept_row {
    inspect_row r;
    zeslm_zebin_kernel k;
} kept_row;

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
GETTER(j_dynamic_slm, json_integer(r->dynamic_slm))
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
    {"source", NULL, 0, false, false, j_source, NULL, NULL, NULL},
    {"target", NULL, 0, false, false, j_target, NULL, NULL, NULL},
    {"kernel", "kernel", 100, false, false, j_kernel, NULL, NULL, NULL},
    {"simd_size", "SIMD", 95, true, false, j_simd, NULL, NULL, NULL},
    {"grf_count", "GRF", 90, true, false, j_grf, NULL, NULL, NULL},
    {"slm_size", "SLM", 85, true, false, j_slm, NULL, NULL, NULL},
    {"private_size", "private", 60, true, false, j_private, NULL, NULL, NULL},
    {"spill_size", "spill", 80, true, false, j_spill, NULL, NULL, NULL},
    {"scratch_size", "scratch", 50, true, false, j_scratch, NULL, NULL, NULL},
    {"barrier_count", "bar", 40, true, false, j_barriers, NULL, NULL, NULL},
    {"has_global_atomics", NULL, 0, false, false, j_global_atomics, NULL, NULL, NULL},
    {"has_local_atomics", NULL, 0, false, false, j_local_atomics, NULL, NULL, NULL},
    {NULL, "atomics", 45, false, false, j_atomics, NULL, NULL, NULL},
    {"max_group_size", "max wg", 70, true, false, j_max_group, NULL, NULL, NULL},
    {"group_size", NULL, 0, true, false, j_group_size, NULL, NULL, NULL},
    {"dynamic_slm", NULL, 0, true, false, j_dynamic_slm, NULL, NULL, NULL},
    {"groups_per_subslice", "groups@", 75, true, false, j_groups, c_groups, NULL, NULL},
    {"limited_by", "limited by", 65, false, false, j_limited_by, c_limited_by, NULL, NULL},
};
#define N_FIELDS (sizeof fields / sizeof fields[0])
static table_column columns[N_FIELDS];
static size_t column_field[N_FIELDS], n_columns;

/* Hands the table being filled to the sheet, and starts an empty one. */
static void flush(inspect_opts *o)
{
    sheet_table(&o->sh, NULL, &o->t);
    table_init(&o->t, o->isa ? inspect_isa_columns : columns, o->isa ? inspect_isa_n_columns : n_columns);
}

/* What inspect_isa_legend writes, as a string for the sheet (NULL: out of memory). */
static char *isa_legend(bool markdown)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    inspect_isa_legend(f, markdown);
    if (fclose(f) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

static void header(const zeslm_intel_target *t, const char *source, inspect_opts *o)
{
    flush(o);
    /* The target's figures, then what the columns mean: the .ze_info columns' units, or
     * the legend of the instruction mix (--isa). */
    char head_t[512], head_m[512], text[2048], md[2048], line[256];
    snprintf(head_t, sizeof head_t, "\n%s (%s): %s\n  %u EUs x %u threads a subslice, SLM %u KiB a subslice and %u "
             "KiB a group, groups up to %u\n", t->name, t->generation, source, t->eus_per_subslice,
             t->threads_per_eu, t->slm_per_subslice / 1024, t->slm_per_group / 1024, t->max_group_size);
    snprintf(head_m, sizeof head_m, "\n## %s (%s): %s\n\n%u EUs x %u threads a subslice, SLM %u KiB a subslice and %u "
             "KiB a group, groups up to %u. ", t->name, t->generation, table_md_line(line, sizeof line, source), t->eus_per_subslice,
             t->threads_per_eu, t->slm_per_subslice / 1024, t->slm_per_group / 1024, t->max_group_size);
    if (o->isa) {
        char *lt = isa_legend(false), *lm = isa_legend(true);
        o->failed |= !lt || !lm;
        snprintf(text, sizeof text, "%s%s", head_t, lt ? lt : "");
        snprintf(md, sizeof md, "%s%s", head_m, lm ? lm : "");
        free(lt);
        free(lm);
    } else {
        char dynamic[96] = "";
        if (o->dynamic_slm)
            snprintf(dynamic, sizeof dynamic, " and %u bytes of dynamic SLM a group beside the kernel's own",
                     o->dynamic_slm);
        snprintf(text, sizeof text, "%s  (SLM, private, spill, scratch: bytes; groups@: groups a subslice at %u "
                 "work-items a group%s)\n", head_t, o->group_size, dynamic);
        snprintf(md, sizeof md, "%sSLM, private, spill, scratch: bytes; groups@: groups a subslice at %u work-items "
                 "a group%s.\n\n", head_m, o->group_size, dynamic);
    }
    sheet_each(&o->sh, text, md);
}

static int row(const zeslm_intel_target *t, const char *source, const zeslm_zebin_kernel *k, inspect_opts *o)
{
    inspect_row r = {source, t, k, {0}, o->group_size, o->dynamic_slm};
    /* A group holds the kernel's own SLM and the __local arguments' (--slm). */
    zeslm_zebin_kernel with = *k;
    with.slm_size += o->dynamic_slm;
    zeslm_target_fit_kernel(t, &with, o->group_size, &r.fit);
    json_t *j = fields_json(fields, N_FIELDS, &r);
    if (o->isa) {
        const zeslm_isa_kernel *isa = inspect_isa_find(o->isa_k, o->n_isa, k->name);
        if (!isa) {
            json_decref(j);
            return cli_error("%s: %s has no ISA listing for %s", source, k->name, t->name);
        }
        inspect_isa_rows(&o->t, isa);
        json_object_set_new(j, "isa", inspect_isa_json(isa));
    } else {
        fields_row(fields, column_field, &o->t, &r, NULL);
    }
    json_array_append_new(o->rows, j);
    if (ZESLM_GROW(o->kept, o->n_kept + 1, o->cap_kept))
        o->kept[o->n_kept++] = (kept_row){r, *k};
    else
        o->failed = true;
    o->shown++;
    return 0;
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
    int rc = 0;
    for (size_t i = 0; i < z.count && !rc; i++)
        if (!o->kernel || strcmp(o->kernel, z.kernels[i].name) == 0)
            rc = row(t, source, &z.kernels[i], o);
    zeslm_zebin_free(&z);
    return rc;
}

/* zeslm_ocloc_compile, its failure (ocloc's own messages included) on stderr. A signal
 * during it only stops it (the library kills ocloc and removes its scratch folder, a
 * copy of the user's source); the tool then exits 128 + the signal (interrupt_resume). */
static bool compile(const zeslm_ocloc_input *in, const char *target, unsigned char **bin, size_t *size,
                    zeslm_isa_kernel **isa, size_t *n_isa, FILE *listing, const char *kernel)
{
    interrupt_defer();
    zeslm_status st = zeslm_ocloc_compile(in, target, bin, size, isa, n_isa, listing, kernel);
    interrupt_resume();
    if (st == ZESLM_OK)
        return true;
    cli_error("%s", zeslm_last_error());
    return false;
}

/* OpenCL C source: the bundled native binary for t when there is one, else ocloc. */
static int show_source(const zeslm_intel_target *t, const char *group, const char *label, const char *source,
                       const struct zeslm_kernel_file *bundled, inspect_opts *o)
{
    for (size_t i = 0; bundled && o->isa < 2 && i < bundled->n_natives; i++) {
        if (strcmp(bundled->natives[i].target, t->name) == 0) {
            o->isa_k = bundled->natives[i].isa;
            o->n_isa = bundled->natives[i].n_isa;
            return show(t, group, label, bundled->natives[i].data, bundled->natives[i].size, bundled, o);
        }
    }
    if (!t->compilable)
        return cli_error("%s: not compilable with this compiler (ocloc 22.43); `limits --target %s` shows its "
                         "figures", t->name, t->name);
    unsigned char *bin;
    size_t size;
    zeslm_isa_kernel *isa = NULL;
    size_t n_isa = 0;
    /* --isa=full: the listing goes with the text, ahead of the target's table. */
    char *listing = NULL;
    size_t listing_len = 0;
    FILE *lf = o->isa == 2 ? open_memstream(&listing, &listing_len) : NULL;
    if (o->isa == 2 && !lf)
        return cli_error("out of host memory");
    /* A bundled file as the build compiled it for t: its options, or its SPIR-V; a
     * user's file with --options' (zeslm_program.options passes them the same way). */
    zeslm_ocloc_input in = {source, bundled ? bundled->options : o->options, NULL, 0, o->compile_timeout_s};
    for (size_t i = 0; bundled && i < bundled->n_natives; i++)
        if (strcmp(bundled->natives[i].target, t->name) == 0 && bundled->natives[i].from_spirv)
            in = (zeslm_ocloc_input){NULL, NULL, bundled->spirv, bundled->spirv_size, o->compile_timeout_s};
    bool built = compile(&in, t->name, &bin, &size, o->isa ? &isa : NULL, &n_isa, lf, o->kernel);
    /* A bundled file this target's front end cannot build from source (OpenCL C 3.0 on
     * skl): its validated SPIR-V, as the driver would take it at run time. */
    if (!built && bundled && in.source && !zeslm_stop_requested()) {
        cli_note("%s.cl on %s: ocloc failed on the source; trying its SPIR-V", bundled->name, t->name);
        in = (zeslm_ocloc_input){NULL, NULL, bundled->spirv, bundled->spirv_size, o->compile_timeout_s};
        built = compile(&in, t->name, &bin, &size, o->isa ? &isa : NULL, &n_isa, lf, o->kernel);
    }
    if (lf && fclose(lf) != 0)
        built = false;
    if (!built) {
        free(isa);
        free(listing);
        return 1;
    }
    if (listing)
        sheet_prose(&o->sh, listing);
    free(listing);
    o->isa_k = isa;
    o->n_isa = n_isa;
    int rc = show(t, group, label, bin, size, bundled, o);
    o->isa_k = NULL;
    o->n_isa = 0;
    free(isa);
    free(bin);
    return rc;
}

/* Whether OpenCL C source can hold a kernel at all: ocloc compiles an empty file or one
 * of helper functions into a zebin of no kernel, or fails without a word. */
static int check_source(const char *path, const char *source, size_t size)
{
    if (source[strspn(source, " \t\r\n\f\v")] == '\0')
        return cli_error("%s is empty: there is no kernel to compile", path);
    if (strlen(source) != size)
        return cli_error("%s holds a NUL byte: it is not OpenCL C source", path);
    if (!strstr(source, "kernel"))
        return cli_error("%s defines no kernel: an OpenCL C kernel is a function declared __kernel", path);
    return 0;
}

/* Reads a file for inspect, which takes files alone: a FIFO (or a socket) would wait
 * for a writer for ever. (A device such as /dev/zero is bounded by cli_read_file.) */
static bool read_input(const char *path, unsigned char **data, size_t *size)
{
    struct stat st;
    if (stat(path, &st) == 0 && (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode))) {
        cli_error("cannot read %s: inspect reads a file, and this is a %s", path,
                  S_ISFIFO(st.st_mode) ? "FIFO" : "socket");
        return false;
    }
    return cli_read_file(path, data, size);
}

/* A file: OpenCL C (by its .cl name) for every target, else a zebin for its own. */
static int show_file(const char *path, inspect_opts *o)
{
    unsigned char *data;
    size_t size;
    if (!read_input(path, &data, &size))
        return 1;
    int rc = 0;
    size_t len = strlen(path);
    if (len > 3 && strcmp(path + len - 3, ".cl") == 0) {
        rc = check_source(path, (const char *)data, size);
        for (size_t i = 0; i < o->n_targets && !rc; i++)
            rc = show_source(o->targets[i], path, path, (const char *)data, NULL, o);
    } else {
        zeslm_zebin z;
        if (zeslm_zebin_parse(data, size, &z) != ZESLM_OK) {
            rc = cli_error("%s: %s", path, zeslm_last_error());
        } else {
            const zeslm_intel_target *t = zeslm_intel_target_by_family(z.product_family);
            zeslm_zebin_free(&z);
            rc = o->isa ? cli_usage_error("%s: --isa needs OpenCL C source (FILE.cl): a zebin carries no listing", path)
                 : t    ? show(t, path, path, data, size, NULL, o)
                   : cli_error("%s: product family %u is not in the target table", path, z.product_family);
        }
    }
    free(data);
    return rc;
}

/* Whether a bundled file defines `kernel` (NULL: any), so that --kernel compiles only
 * the file that holds it. */
static bool defines(const struct zeslm_kernel_file *f, const char *kernel)
{
    for (size_t i = 0; kernel && i < f->n_kernels; i++)
        if (strcmp(f->kernels[i], kernel) == 0)
            return true;
    return !kernel;
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
    case 't': ok = cli_intel_targets(value, false, c->o.targets, MAX_TARGETS, &c->o.n_targets); break;
    case 'k': c->o.kernel = value; break;
    case 'o': c->o.options = value; break;
    case 'g': ok = cli_u32("--group-size", value, 1, 1u << 16, &c->o.group_size); break;
    case 's': ok = cli_u32("--slm", value, 0, 1u << 24, &c->o.dynamic_slm); break;
    case 'i':
        c->o.isa = !value ? 1 : strcmp(value, "full") == 0 ? 2 : 0;
        if (!c->o.isa)
            return cli_usage_error("--isa: '%s' is not 'full' (--isa or --isa=full)", value);
        break;
    case 'T': ok = cli_u32("--compile-timeout", value, 1, 86400, &c->o.compile_timeout_s); break;
    case 'M': c->markdown = value; break;
    case 'c': c->csv = value; break;
    default: c->json_path = value; break; /* 'j', the only other row */
    }
    return ok ? 0 : 2;
}

static int run(int argc, char **argv)
{
    /* Five minutes: the bundled kernels compile in seconds a target, a 10 MB source in
     * minutes; past that, ocloc is taken to hang. */
    inspect_cli c = {.o = {.group_size = 256, .compile_timeout_s = 300}};
    int first, parsed = cli_parse(&command_inspect, &c, argc, argv, &first);
    if (parsed >= 0)
        return parsed;
    inspect_opts o = c.o;
    const char *json_path = c.json_path;
    /* By default, the targets the bundled kernels were compiled for. */
    if (o.n_targets == 0)
        for (size_t i = 0; i < zeslm_kernel_files[0].n_natives; i++)
            if (!cli_intel_targets(zeslm_kernel_files[0].natives[i].target, false, o.targets, MAX_TARGETS, &o.n_targets))
                return 2;
    /* The bundled kernels keep the options they were built with: --options alone
     * would be ignored in silence. */
    if (o.options && first == argc)
        return cli_usage_error("--options: give the FILE.cl to build with them (the bundled kernels keep their own)");
    if (o.isa && c.csv)
        return cli_usage_error("--isa and --csv: the instruction mix is written as text, Markdown or JSON");
    output_plan plan;
    int rc = output_plan_init(&plan, json_path, c.csv, c.markdown);
    if (rc == 0)
        rc = output_plan_inputs(&plan, "the kernel source", argv + first, (size_t)(argc - first));
    if (rc)
        return rc;
    sheet_init(&o.sh, "# ze-slm-bench inspect\n");
    o.rows = json_array();
    n_columns = fields_columns(fields, N_FIELDS, false, columns, column_field);
    table_init(&o.t, o.isa ? inspect_isa_columns : columns, o.isa ? inspect_isa_n_columns : n_columns);
    if (first < argc) {
        for (int i = first; i < argc && !rc; i++)
            rc = show_file(argv[i], &o);
    } else {
        for (size_t t = 0; t < o.n_targets && !rc; t++)
            for (size_t f = 0; f < zeslm_kernel_file_count && !rc; f++)
                if (defines(&zeslm_kernel_files[f], o.kernel))
                    rc = show_source(o.targets[t], "bundled kernels", zeslm_kernel_files[f].name,
                                     zeslm_kernel_files[f].source, &zeslm_kernel_files[f], &o);
    }
    flush(&o);
    table_free(&o.t);
    sheet_text(plan.text, &o.sh);
    if ((o.sh.failed || o.failed) && !rc)
        rc = cli_error("out of host memory");
    /* The kept rows' kernels, now that no row moves any more. */
    for (size_t i = 0; i < o.n_kept; i++)
        o.kept[i].r.k = &o.kept[i].k;
    field_records csv = {fields, N_FIELDS, o.kept, sizeof *o.kept, o.n_kept};
    if (!rc)
        rc = output_plan_write(&plan, OUTPUT_MARKDOWN, sheet_markdown, &o.sh);
    if (!rc)
        rc = output_plan_write(&plan, OUTPUT_CSV, fields_csv_write, &csv);
    if (!rc && o.kernel && o.shown == 0)
        rc = cli_error("no kernel named '%s'", o.kernel);
    if (!rc) {
        json_t *doc = output_document(argc, argv);
        json_object_set_new(doc, "kernels", o.rows);
        o.rows = NULL;
        rc = output_plan_json(&plan, doc);
        json_decref(doc);
    }
    json_decref(o.rows);
    sheet_free(&o.sh);
    free(o.kept);
    return rc;
}

static void more_help(FILE *f)
{
    fprintf(f, "Bundled kernels by default, else each FILE.cl (compiled with ocloc) or FILE.zebin.\n"
               "Default targets: those the bundled kernels were built for.\n");
}

static const cli_option options[] = {
    {"target", 't', "TARGET,...", "comma-separated ocloc targets (tgllp, dg2, pvc, ...)" "\n"
     "Comma-separated ocloc target names (default: those the bundled kernels were built for; dg2 is taken for "
     "acm-g10)."},
    {"kernel", 'k', "KERNEL", "only this kernel"},
    {"options", 'o', "'OPTIONS'", "build options for each FILE.cl ('-cl-std=CL3.0 -DN=4')" "\n"
     "Build options for each FILE.cl, passed to ocloc as the library's zeslm_program.options passes them to the "
     "driver ('-cl-std=CL3.0 -DN=4'). Not for the bundled kernels, which keep the options they were built with."},
    {"group-size", 'g', "N", "groups per subslice at N work-items a group (default 256)"},
    {"slm", 's', "BYTES", "dynamic SLM a group takes beside the kernel's own (__local arguments), in the fit" "\n"
     "Dynamic SLM a group takes beside the kernel's own (its __local pointer arguments, which the compiler cannot see), added to the kernel's SLM in the fit: groups per subslice, what limits them, and whether a group fits at all. A .cl file that does not compile shows ocloc's own messages."},
    {"isa", 'i', "[=full]", "the instruction mix from IGC's listing, per kernel and innermost loop (full: the listing too, compiled with ocloc on the spot)" "\n"
     "Instead of the .ze_info table, each kernel's instruction mix as Intel's compiler wrote it in its own listing (IGC_ShaderDumpEnable): ALU instructions; SLM and global loads, stores and atomics and global block reads, each as messages and bytes a message; barriers and fences; for the whole kernel and for each innermost loop (a label and the branches back to it), named by its lines in the listing. Bundled kernels carry the mix computed at build time; a .cl file is compiled on the spot; a zebin has no listing. With =full the listing itself is printed first. Not with --csv."},
    {"compile-timeout", 'T', "SECONDS", "stop ocloc after this long, with an error (default 300)" "\n"
     "The longest one ocloc compile may take, in seconds (1 to 86400, default 300): past it ocloc is killed and "
     "the command fails with an error that says so, rather than wait on a compiler that hangs."},
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
