/* SPDX-License-Identifier: MIT */
/* Refusing a device whose driver reports facts that no working device has. */
#ifndef ZESLM_USABLE_H
#define ZESLM_USABLE_H

#include <zeslm/device.h>

/* ZESLM_OK, or ZESLM_ERR_UNSUPPORTED with a message that names the device, the
 * property and the workaround. Called before the backend opens the device, because
 * such drivers crash in later calls (buffer copies, kernel creation). */
zeslm_status zeslm_device_check_usable(const zeslm_device_info *d);

#endif
