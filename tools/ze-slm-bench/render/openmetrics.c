/* SPDX-License-Identifier: MIT */
/* --openmetrics: every sample of a metric together under its HELP and TYPE lines, as
 * the text format requires; label values escaped as it says (backslash, quote,
 * newline), other control bytes as '?' so a name from a rank file cannot break a line. */
#include "render/openmetrics.h"

#include <stdlib.h>

#include "fleet/fleet.h"
#include "fleet/reason_codes.h"
#include "render/verdicts_render.h"

static void label(FILE *f, const char *name, const char *value, bool first)
{
    fprintf(f, "%s%s=\"", first ? "" : ",", name);
    for (const unsigned char *c = (const unsigned char *)value; *c; c++) {
        if (*c == '\\' || *c == '"')
            fprintf(f, "\\%c", *c);
        else if (*c == '\n')
            fputs("\\n", f);
        else
            fputc(*c < 0x20 || *c == 0x7f ? '?' : *c, f);
    }
    fputc('"', f);
}

/* The labels of entry e: who it is and its verdict. */
static void labels(FILE *f, const verdicts_output *o, const verdict_entry *e)
{
    char n[32];
    label(f, "host", e->host, true);
    snprintf(n, sizeof n, "%ld", e->rank);
    label(f, "rank", e->rank >= 0 ? n : "", false);
    const fleet_device *d = e->device >= 0 ? &o->f->devices[e->device] : NULL;
    snprintf(n, sizeof n, "%u", d ? d->index : 0);
    label(f, "index", d ? n : "", false);
    label(f, "model", e->model, false);
    label(f, "driver", d ? d->driver : "", false);
    label(f, "verdict", verdict_name(e->v), false);
    label(f, "code", reason_name((reason_code)e->code), false);
}

static void head(FILE *f, const char *name, const char *help)
{
    fprintf(f, "# HELP %s %s\n# TYPE %s gauge\n", name, help, name);
}

bool openmetrics_write(FILE *f, const void *data)
{
    const verdicts_output *o = data;
    const verdicts *v = o->v;
    const fleet *fl = o->f;
    head(f, "zeslm_verdict_fails", "1 where the verdict counts under --fail-on (the exit status), else 0");
    for (size_t i = 0; i < v->n; i++) {
        const verdict_entry *e = &v->entries[i];
        fputs("zeslm_verdict_fails{", f);
        labels(f, o, e);
        fprintf(f, "} %d\n", verdict_fails(e, o->fail_on) ? 1 : 0);
    }
    head(f, "zeslm_device_score", "the device's speed over the median of its model's devices (1: the median)");
    for (size_t i = 0; i < v->n; i++)
        if (v->entries[i].device >= 0 && v->entries[i].score > 0) {
            fputs("zeslm_device_score{", f);
            labels(f, o, &v->entries[i]);
            fprintf(f, "} %.6g\n", v->entries[i].score);
        }
    head(f, "zeslm_device_baseline_score", "the device's speed over its model's baseline (--baseline)");
    for (size_t i = 0; i < v->n; i++)
        if (v->entries[i].device >= 0 && v->entries[i].baseline_score > 0) {
            fputs("zeslm_device_baseline_score{", f);
            labels(f, o, &v->entries[i]);
            fprintf(f, "} %.6g\n", v->entries[i].baseline_score);
        }
    head(f, "zeslm_device_workload_score", "the device's score over one workload's results");
    double *scores = malloc((fl->n_devices ? fl->n_devices : 1) * sizeof *scores);
    double *ratios = malloc((fl->n_pairs ? fl->n_pairs : 1) * sizeof *ratios);
    bool ok = scores && ratios && fleet_scores(fl, scores, ratios);
    for (size_t i = 0; ok && i < v->n; i++) {
        if (v->entries[i].device < 0)
            continue;
        json_t *w = fleet_workload_scores(fl, (size_t)v->entries[i].device, ratios), *x;
        const char *name;
        ok = w != NULL;
        json_object_foreach (w, name, x)
            if (json_is_number(x)) {
                fputs("zeslm_device_workload_score{", f);
                labels(f, o, &v->entries[i]);
                label(f, "workload", name, false);
                fprintf(f, "} %.6g\n", json_number_value(x));
            }
        json_decref(w);
    }
    free(scores);
    free(ratios);
    return ok && !ferror(f);
}
