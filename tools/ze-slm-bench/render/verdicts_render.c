/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "io/json_write.h"
#include "render/run_render.h"
#include "model/hosts.h"
#include "render/verdicts_render.h"
#include "fleet/reason_codes.h"
#include "render/fleet_exports.h"
#include "table/safe_text.h"

static void where(const verdict_entry *e, char *buf, size_t len)
{
    int n = snprintf(buf, len, "%s", *e->host ? e->host : "unknown host");
    if (*e->ranks && n >= 0 && (size_t)n < len)
        n += snprintf(buf + n, len - (size_t)n, ", ranks %s", e->ranks);
    else if (e->rank >= 0 && n >= 0 && (size_t)n < len)
        n += snprintf(buf + n, len - (size_t)n, ", rank %ld", e->rank);
    if (e->device >= 0 && n >= 0 && (size_t)n < len)
        n += snprintf(buf + n, len - (size_t)n, ", d%ld", e->device);
    if (*e->model && n >= 0 && (size_t)n < len)
        snprintf(buf + n, len - (size_t)n, " %s", e->model);
}

/* A line of text holds no control character (a newline, a CR that would overwrite
 * it, an ESC), whatever a file named its host or device. */
static void one_line(FILE *f, const char *s)
{
    safe_text_fputs(s, f);
}

/* Each model the baseline has no device of, once: its devices were judged against
 * their peers alone (ZESLM_FR_NO_BASELINE), which the failing lines do not say. */
static void no_baseline(FILE *f, const verdicts *v)
{
    for (size_t i = 0; i < v->n; i++) {
        const verdict_entry *e = &v->entries[i];
        if (e->code != REASON_NO_BASELINE)
            continue;
        size_t devices = 0, first = i;
        for (size_t j = 0; j < v->n && first == i; j++)
            if (j < i && v->entries[j].code == REASON_NO_BASELINE && strcmp(v->entries[j].model, e->model) == 0)
                first = j;
        if (first != i)
            continue;
        /* Every device of the model, whatever its verdict against its peers (a SLOW one
         * was not judged against the baseline either). */
        for (size_t j = 0; j < v->n; j++)
            devices += v->entries[j].device >= 0 && v->entries[j].baseline_score == 0 &&
                       strcmp(v->entries[j].model, e->model) == 0;
        fputs("NOTE       the baseline has no device of ", f);
        one_line(f, e->model);
        fprintf(f, ": %zu device%s judged against %s peers alone [%s]\n", devices, devices == 1 ? "" : "s",
                devices == 1 ? "its" : "their", reason_name(REASON_NO_BASELINE));
    }
}

void verdicts_text_first(FILE *f, const verdicts *v)
{
    for (int x = VERDICT_COUNT - 1; x > VERDICT_PASS; x--)
        for (size_t i = 0; i < v->n; i++) {
            const verdict_entry *e = &v->entries[i];
            /* A rank judged with the device it shared is on that device's line. */
            if ((int)e->v != x || e->lead >= 0)
                continue;
            char at[400];
            where(e, at, sizeof at);
            fprintf(f, "%-10s ", verdict_name(e->v));
            one_line(f, at);
            fputs(": ", f);
            one_line(f, e->why);
            const reason_row *r = reason_of((reason_code)e->code);
            fprintf(f, " [%s, %s]\n", r->name, reason_level_name(r->level));
        }
    no_baseline(f, v);
    for (size_t i = 0; i < json_array_size(v->notes); i++) {
        fputs("NOTE       ", f);
        one_line(f, json_string_value(json_array_get(v->notes, i)));
        fputc('\n', f);
    }
}

