/* SPDX-License-Identifier: MIT */
/* What a run's text says around its numbers: columns named for their quantity, rows
 * spread by more than 20% marked and warned of, columns dropped to fit named, prose
 * wrapped in its column, the shared footnotes once per run, the best group size of a
 * profile marked, a closing summary, and the default sizes' scale stated. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "table/params_text.h"
#include "render/report.h"
#include "json/run_doc_json.h"
#include "model/run_doc.h"
#include "render/run_render.h"
#include "render/run_summary.h"
#include "table/table.h"

/* A measured result of workload/variant at `params`, group `group`, median `ns`,
 * launches from ns to ns + spread_ns. */
static zeslm_result *add(zeslm_results *out, const char *workload, const char *variant, const char *params,
                         uint32_t group, uint64_t ns, uint64_t spread_ns, double rate, const char *unit)
{
    out->items = realloc(out->items, (out->count + 1) * sizeof *out->items);
    zeslm_result *r = &out->items[out->count++];
    *r = (zeslm_result){.outcome = ZESLM_MEASURED, .group_size = group, .groups = 8, .rate = rate, .rate_unit = unit};
    snprintf(r->workload, sizeof r->workload, "%s", workload);
    snprintf(r->variant, sizeof r->variant, "%s", variant);
    snprintf(r->params, sizeof r->params, "%s", params);
    snprintf(r->verify_note, sizeof r->verify_note, "all outputs");
    r->times_ns = malloc(2 * sizeof *r->times_ns);
    r->times_ns[0] = ns;
    r->times_ns[1] = ns + spread_ns;
    r->stats = (zeslm_stats){.n = 2, .min_ns = ns, .median_ns = ns, .max_ns = ns + spread_ns,
                             .mean_ns = (double)ns + (double)spread_ns / 2,
                             .spread = (double)spread_ns / (double)ns};
    return r;
}

static size_t count(const char *text, const char *what)
{
    size_t n = 0;
    for (const char *p = text; (p = strstr(p, what)); p += strlen(what))
        n++;
    return n;
}

/* A run of one device with three workloads (latency, bank, roofline), rendered as text. */
static char *render(bool markdown)
{
    zeslm_run_opts o = {.seed = 7, .reps = 2, .warmup = 1};
    run_doc doc;
    run_doc_init(&doc, json_pack("{s:s, s:s}", "tool", "ze-slm-bench test", "host", "h"), &o);
    run_doc_device *d = run_doc_add_device(&doc, 1, 0, "h", json_pack("{s:s, s:s, s:s, s:b}", "backend", "cl",
                                                                       "name", "cpu", "driver", "1.0", "gpu", 0),
                                           "SPIR-V");
    assert_non_null(d);
    d->size_scale = 1.0 / 512;
    snprintf(d->size_rule, sizeof d->size_rule, "not a GPU, 1 compute unit: 1/512 of a GPU's sizes");
    zeslm_results mine = {0};
    run_section lat = {.wl = zeslm_workload_find("latency"), .first = 0, .count = 2};
    zeslm_result *r = add(&mine, "latency", "slm", "footprint=1024", 256, 1000, 10, 1.7, "ns/access");
    r->ratio = 5.1;
    r->ratio_name = "cycles per access at the reported maximum clock";
    r->work_unit = "steps";
    r->work_units = 4096;
    r->converged = ZESLM_CONVERGED;
    r = add(&mine, "latency", "slm", "footprint=2048", 256, 1000, 700, 1.9, "ns/access"); /* 70% spread */
    r->work_unit = "steps";
    r->work_units = 4096;
    r->converged = ZESLM_UNCONVERGED;
    assert_true(run_doc_append(d, &mine, &lat, NULL));
    zeslm_results_free(&mine);
    run_section bank = {.wl = zeslm_workload_find("bank"), .first = 0, .count = 2};
    add(&mine, "bank", "strided", "stride=1", 64, 2000, 10, 10.0, "GB/s");
    add(&mine, "bank", "strided", "stride=1", 128, 1000, 10, 20.0, "GB/s"); /* the better group size */
    assert_true(run_doc_append(d, &mine, &bank, NULL));
    zeslm_results_free(&mine);
    /* The ceilings: memory, SLM and multiply-adds, no alternatives to one another. */
    run_section roof = {.wl = zeslm_workload_find("roofline"), .first = 0, .count = 3};
    add(&mine, "roofline", "read", "bytes=1048576", 256, 1000, 10, 300.0, "GB/s");
    add(&mine, "roofline", "slm", "rounds=256", 256, 1000, 10, 30000.0, "GB/s");
    add(&mine, "roofline", "imad", "rounds=256", 256, 1000, 10, 15000.0, "GMAC/s");
    assert_true(run_doc_append(d, &mine, &roof, NULL));
    zeslm_results_free(&mine);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    if (markdown) {
        run_render_markdown(f, &doc);
    } else {
        for (size_t i = 0; i < d->n_sections; i++)
            run_render_section(f, &doc, d, &d->sections[i]);
        run_render_tail(f, &doc);
    }
    fclose(f);
    json_t *j = run_doc_json(&doc);
    json_t *dev = json_array_get(json_object_get(j, "devices"), 0);
    if (!dev)
        dev = j;
    assert_true(json_real_value(json_object_get(dev, "size_scale")) == 1.0 / 512);
    assert_string_equal(json_string_value(json_object_get(dev, "size_rule")),
                        "not a GPU, 1 compute unit: 1/512 of a GPU's sizes");
    json_decref(j);
    run_doc_free(&doc);
    return text;
}

static void columns_named_for_their_quantity(void **state)
{
    (void)state;
    char *text = render(false);
    assert_null(strstr(text, "extra"));
    assert_non_null(strstr(text, "(cycles: cycles per access at the reported maximum clock)"));
    free(text);
}

