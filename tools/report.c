#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "output.h"
#include "report.h"
#include "units.h"

static const char *outcome_name(zeslm_outcome o)
{
    switch (o) {
    case ZESLM_MEASURED: return "measured";
    case ZESLM_NO_RESULTS: return "no_results";
    case ZESLM_SKIPPED: return "skipped";
    case ZESLM_FAILED: return "failed";
    }
    return "unknown";
}

/* Three significant digits in the unit that suits the time keeps columns narrow from
 * ns to s ("1.07 ms"). */
static void duration(char *buf, size_t len, uint64_t ns)
{
    zeslm_format_si((double)ns, "ns", buf, len);
}

void report_table(FILE *f, const zeslm_workload *wl, const zeslm_results *all, size_t first, const char *summary)
{
    fprintf(f, "\n== %s: %s\n", wl->name, wl->summary);
    fprintf(f, "%-18s %-26s %6s %8s %11s %11s %11s %6s %4s %16s %8s %8s  %s\n", "variant", "parameters", "group",
            "groups", "median", "min", "max", "sd", "out", "rate", "ceiling", "speedup", "verified");
    const char *extra = NULL;
    for (size_t i = first; i < all->count; i++) {
        const zeslm_result *r = &all->items[i];
        if (r->outcome == ZESLM_SKIPPED) {
            fprintf(f, "%-18s skipped: %s\n", r->variant, r->note);
            continue;
        }
        if (r->outcome == ZESLM_FAILED) {
            fprintf(f, "%-18s %-26s %6u %8u  failed: see the error below\n", r->variant, r->params, r->group_size,
                    r->groups);
            continue;
        }
        if (r->outcome == ZESLM_NO_RESULTS) {
            fprintf(f, "%-18s %-26s %6u %8u  no results: %s\n", r->variant, r->params, r->group_size, r->groups,
                    r->note);
            continue;
        }
        char med[16], mn[16], mx[16], rate[32], speed[16] = "-", frac[16] = "-";
        duration(med, sizeof med, r->stats.median_ns);
        duration(mn, sizeof mn, r->stats.min_ns);
        duration(mx, sizeof mx, r->stats.max_ns);
        zeslm_format_si(r->rate, r->rate_unit ? r->rate_unit : "", rate, sizeof rate);
        if (r->speedup)
            snprintf(speed, sizeof speed, "%.2fx", r->speedup);
        if (r->ceiling_exceeded)
            snprintf(frac, sizeof frac, ">ceiling");
        else if (r->fraction)
            snprintf(frac, sizeof frac, "%.0f%%", 100 * r->fraction);
        /* The standard deviation as a share of the mean keeps the column narrow. */
        char sd[16];
        snprintf(sd, sizeof sd, "%.1f%%", r->stats.mean_ns > 0 ? 100 * r->stats.stddev_ns / r->stats.mean_ns : 0.0);
        fprintf(f, "%-18s %-26s %6u %8u %11s %11s %11s %6s %4zu %16s %8s %8s  yes (%s)", r->variant, r->params,
                r->group_size, r->groups, med, mn, mx, sd, r->stats.outliers, rate, frac, speed, r->verify_note);
        if (r->ratio) {
            char ratio[32];
            zeslm_format_si(r->ratio, "", ratio, sizeof ratio);
            fprintf(f, "  %s", ratio);
            extra = r->ratio_name;
        }
        fputc('\n', f);
    }
    fprintf(f, "(sd: standard deviation of the launches, %% of their mean; out: launches outside 1.5 IQR of the "
               "quartiles)\n");
    if (extra)
        fprintf(f, "(last column: %s)\n", extra);
    if (wl->ceiling)
        fprintf(f, "(ceiling: the fraction of roofline/%s measured in this run, when the run includes it; "
                   ">ceiling: the rate beat it, so that ceiling is no upper bound here)\n", wl->ceiling);
    if (*summary)
        fprintf(f, "%s", summary);
}

