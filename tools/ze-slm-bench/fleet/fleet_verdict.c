/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <zeslm/grow.h>

#include "fleet/confirm.h"
#include "fleet/fleet_verdict.h"
#include "fleet/inventory.h"
#include "fleet/rank_starts.h"
#include "fleet/reason_codes.h"
#include "fleet/verdict_options.h"
#include "table/safe_text.h"

static const char *const names[VERDICT_COUNT] = {"PASS", "UNJUDGED", "SLOW", "LOW", "INCOMPLETE", "ERROR", "MISSING"};

const char *verdict_name(verdict v)
{
    return v < VERDICT_COUNT ? names[v] : "?";
}

int verdict_parse(const char *name)
{
    for (int v = 0; v < VERDICT_COUNT; v++)
        if (strcasecmp(name, names[v]) == 0)
            return v;
    return -1;
}

bool verdict_parse_list(const char *list, unsigned *mask)
{
    if (strcasecmp(list, "all") == 0) {
        *mask = VERDICT_FAIL_ALL;
        return true;
    }
    if (strcasecmp(list, "fail") == 0 || strcasecmp(list, "warn") == 0) {
        *mask = strcasecmp(list, "fail") == 0 ? FAIL_ON_FAIL : FAIL_ON_WARN;
        return true;
    }
    if (strcasecmp(list, "none") == 0) {
        *mask = 0;
        return true;
    }
    unsigned m = 0;
    char buf[256];
    if (snprintf(buf, sizeof buf, "%s", list) >= (int)sizeof buf)
        return false;
    char *save = NULL;
    for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        int v = verdict_parse(t);
        if (v <= VERDICT_PASS)
            return false;
        m |= 1u << v;
    }
    if (m == 0)
        return false;
    *mask = m;
    return true;
}

static verdict_entry *add(verdicts *v, size_t *cap)
{
    if (!ZESLM_GROW(v->entries, v->n + 1, *cap))
        return NULL;
    verdict_entry *e = &v->entries[v->n++];
    *e = (verdict_entry){.device = -1, .rank = -1, .code = REASON_OK, .confirmed = -1, .lead = -1};
    return e;
}

