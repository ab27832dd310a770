/* SPDX-License-Identifier: MIT */
/* `limits`: what SLM a work-group may use on the selected device, the largest
 * group for a per-item SLM need, an occupancy calculator, and the SLM, private and
 * spill memory of every bundled kernel as the driver compiled it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zeslm/kernels.h>
#include <zeslm/limits.h>
#include <zeslm/targets.h>
#include <zeslm/units.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "table/fields.h"
#include "commands/limits_targets.h"
#include "io/output.h"
#include "render/sheet.h"
#include "table/table.h"

typedef struct limits_opts {
    uint64_t bytes_per_item;   /* 0: not asked */
    uint64_t slm_per_group;
    uint32_t group_size;       /* 0: not asked */
    uint32_t simd;             /* 0: choose */
    uint64_t slm_per_cu;       /* 0: assume the per-group limit */
    const char *json;
    const char *markdown;
    const char *csv;        /* the bundled kernels' rows */
} limits_opts;

static const table_column per_item_columns[] = {{"bytes/item", true, 100}, {"group", true, 90}, {"note", false, 80}};
static const table_column pair_columns[] = {{"quantity", false, 100}, {"value", false, 90}};

static const uint64_t typical_bytes_per_item[] = {4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048};

static json_t *per_item_row(const zeslm_device_info *d, uint64_t bytes, table *t)
{
    uint32_t n = zeslm_max_group_for_slm(d->slm_per_group, bytes, d->max_group_size);
    char b[24], g[24];
    snprintf(b, sizeof b, "%llu", (unsigned long long)bytes);
    snprintf(g, sizeof g, "%u", n);
    table_add(t, (const char *const[]){b, g, n == d->max_group_size && d->slm_per_group / bytes > n ? "(device maximum)" : ""},
              NULL);
    json_t *o = json_object();
    json_object_set_new(o, "bytes_per_item", json_integer((json_int_t)bytes));
    json_object_set_new(o, "max_group_size", json_integer(n));
    return o;
}

/* The SIMD width the occupancy calculation assumes when the user gives none: the
 * smallest sub-group size the device reports (most threads per group, the
 * conservative case), else its SIMD width, else 1 work-item per thread. The target
 * path (limits_targets.c) takes the same rule over the target's sub-group sizes, so
 * `limits --target tgllp` and the tgllp device answer alike. */
static uint32_t default_simd(const zeslm_device_info *d)
{
    uint32_t s = 0;
    for (uint32_t i = 0; i < d->n_subgroup_sizes; i++)
        if (!s || d->subgroup_sizes[i] < s)
            s = d->subgroup_sizes[i];
    return s ? s : d->simd_width ? d->simd_width : 1;
}

/* The Intel target whose native binary the driver took for this device (module format
 * "native zebin (TARGET)"), found by building the first bundled kernel it can; NULL
 * where it took none (SPIR-V, another vendor). */
static const zeslm_intel_target *native_target(zeslm_device *dev)
{
    const zeslm_device_info *d = zeslm_device_get_info(dev);
    for (size_t f = 0; f < zeslm_kernel_file_count; f++) {
        const struct zeslm_kernel_file *kf = &zeslm_kernel_files[f];
        if (!kf->n_kernels || zeslm_kernel_file_unsupported(kf, d))
            continue;
        zeslm_kernel *k = NULL;
        bool built = zeslm_kernel_create(dev, kf->name, kf->kernels[0], &k) == ZESLM_OK;
        zeslm_kernel_free(k);
        char target[32];
        if (!built || sscanf(zeslm_device_module_format(dev), "native zebin (%31[^)])", target) != 1)
            return NULL;
        return zeslm_intel_target_find(target);
    }
    return NULL;
}

