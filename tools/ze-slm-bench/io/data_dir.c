/* SPDX-License-Identifier: MIT */
/* realpath() is XSI. */
#define _XOPEN_SOURCE 700
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io/data_dir.h"

/* The installed data folder relative to the installed binary's ("../share/ze-slm"):
 * tools/ze-slm-bench/CMakeLists.txt works it out from the install directories. */
#ifndef ZESLM_DATA_FROM_BIN
#define ZESLM_DATA_FROM_BIN "../share/ze-slm"
#endif

/* Where a build tree keeps the data, beside its binary. */
#define DATA_IN_BUILD "share/ze-slm"

bool data_dir_find(const char *name, char *dir, size_t len)
{
    const char *env = getenv("ZESLM_DATA_DIR");
    if (env && *env) {
        int n = snprintf(dir, len, "%s", env);
        return n >= 0 && (size_t)n < len;
    }
    char exe[PATH_MAX];
    ssize_t got = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (got <= 0 || (size_t)got >= sizeof exe - 1)
        return false;
    exe[got] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        return false;
    *slash = '\0';
    const char *const relative[] = {ZESLM_DATA_FROM_BIN, DATA_IN_BUILD};
    for (size_t i = 0; i < sizeof relative / sizeof relative[0]; i++) {
        char file[PATH_MAX + 64];
        int n = snprintf(dir, len, "%s/%s", exe, relative[i]);
        int m = snprintf(file, sizeof file, "%s/%s/%s", exe, relative[i], name);
        if (n < 0 || (size_t)n >= len || m < 0 || (size_t)m >= sizeof file || access(file, R_OK) != 0)
            continue;
        /* Said as the folder it is (/usr/share/ze-slm, not /usr/bin/../share/ze-slm). */
        char real[PATH_MAX];
        if (realpath(dir, real) && strlen(real) < len)
            memcpy(dir, real, strlen(real) + 1);
        return true;
    }
    return false;
}
