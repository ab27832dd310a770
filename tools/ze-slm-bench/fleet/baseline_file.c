/* SPDX-License-Identifier: MIT */
/* The baseline file: written from a healthy fleet, read back as a device per model. */
#include "fleet/baseline_file.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "io/json_read.h"
#include "io/json_write.h"
#include "fleet/fleet_read.h"
#include "fleet/verdict_options.h"
#include "model/peers.h"

/* One measured speed of a device judged PASS, keyed by model and row. */
typedef struct sample {
    uint32_t model, row;
    double speed;
} sample;

static int by_model_row(const void *a, const void *b)
{
    const sample *x = a, *y = b;
    if (x->model != y->model)
        return x->model < y->model ? -1 : 1;
    if (x->row != y->row)
        return x->row < y->row ? -1 : 1;
    return 0;
}

/* The key "W\x1fV\x1fP" as its three fields of o. */
static bool set_key(json_t *o, const char *key)
{
    static const char *const names[] = {"workload", "variant", "params"};
    const char *at = key;
    for (size_t i = 0; i < 3; i++) {
        const char *end = strchr(at, '\x1f');
        size_t len = end ? (size_t)(end - at) : strlen(at);
        if (json_object_set_new(o, names[i], json_stringn(at, len)) != 0)
            return false;
        at = end ? end + 1 : at + len;
    }
    return true;
}

static json_t *model_json(const fleet *f, const fleet_device *d, const sample *s, size_t n, double *scratch,
                          size_t devices)
{
    json_t *m = json_pack("{s:s, s:s, s:I, s:[]}", "name", d->name, "driver", d->driver, "devices", (json_int_t)devices,
                          "results");
    json_t *rows = json_object_get(m, "results");
    for (size_t i = 0; m && i < n;) {
        size_t j = i, k = 0;
        for (; j < n && s[j].row == s[i].row; j++)
            scratch[k++] = s[j].speed;
        double speed = peers_median(scratch, k);
        bool lower = fleet_row_lower(f, s[i].row);
        json_t *r = json_object();
        if (!r || !set_key(r, fleet_row_key(f, s[i].row)) ||
            json_object_set_new(r, "rate", json_real(lower ? 1 / speed : speed)) != 0 ||
            json_object_set_new(r, "lower_is_better", json_boolean(lower)) != 0 ||
            json_object_set_new(r, "devices", json_integer((json_int_t)k)) != 0 || json_array_append_new(rows, r) != 0) {
            json_decref(r);
            json_decref(m);
            return NULL;
        }
        i = j;
    }
    return m;
}

/* A device of the baseline: PASS or UNJUDGED, and counted once (a rank whose device
 * another rank stands for adds nothing: that one holds their best speeds). */
static bool kept(const fleet *f, const verdict_entry *e)
{
    return e->device >= 0 && e->v <= VERDICT_UNJUDGED && f->devices[e->device].shared_with < 0;
}

/* {NAME: share} of every threshold, resolved. */
static json_t *thresholds_json(const verdict_opts *given)
{
    verdict_opts o = *given;
    verdict_opts_resolve(&o);
    json_t *t = json_object();
    for (size_t i = 0; t && i < VERDICT_THRESHOLDS; i++)
        if (json_object_set_new(t, verdict_thresholds[i].name, json_real(*verdict_threshold_at(&o, i))) != 0) {
            json_decref(t);
            return NULL;
        }
    return t;
}

bool baseline_file_write(FILE *out, const fleet *f, const verdicts *v, const verdict_opts *o)
{
    size_t n = 0;
    for (size_t e = 0; e < v->n; e++)
        if (kept(f, &v->entries[e]))
            n += f->devices[v->entries[e].device].count;
    sample *s = malloc((n ? n : 1) * sizeof *s);
    double *scratch = malloc((n ? n : 1) * sizeof *scratch);
    uint32_t *devices = calloc(f->n_devices + 1, sizeof *devices); /* PASS devices per model id */
    json_t *doc = json_pack("{s:s, s:o*, s:[]}", "format", BASELINE_FORMAT, "thresholds", thresholds_json(o), "models");
    bool ok = s && scratch && devices && doc;
    n = 0;
    for (size_t e = 0; ok && e < v->n; e++) {
        long d = v->entries[e].device;
        if (!kept(f, &v->entries[e]))
            continue;
        const fleet_device *x = &f->devices[d];
        devices[x->model]++;
        for (size_t i = 0; i < x->count; i++)
            s[n++] = (sample){x->model, f->pairs[x->first + i].row, f->pairs[x->first + i].speed};
    }
    if (ok)
        qsort(s, n, sizeof *s, by_model_row);
    for (size_t i = 0; ok && i < n;) {
        size_t j = i;
        while (j < n && s[j].model == s[i].model)
            j++;
        const fleet_device *x = NULL;
        for (size_t d = 0; !x && d < f->n_devices; d++)
            if (f->devices[d].model == s[i].model)
                x = &f->devices[d];
        json_t *m = model_json(f, x, s + i, j - i, scratch, devices[s[i].model]);
        ok = m && json_array_append_new(json_object_get(doc, "models"), m) == 0;
        i = j;
    }
    ok = ok && json_write_document(out, doc);
    json_decref(doc);
    free(s);
    free(scratch);
    free(devices);
    return ok;
}