static int occupancy(zeslm_device *dev, const zeslm_device_info *d, const limits_opts *o, json_t *doc, sheet *sh)
{
    zeslm_occupancy_query q = {
        .slm_per_group = o->slm_per_group,
        .group_size = o->group_size,
        .simd = o->simd ? o->simd : default_simd(d),
        .slm_per_cu = o->slm_per_cu,
    };
    /* What Level Zero does not report (SLM a subslice; threads where the driver says 0),
     * the target table gives for the target the driver took a native binary of, so the
     * device and `limits --target` answer alike. */
    zeslm_device_info filled = *d;
    bool threads_known = (d->eus_per_subslice && d->threads_per_eu) || d->threads_per_cu;
    const zeslm_intel_target *tg = native_target(dev);
    bool slm_from_target = tg && !d->slm_per_cu && !o->slm_per_cu;
    if (slm_from_target)
        filled.slm_per_cu = tg->slm_per_subslice;
    if (tg && !threads_known)
        filled.threads_per_cu = tg->eus_per_subslice * tg->threads_per_eu;
    /* The rest of the target path's rule (zeslm_target_fit_kernel): the groups a subslice
     * holds, its barrier registers and its SLM allocation sizes, none of which Level Zero
     * reports. */
    if (tg && !d->max_groups_per_cu)
        filled.max_groups_per_cu = tg->max_groups_per_subslice;
    q.barriers = zeslm_occupancy_barriers(q.slm_per_group);
    q.barrier_registers = tg ? tg->barrier_registers : 0;
    if (tg && q.slm_per_group <= UINT32_MAX && zeslm_target_slm_allocated(tg, (uint32_t)q.slm_per_group) != UINT32_MAX)
        q.slm_per_group = zeslm_target_slm_allocated(tg, (uint32_t)q.slm_per_group);
    d = &filled;
    zeslm_occupancy occ;
    if (zeslm_occupancy_compute(d, &q, &occ) != ZESLM_OK)
        return cli_error("%s", zeslm_last_error());
    table t;
    table_init(&t, pair_columns, 2);
    char v[160], size[32], reserved[32];
    zeslm_format_bytes(occ.slm_per_cu, size, sizeof size);
    snprintf(v, sizeof v, "%s%s", size,
             occ.slm_per_cu_assumed ? " (assumed equal to the per-group limit; set --slm-per-cu)" : "");
    if (slm_from_target)
        snprintf(v + strlen(v), sizeof v - strlen(v), " (limits --target %s; the driver does not say)", tg->name);
    table_add(&t, (const char *const[]){"SLM per subslice", v}, NULL);
    if (occ.slm_charged != o->slm_per_group) {
        zeslm_format_bytes(occ.slm_charged, size, sizeof size);
        zeslm_format_bytes(d->slm_reserved_per_group, reserved, sizeof reserved);
        if (d->slm_reserved_per_group)
            snprintf(v, sizeof v, "%s (the driver reserves %s a group)", size, reserved);
        else
            snprintf(v, sizeof v, "%s (rounded up to an allocation size)", size);
        table_add(&t, (const char *const[]){"SLM a group takes", v}, NULL);
    }
    if (occ.by_slm == UINT32_MAX)
        snprintf(v, sizeof v, "unbounded (the group uses no SLM)");
    else
        snprintf(v, sizeof v, "%u", occ.by_slm);
    table_add(&t, (const char *const[]){"groups allowed by SLM", v}, NULL);
    snprintf(v, sizeof v, "%u", occ.threads_per_group);
    table_add(&t, (const char *const[]){"threads per group", v}, NULL);
    if (occ.by_barriers != UINT32_MAX) {
        snprintf(v, sizeof v, "%u (%u barrier registers a subslice; one a group with SLM)", occ.by_barriers,
                 q.barrier_registers);
        table_add(&t, (const char *const[]){"groups allowed by barriers", v}, NULL);
    }
    if (occ.by_threads == UINT32_MAX)
        snprintf(v, sizeof v, "unknown (the device does not report EUs and threads)");
    else
        snprintf(v, sizeof v, "%u (%u hardware threads per subslice)", occ.by_threads, occ.threads_per_cu);
    table_add(&t, (const char *const[]){"groups allowed by threads", v}, NULL);
    if (occ.limiter == ZESLM_LIMITER_NONE)
        snprintf(v, sizeof v, "unknown: no known resource bounds them");
    else
        snprintf(v, sizeof v, "%u, limited by %s", occ.groups, zeslm_limiter_name(occ.limiter));
    table_add(&t, (const char *const[]){"resident groups", v}, NULL);
    char title[160];
    snprintf(title, sizeof title, "Occupancy of one subslice / compute unit: %llu bytes of SLM and %u work-items "
             "per group, SIMD%u", (unsigned long long)o->slm_per_group, q.group_size, q.simd);
    sheet_table(sh, title, &t);
    json_t *j = json_object();
    json_object_set_new(j, "slm_per_group", json_integer((json_int_t)o->slm_per_group));
    json_object_set_new(j, "slm_allocated", json_integer((json_int_t)occ.slm_charged));
    json_object_set_new(j, "group_size", json_integer(q.group_size));
    json_object_set_new(j, "simd", json_integer(q.simd));
    json_object_set_new(j, "slm_per_cu", json_integer((json_int_t)occ.slm_per_cu));
    json_object_set_new(j, "slm_per_cu_assumed", json_boolean(occ.slm_per_cu_assumed));
    json_object_set_new(j, "target", tg ? json_string(tg->name) : json_null());
    json_object_set_new(j, "groups_by_slm", occ.by_slm == UINT32_MAX ? json_null() : json_integer(occ.by_slm));
    json_object_set_new(j, "groups_by_threads",
                        occ.by_threads == UINT32_MAX ? json_null() : json_integer(occ.by_threads));
    json_object_set_new(j, "groups_by_barriers",
                        occ.by_barriers == UINT32_MAX ? json_null() : json_integer(occ.by_barriers));
    json_object_set_new(j, "barriers_per_group", json_integer(q.barriers));
    json_object_set_new(j, "resident_groups",
                        occ.limiter == ZESLM_LIMITER_NONE ? json_null() : json_integer(occ.groups));
    json_object_set_new(j, "limited_by", json_string(zeslm_limiter_name(occ.limiter)));
    json_object_set_new(doc, "occupancy", j);
    return 0;
}

