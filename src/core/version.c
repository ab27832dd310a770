/* SPDX-License-Identifier: MIT */
#include <zeslm/version.h>

/* Written at build time by src/core/commit.cmake. */
extern const char zeslm_build_commit[], zeslm_build_text[];

const zeslm_version_info *zeslm_version(void)
{
    static const zeslm_version_info v = {ZESLM_VERSION_MAJOR, ZESLM_VERSION_MINOR, ZESLM_VERSION_PATCH,
                                         zeslm_build_commit, zeslm_build_text};
    return &v;
}