bool baseline_file_is(const char *path)
{
    char head[4096];
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    size_t n = fread(head, 1, sizeof head - 1, f);
    fclose(f);
    head[n] = 0;
    return strstr(head, "\"ze-slm-baseline/") != NULL;
}

static int bad(const char *path, const char *format, const char *why)
{
    return cli_error("%s: not a baseline file of format %s: %s", path, format, why);
}

/* The file's thresholds into out[i]: every one of the table in /2, low_below alone in
 * /1 (the others 0: the options' or their defaults). Returns 0, or the exit status
 * after one error line. */
static int read_thresholds(const char *path, const char *format, const json_t *t, double *out)
{
    bool first = strcmp(format, BASELINE_FORMAT_1) == 0;
    for (size_t i = 0; i < VERDICT_THRESHOLDS; i++) {
        const char *name = verdict_thresholds[i].name;
        out[i] = 0;
        if (first && strcmp(name, "low_below") != 0)
            continue;
        const json_t *v = json_object_get(t, name);
        double x = json_number_value(v);
        if (!json_is_number(v) || !(x > 0) || x > 1) {
            char why[96];
            snprintf(why, sizeof why, "thresholds.%s is not a share above 0 and at most 1", name);
            return bad(path, format, why);
        }
        out[i] = x;
    }
    return 0;
}

/* One model's rows into a reference device. */
static int read_model(const char *path, const char *format, json_t *m, fleet *out)
{
    const char *name = json_string_value(json_object_get(m, "name"));
    const char *driver = json_string_value(json_object_get(m, "driver"));
    json_t *results = json_object_get(m, "results");
    if (!name || !driver || !json_is_array(results))
        return bad(path, format, "a model without a name, a driver or results");
    size_t n = json_array_size(results);
    fleet_reference_row *rows = calloc(n ? n : 1, sizeof *rows);
    char(*keys)[200] = calloc(n ? n : 1, sizeof *keys);
    int rc = rows && keys ? 0 : cli_error("out of host memory");
    for (size_t i = 0; rc == 0 && i < n; i++) {
        json_t *r = json_array_get(results, i);
        const char *w = json_string_value(json_object_get(r, "workload"));
        const char *v = json_string_value(json_object_get(r, "variant"));
        const char *p = json_string_value(json_object_get(r, "params"));
        json_t *rate = json_object_get(r, "rate"), *lower = json_object_get(r, "lower_is_better");
        double x = json_number_value(rate);
        if (!w || !v || !p || !json_is_number(rate) || !isfinite(x) || x <= 0 || !json_is_boolean(lower)) {
            rc = bad(path, format, "a result needs workload, variant, params, a rate above 0 and lower_is_better");
            break;
        }
        snprintf(keys[i], sizeof keys[i], "%s\x1f%s\x1f%s", w, v, p);
        rows[i] = (fleet_reference_row){keys[i], json_is_true(lower) ? 1 / x : x, json_is_true(lower)};
    }
    if (rc == 0 && !fleet_add_reference(out, name, driver, rows, n, path))
        rc = cli_error("out of host memory");
    free(rows);
    free(keys);
    return rc;
}

int baseline_file_read(const char *path, uint64_t limit, fleet *out, double *thresholds)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return cli_error("%s: %s", path, strerror(errno));
    if ((uint64_t)st.st_size > limit)
        return cli_error("%s: %lld bytes, above the read limit of %llu (--read-limit)", path, (long long)st.st_size,
                         (unsigned long long)limit);
    json_error_t err;
    json_t *doc = json_read_file(path, 0, &err);
    if (!doc)
        return cli_error("%s:%d: %s", path, err.line, err.text);
    int rc = 0;
    const char *format = json_string_value(json_object_get(doc, "format"));
    json_t *models = json_object_get(doc, "models");
    if (!format || (strcmp(format, BASELINE_FORMAT) != 0 && strcmp(format, BASELINE_FORMAT_1) != 0))
        rc = cli_error("%s: format '%s': this tool reads %s and %s", path, format ? format : "(none)", BASELINE_FORMAT,
                       BASELINE_FORMAT_1);
    if (rc == 0)
        rc = read_thresholds(path, format, json_object_get(doc, "thresholds"), thresholds);
    if (rc == 0 && !json_is_array(models))
        rc = bad(path, format, "no models list");
    for (size_t i = 0; rc == 0 && i < json_array_size(models); i++)
        rc = read_model(path, format, json_array_get(models, i), out);
    json_decref(doc);
    return rc;
}

int baseline_load(const char *path, uint64_t limit, fleet *out, double *thresholds)
{
    for (size_t i = 0; i < VERDICT_THRESHOLDS; i++)
        thresholds[i] = 0;
    if (!baseline_file_is(path))
        return fleet_inputs_stream(path, limit, out, NULL, true, NULL);
    return baseline_file_read(path, limit, out, thresholds);
}
