/* SPDX-License-Identifier: MIT */
/* Intel's driver with no GPU it knows behind it (22.43 with SetCommandStreamReceiver=1
 * and ProductFamilyOverride=adlp, dg2, acm-g10, xe_hp_sdv or pvc) reports a maximum
 * group size of 0 and 0 threads per EU. With the first, zeKernelCreate fails with
 * ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION and the first buffer copy dies with
 * SIGSEGV inside the driver; with the second, the driver sizes scratch space from the
 * thread count and dies with SIGFPE at the first submission. Neither can be caught
 * once called, so the device is refused before it is opened. */
#include <stdlib.h>
#include <string.h>

#include <zeslm/backends.h>

#include "error.h"
#include "usable.h"

/* The driver reads its debug keys from the environment when NEOReadDebugKeys=1; a
 * user who set this one has told it how many compute units scratch space needs. */
static bool scratch_units_overridden(void)
{
    const char *read_keys = getenv("NEOReadDebugKeys");
    const char *units = getenv("OverrideNumComputeUnitsForScratch");
    char *end;
    return read_keys && strcmp(read_keys, "1") == 0 && units && strtol(units, &end, 10) > 0 && *end == '\0';
}

static zeslm_status refuse(const zeslm_device_info *d, const char *what, const char *key)
{
    return zeslm_fail(ZESLM_ERR_UNSUPPORTED,
                      "%s (%s) reports %s, so it cannot run kernels safely; install a driver that "
                      "knows this GPU, or set the driver's debug keys NEOReadDebugKeys=1 %s",
                      d->name, zeslm_backend_label(d->backend), what, key);
}

zeslm_status zeslm_device_check_usable(const zeslm_device_info *d)
{
    if (d->max_group_size == 0)
        return refuse(d, "a maximum work-group size of 0", "OverrideMaxWorkgroupSize=1024");
    if (!d->eu_threads_reported || scratch_units_overridden())
        return ZESLM_OK;
    if (d->eus_per_subslice == 0)
        return refuse(d, "0 EUs per subslice", "OverrideNumComputeUnitsForScratch=4096");
    if (d->threads_per_eu == 0)
        return refuse(d, "0 threads per EU", "OverrideNumComputeUnitsForScratch=4096");
    return ZESLM_OK;
}
