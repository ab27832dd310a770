/* SPDX-License-Identifier: MIT */
/* A device's identity as text, the same from either backend: its UUID and its PCI
 * address, which tell two devices of one model apart across a cluster. */
#ifndef ZESLM_IDENTITY_H
#define ZESLM_IDENTITY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The 16 bytes as 8-4-4-4-12 lower-case hex, in the order the driver gives them
 * (nvidia-smi's GPU-... and Level Zero's ze_device_uuid_t read the same). All zeros is
 * no UUID: out is "" and the result false. out holds at least 37 bytes. */
bool zeslm_uuid_text(const uint8_t id[16], char *out, size_t len);

/* "DDDD:BB:DD.F" (domain, bus, device, function), as lspci -D prints it. */
void zeslm_pci_text(uint32_t domain, uint32_t bus, uint32_t device, uint32_t function, char *out, size_t len);

#endif