void verdicts_text_last(FILE *f, const verdicts *v, unsigned fail_on, bool unwritten)
{
    size_t counts[VERDICT_COUNT] = {0};
    for (size_t i = 0; i < v->n; i++)
        counts[v->entries[i].v]++;
    fputs("Verdicts:", f);
    const char *sep = " ";
    for (int x = 0; x < VERDICT_COUNT; x++)
        if (counts[x]) {
            fprintf(f, "%s%zu %s", sep, counts[x], verdict_name(x));
            sep = ", ";
        }
    if (v->expected > 0)
        fprintf(f, " (%ld ranks expected)", v->expected);
    /* The status the tool exits with: its own error, an output not written, comes first. */
    int rc = unwritten ? 1 : verdicts_exit_status(v, fail_on);
    fprintf(f, "; exit status %d (%s).\n", rc,
            unwritten ? "an output was not written" : rc == 0 ? "pass" : rc == VERDICT_EXIT_DEGRADED ? "degraded" : "failed");
}

/* XML character data and attribute values: the five entities, and no control
 * character (XML 1.0 allows none but tab, newline and carriage return). */
static void xml(FILE *f, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        switch (c) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&apos;", f); break;
        default:
            /* C1 in UTF-8 (U+0080..U+009F), which XML allows and a terminal showing the
             * report may not: escaped as the text's are. */
            if (c == 0xc2 && (unsigned char)s[1] >= 0x80 && (unsigned char)s[1] <= 0x9f) {
                fprintf(f, "\\u00%02x", (unsigned char)*++s);
                break;
            }
            if (c < 0x20 || c == 0x7f)
                fprintf(f, "\\x%02x", c);
            else
                fputc(c, f);
            break;
        }
    }
}

static bool fails(const verdict_entry *e, unsigned fail_on)
{
    return verdict_fails(e, fail_on);
}

static void testcase(FILE *f, const char *classname, const char *name, const verdict_entry *e, bool failed)
{
    fputs("    <testcase classname=\"", f);
    xml(f, classname);
    fputs("\" name=\"", f);
    xml(f, name);
    fputs("\" time=\"0\">", f);
    const char *why = e->why, *code = reason_name((reason_code)e->code);
    if (failed) {
        fputs("\n      <failure type=\"", f);
        xml(f, code);
        fputs("\" message=\"", f);
        xml(f, verdict_name(e->v));
        fputs(": ", f);
        xml(f, why);
        fputs(" [", f);
        xml(f, code);
        fputs("]\"/>\n    ", f);
    } else if (*why || e->v != VERDICT_PASS) {
        fputs("\n      <system-out>", f);
        xml(f, verdict_name(e->v));
        fputs(" ", f);
        xml(f, code);
        fputs(": ", f);
        xml(f, why);
        fputs("</system-out>\n    ", f);
    }
    fputs("</testcase>\n", f);
}

/* JUnit as Jenkins and GitLab read it: a test suite per host, a test case per device,
 * error entry and missing rank; a failing one fails its suite. */
bool verdicts_junit(FILE *f, const void *data)
{
    const verdicts_output *out = data;
    const verdicts *v = out->v;
    size_t failures = 0;
    for (size_t i = 0; i < v->n; i++)
        failures += fails(&v->entries[i], out->fail_on);
    const char **hosts = calloc(v->n ? v->n : 1, sizeof *hosts);
    size_t n_hosts = 0;
    if (!hosts)
        return false;
    for (size_t i = 0; i < v->n; i++) {
        const char *h = *v->entries[i].host ? v->entries[i].host : "unknown host";
        size_t k = 0;
        while (k < n_hosts && strcmp(hosts[k], h) != 0)
            k++;
        if (k == n_hosts)
            hosts[n_hosts++] = h;
    }
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"ze-slm-bench\" tests=\"%zu\" "
               "failures=\"%zu\" errors=\"0\" time=\"0\">\n",
            v->n, failures);
    for (size_t k = 0; k < n_hosts; k++) {
        size_t tests = 0, failed = 0;
        for (size_t i = 0; i < v->n; i++)
            if (strcmp(*v->entries[i].host ? v->entries[i].host : "unknown host", hosts[k]) == 0) {
                tests++;
                failed += fails(&v->entries[i], out->fail_on);
            }
        fputs("  <testsuite name=\"", f);
        xml(f, hosts[k]);
        fprintf(f, "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"0\" time=\"0\">\n", tests, failed);
        for (size_t i = 0; i < v->n; i++) {
            const verdict_entry *e = &v->entries[i];
            if (strcmp(*e->host ? e->host : "unknown host", hosts[k]) != 0)
                continue;
            char name[600];
            where(e, name, sizeof name);
            testcase(f, hosts[k], name, e, fails(e, out->fail_on));
        }
        fputs("  </testsuite>\n", f);
    }
    fputs("</testsuites>\n", f);
    free(hosts);
    return true;
}

