/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <zeslm/bench.h>

#include "expect/expected_table.h"
#include "expect/expected_verdict.h"

/* The figures judged are the workloads' headlines (zeslm_workload.headlines), in the
 * order of the workloads; the tool keeps how each one's paper peak is worked out. */
typedef zeslm_headline headline;

/* What a device's facts and clocks say, for the peaks. */
typedef struct device_props {
    double cus, clock_mhz, latency_mhz, mem_mhz, bus_bits, eus, simd;
    const char *mem_from;  /* "Level Zero", "NVML" */
} device_props;

static double num(const json_t *o, const char *key)
{
    json_t *v = json_object_get(o, key);
    return json_is_number(v) ? json_number_value(v) : 0;
}

static void props_of(const run_doc_device *d, device_props *p)
{
    *p = (device_props){num(d->facts, "compute_units"), num(d->facts, "clock_mhz"), 0, 0, 0,
                        num(d->facts, "eus_per_subslice"), num(d->facts, "simd_width"), NULL};
    p->latency_mhz = num(json_object_get(json_object_get(d->clocks, "workloads"), "latency"), "mhz_median");
    if (!(p->latency_mhz > 0))
        p->latency_mhz = p->clock_mhz;
    if (num(d->facts, "memory_clock_mhz") > 0 && num(d->facts, "memory_bus_bits") > 0) {
        p->mem_mhz = num(d->facts, "memory_clock_mhz"), p->bus_bits = num(d->facts, "memory_bus_bits");
        p->mem_from = "the driver's memory properties";
    } else if (num(d->clocks, "memory_max_mhz") > 0 && num(d->clocks, "memory_bus_bits") > 0) {
        p->mem_mhz = num(d->clocks, "memory_max_mhz"), p->bus_bits = num(d->clocks, "memory_bus_bits");
        p->mem_from = "NVML";
    }
}

/* The figure as workload wl of the run measured it, in h->unit; false when the run
 * does not have it. */
static bool measured(const run_doc_device *d, const zeslm_workload *wl, const headline *h, double *out)
{
    if (h->variant) {
        double best = 0;
        for (size_t i = 0; i < d->results.count; i++) {
            const zeslm_result *r = &d->results.items[i];
            if (r->outcome != ZESLM_MEASURED || strcmp(r->workload, wl->name) != 0 ||
                strcmp(r->variant, h->variant) != 0 || !r->rate_unit)
                continue;
            double v = h->extra ? r->ratio : r->rate;
            if ((h->extra || strcmp(r->rate_unit, h->unit) == 0) && v > best)
                best = v;
        }
        *out = best;
        return best > 0;
    }
    /* The first of its findings' keys that the run has. */
    const json_t *f = json_object_get(d->findings, wl->name);
    for (const char *k = h->finding; k && *k;) {
        size_t n = strcspn(k, " ");
        char key[64];
        snprintf(key, sizeof key, "%.*s", (int)n, k);
        if ((*out = num(f, key)) > 0)
            return true;
        k += n + (k[n] == ' ');
    }
    return false;
}

/* The paper peak of a figure from the device's properties (and the family's published
 * banks and lanes); 0 none. `formula` says how it was worked out. */
static double paper_peak(const headline *h, const device_props *p, const json_t *family, double banks_measured,
                         char *formula, size_t len)
{
    const char *src = NULL;
    double banks = expected_table_property(family, "banks", &src);
    const char *banks_from = "published";
    if (!(banks > 0) && banks_measured > 0)
        banks = banks_measured, banks_from = "as measured";
    double ghz = p->clock_mhz / 1000;
    if (!strcmp(h->key, "memory_read") || !strcmp(h->key, "memory_copy")) {
        if (!(p->mem_mhz > 0))
            return 0;
        snprintf(formula, len, "%.0f MHz x %.0f bits x 2 / 8 (memory clock and bus width from %s)", p->mem_mhz,
                 p->bus_bits, p->mem_from);
        return p->mem_mhz * 1e6 * p->bus_bits * 2 / 8 / 1e9;
    }
    if (!(banks > 0))
        return 0;
    if (!strcmp(h->key, "slm_bytes_per_clock")) {
        snprintf(formula, len, "%.0f banks (%s) x 4 B", banks, banks_from);
        return banks * 4;
    }
    if (!(p->cus > 0 && ghz > 0))
        return 0;
    if (!strcmp(h->key, "slm_bandwidth")) {
        snprintf(formula, len, "%.0f CUs x %.0f banks (%s) x 4 B x %.0f MHz", p->cus, banks, banks_from, p->clock_mhz);
        return p->cus * banks * 4 * ghz;
    }
    if (!strcmp(h->key, "slm_atomics")) {
        snprintf(formula, len, "%.0f CUs x %.0f banks (%s) x %.0f MHz: one atomic a bank a clock, this tool's "
                 "assumption (no published rate)", p->cus, banks,
                 banks_from, p->clock_mhz);
        return p->cus * banks * ghz;
    }
    if (!strcmp(h->key, "int32_mad")) {
        double lanes = expected_table_property(family, "int32_lanes_per_cu", NULL);
        const char *from = "published";
        if (!(lanes > 0) && p->eus > 0 && p->simd > 0)
            lanes = p->eus * p->simd, from = "EUs x SIMD width";
        if (!(lanes > 0))
            return 0;
        snprintf(formula, len, "%.0f CUs x %.0f lanes (%s) x %.0f MHz", p->cus, lanes, from, p->clock_mhz);
        return p->cus * lanes * ghz;
    }
    return 0;
}

