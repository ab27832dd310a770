/* SPDX-License-Identifier: MIT */
/* Document parity: each `doc_*` variant of the tool against a literal translation of
 * the document's own kernel (tests/fixtures/literal/documents.cl), at the document's launch
 * shape, on the same device, in the same process. A fixed baseline may not be slower
 * than what it fixes, or every "speed-up vs document" the tool prints is inflated.
 * Each literal kernel's output is checked against the host's reference before its time
 * counts, as the tool's are: a literal kernel that computes nothing is not fast.
 *
 * usage: parity [--small] [--judge] [--only LITERAL] [--device SPEC] documents.cl
 *   --small  sizes for a CPU (CTest): checks that every pair builds, runs and computes
 *   --only   the one literal kernel of that name (tests/device/parity_planted.sh)
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
#include "measure_internal.h"
#include "rng.h"

#define REPS 20
#define WARMUP 2
#define TOLERANCE 1.05
#define M 257 /* the convolution document's filter, a constant there and in documents.cl */

/* One literal launch: its buffers and shape, the host's copies of its inputs, and the
 * buffer its result is read from (the reduction's last pass writes either of two). */
struct literal {
    const char *name;
    zeslm_kernel *k;
    zeslm_buffer *buf[3];
    uint32_t *host[2];
    zeslm_buffer *out;
    uint32_t groups, group;
    uint64_t n;
    double timeout_s;
};

/* Fills `words` 32-bit words of a new buffer with random bits, kept in *host. */
static zeslm_status random_buffer(zeslm_device *dev, uint64_t words, zeslm_buffer **out, uint32_t **host)
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
    *host = p;
    return st;
}

/* A new buffer of `words` words holding the poison pattern, so that a kernel that
 * writes nothing leaves what no reference holds. */
static zeslm_status poisoned_buffer(zeslm_device *dev, uint64_t words, zeslm_buffer **out)
{
    uint32_t *p = malloc(words * 4);
    if (!p)
        return zeslm_fail(ZESLM_ERR_NOMEM, "no host memory for %llu words", (unsigned long long)words);
    zeslm_poison_pattern(p, words);
    zeslm_status st = zeslm_buffer_create(dev, words * 4, out);
    if (st == ZESLM_OK)
        st = zeslm_buffer_write(*out, p, words * 4);
    free(p);
    return st;
}

/* The first of n words that differ from the host's reference, as the error. */
static zeslm_status compare_words(const struct literal *l, const uint32_t *got, const uint32_t *want,
                                  const uint64_t *at, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (got[i] != want[i])
            return zeslm_fail(ZESLM_ERR_VERIFY, "%s: wrong result at index %llu: device %u, host %u", l->name,
                              (unsigned long long)(at ? at[i] : i), got[i], want[i]);
    return ZESLM_OK;
}

/* Each setup creates the literal kernel's buffers and arguments for n elements. The
 * reduction's partial sums go to two buffers in turn (a word of slack each: the
 * document reads pairs), for the passes of reduce_passes. */
static zeslm_status setup_reduce(zeslm_device *dev, uint64_t n, struct literal *l)
{
    zeslm_status st;
    l->groups = (uint32_t)((n / 2 + l->group - 1) / l->group);
    if ((st = random_buffer(dev, n, &l->buf[0], &l->host[0])) ||
        (st = poisoned_buffer(dev, l->groups + 1ull, &l->buf[1])) ||
        (st = poisoned_buffer(dev, l->groups + 1ull, &l->buf[2])))
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
        if (groups == 1) {
            l->out = dst;
            return ZESLM_OK;
        }
        len = groups;
        src = dst;
        dst = dst == l->buf[1] ? l->buf[2] : l->buf[1];
    }
}

/* The sum of the last pass: the n inputs' sum modulo 2^32, as the device's int adds
 * wrap. */
