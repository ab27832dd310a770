/* SPDX-License-Identifier: MIT */
#include <stdio.h>

#include "backend.h"
#include "dump.h"

bool zeslm_dump_wanted(const zeslm_device *dev)
{
    return dev->settings.dump_dir && *dev->settings.dump_dir;
}

void zeslm_dump_binary(const zeslm_device *dev, const char *name, const char *ext, const void *data,
                       size_t size)
{
    if (!zeslm_dump_wanted(dev))
        return;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.%s", dev->settings.dump_dir, name, ext);
    FILE *f = fopen(path, "wb");
    bool ok = f && fwrite(data, 1, size, f) == size;
    /* fclose once, whatever happened: a second one on a failed close is undefined. */
    if (f && fclose(f) != 0)
        ok = false;
    if (!ok)
        fprintf(stderr, "ze-slm: cannot write %s\n", path);
}
