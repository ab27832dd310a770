/* SPDX-License-Identifier: MIT */
/* Which ze-slm this is: the version the headers describe (ZESLM_VERSION_*, at compile
 * time) and the library linked (zeslm_version(), at run time, with its git commit). */
#ifndef ZESLM_VERSION_H
#define ZESLM_VERSION_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The one place the version is written: CMakeLists.txt reads it from here. While the
 * major version is 0, every ABI change raises the minor version and with it the
 * shared library's SONAME, libzeslm.so.0.MINOR (docs/library.md, "ABI and versions");
 * CHANGELOG.md says what each version changed. */
#define ZESLM_VERSION_MAJOR 0
#define ZESLM_VERSION_MINOR 4
#define ZESLM_VERSION_PATCH 0

typedef struct zeslm_version_info {
    uint32_t major, minor, patch;
    /* The git commit the library was built from, abbreviated, "-dirty" after it when
     * the tree had uncommitted changes; "unknown" when built outside a git tree. */
    const char *commit;
    const char *text;   /* "0.1.0 (git c633066)" */
} zeslm_version_info;

/* The linked library's version; static storage. */
const zeslm_version_info *zeslm_version(void);

#ifdef __cplusplus
}
#endif

#endif
