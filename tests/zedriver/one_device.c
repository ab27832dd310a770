/* SPDX-License-Identifier: MIT */
/* One driver, one device (one_device.h). The handles are tokens: nothing is read
 * through them. */
#include "one_device.h"

struct _ze_driver_handle_t {
    int unused;
};
struct _ze_device_handle_t {
    int unused;
};

static struct _ze_driver_handle_t the_driver;
static struct _ze_device_handle_t the_device;

uint32_t zedriver_fill_count(uint32_t *count, uint32_t have)
{
    if (*count == 0 || *count > have)
        *count = have;
    return *count;
}

ze_result_t zedriver_driver_get(uint32_t *count, ze_driver_handle_t *drivers)
{
    if (zedriver_fill_count(count, 1) && drivers)
        drivers[0] = &the_driver;
    return ZE_RESULT_SUCCESS;
}

ze_result_t zedriver_driver_api_version(ze_driver_handle_t d, ze_api_version_t *v)
{
    (void)d;
    *v = ZE_API_VERSION_1_4;
    return ZE_RESULT_SUCCESS;
}

ze_result_t zedriver_device_get(ze_driver_handle_t d, uint32_t *count, ze_device_handle_t *devices)
{
    (void)d;
    if (zedriver_fill_count(count, 1) && devices)
        devices[0] = &the_device;
    return ZE_RESULT_SUCCESS;
}

ze_result_t zedriver_sub_devices(ze_device_handle_t d, uint32_t *count, ze_device_handle_t *subs)
{
    (void)d, (void)subs;
    *count = 0;
    return ZE_RESULT_SUCCESS;
}