static zeslm_status check_reduce(void *arg, char *how, size_t len)
{
    const struct literal *l = arg;
    uint32_t got, want = 0;
    for (uint64_t i = 0; i < l->n; i++)
        want += l->host[0][i];
    zeslm_status st = l->out ? zeslm_buffer_read(l->out, &got, 4) : zeslm_fail(ZESLM_ERR_VERIFY, "no pass ran");
    if (st == ZESLM_OK)
        st = compare_words(l, &got, &want, NULL, 1);
    snprintf(how, len, "the sum of all %llu elements", (unsigned long long)l->n);
    return st;
}

static zeslm_status setup_conv(zeslm_device *dev, uint64_t n, struct literal *l, bool slm)
{
    zeslm_status st;
    l->groups = (uint32_t)(n / l->group);
    l->out = NULL;
    if ((st = random_buffer(dev, n, &l->buf[0], &l->host[0])) || (st = random_buffer(dev, M, &l->buf[1], &l->host[1])) ||
        (st = poisoned_buffer(dev, n, &l->buf[2])) || (st = zeslm_kernel_arg_buffer(l->k, 0, l->buf[0])) ||
        (st = zeslm_kernel_arg_buffer(l->k, 1, l->buf[1])) || (st = zeslm_kernel_arg_buffer(l->k, 2, l->buf[2])))
        return st;
    return slm ? zeslm_kernel_arg_local(l->k, 3, (256 + (M / 2) * 2) * 4) : zeslm_kernel_arg_u32(l->k, 3, (uint32_t)n);
}

/* Both documents' convolutions: out[i] = sum over j < M of in[i - M/2 + j] * filter[j],
 * the input zero outside [0, n), in int arithmetic that wraps. Every output up to 2^16
 * of them (the CTest's size), else those of the first and last two groups and every
 * (n / 2^16)-th: M multiply-adds an output on the host. */
#define CONV_CHECKED (1u << 16)
static zeslm_status check_conv(void *arg, char *how, size_t len)
{
    const struct literal *l = arg;
    uint64_t step = l->n > CONV_CHECKED ? l->n / CONV_CHECKED : 1, edge = 2ull * l->group;
    size_t most = l->n / step + 1 + 2 * edge;
    uint32_t *got = malloc(l->n * 4), *want = malloc(most * 4);
    uint64_t *at = malloc(most * sizeof *at);
    zeslm_status st = got && want && at ? zeslm_buffer_read(l->buf[2], got, l->n * 4)
                                        : zeslm_fail(ZESLM_ERR_NOMEM, "no host memory for the check");
    size_t count = 0;
    for (uint64_t i = 0; i < l->n && st == ZESLM_OK; i++) {
        if (i % step && i >= edge && i < l->n - edge)
            continue;
        uint32_t t = 0;
        for (int64_t j = 0; j < M; j++) {
            int64_t k = (int64_t)i - M / 2 + j;
            if (k >= 0 && k < (int64_t)l->n)
                t += l->host[0][k] * l->host[1][j];
        }
        at[count] = i;
        want[count] = t;
        got[count++] = got[i];
    }
    if (st == ZESLM_OK)
        st = compare_words(l, got, want, at, count);
    snprintf(how, len, "%zu of %llu outputs", count, (unsigned long long)l->n);
    free(got);
    free(want);
    free(at);
    return st;
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
    if ((st = random_buffer(dev, 2 * n, &l->buf[0], &l->host[0])) || (st = poisoned_buffer(dev, 256, &l->buf[1])) ||
        (st = zeslm_kernel_arg_buffer(l->k, 0, l->buf[0])) || (st = zeslm_kernel_arg_buffer(l->k, 1, l->buf[1])))
        return st;
    return slm ? zeslm_kernel_arg_local(l->k, 2, 256 * 4) : ZESLM_OK;
}

/* The documents add into bins they never clear: each launch here starts from cleared
 * ones (outside its device time), so the last holds one launch's counts. */
static zeslm_status hist_once(void *arg, uint64_t *ns)
{
    struct literal *l = arg;
    static const uint32_t zeros[256];
    zeslm_status st = zeslm_buffer_write(l->buf[1], zeros, sizeof zeros);
    return st != ZESLM_OK ? st : zeslm_kernel_launch(l->k, l->groups, l->group, l->timeout_s, ns);
}

