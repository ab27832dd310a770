/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/suggest.h"
#include "run/progress.h"
#include "fleet/fleet_verdict.h"
#include "run/rank_start.h"
#include "run/run_cli.h"

bool run_cli_defaults(run_cli *o)
{
    memset(o, 0, sizeof *o);
    o->run.reps = 0; /* resolved in run_cli_execute: 20, or 5 with --quick */
    o->run.warmup = 2;
    o->run.seed = 2009; /* the document's srand(2009) */
    o->run.timeout_s = 60;
    o->run.progress = progress_note;
    o->mpi_wait_s = 600;
    o->fail_on = FAIL_ON_FAIL;
    return cli_device_defaults(&o->dev);
}

/* Seconds with a fraction ("0.5"), from 0 to a day. */
static bool seconds(const char *opt, const char *text, double *out)
{
    char *end;
    double v = strtod(text, &end);
    if (end == text || *end || !isfinite(v) || v < 0 || v > 86400) {
        cli_usage_error("%s: '%s' is not a number of seconds from 0 to 86400", opt, text);
        return false;
    }
    *out = v;
    return true;
}

/* The workload option of short letter `key`, or NULL. */
static const zeslm_workload_option *workload_option_find(int key)
{
    for (size_t i = 0; i < zeslm_workload_count; i++)
        for (size_t k = 0; k < zeslm_workloads[i]->n_options; k++)
            if (zeslm_workloads[i]->options[k].key == key)
                return &zeslm_workloads[i]->options[k];
    return NULL;
}

const cli_option *run_cli_workload_options(size_t *n)
{
    static cli_option rows[ZESLM_RUN_OPTIONS_MAX];
    static size_t count;
    if (!count)
        for (size_t i = 0; i < zeslm_workload_count; i++)
            for (size_t k = 0; k < zeslm_workloads[i]->n_options && count < ZESLM_RUN_OPTIONS_MAX; k++) {
                const zeslm_workload_option *w = &zeslm_workloads[i]->options[k];
                rows[count++] = (cli_option){w->name, w->key, w->value, w->help};
            }
    *n = count;
    return rows;
}

/* A workload's own option: its range checked, its value kept by name (the last given wins). */
static int workload_option(run_cli *o, int key, const char *arg)
{
    const zeslm_workload_option *w = workload_option_find(key);
    if (!w)
        return -1;
    char opt[48];
    snprintf(opt, sizeof opt, "--%s", w->name);
    uint32_t v;
    if (!cli_u32(opt, arg, w->min, w->max, &v))
        return 2;
    size_t i = 0;
    while (i < ZESLM_RUN_OPTIONS_MAX - 1 && o->run.options[i].name && strcmp(o->run.options[i].name, w->name) != 0)
        i++;
    o->run.options[i] = (zeslm_option_value){w->name, v};
    return 0;
}

int run_cli_option(run_cli *o, int c, const char *arg)
{
    uint32_t v32;
    bool ok = true;
    switch (c) {
    case 'b': case 'd': ok = cli_device_option(&o->dev, c, arg); break;
    case 'n': ok = cli_u64("--size", arg, 1, UINT32_MAX, &o->run.size); break;
    case 'g': ok = cli_u32("--group-size", arg, 1, 1u << 20, &o->run.group_size); break;
    case 'r': ok = cli_u32("--reps", arg, 1, 100000, &o->run.reps); break;
    case 'w': ok = cli_u32("--warmup", arg, 1, 100000, &o->run.warmup); break;
    case 's': ok = cli_u64("--seed", arg, 0, UINT64_MAX, &o->run.seed); break;
    case 'q': o->run.quick = true; break;
    case 't':
        if ((ok = cli_u32("--timeout", arg, 1, 86400, &v32)))
            o->run.timeout_s = v32;
        break;
    case 'T': ok = seconds("--min-time", arg, &o->run.min_time_s); break;
    case 'C': ok = seconds("--converge-time", arg, &o->run.converge_s); break;
    case 'j': o->json = arg; break;
    case 'k': o->keep_going = true; break;
    case 'c': o->csv = arg; break;
    case 'M': o->markdown = arg; break;
    case RUN_KEY_TRACE: o->trace = arg; break;
    case 'l': o->list = true; break;
    case 'P':
#ifdef ZESLM_WITH_MPI
        o->mpi = true;
#else
        return cli_usage_error("--mpi: this build has no MPI (configure with -DZESLM_WITH_MPI=ON, MPICH or Open MPI "
                               "installed)");
#endif
        break;
    case 'W': ok = seconds("--mpi-wait", arg, &o->mpi_wait_s); break;
    case RUN_KEY_EXPECT_GPUS:
        if ((ok = cli_u32("--expect-gpus", arg, 1, 4096, &v32)))
            o->expect_gpus = v32;
        break;
    case RUN_KEY_RANKS_PER_DEVICE:
        if ((ok = cli_u32("--ranks-per-device", arg, 1, 4096, &v32)))
            o->ranks_per_device = v32;
        break;
    case RUN_KEY_MIN_PEERS:
        if ((ok = cli_u32("--min-peers", arg, 1, 4096, &v32)))
            o->min_peers = v32;
        break;
    case RUN_KEY_NO_CONFIRM: o->no_confirm = true; break;
    case 'R': o->rank_files = arg; break;
    case 'F':
        if (!verdict_parse_list(arg, &o->fail_on))
            return cli_usage_error("--fail-on: '%s' is not fail, warn, all, none or a list of unjudged, slow, low, incomplete, error, missing",
                                   arg);
        break;
    default: return workload_option(o, c, arg);
    }
    return ok ? 0 : 2;
}

