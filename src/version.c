#include <zeslm/bench.h>

#ifndef ZESLM_VERSION
#error "the build defines ZESLM_VERSION (src/CMakeLists.txt)"
#endif

const char *zeslm_version(void)
{
    return ZESLM_VERSION;
}