/* One bundled kernel as the driver compiled it; `lacks` says why the device cannot
 * build it (then no props). */
typedef struct kernel_row {
    const char *file, *kernel, *lacks;
    zeslm_kernel_props p;
    uint32_t suggested;
    char why[160]; /* lacks, when the driver said it (a kernel its compiler left out) */
} kernel_row;

/* A number the driver may not report (0 or not known): null. */
static json_t *known(uint64_t v, bool is_known)
{
    return is_known ? json_integer((json_int_t)v) : json_null();
}

#define GETTER(name, expr)               \
    static json_t *name(const void *rec) \
    {                                    \
        const kernel_row *r = rec;       \
        return expr;                     \
    }
/* The driver's numbers exist only for a kernel the device builds. */
#define BUILT(name, expr) GETTER(name, r->lacks ? NULL : (expr))
GETTER(j_file, json_string(r->file))
GETTER(j_kernel, json_string(r->kernel))
GETTER(j_supported, json_boolean(!r->lacks))
BUILT(j_static_slm, json_integer((json_int_t)r->p.static_slm))
BUILT(j_private, json_integer((json_int_t)r->p.private_mem))
BUILT(j_spill, known(r->p.spill_mem, r->p.spill_known))
BUILT(j_registers, known(r->p.registers, r->p.registers != 0))
BUILT(j_subgroup, known(r->p.subgroup_size, r->p.subgroup_size != 0))
BUILT(j_max_group, known(r->p.max_group_size, r->p.max_group_size != 0))
BUILT(j_suggested, known(r->suggested, r->suggested != 0))

/* Text: "unknown" where JSON has null. */
static void c_known(const json_t *v, char *buf, size_t len)
{
    if (json_is_integer(v))
        snprintf(buf, len, "%lld", (long long)json_integer_value(v));
    else
        snprintf(buf, len, "unknown");
}
#define CELL_OF(name, getter)                                 \
    static void name(const void *rec, char *buf, size_t len) \
    {                                                         \
        json_t *v = getter(rec);                              \
        c_known(v, buf, len);                                 \
        json_decref(v);                                       \
    }
CELL_OF(c_spill, j_spill)
CELL_OF(c_registers, j_registers)
CELL_OF(c_subgroup, j_subgroup)
CELL_OF(c_max_group, j_max_group)
CELL_OF(c_suggested, j_suggested)