static void note(verdicts *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void note(verdicts *v, const char *fmt, ...)
{
    char buf[640];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    json_array_append_new(v->notes, json_string(buf));
}

static int by_uuid(const void *a, const void *b)
{
    const fleet_device *x = *(const fleet_device *const *)a, *y = *(const fleet_device *const *)b;
    int c = strcmp(x->uuid, y->uuid);
    return c ? c : strcmp(x->host, y->host);
}

/* A rank's device seen twice (fleet_mark_duplicates) is an ERROR of the later one (two
 * runs' files of one rank, or a copy: which is the fleet's is unknown, and a health check
 * that passed it would judge a node by a stale run), counted once; one GPU on two hosts
 * is a note. Sorted so that a fleet of 10,000 is checked in n log n. */
static bool duplicates(const fleet *f, verdicts *v)
{
    const fleet_device **d = malloc((f->n_devices ? f->n_devices : 1) * sizeof *d);
    if (!d)
        return false;
    for (size_t k = 0; k < f->n_devices; k++) {
        d[k] = &f->devices[k];
        if (d[k]->duplicate_of < 0)
            continue;
        verdict_entry *e = &v->entries[k];
        e->v = VERDICT_ERROR;
        e->code = REASON_DUPLICATE;
        snprintf(e->why, sizeof e->why, "DUPLICATE: rank %ld's device %u is also in %s (two runs' files, or a copy)",
                 d[k]->rank, d[k]->index, f->devices[d[k]->duplicate_of].source);
    }
    qsort(d, f->n_devices, sizeof *d, by_uuid);
    for (size_t k = 1; k < f->n_devices; k++)
        if (*d[k]->uuid && strcmp(d[k - 1]->uuid, d[k]->uuid) == 0 && strcmp(d[k - 1]->host, d[k]->host) != 0 &&
            d[k]->duplicate_of < 0 && d[k - 1]->duplicate_of < 0)
            note(v, "one device UUID (%s) on two hosts, %s and %s: a cloned UUID or a wrong host name", d[k]->uuid,
                 d[k - 1]->host, d[k]->host);
    free(d);
    return true;
}

/* Each device's baseline score, the baseline's row medians worked out once a name. */
static bool baseline_scores(const fleet *f, const fleet *base, verdicts *out)
{
    bool ok = true;
    bool *done = calloc(f->n_devices ? f->n_devices : 1, sizeof *done);
    if (!done)
        return false;
    for (size_t k = 0; ok && k < f->n_devices; k++) {
        if (done[k])
            continue;
        double *mid = fleet_row_medians(base, f->devices[k].name);
        if (!mid) {
            ok = false;
            break;
        }
        for (size_t j = k; j < f->n_devices; j++)
            if (!done[j] && strcmp(f->devices[j].name, f->devices[k].name) == 0) {
                out->entries[j].baseline_score = fleet_baseline_score(f, j, base, mid);
                done[j] = true;
            }
        free(mid);
    }
    free(done);
    return ok;
}

/* Digits enough that a value judged below a threshold never prints equal to it
 * (0.8996 below 0.90: "0.8996", not "0.90"): 2, or more up to 6. */
static int digits(double v, double threshold)
{
    for (int p = 2; p < 6; p++) {
        char a[32], b[32];
        snprintf(a, sizeof a, "%.*f", p, v);
        snprintf(b, sizeof b, "%.*f", p, threshold);
        if (strcmp(a, b) != 0)
            return p;
    }
    return 6;
}

static void judged(verdict_entry *e, verdict v, reason_code c, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void judged(verdict_entry *e, verdict v, reason_code c, const char *fmt, ...)
{
    e->v = v;
    e->code = c;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->why, sizeof e->why, fmt, ap);
    va_end(ap);
}

/* A device's verdict: an error or a stopped run first, then the FAIL floors (against the
 * baseline, its median, its worst workload), then the WARN thresholds. Its peers judge it
 * only where it has o->min_peers of them. */
static void judge_device(const fleet *f, size_t k, const verdict_opts *o, verdict_entry *e)
{
    const fleet_device *d = &f->devices[k];
    e->device = (long)k;
    e->rank = d->rank;
    snprintf(e->host, sizeof e->host, "%s", d->host);
    snprintf(e->model, sizeof e->model, "%s", d->name);
    size_t others = e->peers ? e->peers - 1 : 0;
    bool by_peers = e->score > 0 && others >= (size_t)o->min_peers;
    double b = e->baseline_score, s = e->score, w = e->worst;
    if (*d->error) {
        judged(e, VERDICT_ERROR, REASON_DEVICE_ERROR, "%s", d->error);
    } else if (d->incomplete) {
        judged(e, VERDICT_INCOMPLETE, REASON_INCOMPLETE, "its run stopped after %zu results (complete: false)", d->measured);
    } else if (b > 0 && b < o->low_fail) {
        judged(e, VERDICT_LOW, REASON_LOW_FLOOR, "%.*f of the baseline of its model (FAIL below %.*f)",
               digits(b, o->low_fail), b, digits(b, o->low_fail), o->low_fail);
    } else if (by_peers && s < o->slow_fail) {
        judged(e, VERDICT_SLOW, REASON_SLOW_FLOOR, "%.*f of the median of %zu devices of its model and driver (FAIL below %.*f)",
               digits(s, o->slow_fail), s, e->peers, digits(s, o->slow_fail), o->slow_fail);
    } else if (by_peers && w > 0 && w < o->workload_floor) {
        judged(e, VERDICT_SLOW, REASON_WORKLOAD_FLOOR,
               "%s at %.*f of the median of %zu devices of its model and driver there (FAIL below %.*f); %.2f over all "
               "its results", e->worst_workload, digits(w, o->workload_floor), w, e->peers,
               digits(w, o->workload_floor), o->workload_floor, s);
    } else if (b > 0 && b < o->low_below) {
        judged(e, VERDICT_LOW, REASON_LOW, "%.*f of the baseline of its model (LOW below %.*f)", digits(b, o->low_below),
               b, digits(b, o->low_below), o->low_below);
    } else if (by_peers && s < o->slow_below) {
        judged(e, VERDICT_SLOW, REASON_SLOW, "%.*f of the median of %zu devices of its model and driver (SLOW below %.*f)",
               digits(s, o->slow_below), s, e->peers, digits(s, o->slow_below), o->slow_below);
    } else if (!by_peers && b == 0 && s > 0) {
        judged(e, VERDICT_UNJUDGED, REASON_FEW_PEERS,
               "%zu peer%s of its model and driver, fewer than --min-peers %ld, %s (%.2f of their median)", others,
               others == 1 ? "" : "s", o->min_peers,
               o->baseline ? "and the baseline has no device of its model" : "and no --baseline", s);
    } else if (!by_peers && b == 0) {
        judged(e, VERDICT_UNJUDGED, REASON_NO_PEERS, "no peer of its model and driver measured what it did%s",
               o->baseline ? ", and the baseline has no device of its model" : ", and no --baseline");
    } else if (o->baseline && b == 0) {
        judged(e, VERDICT_PASS, REASON_NO_BASELINE, "the baseline has no device of its model");
    } else if (d->throttled) {
        judged(e, VERDICT_PASS, REASON_THROTTLED, "THROTTLED: clock %.0f MHz, its peers' %.0f MHz", d->clock_mhz,
               d->peers_clock_mhz);
    }
}

/* A rank of a shared device's line: the entry that leads it, and its own rank. */
typedef struct follower {
    size_t lead;
    long rank;
} follower;

static int by_lead_rank(const void *a, const void *b)
{
    const follower *x = a, *y = b;
    if (x->lead != y->lead)
        return x->lead < y->lead ? -1 : 1;
    return (x->rank > y->rank) - (x->rank < y->rank);
}

/* Each rank whose device another stands for, judged as it was, follows its line, which
 * lists their ranks in order; one judged otherwise (its own error, a binding's
 * SHARED_DEVICE, which each rank answers for) keeps a line of its own. */
static bool shared_lines(const fleet *f, verdicts *out)
{
    follower *w = malloc((f->n_devices ? f->n_devices : 1) * sizeof *w);
    if (!w)
        return false;
    size_t n = 0;
    for (size_t k = 0; k < f->n_devices; k++) {
        long s = f->devices[k].shared_with;
        verdict_entry *e = &out->entries[k], *lead = &out->entries[s < 0 ? k : (size_t)s];
        if (s < 0 || e->v != lead->v || e->code != lead->code || e->code == REASON_SHARED_DEVICE)
            continue;
        e->lead = s;
        if (!*lead->ranks) {
            snprintf(lead->ranks, sizeof lead->ranks, "%ld", lead->rank);
            w[n++] = (follower){(size_t)s, lead->rank};
        }
        w[n++] = (follower){(size_t)s, e->rank};
    }
    qsort(w, n, sizeof *w, by_lead_rank);
    for (size_t i = 0; i < n; i++) {
        char *r = out->entries[w[i].lead].ranks;
        size_t size = sizeof out->entries[w[i].lead].ranks, at = i && w[i - 1].lead == w[i].lead ? strlen(r) : 0;
        if (at + 24 < size)
            snprintf(r + at, size - at, "%s%ld", at ? ", " : "", w[i].rank);
        else if (strcmp(r + at - 3, "...") != 0)
            snprintf(r + at, size - at, ", ...");
    }
    free(w);
    return true;
}

/* A bad file's host and rank: its rank's start file's (the rank's own word), else its
 * name's (HOST-RANK.json; fleet_read.c read it into the error entry). */
static void bad_file_place(const json_t *starts, const char *src, verdict_entry *e)
{
    const json_t *s = rank_starts_find(starts, -1, src);
    const char *host = json_string_value(json_object_get(s, "host"));
    if (!host)
        return;
    snprintf(e->host, sizeof e->host, "%s", host);
    safe_text_inplace(e->host, sizeof e->host);
    e->rank = (long)json_integer_value(json_object_get(s, "rank"));
}

/* A rank that left no results but a start file: lost where it ran (killed before its
 * first write, a crash); false where it left none. */
static bool started(const json_t *s, verdict_entry *e)
{
    const char *host = json_string_value(json_object_get(s, "host"));
    if (!host)
        return false;
    const char *job = json_string_value(json_object_get(s, "job"));
    const char *choice = json_string_value(json_object_get(s, "device_choice"));
    const char *at = json_string_value(json_object_get(s, "started"));
    const char *src = json_string_value(json_object_get(s, "source"));
    e->v = VERDICT_ERROR;
    e->code = REASON_RANK_LOST;
    snprintf(e->host, sizeof e->host, "%s", host);
    safe_text_inplace(e->host, sizeof e->host);
    snprintf(e->why, sizeof e->why,
             "RANK_LOST: rank %ld started at %s%s%s (device: %s) and left no results: killed or crashed before its "
             "first workload, or its file removed (%s)",
             e->rank, at ? at : "?", job ? ", job " : "", job ? job : "", choice ? choice : "?", src ? src : "?");
    safe_text_inplace(e->why, sizeof e->why);
    return true;
}

bool verdicts_compute(const fleet *f, const verdict_opts *given, verdicts *out)
{
    memset(out, 0, sizeof *out);
    verdict_opts with = *given;
    const verdict_opts *o = &with;
    verdict_opts_resolve(&with);
    size_t cap = 0;
    double *scores = calloc(f->n_devices ? f->n_devices : 1, sizeof *scores);
    double *ratios = malloc((f->n_pairs ? f->n_pairs : 1) * sizeof *ratios);
    bool ok = (out->notes = json_array()) && scores && ratios && fleet_scores(f, scores, ratios);
    for (size_t k = 0; ok && k < f->n_devices; k++)
        ok = add(out, &cap) != NULL;
    ok = ok && (!o->baseline || baseline_scores(f, o->baseline, out));
    for (size_t k = 0; ok && k < f->n_devices; k++) {
        out->entries[k].score = scores[k];
        out->entries[k].peers = fleet_model_size(f, k);
        out->entries[k].worst = fleet_worst_workload(f, k, ratios, out->entries[k].worst_workload,
                                                     sizeof out->entries[k].worst_workload);
        judge_device(f, k, o, &out->entries[k]);
        long s = f->devices[k].size;
        out->expected = s > out->expected && s <= VERDICT_EXPECT_MAX ? s : out->expected;
    }
    free(scores);
    free(ratios);
    /* The document's errors: devices that did not open, lost ranks, bad files. */
    for (size_t i = 0; ok && i < json_array_size(f->errors); i++) {
        const json_t *err = json_array_get(f->errors, i);
        verdict_entry *e = add(out, &cap);
        if (!(ok = e != NULL))
            break;
        e->v = VERDICT_ERROR;
        e->rank = fleet_rank_field(json_object_get(err, "rank"), "rank", -1);
        const char *host = json_string_value(json_object_get(err, "host"));
        const char *name = json_string_value(json_object_get(err, "name"));
        snprintf(e->host, sizeof e->host, "%s", host ? host : "");
        snprintf(e->model, sizeof e->model, "%s", name ? name : "");
        const char *status = json_string_value(json_object_get(err, "status"));
        e->code = reason_of_status(status);
        const char *msg = json_string_value(json_object_get(err, "message"));
        const char *src = json_string_value(json_object_get(err, "source"));
        if (src && e->code == REASON_BAD_FILE)
            bad_file_place(o->starts, src, e);
        snprintf(e->why, sizeof e->why, "%s: %s%s%s", status ? status : "ERROR", msg ? msg : "", src ? " in " : "",
                 src ? src : "");
        const json_t *size = json_object_get(err, "size");
        long s = json_is_integer(size) ? (long)json_integer_value(size) : 0;
        out->expected = s > out->expected && s <= VERDICT_EXPECT_MAX ? s : out->expected;
    }
    if (!ok)
        return false;
    if (!inventory_judge(f, o, out, add, &cap))
        return false;
    if (!shared_lines(f, out))
        return false;
    /* Ranks expected: --expect, else the largest size a rank said. */
    if (o->expect > 0)
        out->expected = o->expect;
    bool *seen = calloc((size_t)(out->expected > 0 ? out->expected : 1), sizeof *seen);
    const json_t **start = rank_starts_index(o->starts, out->expected);
    if (!seen || !start) {
        free(seen);
        free(start);
        return false;
    }
    for (size_t i = 0; i < out->n; i++)
        if (out->entries[i].rank >= 0 && out->entries[i].rank < out->expected)
            seen[out->entries[i].rank] = true;
    for (long r = 0; r < out->expected; r++) {
        if (seen[r])
            continue;
        verdict_entry *e = add(out, &cap);
        if (!e) {
            free(seen);
            free(start);
            return false;
        }
        e->rank = r;
        if (!started(start[r], e)) {
            e->v = VERDICT_MISSING;
            e->code = REASON_MISSING;
            snprintf(e->why, sizeof e->why, "rank %ld of %ld left no results file and no error", r, out->expected);
        }
    }
    free(seen);
    free(start);
    if (!duplicates(f, out))
        return false;
    if (o->confirm)
        confirm_judge(o->confirm, f, out);
    for (size_t i = 0; i < out->n; i++)
        out->worst = out->entries[i].v > out->worst ? out->entries[i].v : out->worst;
    return true;
}

void verdicts_free(verdicts *v)
{
    free(v->entries);
    json_decref(v->notes);
    memset(v, 0, sizeof *v);
}

bool verdict_fails(const verdict_entry *e, unsigned fail_on)
{
    reason_level l = reason_of((reason_code)e->code)->level;
    return e->v != VERDICT_PASS && ((fail_on & (1u << e->v)) || ((fail_on & FAIL_ON_FAIL) && l == LEVEL_FAIL) ||
                                    ((fail_on & FAIL_ON_WARN) && l >= LEVEL_WARN));
}

int verdicts_exit_status(const verdicts *v, unsigned fail_on)
{
    int rc = 0;
    for (size_t i = 0; i < v->n; i++) {
        if (!verdict_fails(&v->entries[i], fail_on))
            continue;
        if (reason_of((reason_code)v->entries[i].code)->level == LEVEL_FAIL)
            rc = VERDICT_EXIT_FAILED;
        else
            rc = rc ? rc : VERDICT_EXIT_DEGRADED;
    }
    return rc;
}

/* {confirmed, first: {code, score, baseline_score, worst}}: null where not measured again. */
static json_t *first_json(const verdict_entry *e)
{
    if (e->confirmed < 0)
        return json_null();
    return json_pack("{s:s, s:o, s:o, s:o}", "code", reason_name((reason_code)e->first_code), "score",
                     e->first_score > 0 ? json_real(e->first_score) : json_null(), "baseline_score",
                     e->first_baseline_score > 0 ? json_real(e->first_baseline_score) : json_null(), "worst",
                     e->first_worst > 0 ? json_real(e->first_worst) : json_null());
}

static json_t *entry_json(const verdict_entry *e)
{
    const reason_row *r = reason_of((reason_code)e->code);
    json_t *worst = e->worst > 0 ? json_pack("{s:s, s:f}", "workload", e->worst_workload, "score", e->worst) : json_null();
    return json_pack("{s:s, s:s, s:s, s:o, s:o, s:s?, s:s?, s:o, s:o, s:o, s:o, s:o, s:s}", "verdict", verdict_name(e->v),
                     "code", r->name, "level", reason_level_name(r->level), "device",
                     e->device >= 0 ? json_integer(e->device) : json_null(), "rank",
                     e->rank >= 0 ? json_integer(e->rank) : json_null(), "host", *e->host ? e->host : NULL, "model",
                     *e->model ? e->model : NULL, "score", e->score > 0 ? json_real(e->score) : json_null(),
                     "baseline_score", e->baseline_score > 0 ? json_real(e->baseline_score) : json_null(),
                     "worst_workload", worst, "confirmed", e->confirmed < 0 ? json_null() : json_boolean(e->confirmed),
                     "first", first_json(e), "why", e->why);
}

json_t *verdicts_json(const verdicts *v, unsigned fail_on)
{
    json_t *entries = json_array(), *counts = json_object(), *hosts = json_object();
    for (int x = 0; x < VERDICT_COUNT; x++)
        json_object_set_new(counts, names[x], json_integer(0));
    for (size_t i = 0; i < v->n; i++) {
        const verdict_entry *e = &v->entries[i];
        json_array_append_new(entries, entry_json(e));
        json_t *c = json_object_get(counts, names[e->v]);
        json_integer_set(c, json_integer_value(c) + 1);
        const char *h = *e->host ? e->host : "unknown host";
        json_t *was = json_object_get(hosts, h);
        int worst = was ? verdict_parse(json_string_value(was)) : 0;
        if (!was || (int)e->v > worst)
            json_object_set_new(hosts, h, json_string(names[e->v]));
    }
    int rc = verdicts_exit_status(v, fail_on);
    return json_pack("{s:s, s:i, s:o, s:s, s:o, s:o, s:O, s:o}", "status",
                     rc == 0 ? "pass" : rc == VERDICT_EXIT_DEGRADED ? "degraded" : "failed", "exit_status", rc,
                     "expected_ranks", v->expected > 0 ? json_integer(v->expected) : json_null(), "worst",
                     names[v->worst], "counts", counts, "hosts", hosts, "notes", v->notes, "entries", entries);
}