/* The 256 bins of every byte of the n 64-bit words the launch reads. */
static zeslm_status check_hist(void *arg, char *how, size_t len)
{
    const struct literal *l = arg;
    uint32_t got[256], want[256] = {0};
    const unsigned char *bytes = (const unsigned char *)l->host[0];
    uint64_t read = (uint64_t)l->groups * l->group * 256 * 8;
    for (uint64_t i = 0; i < read; i++)
        want[bytes[i]]++;
    zeslm_status st = zeslm_buffer_read(l->buf[1], got, sizeof got);
    if (st == ZESLM_OK)
        st = compare_words(l, got, want, NULL, 256);
    snprintf(how, len, "all 256 bins of %llu bytes", (unsigned long long)read);
    return st;
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
    zeslm_status (*check)(void *literal, char *how, size_t len); /* against the host's reference */
} cases[] = {
    {"reduce", "doc_tree", "", "lit_reduce_tree", UINT64_C(1) << 27, 1u << 20, 256, setup_reduce, reduce_passes,
     check_reduce},
    {"conv", "doc_global", "", "lit_conv_global", UINT64_C(8192) * 8192, 1u << 16, 256, setup_conv_global, NULL,
     check_conv},
    {"conv", "doc_slm", "", "lit_conv_slm", UINT64_C(8192) * 8192, 1u << 16, 256, setup_conv_slm, NULL, check_conv},
    {"hist", "doc_private", "input=uniform", "lit_hist_private", 4096 * 4096, 1u << 16, 64, setup_hist_private,
     hist_once, check_hist},
    {"hist", "doc_slm", "input=uniform", "lit_hist_slm", 4096 * 4096, 1u << 16, 64, setup_hist_slm, hist_once,
     check_hist},
};

static zeslm_status time_literal(zeslm_device *dev, const zeslm_program *literals, const struct parity_case *c,
                                 uint64_t n, uint64_t *median_ns)
{
    struct literal l = {.name = c->literal, .group = c->group, .n = n, .timeout_s = 120};
    zeslm_measurement m;
    zeslm_status st = zeslm_kernel_build(dev, literals, c->literal, &l.k);
    if (st == ZESLM_OK)
        st = c->setup(dev, n, &l);
    /* The tool's own method, so that both sides are timed alike. */
    const zeslm_launch launch = {.groups = {l.groups}, .group_size = {l.group}, .timeout_s = 120};
    const zeslm_measure_opts opts = {.warmup = WARMUP, .reps = REPS, .repetition = c->repetition,
                                     .repetition_arg = &l, .verify = c->check, .verify_arg = &l};
    if (st == ZESLM_OK && (st = zeslm_measure(l.k, &launch, &opts, &m)) == ZESLM_OK) {
        *median_ns = m.stats.median_ns;
        zeslm_measurement_free(&m);
    }
    zeslm_kernel_free(l.k);
    for (int i = 0; i < 3; i++)
        zeslm_buffer_free(l.buf[i]);
    free(l.host[0]);
    free(l.host[1]);
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
    const char *spec = NULL, *path = NULL, *only = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--small") == 0)
            small = true;
        else if (strcmp(argv[i], "--judge") == 0)
            judge = true;
        else if (strcmp(argv[i], "--device") == 0 && i + 1 < argc)
            spec = argv[++i];
        else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
            only = argv[++i];
        else
            path = argv[i];
    }
    if (!path) {
        fprintf(stderr, "usage: parity [--small] [--judge] [--only LITERAL] [--device SPEC] documents.cl\n");
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
    int rc = 0, ran = 0;
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
        if (only && strcmp(only, c->literal) != 0)
            continue;
        ran++;
        uint64_t n = small ? c->n_small : c->n, tool_ns = 0, lit_ns = 0;
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
    if (!ran) {
        fprintf(stderr, "parity: no literal kernel named %s\n", only);
        rc = 2;
    }
    printf("ratio: the tool's median over the document's; at most %.2fx is parity%s.\n", TOLERANCE,
           judge ? "" : " (not judged in this run)");
out:
    zeslm_device_close(dev);
    zeslm_device_list_free(&list);
    free(source);
    return rc;
}
