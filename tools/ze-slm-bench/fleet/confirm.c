/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zeslm/grow.h>

#include "fleet/confirm.h"
#include "fleet/reason_codes.h"
#include "model/result_key.h"

/* The codes a confirmation re-measures: the FAIL floors of a speed figure. An error, a
 * stopped run or a missing rank is no figure that noise makes. */
static const reason_code wanted[] = {REASON_SLOW_FLOOR, REASON_WORKLOAD_FLOOR, REASON_LOW_FLOOR};

bool confirm_wanted(int code)
{
    for (size_t i = 0; i < sizeof wanted / sizeof *wanted; i++)
        if ((int)wanted[i] == code)
            return true;
    return false;
}

bool confirm_has_workload(const confirm_set *c, const char *name)
{
    for (size_t i = 0; i < c->n_workloads; i++)
        if (strcmp(c->workloads[i], name) == 0)
            return true;
    return false;
}

bool confirm_has_rank(const confirm_set *c, long rank)
{
    for (size_t i = 0; i < c->n; i++)
        if (c->devices[i].rank == rank)
            return true;
    return false;
}

static void add_workload(confirm_set *c, const char *name)
{
    if (!confirm_has_workload(c, name) && c->n_workloads < CONFIRM_MAX_WORKLOADS)
        snprintf(c->workloads[c->n_workloads++], sizeof c->workloads[0], "%s", name);
}

/* Device d's workloads below slow_below against their peers or with no peer figure
 * (`scores`: fleet_workload_scores'); all of them where `all`. Returns how many. */
static size_t device_workloads(const fleet *f, size_t d, const json_t *scores, double slow_below, bool all,
                               confirm_set *c)
{
    size_t added = 0;
    const fleet_device *dev = &f->devices[d];
    for (size_t p = dev->first; p < dev->first + dev->count; p++) {
        char name[64];
        const char *key = fleet_row_key(f, f->pairs[p].row);
        size_t len = strcspn(key, "\x1f");
        snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name ? len : sizeof name - 1), key);
        const json_t *s = json_object_get(scores, name);
        if (all || !json_is_number(s) || json_number_value(s) < slow_below) {
            add_workload(c, name);
            added++;
        }
    }
    return added;
}

bool confirm_select(const fleet *f, const verdicts *v, double slow_below, confirm_set *out)
{
    memset(out, 0, sizeof *out);
    size_t cap = 0;
    double *scores = calloc(f->n_devices ? f->n_devices : 1, sizeof *scores);
    double *ratios = malloc((f->n_pairs ? f->n_pairs : 1) * sizeof *ratios);
    bool ok = scores && ratios && fleet_scores(f, scores, ratios);
    for (size_t i = 0; ok && i < v->n; i++) {
        const verdict_entry *e = &v->entries[i];
        if (e->device < 0 || (size_t)e->device >= f->n_devices || !confirm_wanted(e->code))
            continue;
        size_t d = (size_t)e->device;
        json_t *w = fleet_workload_scores(f, d, ratios);
        if (!(ok = w && ZESLM_GROW(out->devices, out->n + 1, cap))) {
            json_decref(w);
            break;
        }
        if (device_workloads(f, d, w, slow_below, false, out) == 0)
            device_workloads(f, d, w, slow_below, true, out);
        json_decref(w);
        confirm_device *c = &out->devices[out->n++];
        *c = (confirm_device){.rank = f->devices[d].rank, .index = f->devices[d].index, .code = e->code,
                              .score = e->score, .baseline_score = e->baseline_score, .worst = e->worst};
        snprintf(c->host, sizeof c->host, "%s", f->devices[d].host);
        snprintf(c->worst_workload, sizeof c->worst_workload, "%s", e->worst_workload);
    }
    free(scores);
    free(ratios);
    if (!ok)
        confirm_free(out);
    return ok;
}

void confirm_free(confirm_set *c)
{
    free(c->devices);
    memset(c, 0, sizeof *c);
}

/* The second measurement replaces the first, rather than the better of the two being
 * kept: the question is whether the device is slow now, again, and a figure is then of
 * one measurement, as its peers' are; the first stays in the entry (first_*). */
size_t confirm_replace(run_doc_device *first, run_doc_device *second)
{
    size_t n = 0;
    for (size_t j = 0; j < second->results.count; j++) {
        zeslm_result *s = &second->results.items[j];
        if (s->outcome != ZESLM_MEASURED)
            continue;
        for (size_t i = 0; i < first->results.count; i++) {
            zeslm_result *r = &first->results.items[i];
            if (result_names_cmp(r, s) != 0)
                continue;
            zeslm_result t = *r;
            *r = *s;
            *s = t;
            n++;
            break;
        }
    }
    return n;
}

/* The figure a code judged. */
static double figure(int code, double score, double baseline_score, double worst)
{
    return code == REASON_LOW_FLOOR ? baseline_score : code == REASON_WORKLOAD_FLOOR ? worst : score;
}

static const confirm_device *find(const confirm_set *c, const fleet_device *d)
{
    for (size_t i = 0; i < c->n; i++)
        if (c->devices[i].measured && c->devices[i].rank == d->rank && c->devices[i].index == d->index && strcmp(c->devices[i].host, d->host) == 0)
            return &c->devices[i];
    return NULL;
}

void confirm_judge(const confirm_set *c, const fleet *f, verdicts *v)
{
    for (size_t i = 0; i < v->n; i++) {
        verdict_entry *e = &v->entries[i];
        const confirm_device *d = e->device >= 0 && (size_t)e->device < f->n_devices && f->devices[e->device].duplicate_of < 0
                                      ? find(c, &f->devices[e->device])
                                      : NULL;
        if (!d)
            continue;
        e->first_code = d->code;
        e->first_score = d->score;
        e->first_baseline_score = d->baseline_score;
        e->first_worst = d->worst;
        double was = figure(d->code, d->score, d->baseline_score, d->worst);
        size_t len = strlen(e->why);
        if (reason_of((reason_code)e->code)->level == LEVEL_FAIL) {
            e->confirmed = 1;
            snprintf(e->why + len, sizeof e->why - len, "; confirmed on a second measurement (the first: %.3f, %s)", was,
                     reason_name((reason_code)d->code));
            continue;
        }
        double now = figure(d->code, e->score, e->baseline_score, e->worst);
        char second[200];
        snprintf(second, sizeof second, "%s", e->why);
        verdict then = e->v;
        e->confirmed = 0;
        e->v = reason_of((reason_code)d->code)->v;
        e->code = REASON_UNCONFIRMED;
        snprintf(e->why, sizeof e->why,
                 "UNCONFIRMED: %.3f on its first measurement (%s), %.3f on its second (%s%s%s): a transient slowdown",
                 was, reason_name((reason_code)d->code), now, verdict_name(then), *second ? ": " : "", second);
    }
}
