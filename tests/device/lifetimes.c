/* SPDX-License-Identifier: MIT */
/* A device and its children freed in either order (include/zeslm/device.h, "Lifetimes"):
 * closing the device first leaves its buffer readable and its kernel freeable, and
 * freeing the children first then closing releases everything. Run under valgrind
 * with --error-exitcode (tests/CMakeLists.txt): a use after free or a leak fails it.
 * Usage: lifetimes BACKEND [readback]: it opens that backend's ("ze", "cl") best device;
 * with `readback`, the buffer read after zeslm_device_close must hold what was written
 * (not on Intel's driver with no GPU, which runs no copy). */
#include <stdio.h>
#include <string.h>

#include <zeslm/zeslm.h>

#define BYTES 4096

static int readback; /* whether the device executes copies, so their bytes are checked */

static int failed(const char *what)
{
    fprintf(stderr, "lifetimes: %s: %s\n", what, zeslm_last_error());
    return 1;
}

/* Opens the device and makes a buffer holding a pattern and a bundled kernel from it. */
static int make(const zeslm_device_info *info, zeslm_device **dev, zeslm_buffer **buf, zeslm_kernel **k)
{
    unsigned char pattern[BYTES];
    memset(pattern, 0x5a, sizeof pattern);
    if (zeslm_device_open(info, NULL, dev) != ZESLM_OK)
        return failed("zeslm_device_open");
    if (zeslm_buffer_create(*dev, BYTES, buf) != ZESLM_OK)
        return failed("zeslm_buffer_create");
    if (zeslm_buffer_write(*buf, pattern, BYTES) != ZESLM_OK)
        return failed("zeslm_buffer_write");
    if (zeslm_kernel_create(*dev, "roofline", "peak_copy", k) != ZESLM_OK)
        return failed("zeslm_kernel_create");
    return 0;
}

/* The device closed first: the buffer still reads back its pattern, the kernel still
 * knows its name, and freeing them afterwards frees the device. */
static int device_first(const zeslm_device_info *info)
{
    zeslm_device *dev;
    zeslm_buffer *buf;
    zeslm_kernel *k;
    if (make(info, &dev, &buf, &k))
        return 1;
    zeslm_device_close(dev);
    unsigned char back[BYTES] = {0};
    if (zeslm_buffer_read(buf, back, BYTES) != ZESLM_OK)
        return failed("zeslm_buffer_read after zeslm_device_close");
    for (size_t i = 0; readback && i < BYTES; i++)
        if (back[i] != 0x5a) {
            fprintf(stderr, "lifetimes: byte %zu read back as 0x%02x after zeslm_device_close\n", i, back[i]);
            return 1;
        }
    if (strcmp(zeslm_kernel_name(k), "peak_copy") != 0) {
        fprintf(stderr, "lifetimes: the kernel's name is '%s' after zeslm_device_close\n", zeslm_kernel_name(k));
        return 1;
    }
    zeslm_buffer_free(buf);
    zeslm_kernel_free(k);
    return 0;
}

/* The children freed first, then the device closed: the documented common order. */
static int children_first(const zeslm_device_info *info)
{
    zeslm_device *dev;
    zeslm_buffer *buf;
    zeslm_kernel *k;
    if (make(info, &dev, &buf, &k))
        return 1;
    zeslm_kernel_free(k);
    zeslm_buffer_free(buf);
    zeslm_device_close(dev);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3 || (argc == 3 && strcmp(argv[2], "readback") != 0)) {
        fprintf(stderr, "usage: lifetimes BACKEND [readback]\n");
        return 2;
    }
    readback = argc == 3;
    zeslm_device_list list;
    uint32_t i;
    if (zeslm_list_devices(argv[1], &list) != ZESLM_OK)
        return failed("zeslm_list_devices");
    int rc = zeslm_select_device(&list, NULL, &i) != ZESLM_OK ? failed("zeslm_select_device")
             : device_first(&list.items[i]) ? 1
                                            : children_first(&list.items[i]);
    if (rc == 0)
        printf("both orders freed cleanly on %s\n", list.items[i].name);
    zeslm_device_list_free(&list);
    return rc;
}