static const field kernel_fields[] = {
    {"file", NULL, 0, false, false, j_file, NULL, NULL, NULL},
    {"kernel", "kernel", 100, false, false, j_kernel, NULL, NULL, NULL},
    {"supported", NULL, 0, false, false, j_supported, NULL, NULL, NULL},
    {"static_slm", "static SLM", 90, true, false, j_static_slm, NULL, NULL, NULL},
    {"private_mem", "private", 80, true, false, j_private, NULL, NULL, NULL},
    {"spill_mem", "spill", 70, true, false, j_spill, c_spill, NULL, NULL},
    {"registers", "registers", 60, true, false, j_registers, c_registers, NULL, NULL},
    {"subgroup_size", "sub-group", 50, true, false, j_subgroup, c_subgroup, NULL, NULL},
    {"max_group_size", "max group", 40, true, false, j_max_group, c_max_group, NULL, NULL},
    {"suggested_group_size", "suggested", 30, true, false, j_suggested, c_suggested, NULL, NULL},
};
#define N_KERNEL_FIELDS (sizeof kernel_fields / sizeof kernel_fields[0])

/* Builds every bundled kernel and reports what the driver says about it: the table,
 * the JSON's `kernels`, and the CSV's rows (`rows` holds every bundled kernel). */
static int kernel_table(zeslm_device *dev, json_t *doc, sheet *sh, kernel_row *rows, size_t *n_rows)
{
    const zeslm_device_info *d = zeslm_device_get_info(dev);
    json_t *arr = json_array();
    int rc = 0;
    table t;
    table_column cols[N_KERNEL_FIELDS];
    size_t map[N_KERNEL_FIELDS];
    table_init(&t, cols, fields_columns(kernel_fields, N_KERNEL_FIELDS, false, cols, map));
    for (size_t f = 0; f < zeslm_kernel_file_count && !rc; f++) {
        const struct zeslm_kernel_file *kf = &zeslm_kernel_files[f];
        for (size_t i = 0; i < kf->n_kernels; i++) {
            kernel_row r = {kf->name, kf->kernels[i], zeslm_kernel_file_unsupported(kf, d), {0}, 0, ""};
            zeslm_kernel *k = NULL;
            zeslm_status made = r.lacks ? ZESLM_OK : zeslm_kernel_create(dev, kf->name, r.kernel, &k);
            if (made == ZESLM_ERR_UNSUPPORTED) {
                snprintf(r.why, sizeof r.why, "not built here: the device lacks what it needs");
                r.lacks = r.why;
            } else if (!r.lacks && (made != ZESLM_OK || zeslm_kernel_props_get(k, &r.p) != ZESLM_OK)) {
                rc = cli_error("%s", zeslm_last_error());
                zeslm_kernel_free(k);
                break;
            }
            if (k)
                r.suggested = zeslm_kernel_suggest_group(k, 1u << 20);
            zeslm_kernel_free(k);
            fields_row(kernel_fields, map, &t, &r, r.lacks);
            json_array_append_new(arr, fields_json(kernel_fields, N_KERNEL_FIELDS, &r));
            rows[*n_rows] = r;
            if (r.lacks == r.why)
                rows[*n_rows].lacks = rows[*n_rows].why;
            (*n_rows)++;
        }
    }
    char title[160];
    snprintf(title, sizeof title, "Bundled kernels as the driver compiled them (bytes; SLM excludes dynamic __local "
             "arguments; modules: %s)", zeslm_device_module_format(dev));
    sheet_table(sh, title, &t);
    json_object_set_new(doc, "kernels", arr);
    return rc;
}

typedef struct limits_cli {
    limits_opts o;
    cli_device_opts dev;
    bool have_slm;
    const char *target; /* --target: Intel targets' figures, no device */
    bool kernels; /* --kernels: the bundled kernels' table too */
} limits_cli;