static void byte_counts_scaled(void **state)
{
    (void)state;
    char *text = render(false);
    assert_non_null(strstr(text, " footprint=2 KiB "));
    assert_null(strstr(text, "footprint=2048"));
    free(text);
    char buf[64];
    params_text("bytes=1073741824 waves=2", false, buf, sizeof buf);
    assert_string_equal(buf, "bytes=1 GiB waves=2");
    params_text("slm=43688 group=256", false, buf, sizeof buf);
    assert_string_equal(buf, "slm=42.7 KiB group=256");
    /* Counts and words that are not whole numbers stay as they are. */
    params_text("n=1048583 input=uniform slm=x bytes=", false, buf, sizeof buf);
    assert_string_equal(buf, "n=1048583 input=uniform slm=x bytes=");
    params_text("bytes=1073741824 waves=2", false, buf, 8);
    assert_string_equal(buf, "bytes=1");
}

static void spread_rows_marked_and_warned(void **state)
{
    (void)state;
    char *text = render(false);
    assert_non_null(strstr(text, "1.00 us ~"));
    assert_int_equal(count(text, "us ~"), 1);
    assert_non_null(strstr(text, "warning: 1 row marked ~ spread by more than 20%"));
    free(text);
}

static void footnotes_once_per_run(void **state)
{
    (void)state;
    char *text = render(false);
    assert_int_equal(count(text, "(spread: (max - min) / median"), 1);
    assert_int_equal(count(text, "(work: what one launch did"), 1);
    /* After the last table, not after the first. */
    assert_true(strstr(text, "(spread: (max - min) / median") > strstr(text, "== bank"));
    free(text);
}

static void best_group_marked(void **state)
{
    (void)state;
    char *text = render(false);
    assert_non_null(strstr(text, "128 best"));
    assert_null(strstr(text, "64 best"));
    free(text);
}

static void closing_summary(void **state)
{
    (void)state;
    char *text = render(false);
    const char *s = strstr(text, "Summary: the best variant of each workload");
    assert_non_null(s);
    /* latency's best is the shortest time per access (its footprint scaled, as in the
     * tables); bank's the faster group. */
    assert_non_null(strstr(s, "footprint=1 KiB"));
    assert_non_null(strstr(s, "20.0 GB/s"));
    /* roofline's variants are the run's ceilings: none is the best of them. */
    assert_null(strstr(s, "roofline"));
    assert_non_null(strstr(s, "1 unconverged"));
    assert_non_null(strstr(s, "1 spread by more than 20%"));
    assert_null(strstr(s, "unconverged "));
    /* The line wraps at 100 columns: its start and its rule. */
    assert_non_null(strstr(text, "Default sizes, by the device's properties (the same on every run): "));
    assert_non_null(strstr(text, "1/512"));
    free(text);
    text = render(true);
    assert_non_null(strstr(text, "### Summary"));
    assert_int_equal(count(text, "(spread: (max - min) / median"), 1);
    assert_non_null(strstr(text, "1/512"));
    free(text);
}

/* t's text at `width` (t freed), malloc'd. */
static char *table_text_of(table *t, size_t width)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    table_text(f, t, width);
    fclose(f);
    table_free(t);
    return text;
}

/* A table too wide for its width names what it left out. */
static void dropped_columns_named(void **state)
{
    (void)state;
    static const table_column cols[] = {{"variant", false, 9}, {"sd", true, 4}, {"group", true, 3}};
    table t;
    table_init(&t, cols, 3);
    const char *row[] = {"a_rather_long_variant_name", "12.5%", "1024"};
    table_add(&t, row, NULL);
    char *text = table_text_of(&t, 36);
    assert_non_null(strstr(text, "(left out to fit 36 columns: group;"));
    assert_non_null(strstr(text, "12.5%"));
    free(text);
}

/* A column of prose too wide for the width wraps inside itself, and the columns of
 * more `keep` stay: run --list in 100 columns keeps what each variant measures. */
static void prose_wraps_in_its_column(void **state)
{
    (void)state;
    static const table_column cols[] = {{"variant", false, 100}, {"measures", false, 95}, {"rate", false, 90}};
    table t;
    table_init(&t, cols, 3);
    table_wrap(&t, 1);
    const char *row[] = {"roofline/read", "device memory read, best of 2, 4 and 8 rounds of groups of work-items",
                         "GB/s"};
    table_add(&t, row, NULL);
    char *text = table_text_of(&t, 72);
    assert_null(strstr(text, "left out"));
    assert_non_null(strstr(text, "measures"));
    assert_non_null(strstr(text, "GB/s"));
    /* Every line fits; the prose goes on under its own column, word by word. */
    size_t lines = 0;
    for (char *line = text, *end; *line; line = end + 1, lines++) {
        end = strchr(line, '\n');
        assert_non_null(end);
        assert_true((size_t)(end - line) <= 72);
    }
    assert_true(lines >= 3);
    /* The room left after the rate widens the prose's column to 51. */
    assert_non_null(strstr(text, "\nroofline/read  device memory read, best of 2, 4 and 8 rounds of     GB/s\n"));
    assert_non_null(strstr(text, "\n               groups of work-items\n"));
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(columns_named_for_their_quantity),
        cmocka_unit_test(byte_counts_scaled),
        cmocka_unit_test(spread_rows_marked_and_warned),
        cmocka_unit_test(footnotes_once_per_run),
        cmocka_unit_test(best_group_marked),
        cmocka_unit_test(closing_summary),
        cmocka_unit_test(dropped_columns_named),
        cmocka_unit_test(prose_wraps_in_its_column),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
