/* SPDX-License-Identifier: MIT */
#include <stdio.h>

#include "identity.h"

bool zeslm_uuid_text(const uint8_t id[16], char *out, size_t len)
{
    bool any = false;
    for (int i = 0; i < 16; i++)
        any |= id[i] != 0;
    out[0] = '\0';
    if (!any)
        return false;
    size_t used = 0;
    for (int i = 0; i < 16 && used < len; i++)
        used += (size_t)snprintf(out + used, len - used, "%s%02x", i == 4 || i == 6 || i == 8 || i == 10 ? "-" : "",
                                 id[i]);
    return true;
}

void zeslm_pci_text(uint32_t domain, uint32_t bus, uint32_t device, uint32_t function, char *out, size_t len)
{
    snprintf(out, len, "%04x:%02x:%02x.%x", domain, bus, device, function);
}