static int on_option(void *ctx, int key, const char *value)
{
    limits_cli *c = ctx;
    limits_opts *o = &c->o;
    bool ok = true;
    switch (key) {
    case 'B': ok = cli_u64("--bytes-per-item", value, 1, UINT32_MAX, &o->bytes_per_item); break;
    case 'S': ok = cli_u64("--slm-per-group", value, 0, UINT32_MAX, &o->slm_per_group); c->have_slm = true; break;
    case 'g': ok = cli_u32("--group-size", value, 1, UINT32_MAX, &o->group_size); break;
    case 'w':
        /* A hardware thread runs a power of two of work-items: 1 (a CPU core), 8, 16 or
         * 32 (Intel SIMD widths, NVIDIA's warp), 64 (AMD's wave). */
        ok = cli_u32("--simd", value, 1, 128, &o->simd);
        if (ok && (o->simd & (o->simd - 1)))
            return cli_usage_error("--simd %u: a SIMD width is a power of two (1, 2, 4, ..., 128)", o->simd);
        break;
    case 'K': c->kernels = true; break;
    case 'C': ok = cli_u64("--slm-per-cu", value, 1, UINT32_MAX, &o->slm_per_cu); break;
    case 'j': o->json = value; break;
    case 'M': o->markdown = value; break;
    case 'c': o->csv = value; break;
    case 't': c->target = value; break;
    default: ok = cli_device_option(&c->dev, key, value); break;
    }
    return ok ? 0 : 2;
}

static int run(int argc, char **argv)
{
    limits_cli c = {0};
    if (!cli_device_defaults(&c.dev))
        return 2;
    int first, parsed = cli_parse(&command_limits, &c, argc, argv, &first);
    if (parsed >= 0)
        return parsed;
    if (first < argc)
        return cli_usage_error("limits: unexpected argument '%s'", argv[first]);
    if (c.have_slm != (c.o.group_size != 0))
        return cli_usage_error("limits: --slm-per-group and --group-size go together");
    if (c.target) {
        if (c.o.slm_per_group > UINT32_MAX)
            return cli_usage_error("limits --target: --slm-per-group over 4 GiB");
        limits_targets_opts t = {c.target, (uint32_t)c.o.slm_per_group, c.o.group_size, c.o.simd,
                                 c.o.bytes_per_item, (uint32_t)c.o.slm_per_cu, c.o.json, c.o.csv, c.o.markdown};
        return limits_targets(&t, argc, argv);
    }
    const limits_opts o = c.o;
    const cli_device_opts devopt = c.dev;
    output_plan plan;
    int rc = output_plan_init(&plan, o.json, o.csv, o.markdown);
    if (rc)
        return rc;

    zeslm_device_list list;
    uint32_t index;
    zeslm_device *dev = NULL;
    rc = cli_open_device(&devopt, &list, &index, &dev);
    if (rc)
        return rc;
    const zeslm_device_info *d = &list.items[index];
    json_t *doc = output_document(argc, argv);
    json_object_set_new(doc, "device", output_device_json(d));
    size_t n_kernels = 0, n_rows = 0;
    for (size_t f = 0; f < zeslm_kernel_file_count; f++)
        n_kernels += zeslm_kernel_files[f].n_kernels;
    kernel_row *rows = calloc(n_kernels ? n_kernels : 1, sizeof *rows);
    sheet sh;
    sheet_init(&sh, "# ze-slm-bench limits\n\n");
    table per_item;
    table_init(&per_item, per_item_columns, 3);
    if (!rows) {
        rc = cli_error("out of host memory");
        goto out;
    }
    sheet_line(&sh, "Device %u: %s (%s)", index, d->name, zeslm_backend_label(d->backend));
    if (!d->slm_per_group) {
        rc = cli_error("the driver does not report the SLM per work-group of this device");
        goto out;
    }
    sheet_line(&sh, "SLM per work-group: %llu bytes (%.0f KiB)%s", (unsigned long long)d->slm_per_group,
               d->slm_per_group / 1024.0, d->slm_dedicated == 0 ? ", emulated in global memory" : "");
    if (d->max_group_size)
        sheet_line(&sh, "Max work-group size: %u", d->max_group_size);
    else
        sheet_line(&sh, "Max work-group size: unknown");
    json_object_set_new(doc, "slm_per_group", json_integer((json_int_t)d->slm_per_group));

    json_t *per_item_rows = json_array();
    if (o.bytes_per_item) {
        json_array_append_new(per_item_rows, per_item_row(d, o.bytes_per_item, &per_item));
    } else {
        for (size_t i = 0; i < sizeof typical_bytes_per_item / sizeof *typical_bytes_per_item; i++)
            json_array_append_new(per_item_rows, per_item_row(d, typical_bytes_per_item[i], &per_item));
    }
    json_object_set_new(doc, "max_group_for_bytes_per_item", per_item_rows);
    sheet_table(&sh, "Largest work-group for a given SLM need per work-item", &per_item);
    if (o.bytes_per_item && o.bytes_per_item > d->slm_per_group) {
        rc = cli_error("--bytes-per-item %llu exceeds the %llu bytes of SLM a work-group may use",
                       (unsigned long long)o.bytes_per_item, (unsigned long long)d->slm_per_group);
        goto out;
    }
    if (o.group_size && (rc = occupancy(dev, d, &o, doc, &sh)) != 0)
        goto out;
    /* The CSV holds the kernels' rows: --csv asks for them. */
    if (c.kernels || o.csv)
        rc = kernel_table(dev, doc, &sh, rows, &n_rows);
    else
        sheet_prose(&sh, "\nThe bundled kernels as this driver compiles them: " PROG " limits --kernels\n");
    field_records csv = {kernel_fields, N_KERNEL_FIELDS, rows, sizeof *rows, n_rows};
    if (rc == 0)
        rc = output_plan_json(&plan, doc);
    if (rc == 0)
        rc = output_plan_write(&plan, OUTPUT_CSV, fields_csv_write, &csv);
    if (rc == 0)
        rc = output_plan_write(&plan, OUTPUT_MARKDOWN, sheet_markdown, &sh);
out:
    /* What was found before an error is still shown. */
    sheet_text(plan.text, &sh);
    sheet_free(&sh);
    table_free(&per_item);
    free(rows);
    json_decref(doc);
    zeslm_device_close(dev);
    zeslm_device_list_free(&list);
    return rc;
}

