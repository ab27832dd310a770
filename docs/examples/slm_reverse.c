/* SPDX-License-Identifier: MIT */
/* libzeslm from a program of your own: open a device, build an OpenCL C kernel that
 * reverses each work-group's slice through SLM, launch it with an explicit group size
 * and print the device time. Usage: slm_reverse [BACKEND] (default: the best device).
 * Exit status: 0 checked and timed, 1 an error, 3 built and launched but nothing
 * executed (a driver with no GPU behind it writes no timestamp). */
#include <stdio.h>
#include <stdlib.h>

#include <zeslm/zeslm.h>

static const char source[] =
    "__kernel void reverse(__global const uint *in, __global uint *out, __local uint *tile)\n"
    "{\n"
    "    size_t l = get_local_id(0), n = get_local_size(0), base = get_group_id(0) * n;\n"
    "    tile[l] = in[base + l];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    out[base + l] = tile[n - 1 - l];\n"
    "}\n";

enum { GROUP = 64, GROUPS = 1024, N = GROUP * GROUPS };

/* Every call returns a status; the first failure ends the program through `fail`. */
#define TRY(call)                          \
    do {                                   \
        if ((st = (call)) != ZESLM_OK)     \
            goto fail;                     \
    } while (0)

int main(int argc, char **argv)
{
    static uint32_t host[N];
    zeslm_device_list list = {0};
    zeslm_device *dev = NULL;
    zeslm_buffer *in = NULL, *out = NULL;
    zeslm_kernel *k = NULL;
    zeslm_status st;
    uint32_t index;
    uint64_t ns = 0;
    int rc = 1;
    for (uint32_t i = 0; i < N; i++)
        host[i] = i;
    const zeslm_program program = {.source = source};
    TRY(zeslm_list_devices(argc > 1 ? argv[1] : NULL, &list));
    TRY(zeslm_select_device(&list, NULL, &index));
    TRY(zeslm_device_open(&list.items[index], NULL, &dev));
    TRY(zeslm_buffer_create(dev, sizeof host, &in));
    TRY(zeslm_buffer_create(dev, sizeof host, &out));
    TRY(zeslm_buffer_write(in, host, sizeof host));
    TRY(zeslm_kernel_build(dev, &program, "reverse", &k));
    TRY(zeslm_kernel_arg_buffer(k, 0, in));
    TRY(zeslm_kernel_arg_buffer(k, 1, out));
    TRY(zeslm_kernel_arg_local(k, 2, GROUP * sizeof(uint32_t))); /* the tile: dynamic SLM */
    st = zeslm_kernel_launch(k, GROUPS, GROUP, 10.0, &ns);
    if (st == ZESLM_ERR_NO_TIMING) {
        printf("%s (%s): built and launched; the device executed nothing (%s)\n", list.items[index].name,
               zeslm_backend_label(list.items[index].backend), zeslm_last_error());
        rc = 3;
        goto out;
    }
    TRY(st);
    TRY(zeslm_buffer_read(out, host, sizeof host));
    for (uint32_t i = 0; i < N; i++) {
        if (host[i] != (i / GROUP) * GROUP + GROUP - 1 - i % GROUP) {
            fprintf(stderr, "slm_reverse: wrong value at %u\n", i);
            goto out;
        }
    }
    printf("%s (%s): %d groups of %d reversed through SLM in %.1f us of device time\n", list.items[index].name,
           zeslm_backend_label(list.items[index].backend), GROUPS, GROUP, ns / 1e3);
    rc = 0;
    goto out;
fail:
    fprintf(stderr, "slm_reverse: %s: %s\n", zeslm_status_name(st), zeslm_last_error());
out:
    zeslm_kernel_free(k);
    zeslm_buffer_free(out);
    zeslm_buffer_free(in);
    zeslm_device_close(dev);
    zeslm_device_list_free(&list);
    return rc;
}
