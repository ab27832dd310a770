/* SPDX-License-Identifier: MIT */
/* Document parity: each `doc_*` variant of the tool against a literal translation of
 * the document's own kernel (tests/fixtures/literal/documents.cl), at the document's launch
 * shape, on the same device, in the same process. A fixed baseline may not be slower
 * than what it fixes, or every "speed-up vs document" the tool prints is inflated.
 *
 * usage: parity [--small] [--judge] [--device SPEC] documents.cl
 *   --small  sizes for a CPU (CTest): checks that every pair builds and runs
 *   --judge  exit 1 when a doc_* median is more than 5% above the literal one's
 *            (the GPU performance run, scripts/gpu-run.sh)
 * OpenCL only: the literal kernels come as source, built through the public
 * zeslm_kernel_build as a user's own kernels would be. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zeslm/bench.h>
#include <zeslm/device.h>
#include <zeslm/measure.h>

#include "error.h"
#include "rng.h"

#define REPS 20
#define WARMUP 2
#define TOLERANCE 1.05
#define M 257 /* the convolution document's filter, a constant there and in documents.cl */

/* One literal launch: its buffers and shape. */
struct literal {
    zeslm_kernel *k;
    zeslm_buffer *buf[3];
    uint32_t groups, group;
    uint64_t n;
    double timeout_s;
};

/* Fills `words` 32-bit words of a new buffer with random bits. */
static zeslm_status random_buffer(zeslm_device *dev, uint64_t words, zeslm_buffer **out)
{
    uint32_t *p = malloc(words * 4);
    if (!p)
        return zeslm_fail(ZESLM_ERR_NOMEM, "no host memory for %llu words", (unsigned long long)words);
    zeslm_rng rng = {2009};
    for (uint64_t i = 0; i < words; i++)
        p[i] = (uint32_t)zeslm_rng_next(&rng);
    zeslm_status st = zeslm_buffer_create(dev, words * 4, out);
    if (st == ZESLM_OK)
        st = zeslm_buffer_write(*out, p, words * 4);
    free(p);
    return st;
}

/* Each setup creates the literal kernel's buffers and arguments for n elements. The
 * reduction's partial sums go to two buffers in turn (a word of slack each: the
 * document reads pairs), for the passes of reduce_passes. */
static zeslm_status setup_reduce(zeslm_device *dev, uint64_t n, struct literal *l)
{
    zeslm_status st;
    l->groups = (uint32_t)((n / 2 + l->group - 1) / l->group);
    if ((st = random_buffer(dev, n, &l->buf[0])) ||
        (st = zeslm_buffer_create(dev, l->groups * 4ull + 4, &l->buf[1])) ||
        (st = zeslm_buffer_create(dev, l->groups * 4ull + 4, &l->buf[2])))
        return st;
    return zeslm_kernel_arg_local(l->k, 3, l->group * 4ull);
}

/* The reduction document's program reduces pass after pass, each over the partial sums
 * of the last, until one value is left; reduce/doc_tree does the same, so both are
 * timed over every pass (the sum of the passes' device times). Each pass writes a
 * buffer that it does not read, as the tool's (the document's in-place passes race). */
static zeslm_status reduce_passes(void *arg, uint64_t *ns)
{
    struct literal *l = arg;
    zeslm_status st = ZESLM_OK;
    zeslm_buffer *src = l->buf[0], *dst = l->buf[1];
    uint64_t len = l->n;
    *ns = 0;
    for (;;) {
        uint32_t groups = (uint32_t)((len / 2 + l->group - 1) / l->group);
        uint64_t t = 0;
        if ((st = zeslm_kernel_arg_buffer(l->k, 0, src)) || (st = zeslm_kernel_arg_u32(l->k, 1, (uint32_t)len)) ||
            (st = zeslm_kernel_arg_buffer(l->k, 2, dst)) ||
            (st = zeslm_kernel_launch(l->k, groups, l->group, l->timeout_s, &t)))
            return st;
        *ns += t;
        if (groups == 1)
            return ZESLM_OK;
        len = groups;
        src = dst;
        dst = dst == l->buf[1] ? l->buf[2] : l->buf[1];
    }
}

