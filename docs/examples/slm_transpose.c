/* SPDX-License-Identifier: MIT */
/* A tiled matrix transpose through SLM, measured the way ze-slm-bench measures its own
 * kernels: a batch of square matrices, one per z of a 3-D launch, each cut into
 * TILE x TILE tiles, one per work-group of TILE x TILE work-items; a tile goes through
 * dynamic SLM (a __local argument sized here), row by row in and column by column out.
 * Without padding, a column of the tile is TILE words apart, so its reads fall into
 * few SLM banks; one word of padding per row spreads them over all of them.
 * zeslm_measure poisons the output, warms up, times every launch on the device and
 * checks the output against the host before any time is printed.
 * Usage: slm_transpose [BACKEND] (default: the best device). Exit status: 0 checked
 * and timed, 1 an error, 3 built and launched but nothing executed (a driver with no
 * GPU behind it writes no timestamp). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zeslm/zeslm.h>

/* TILE comes in through the build options (-DTILE=16), as any compile-time constant. */
static const char source[] =
    "__kernel void transpose(__global const float *in, __global float *out, __local float *tile,\n"
    "                        uint n, uint pad)\n"
    "{\n"
    "    uint lx = get_local_id(0), ly = get_local_id(1), stride = TILE + pad;\n"
    "    size_t m = get_global_id(2) * (size_t)n * n; /* this matrix of the batch */\n"
    "    size_t x = get_group_id(0) * TILE + lx, y = get_group_id(1) * TILE + ly;\n"
    "    tile[ly * stride + lx] = in[m + y * n + x];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    x = get_group_id(1) * TILE + lx;\n"
    "    y = get_group_id(0) * TILE + ly;\n"
    "    out[m + y * n + x] = tile[lx * stride + ly];\n"
    "}\n";

enum { TILE = 16, N = 512, BATCH = 4, WORDS = N * N * BATCH };

/* What the verify callback compares: the device's output read back into `got`. */
typedef struct check {
    zeslm_buffer *out;
    const float *in;
    float *got;
} check;

static zeslm_status verify(void *arg, char *how, size_t len)
{
    const check *c = arg;
    zeslm_status st = zeslm_buffer_read(c->out, c->got, WORDS * sizeof(float));
    if (st != ZESLM_OK)
        return st;
    for (size_t m = 0; m < BATCH; m++) {
        const float *in = c->in + m * N * N, *got = c->got + m * N * N;
        for (size_t y = 0; y < N; y++) {
            for (size_t x = 0; x < N; x++) {
                if (got[y * N + x] != in[x * N + y]) {
                    fprintf(stderr, "slm_transpose: matrix %zu, element (%zu, %zu): device %g, host %g\n", m, y, x,
                            got[y * N + x], in[x * N + y]);
                    return ZESLM_ERR_VERIFY;
                }
            }
        }
    }
    snprintf(how, len, "all %d elements", WORDS);
    return ZESLM_OK;
}

#define TRY(call)                          \
    do {                                   \
        if ((st = (call)) != ZESLM_OK)     \
            goto fail;                     \
    } while (0)

int main(int argc, char **argv)
{
    zeslm_device_list list = {0};
    zeslm_device *dev = NULL;
    zeslm_buffer *in = NULL, *out = NULL;
    zeslm_kernel *k = NULL;
    zeslm_status st;
    uint32_t index;
    int rc = 1;
    float *host = malloc(2 * WORDS * sizeof *host);
    if (!host) {
        fprintf(stderr, "slm_transpose: out of memory\n");
        return 1;
    }
    for (size_t i = 0; i < WORDS; i++)
        host[i] = (float)i;
    check c = {NULL, host, host + WORDS};
    const zeslm_program program = {.source = source, .options = "-DTILE=16"};
    TRY(zeslm_list_devices(argc > 1 ? argv[1] : NULL, &list));
    TRY(zeslm_select_device(&list, NULL, &index));
    TRY(zeslm_device_open(&list.items[index], NULL, &dev));
    const zeslm_device_info *d = zeslm_device_get_info(dev);
    TRY(zeslm_buffer_create(dev, WORDS * sizeof(float), &in));
    TRY(zeslm_buffer_create(dev, WORDS * sizeof(float), &out));
    TRY(zeslm_buffer_write(in, host, WORDS * sizeof(float)));
    c.out = out;
    TRY(zeslm_kernel_build(dev, &program, "transpose", &k));
    TRY(zeslm_kernel_arg_buffer(k, 0, in));
    TRY(zeslm_kernel_arg_buffer(k, 1, out));
    TRY(zeslm_kernel_arg_u32(k, 3, N));
    /* x and y: the tiles of one matrix; z: the matrices of the batch. */
    const zeslm_launch launch = {.groups = {N / TILE, N / TILE, BATCH}, .group_size = {TILE, TILE, 1}};
    const zeslm_measure_opts opts = {.warmup = 2, .reps = 20, .poison = out, .verify = verify, .verify_arg = &c};
    printf("%s (%s): %d matrices of %d x %d floats, tiles of %d x %d\n", d->name, zeslm_backend_label(d->backend),
           BATCH, N, N, TILE, TILE);
    for (uint32_t pad = 0; pad <= 1; pad++) {
        TRY(zeslm_kernel_arg_u32(k, 4, pad));
        TRY(zeslm_kernel_arg_local(k, 2, TILE * (TILE + pad) * sizeof(float))); /* the tile: dynamic SLM */
        zeslm_measurement m;
        st = zeslm_measure(k, &launch, &opts, &m);
        if (st == ZESLM_ERR_NO_TIMING) {
            printf("built and launched; the device executed nothing (%s)\n", zeslm_last_error());
            rc = 3;
            goto out;
        }
        TRY(st);
        /* Every element read once and written once. */
        double gbs = 2.0 * WORDS * sizeof(float) / (double)m.stats.median_ns;
        printf("  padding %u word%s: median %.1f us over %zu launches (spread %.0f%%), %.1f GB/s; verified: %s\n", pad,
               pad == 1 ? "" : "s", m.stats.median_ns / 1e3, m.n, 100 * m.stats.spread, gbs, m.verified);
        zeslm_measurement_free(&m);
    }
    rc = 0;
    goto out;
fail:
    fprintf(stderr, "slm_transpose: %s: %s\n", zeslm_status_name(st), zeslm_last_error());
out:
    zeslm_kernel_free(k);
    zeslm_buffer_free(out);
    zeslm_buffer_free(in);
    zeslm_device_close(dev);
    zeslm_device_list_free(&list);
    free(host);
    return rc;
}
