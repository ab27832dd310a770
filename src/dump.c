#include <stdio.h>
#include <stdlib.h>

#include "dump.h"

void zeslm_dump_binary(const char *name, const char *ext, const void *data, size_t size)
{
    const char *dir = getenv("ZESLM_DUMP_BINARIES");
    if (!dir || !*dir)
        return;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.%s", dir, name, ext);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0) {
        fprintf(stderr, "ze-slm: cannot write %s\n", path);
        if (f)
            fclose(f);
    }
}