static const cli_option options[] = {
    CLI_OPTION_BACKEND,
    CLI_OPTION_DEVICE,
    {"target", 't', "TARGET,...|all", "no device: these Intel targets' figures with their sources (tgllp, pvc, lnl, bmg, ...)" "\n"
     "No device: the figures of these Intel targets (ocloc names; lnl and bmg, Xe2, are known though this compiler cannot build for them), each with its source (Intel's GPU Occupancy Calculator, NEO's hardware tables) and a note where sources disagree or a figure is assumed; with --slm-per-group and --group-size, the groups a subslice and what limits them (at the target's smallest sub-group size unless --simd says, which must be one it compiles); with --bytes-per-item, the largest group; --slm-per-cu asks what if."},
    {"bytes-per-item", 'B', "B", "the largest group when each work-item needs B bytes of SLM"},
    {"slm-per-group", 'S', "S", "occupancy: bytes of SLM a group allocates (with --group-size)" "\n"
     "SLM one group allocates, for the occupancy calculator; needs --group-size."},
    {"group-size", 'g', "N", "occupancy: work-items a group (with --slm-per-group)"},
    {"simd", 'w', "W", "occupancy: work-items a hardware thread (default: chosen)" "\n"
     "Work-items per hardware thread (the compiled SIMD width): 8, 16 or 32."},
    {"slm-per-cu", 'C', "BYTES", "occupancy: SLM of a compute unit, where unknown or to ask what if" "\n"
     "SLM one subslice or compute unit holds, where the device's own figure is unknown or to ask what if."},
    {"kernels", 'K', NULL, "also every bundled kernel as the driver compiled it (SLM, registers, spills)" "\n"
     "Also build every bundled kernel and show what the driver compiled: static SLM, private and spill "
     "memory, registers (NVIDIA), SIMD width (Intel), largest and suggested group size (kernels in --json)."},
    {"json", 'j', "FILE|-", "also write the results as JSON (-: to stdout, the tables to stderr)"},
    {"csv", 'c', "FILE|-", "also write the bundled kernels' rows as CSV, the JSON's keys as the header (implies --kernels)"},
    CLI_OPTION_MARKDOWN,
};

const cli_command command_limits = {
    .name = "limits",
    .operands = "",
    .summary = "per-group SLM limits, occupancy, and (--kernels) the bundled kernels' resources",
    .options = options,
    .n_options = sizeof options / sizeof options[0],
    .on_option = on_option,
    .run = run,
};