int run_choice_parse(const char *cmd, const char *spec, run_choice *out)
{
    const char *slash = strchr(spec, '/');
    char bench[32];
    if ((slash ? (size_t)(slash - spec) : strlen(spec)) >= sizeof bench)
        return cli_usage_error("%s: unknown bench '%s' (see '%s run --list')", cmd, spec, PROG);
    snprintf(bench, sizeof bench, "%.*s", slash ? (int)(slash - spec) : (int)strlen(spec), spec);
    out->wl = zeslm_workload_find(bench);
    out->variant = slash ? slash + 1 : NULL;
    char hint[64];
    if (!out->wl) {
        const char **names = malloc(zeslm_workload_count * sizeof *names);
        for (size_t i = 0; names && i < zeslm_workload_count; i++)
            names[i] = zeslm_workloads[i]->name;
        suggest_text(names ? suggest_nearest(bench, names, zeslm_workload_count, sizeof *names) : NULL, hint,
                     sizeof hint);
        free(names);
        return cli_usage_error("%s: unknown bench '%s'%s (see '%s run --list')", cmd, bench, hint, PROG);
    }
    /* BENCH/A,B: every name must be a variant of BENCH, and none twice. */
    for (const char *v = out->variant, *next; v; v = next) {
        size_t len = strcspn(v, ",");
        next = v[len] ? v + len + 1 : NULL;
        char name[32];
        if (len < sizeof name)
            snprintf(name, sizeof name, "%.*s", (int)len, v);
        if (len >= sizeof name || !zeslm_variant_find(out->wl, name)) {
            suggest_text(len < sizeof name ? suggest_nearest(name, out->wl->variants, out->wl->n_variants,
                                                             sizeof *out->wl->variants)
                                           : NULL,
                         hint, sizeof hint);
            return cli_usage_error("%s: %s has no variant '%.*s'%s (see '%s run --list %s')", cmd, bench, (int)len,
                                   v, hint, PROG, bench);
        }
        if (next && zeslm_variant_listed(next, name))
            return cli_usage_error("%s: variant '%s/%s' named twice", cmd, bench, name);
    }
    return 0;
}

int run_cli_rank(run_cli *o, rank_info *rk, const char **affinity)
{
    char why[256];
    if (!rank_detect(getenv, rk, why, sizeof why))
        return cli_usage_error("%s", why);
    *affinity = rank_affinity(getenv);
    if (o->dev.device)
        snprintf(rk->device_choice, sizeof rk->device_choice, "--device");
    else if (*affinity)
        snprintf(rk->device_choice, sizeof rk->device_choice, "%s", *affinity);
    size_t n = o->json ? strlen(o->json) : 0;
    if (n == 0 || o->json[n - 1] != '/')
        return 0;
    if (!rank_json_path(o->json, rk, o->rank_json, sizeof o->rank_json))
        return cli_usage_error("--json %s: the path is too long", o->json);
    /* Every rank may create the folder at once: one that exists is fine. */
    char dir[4096];
    snprintf(dir, sizeof dir, "%.*s", (int)(n - 1), o->json);
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        return cli_error("cannot create %s: %s", dir, strerror(errno));
    o->json = o->rank_json;
    /* Before anything is measured, or the driver even listed: its host and rank for
     * merge, whatever ends this rank from here. */
    return rank_start_write(o->rank_json, rk, o->dev.device);
}