/* A line per entry: the document's verdict entry with `fails`, and for a device its
 * `index` on its host and `workloads` ({WORKLOAD: score against its model, or null}),
 * so that a fleet page draws its distributions from these lines alone. */
bool verdicts_jsonl(FILE *f, const void *data)
{
    const verdicts_output *out = data;
    const fleet *fl = out->f;
    json_t *all = verdicts_json(out->v, out->fail_on);
    json_t *entries = json_object_get(all, "entries");
    size_t n_dev = fl ? fl->n_devices : 0;
    double *scores = malloc((n_dev ? n_dev : 1) * sizeof *scores);
    double *ratios = malloc((fl && fl->n_pairs ? fl->n_pairs : 1) * sizeof *ratios);
    bool ok = all && scores && ratios && (!fl || fleet_scores(fl, scores, ratios));
    for (size_t i = 0; ok && i < json_array_size(entries); i++) {
        json_t *e = json_array_get(entries, i);
        long d = out->v->entries[i].device;
        ok = json_object_set_new(e, "fails", json_boolean(fails(&out->v->entries[i], out->fail_on))) == 0;
        if (ok && d >= 0 && (size_t)d < n_dev) {
            json_t *w = fleet_workload_scores(fl, (size_t)d, ratios);
            /* json_object_set_new takes w, set or not. */
            ok = w && json_object_set_new(e, "workloads", w) == 0 &&
                 json_object_set_new(e, "index", json_integer(fl->devices[d].index)) == 0;
        }
        ok = ok && json_write_line(f, e);
    }
    free(scores);
    free(ratios);
    json_decref(all);
    return ok;
}

int verdicts_render(const output_plan *plan, run_doc *merged, const verdict_opts *o, const json_t *notes)
{
    verdicts v = {0};
    fleet f;
    if (!fleet_init(&f))
        return cli_error("out of host memory");
    bool ok = fleet_add_doc(&f, merged, NULL) && fleet_mark_duplicates(&f) && fleet_mark_shared(&f) &&
              verdicts_compute(&f, o, &v);
    if (!ok) {
        fleet_free(&f);
        verdicts_free(&v);
        return cli_error("out of host memory");
    }
    if (notes)
        json_array_extend(v.notes, (json_t *)notes);
    /* A document merged from others holds its verdicts; one run's document (merge of
     * one file) is written again as it was read, and has none. */
    if (run_doc_merged(merged)) {
        json_decref(merged->verdicts);
        merged->verdicts = verdicts_json(&v, o->fail_on);
    }
    verdicts_text_first(plan->text, &v);
    /* The fleet's errors set the status through their verdicts; rc is the tool's own.
     * Its head counts the verdicts' SLOW and ERROR entries, as the last line does. */
    size_t counts[VERDICT_COUNT] = {0};
    for (size_t i = 0; i < v.n; i++)
        counts[v.entries[i].v]++;
    int rc = run_render_fleet(plan->text, merged, (long)counts[VERDICT_SLOW], (long)counts[VERDICT_ERROR]) ? 0 : 1;
    rc |= run_render_write(plan, merged);
    verdicts_output out = {&v, o->fail_on, &f};
    rc |= output_plan_write(plan, OUTPUT_JUNIT, verdicts_junit, &out);
    rc |= output_plan_write(plan, OUTPUT_JSONL, verdicts_jsonl, &out);
    rc |= fleet_exports_write(plan, &out, o);
    verdicts_text_last(plan->text, &v, o->fail_on, rc != 0);
    int status = verdicts_exit_status(&v, o->fail_on);
    fleet_free(&f);
    verdicts_free(&v);
    return rc ? 1 : status;
}