/* One published value against the measurement: LOW past its tolerance on the worse
 * side (for a count, any difference: HIGH above, LOW below), else "as expected". */
static const char *judge(const headline *h, double m, double v, double tol)
{
    if (h->better == ZESLM_BETTER_EXACT)
        return m > v ? "HIGH" : m < v ? "LOW" : "as expected";
    if (h->better == ZESLM_BETTER_HIGHER)
        return m < v * (1 - tol) ? "LOW" : "as expected";
    return m > v * (1 + tol) ? "LOW" : "as expected";
}

static json_t *figure_json(const headline *h, const device_props *p, const json_t *family, const char *device_name,
                           double banks_measured, double m)
{
    json_t *o = json_object();
    json_object_set_new(o, "figure", json_string(h->key));
    json_object_set_new(o, "label", json_string(h->label));
    json_object_set_new(o, "unit", json_string(h->unit));
    json_object_set_new(o, "measured", json_real(m));
    double cycles = h->cycles && p->latency_mhz > 0 ? m * p->latency_mhz / 1000 : 0;
    json_object_set_new(o, "measured_cycles", cycles > 0 ? json_real(cycles) : json_null());
    char formula[200] = "";
    double peak = paper_peak(h, p, family, banks_measured, formula, sizeof formula);
    json_object_set_new(o, "paper_peak", peak > 0 ? json_real(peak) : json_null());
    json_object_set_new(o, "peak_fraction", peak > 0 ? json_real(m / peak) : json_null());
    json_object_set_new(o, "peak_formula", peak > 0 ? json_string(formula) : json_null());
    json_t *pubs = json_array(), *e;
    size_t i, n_pub = 0, n_low = 0;
    json_array_foreach(json_object_get(family, "published"), i, e) {
        const char *fig = json_string_value(json_object_get(e, "figure")), *unit = json_string_value(json_object_get(e, "unit"));
        double v = num(e, "value"), tol = num(e, "tolerance");
        if (!fig || strcmp(fig, h->key) != 0 || !unit || !(v > 0) || !expected_table_entry_applies(e, device_name))
            continue;
        /* A latency published in cycles is judged in cycles of the clock sampled. */
        double against = strcmp(unit, "cycles") == 0 ? cycles : strcmp(unit, h->unit) == 0 ? m : 0;
        if (!(against > 0))
            continue;
        const char *verdict = judge(h, against, v, tol);
        n_pub++, n_low += strcmp(verdict, "as expected") != 0;
        json_t *x = json_deep_copy(e);
        json_object_set_new(x, "ratio", json_real(against / v));
        json_object_set_new(x, "verdict", json_string(verdict));
        json_array_append_new(pubs, x);
    }
    json_object_set_new(o, "published", pubs);
    const char *verdict, *why;
    char because[200];
    if (peak > 0 && h->better == ZESLM_BETTER_HIGHER && m > peak * (1 + VERDICT_PEAK_SLACK)) {
        verdict = "HIGH";
        snprintf(because, sizeof because, "%.0f%% of its paper peak: the method or the device's properties are wrong",
                 100 * m / peak);
        why = because;
    } else if (n_pub && n_low == n_pub) {
        /* Against every published value: the first one's verdict (LOW, or for a count HIGH). */
        verdict = json_string_value(json_object_get(json_array_get(pubs, 0), "verdict"));
        why = h->better == ZESLM_BETTER_EXACT ? "differs from the published value" :
              n_pub > 1 ? "worse than every published value past its tolerance: a throttled, misconfigured or failing device"
                        : "worse than the published value past its tolerance: a throttled, misconfigured or failing device";
    } else if (n_pub) {
        verdict = "as expected", why = "within the tolerance of a published value";
    } else {
        verdict = peak > 0 ? "no published value" : "no reference";
        why = family ? "the table has no published value of this figure for this family"
                     : "the table has no entry for this device";
    }
    json_object_set_new(o, "verdict", json_string(verdict));
    json_object_set_new(o, "why", json_string(why));
    return o;
}

json_t *verdict_device_json(const run_doc_device *d)
{
    json_t *o = json_object();
    char path[1024] = "", why[1200] = "";
    const json_t *table = expected_table_shared(path, sizeof path, why, sizeof why);
    json_object_set_new(o, "table", table ? json_string(path) : json_null());
    /* Known by its name, else its PCI id, else the Intel target its driver built for. */
    char target[32];
    expected_table_target_of(d->module_format, target, sizeof target);
    expected_device known = {d->name, (unsigned)num(d->facts, "device_id"), target};
    json_t *family = table ? expected_table_family(table, &known) : NULL;
    /* A copy: the shared table is only read, by every thread that renders. */
    json_object_set_new(o, "family", family ? json_deep_copy(json_object_get(family, "family")) : json_null());
    if (!table)
        json_object_set_new(o, "note", json_string(why));
    else if (!family)
        json_object_set_new(o, "note", json_string("no entry for this device in the table of expected values: "
                                                   "paper peaks only, from its own properties"));
    device_props p;
    props_of(d, &p);
    double banks_measured = num(json_object_get(d->findings, "bank"), "banks_strided");
    json_t *figs = json_array();
    for (size_t w = 0; w < zeslm_workload_count; w++) {
        const zeslm_workload *wl = zeslm_workloads[w];
        for (size_t i = 0; i < wl->n_headlines; i++) {
            double m;
            if (measured(d, wl, &wl->headlines[i], &m))
                json_array_append_new(figs, figure_json(&wl->headlines[i], &p, family, d->name, banks_measured, m));
        }
    }
    json_object_set_new(o, "figures", figs);
    return o;
}