json_t *report_json(const zeslm_results *all)
{
    json_t *arr = json_array();
    for (size_t i = 0; i < all->count; i++) {
        const zeslm_result *r = &all->items[i];
        json_t *o = json_object();
        json_object_set_new(o, "workload", json_string(r->workload));
        json_object_set_new(o, "variant", json_string(r->variant));
        json_object_set_new(o, "parameters", json_string(r->params));
        json_object_set_new(o, "outcome", json_string(outcome_name(r->outcome)));
        json_object_set_new(o, "group_size", json_integer(r->group_size));
        json_object_set_new(o, "groups", json_integer(r->groups));
        json_object_set_new(o, "verified", json_boolean(r->outcome == ZESLM_MEASURED));
        if (r->outcome == ZESLM_MEASURED) {
            json_t *t = json_array();
            for (size_t k = 0; k < r->stats.n; k++)
                json_array_append_new(t, json_integer((json_int_t)r->times_ns[k]));
            json_object_set_new(o, "times_ns", t);
            json_object_set_new(o, "min_ns", json_integer((json_int_t)r->stats.min_ns));
            json_object_set_new(o, "median_ns", json_integer((json_int_t)r->stats.median_ns));
            json_object_set_new(o, "max_ns", json_integer((json_int_t)r->stats.max_ns));
            json_object_set_new(o, "mean_ns", json_real(r->stats.mean_ns));
            json_object_set_new(o, "stddev_ns", json_real(r->stats.stddev_ns));
            json_object_set_new(o, "outliers", json_integer((json_int_t)r->stats.outliers));
            json_object_set_new(o, "spread", json_real(r->stats.spread));
            json_object_set_new(o, "rate", json_real(r->rate));
            json_object_set_new(o, "rate_unit", json_string(r->rate_unit ? r->rate_unit : ""));
            json_object_set_new(o, "speedup_vs_baseline", r->speedup ? json_real(r->speedup) : json_null());
            json_object_set_new(o, "fraction_of_ceiling", r->fraction ? json_real(r->fraction) : json_null());
            json_object_set_new(o, "ceiling_exceeded", json_boolean(r->ceiling_exceeded));
            json_object_set_new(o, "verification", json_string(r->verify_note));
            if (r->ratio) {
                json_object_set_new(o, "extra", json_real(r->ratio));
                json_object_set_new(o, "extra_name", json_string(r->ratio_name));
            }
        }
        if (*r->note)
            json_object_set_new(o, "note", json_string(r->note));
        json_array_append_new(arr, o);
    }
    return arr;
}

int report_csv(const zeslm_results *all, const char *path)
{
    FILE *f = output_open(path);
    if (!f)
        return 1;
    fprintf(f, "workload,variant,parameters,outcome,group_size,groups,min_ns,median_ns,max_ns,rate,rate_unit,"
               "fraction_of_ceiling,ceiling_exceeded,speedup,verified,mean_ns,stddev_ns,outliers\n");
    for (size_t i = 0; i < all->count; i++) {
        const zeslm_result *r = &all->items[i];
        bool m = r->outcome == ZESLM_MEASURED;
        fprintf(f, "%s,%s,\"%s\",%s,%u,%u,", r->workload, r->variant, r->params, outcome_name(r->outcome),
                r->group_size, r->groups);
        if (m)
            fprintf(f, "%llu,%llu,%llu,%.6f,%s,", (unsigned long long)r->stats.min_ns,
                    (unsigned long long)r->stats.median_ns, (unsigned long long)r->stats.max_ns, r->rate,
                    r->rate_unit ? r->rate_unit : "");
        else
            fprintf(f, ",,,,,");
        if (r->fraction)
            fprintf(f, "%.4f", r->fraction);
        fprintf(f, ",%s,", m ? (r->ceiling_exceeded ? "yes" : "no") : "");
        if (r->speedup)
            fprintf(f, "%.4f", r->speedup);
        fprintf(f, ",%s,", m ? "yes" : "no");
        if (m)
            fprintf(f, "%.1f,%.1f,%zu", r->stats.mean_ns, r->stats.stddev_ns, r->stats.outliers);
        else
            fprintf(f, ",,");
        fputc('\n', f);
    }
    return output_close(f, path, true);
}

static bool progress_shown;

void report_progress(const char *workload, const char *variant, const char *params, void *arg)
{
    (void)arg;
    if (!isatty(STDERR_FILENO))
        return;
    fprintf(stderr, "\r\033[K[%s] %s %s ...", workload, variant, params);
    fflush(stderr);
    progress_shown = true;
}

void report_progress_done(void)
{
    if (progress_shown) {
        fprintf(stderr, "\r\033[K");
        progress_shown = false;
    }
}