static zeslm_status setup_conv(zeslm_device *dev, uint64_t n, struct literal *l, bool slm)
{
    zeslm_status st;
    l->groups = (uint32_t)(n / l->group);
    if ((st = random_buffer(dev, n, &l->buf[0])) || (st = random_buffer(dev, M, &l->buf[1])) ||
        (st = zeslm_buffer_create(dev, n * 4, &l->buf[2])) || (st = zeslm_kernel_arg_buffer(l->k, 0, l->buf[0])) ||
        (st = zeslm_kernel_arg_buffer(l->k, 1, l->buf[1])) || (st = zeslm_kernel_arg_buffer(l->k, 2, l->buf[2])))
        return st;
    return slm ? zeslm_kernel_arg_local(l->k, 3, (256 + (M / 2) * 2) * 4) : zeslm_kernel_arg_u32(l->k, 3, (uint32_t)n);
}

static zeslm_status setup_conv_global(zeslm_device *dev, uint64_t n, struct literal *l)
{
    return setup_conv(dev, n, l, false);
}

static zeslm_status setup_conv_slm(zeslm_device *dev, uint64_t n, struct literal *l)
{
    return setup_conv(dev, n, l, true);
}

/* The histogram documents launch N / 256 work-items: 256 words each. */
static zeslm_status setup_hist(zeslm_device *dev, uint64_t n, struct literal *l, bool slm)
{
    zeslm_status st;
    l->groups = (uint32_t)(n / 256 / l->group);
    if ((st = random_buffer(dev, 2 * n, &l->buf[0])) || (st = zeslm_buffer_create(dev, 256 * 4, &l->buf[1])) ||
        (st = zeslm_kernel_arg_buffer(l->k, 0, l->buf[0])) || (st = zeslm_kernel_arg_buffer(l->k, 1, l->buf[1])))
        return st;
    return slm ? zeslm_kernel_arg_local(l->k, 2, 256 * 4) : ZESLM_OK;
}

static zeslm_status setup_hist_private(zeslm_device *dev, uint64_t n, struct literal *l)
{
    return setup_hist(dev, n, l, false);
}

static zeslm_status setup_hist_slm(zeslm_device *dev, uint64_t n, struct literal *l)
{
    return setup_hist(dev, n, l, true);
}

/* The documents' launch shapes: sizes and groups as the documents wrote them (the
 * reduction document gives none; the tool's default size and group are used). */
static const struct parity_case {
    const char *workload, *variant, *params; /* the tool's result to compare */
    const char *literal;
    uint64_t n, n_small;
    uint32_t group;
    zeslm_status (*setup)(zeslm_device *dev, uint64_t n, struct literal *l);
    zeslm_status (*repetition)(void *literal, uint64_t *ns); /* NULL: one launch */
} cases[] = {
    {"reduce", "doc_tree", "", "lit_reduce_tree", UINT64_C(1) << 27, 1u << 20, 256, setup_reduce, reduce_passes},
    {"conv", "doc_global", "", "lit_conv_global", UINT64_C(8192) * 8192, 1u << 16, 256, setup_conv_global, NULL},
    {"conv", "doc_slm", "", "lit_conv_slm", UINT64_C(8192) * 8192, 1u << 16, 256, setup_conv_slm, NULL},
    {"hist", "doc_private", "input=uniform", "lit_hist_private", 4096 * 4096, 1u << 16, 64, setup_hist_private, NULL},
    {"hist", "doc_slm", "input=uniform", "lit_hist_slm", 4096 * 4096, 1u << 16, 64, setup_hist_slm, NULL},
};

static zeslm_status time_literal(zeslm_device *dev, const zeslm_program *literals, const struct parity_case *c,
                                 uint64_t n, uint64_t *median_ns)
{
    struct literal l = {.group = c->group, .n = n, .timeout_s = 120};
    zeslm_measurement m;
    zeslm_status st = zeslm_kernel_build(dev, literals, c->literal, &l.k);
    if (st == ZESLM_OK)
        st = c->setup(dev, n, &l);
    /* The tool's own method, so that both sides are timed alike. */
    const zeslm_launch launch = {.groups = {l.groups}, .group_size = {l.group}, .timeout_s = 120};
    const zeslm_measure_opts opts = {.warmup = WARMUP, .reps = REPS, .repetition = c->repetition,
                                     .repetition_arg = &l};
    if (st == ZESLM_OK && (st = zeslm_measure(l.k, &launch, &opts, &m)) == ZESLM_OK) {
        *median_ns = m.stats.median_ns;
        zeslm_measurement_free(&m);
    }
    zeslm_kernel_free(l.k);
    for (int i = 0; i < 3; i++)
        zeslm_buffer_free(l.buf[i]);
    return st;
}

