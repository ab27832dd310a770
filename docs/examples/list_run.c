/* SPDX-License-Identifier: MIT */
/* The measuring engine from a program of your own: list the workloads and their
 * variants, run one variant on the first device, and read its verified results and
 * what the workload concludes from them, through include/zeslm/bench.h alone.
 *
 * usage: list_run [BACKEND [BENCH/VARIANT]]   (default: any backend, reduce/many) */
#include <stdio.h>
#include <string.h>

#include <zeslm/bench.h>
#include <zeslm/version.h>

int main(int argc, char **argv)
{
    const char *backend = argc > 1 ? argv[1] : NULL, *spec = argc > 2 ? argv[2] : "reduce/many";
    printf("libzeslm %s: %zu workloads\n", zeslm_version()->text, zeslm_workload_count);
    for (size_t i = 0; i < zeslm_workload_count; i++) {
        const zeslm_workload *wl = zeslm_workloads[i];
        printf("  %-10s", wl->name);
        for (size_t k = 0; k < wl->n_variants; k++)
            printf(" %s", wl->variants[k].name);
        printf("\n");
    }

    char bench[32];
    const char *slash = strchr(spec, '/');
    snprintf(bench, sizeof bench, "%.*s", slash ? (int)(slash - spec) : (int)strlen(spec), spec);
    const zeslm_workload *wl = zeslm_workload_find(bench);
    if (!wl || !slash || !zeslm_variant_find(wl, slash + 1)) {
        fprintf(stderr, "list_run: no variant '%s'\n", spec);
        return 2;
    }

    zeslm_device_list list = {0};
    zeslm_device *dev = NULL;
    zeslm_results results = {0};
    uint32_t index;
    int rc = 1;
    zeslm_status st = zeslm_list_devices(backend, &list);
    if (st == ZESLM_OK)
        st = zeslm_select_device(&list, NULL, &index);
    if (st == ZESLM_OK)
        st = zeslm_device_open(&list.items[index], NULL, &dev);
    /* struct_size: the library reads no member this program was built without. */
    zeslm_run_opts opts = {.struct_size = sizeof opts, .reps = 3, .warmup = 1, .seed = 2009, .quick = true,
                           .timeout_s = 60, .variant = slash + 1};
    if (st == ZESLM_OK)
        st = zeslm_workload_run(wl, dev, &opts, &results);
    if (st != ZESLM_OK) {
        fprintf(stderr, "list_run: %s\n", zeslm_last_error());
        goto out;
    }
    printf("%s on %s:\n", spec, list.items[index].name);
    size_t measured = 0;
    for (size_t i = 0; i < results.count; i++) {
        const zeslm_result *r = zeslm_results_at(&results, i);
        if (r->outcome != ZESLM_MEASURED) {
            printf("  %s %s: not measured: %s\n", r->variant, r->params, r->note);
            continue;
        }
        measured++;
        printf("  %s %s: median %llu ns over %zu launches, %.3g %s, verified (%s)\n", r->variant, r->params,
               (unsigned long long)r->stats.median_ns, r->stats.n, r->rate, r->rate_unit, r->verify_note);
    }
    zeslm_summary summary = {0};
    if (wl->summarize)
        wl->summarize(&results, 0, &summary);
    for (size_t i = 0; i < summary.count; i++)
        printf("  finding: %s\n", zeslm_summary_at(&summary, i)->sentence);
    zeslm_summary_free(&summary);
    rc = measured ? 0 : 1;
out:
    zeslm_results_free(&results);
    zeslm_device_close(dev);
    zeslm_device_list_free(&list);
    return rc;
}
