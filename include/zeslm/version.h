/* Which ze-slm this is: the version the headers describe (ZESLM_VERSION_*, at compile
 * time) and the library linked (zeslm_version(), at run time, with its git commit). */
#ifndef ZESLM_VERSION_H
#define ZESLM_VERSION_H

#include <stdint.h>

/* The one place the version is written: CMakeLists.txt reads it from here. 0.2:
 * zeslm_summary holds 16 findings (was 8), zeslm_device_info and zeslm_kernel_props
 * grew fields, devices are reference-counted: rebuild against these headers. */
#define ZESLM_VERSION_MAJOR 0
#define ZESLM_VERSION_MINOR 2
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

#endif
