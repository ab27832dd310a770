/* SPDX-License-Identifier: MIT */
/* The backend registry: one row per backend compiled into this build. Nothing else in
 * the library or the tool names a backend; they iterate this table. The order of the
 * rows is the order of preference when a device is picked for the user. */
#include <string.h>

#include <zeslm/backends.h>

#include "backend.h"
#include "error.h"

/* Each backend's ops, defined in its own file and named nowhere but here. */
extern const struct zeslm_backend_ops zeslm_backend_ze;
extern const struct zeslm_backend_ops zeslm_backend_cl;

static const struct zeslm_backend {
    const char *name;  /* as --backend and JSON files spell it */
    const char *label; /* as messages and tables show it */
    const struct zeslm_backend_ops *ops;
} backends[] = {
#ifdef ZESLM_WITH_LEVEL_ZERO
    /* First: Intel's native interface reports more of the hardware (slices, EUs,
     * threads) and loads the bundled native binaries. */
    {"ze", "Level Zero", &zeslm_backend_ze},
#endif
#ifdef ZESLM_WITH_OPENCL
    {"cl", "OpenCL", &zeslm_backend_cl},
#endif
};

uint32_t zeslm_backend_count(void)
{
    return (uint32_t)(sizeof backends / sizeof backends[0]);
}

const char *zeslm_backend_name(uint32_t backend)
{
    return backend < zeslm_backend_count() ? backends[backend].name : NULL;
}

const char *zeslm_backend_label(uint32_t backend)
{
    return backend < zeslm_backend_count() ? backends[backend].label : NULL;
}

zeslm_status zeslm_backend_find(const char *name, uint32_t *backend)
{
    for (uint32_t i = 0; i < zeslm_backend_count(); i++) {
        if (strcmp(backends[i].name, name) == 0) {
            *backend = i;
            return ZESLM_OK;
        }
    }
    return zeslm_fail(ZESLM_ERR_INVALID_ARG, "no backend '%s' in this build", name);
}

const struct zeslm_backend_ops *zeslm_backend_ops_of(uint32_t backend)
{
    return backend < zeslm_backend_count() ? backends[backend].ops : NULL;
}