static zeslm_status time_tool(zeslm_device *dev, const struct parity_case *c, uint64_t n, uint64_t *median_ns)
{
    zeslm_run_opts o = {.size = n, .group_size = c->group, .reps = REPS, .warmup = WARMUP, .seed = 2009,
                        .timeout_s = 120, .variant = c->variant};
    zeslm_results r = {0};
    zeslm_status st = zeslm_workload_run(zeslm_workload_find(c->workload), dev, &o, &r);
    *median_ns = 0;
    for (size_t i = 0; i < r.count && st == ZESLM_OK; i++)
        if (r.items[i].outcome == ZESLM_MEASURED && strstr(r.items[i].params, c->params) && !*median_ns)
            *median_ns = r.items[i].stats.median_ns;
    if (st == ZESLM_OK && !*median_ns)
        st = zeslm_fail(ZESLM_ERR_BACKEND, "%s/%s measured nothing", c->workload, c->variant);
    zeslm_results_free(&r);
    return st;
}

/* The whole literal file as one NUL-terminated string. */
static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *text = NULL;
    long len;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (text = calloc(1, (size_t)len + 1)) && fread(text, 1, (size_t)len, f) != (size_t)len) {
        free(text);
        text = NULL;
    }
    fclose(f);
    return text;
}

int main(int argc, char **argv)
{
    bool small = false, judge = false;
    const char *spec = NULL, *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--small") == 0)
            small = true;
        else if (strcmp(argv[i], "--judge") == 0)
            judge = true;
        else if (strcmp(argv[i], "--device") == 0 && i + 1 < argc)
            spec = argv[++i];
        else
            path = argv[i];
    }
    if (!path) {
        fprintf(stderr, "usage: parity [--small] [--judge] [--device SPEC] documents.cl\n");
        return 2;
    }
    char *source = read_file(path);
    if (!source) {
        fprintf(stderr, "parity: cannot read %s\n", path);
        return 2;
    }
    const zeslm_program literals = {.source = source};
    zeslm_device_list list = {0};
    zeslm_device *dev = NULL;
    uint32_t index;
    int rc = 0;
    if (zeslm_list_devices("cl", &list) != ZESLM_OK || zeslm_select_device(&list, spec, &index) != ZESLM_OK ||
        zeslm_device_open(&list.items[index], NULL, &dev) != ZESLM_OK) {
        fprintf(stderr, "parity: %s\n", zeslm_last_error());
        rc = 2;
        goto out;
    }
    printf("Device: %s. Medians of %d launches after %d warm-up, device time.\n", list.items[index].name, REPS,
           WARMUP);
    printf("%-18s %12s %-26s %12s %12s %7s\n", "tool's variant", "n", "document's kernel", "tool us", "document us",
           "ratio");
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const struct parity_case *c = &cases[i];
        uint64_t n = small ? c->n_small : c->n, tool_ns, lit_ns;
        if (time_tool(dev, c, n, &tool_ns) != ZESLM_OK || time_literal(dev, &literals, c, n, &lit_ns) != ZESLM_OK) {
            fprintf(stderr, "parity: %s/%s: %s\n", c->workload, c->variant, zeslm_last_error());
            rc = 1;
            continue;
        }
        double ratio = (double)tool_ns / (double)lit_ns;
        bool slow = ratio > TOLERANCE;
        char name[40];
        snprintf(name, sizeof name, "%s/%s", c->workload, c->variant);
        printf("%-18s %12llu %-26s %12.1f %12.1f %6.2fx%s\n", name, (unsigned long long)n, c->literal,
               tool_ns / 1e3, lit_ns / 1e3, ratio, slow ? "  SLOWER than the document's kernel" : "");
        if (slow && judge)
            rc = 1;
    }
    printf("ratio: the tool's median over the document's; at most %.2fx is parity%s.\n", TOLERANCE,
           judge ? "" : " (not judged in this run)");
out:
    zeslm_device_close(dev);
    zeslm_device_list_free(&list);
    free(source);
    return rc;
}
