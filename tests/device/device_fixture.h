/* SPDX-License-Identifier: MIT */
/* The cmocka group fixture the device tests share: list the devices of one backend,
 * open the one `spec` names (NULL: the best) with the settings the tool would take
 * from the environment (tools/ze-slm-bench/cli/cli.c), close it at the end. */
#ifndef ZESLM_DEVICE_FIXTURE_H
#define ZESLM_DEVICE_FIXTURE_H

#include <stdio.h>

#include <zeslm/device.h>

#include "cli/cli.h"

static zeslm_device_list list;
static zeslm_device *dev;

static int open_backend_device(const char *backend, const char *spec)
{
    uint32_t i;
    zeslm_settings settings;
    if (!cli_settings_from_env(&settings))
        return -1;
    if (zeslm_list_devices(backend, &list) != ZESLM_OK || zeslm_select_device(&list, spec, &i) != ZESLM_OK ||
        zeslm_device_open(&list.items[i], &settings, &dev) != ZESLM_OK) {
        fprintf(stderr, "%s\n", zeslm_last_error());
        return -1;
    }
    return 0;
}

static int close_device(void **state)
{
    (void)state;
    zeslm_device_close(dev);
    zeslm_device_list_free(&list);
    return 0;
}

#endif
