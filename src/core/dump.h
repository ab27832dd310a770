/* SPDX-License-Identifier: MIT */
/* Keeping what the driver compiled, for reading offline (PTX from NVIDIA, zebin from
 * Intel): when the device's settings name a dump directory, every module built is
 * written there. */
#ifndef ZESLM_DUMP_H
#define ZESLM_DUMP_H

#include <stdbool.h>
#include <stddef.h>

#include <zeslm/device.h>

/* Whether dev's settings ask for dumps, so a backend fetches the binary only then. */
bool zeslm_dump_wanted(const zeslm_device *dev);

/* Writes DIR/<name>.<ext> when dev's settings name DIR; a failure to write is
 * reported on stderr and otherwise ignored, since the dump is a by-product. */
void zeslm_dump_binary(const zeslm_device *dev, const char *name, const char *ext, const void *data,
                       size_t size);

#endif
