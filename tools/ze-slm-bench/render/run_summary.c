/* SPDX-License-Identifier: MIT */
#include <stdint.h>
#include <string.h>

#include <zeslm/units.h>

#include "render/group_best.h"
#include "table/params_text.h"
#include "render/report.h"
#include "render/run_summary.h"
#include "table/table.h"

static bool per_op(const zeslm_result *r)
{
    return r->rate_unit && strncmp(r->rate_unit, "ns/", 3) == 0;
}

size_t run_summary_best(const run_doc_device *d, const run_section *s)
{
    size_t best = SIZE_MAX;
    for (size_t i = s->first; i < s->first + s->count && i < d->results.count; i++) {
        const zeslm_result *r = &d->results.items[i];
        if (r->outcome != ZESLM_MEASURED || !r->rate_unit || r->rate <= 0)
            continue;
        if (best == SIZE_MAX) {
            best = i;
            continue;
        }
        const zeslm_result *b = &d->results.items[best];
        /* Variants in other units measure other things (roofline's ceilings: memory,
         * SLM, atomics, multiply-adds), none of them the best of the others. */
        if (strcmp(r->rate_unit, b->rate_unit) != 0)
            return SIZE_MAX;
        if (per_op(r) ? r->rate < b->rate : r->rate > b->rate)
            best = i;
    }
    return best;
}

/* What the tables flagged among d's results. */
typedef struct flags {
    size_t unconverged, exceeded, spread;
} flags;

static flags count_flags(const run_doc_device *d)
{
    flags n = {0};
    for (size_t i = 0; i < d->results.count; i++) {
        const zeslm_result *r = &d->results.items[i];
        if (r->outcome != ZESLM_MEASURED)
            continue;
        n.unconverged += r->converged == ZESLM_UNCONVERGED;
        n.exceeded += r->ceiling_exceeded;
        n.spread += r->stats.spread > RESULT_SPREAD_WARN;
    }
    return n;
}

void run_summary(FILE *f, const run_doc_device *d, bool slow, bool markdown)
{
    static const table_column cols[] = {
        {"workload", false, 5}, {"best variant", false, 5}, {"parameters", false, 3},
        {"group", true, 2},     {"rate", true, 4},          {"ceiling", true, 1},
    };
    table t;
    table_init(&t, cols, sizeof cols / sizeof *cols);
    for (size_t k = 0; k < d->n_sections; k++) {
        const run_section *s = &d->sections[k];
        size_t i = s->wl ? run_summary_best(d, s) : SIZE_MAX;
        if (i == SIZE_MAX)
            continue;
        const zeslm_result *r = &d->results.items[i];
        char rate[48], ceiling[16] = "", group[32], params[sizeof r->params + 32];
        params_text(r->params, false, params, sizeof params);
        /* A profile's fastest group size within its runner-up's launches is no winner. */
        bool unclear = group_best_of(&d->results, s->first, r, NULL) == GROUP_BEST_UNCLEAR;
        snprintf(group, sizeof group, "%u%s", r->group_size, unclear ? ", no clear best" : "");
        zeslm_format_si(r->rate, r->rate_unit, rate, sizeof rate);
        if (r->ceiling_exceeded)
            snprintf(ceiling, sizeof ceiling, ">ceiling");
        else if (r->fraction > 0)
            snprintf(ceiling, sizeof ceiling, "%.0f%%", 100 * r->fraction);
        const char *cells[] = {r->workload, r->variant, params, group, rate, ceiling};
        table_add(&t, cells, NULL);
    }
    if (t.rows) {
        fprintf(f, markdown ? "\n### Summary\n\n" : "\nSummary: the best variant of each workload\n");
        markdown ? table_markdown(f, &t) : table_text(f, &t, TABLE_WIDTH);
    }
    table_free(&t);
    flags n = count_flags(d);
    char line[512];
    int used = snprintf(line, sizeof line, "Flagged:");
    const struct {
        size_t count;
        const char *what;
    } parts[] = {
        {n.unconverged, "unconverged"},
        {n.exceeded, ">ceiling"},
        {n.spread, "spread by more than 20% between launches (~)"},
    };
    bool any = false;
    for (size_t i = 0; i < sizeof parts / sizeof *parts && used > 0 && (size_t)used < sizeof line; i++)
        if (parts[i].count) {
            used += snprintf(line + used, sizeof line - (size_t)used, "%s %zu %s", any ? ";" : "", parts[i].count,
                             parts[i].what);
            any = true;
        }
    if (slow && used > 0 && (size_t)used < sizeof line) {
        used += snprintf(line + used, sizeof line - (size_t)used, "%s SLOW (more than 10%% below its peers)",
                         any ? ";" : "");
        any = true;
    }
    if (!any)
        snprintf(line, sizeof line, "Flagged: nothing (no figure unconverged, >ceiling or spread).");
    else if ((size_t)used < sizeof line - 1)
        strcat(line, ".");
    markdown ? (void)fprintf(f, "\n%s\n", line) : text_wrap(f, "", "  ", line, TABLE_WIDTH);
}
