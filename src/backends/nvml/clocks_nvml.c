/* SPDX-License-Identifier: MIT */
/* NVML as a clock source, loaded at run time: no build dependency on NVIDIA's
 * libraries, and nothing happens on a machine without them. The declarations are
 * NVML's (nvml.h), reduced to what is called. */
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock_source.h"
#include "error.h"

typedef int nvml_return;   /* nvmlReturn_t: 0 is NVML_SUCCESS */
typedef void *nvml_device; /* nvmlDevice_t */
enum { NVML_CLOCK_SM = 1, NVML_CLOCK_MEM = 2, NVML_TEMPERATURE_GPU = 0 };

typedef struct nvml {
    struct zeslm_clock_source base;
    void *lib;
    nvml_device dev;
    nvml_return (*shutdown)(void);
    nvml_return (*clock)(nvml_device, int, unsigned *);
    nvml_return (*temperature)(nvml_device, int, unsigned *);
    nvml_return (*power)(nvml_device, unsigned *);
    nvml_return (*reasons)(nvml_device, unsigned long long *);
} nvml;

/* nvmlClocksThrottleReasons* (nvml.h), bit by bit. */
static const zeslm_clock_reason reason_names[] = {
    {0x1, "gpu_idle"},          {0x2, "applications_clocks_setting"}, {0x4, "sw_power_cap"},
    {0x8, "hw_slowdown"},       {0x10, "sync_boost"},                 {0x20, "sw_thermal_slowdown"},
    {0x40, "hw_thermal_slowdown"}, {0x80, "hw_power_brake_slowdown"}, {0x100, "display_clock_setting"},
};

static zeslm_status sample(zeslm_clock_source *s, zeslm_clock_sample *out)
{
    nvml *n = (nvml *)s;
    unsigned v;
    unsigned long long bits;
    nvml_return r = n->clock(n->dev, NVML_CLOCK_SM, &v);
    if (r != 0)
        return zeslm_fail(ZESLM_ERR_BACKEND, "nvmlDeviceGetClockInfo failed (%d)", r);
    out->mhz = v;
    out->temp_c = n->temperature && n->temperature(n->dev, NVML_TEMPERATURE_GPU, &v) == 0 ? v : NAN;
    out->power_w = n->power && n->power(n->dev, &v) == 0 ? v / 1000.0 : NAN; /* milliwatts */
    out->throttle = n->reasons && n->reasons(n->dev, &bits) == 0 ? bits : 0;
    return ZESLM_OK;
}

static void close_nvml(zeslm_clock_source *s)
{
    nvml *n = (nvml *)s;
    n->shutdown();
    dlclose(n->lib);
    free(n);
}

zeslm_status zeslm_clocks_nvml_open(const zeslm_device_info *d, zeslm_clock_source **out)
{
    if (!d->pci_address[0] && !d->uuid[0])
        return zeslm_fail(ZESLM_ERR_NO_DEVICE,
                          "the device reports neither a PCI address nor a UUID to find it by in NVML");
    const char *path = getenv("ZESLM_NVML_LIBRARY");
    path = path && *path ? path : "libnvidia-ml.so.1";
    nvml *n = calloc(1, sizeof *n);
    if (!n)
        return zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
    zeslm_status st = ZESLM_ERR_NO_DEVICE;
    n->lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!n->lib) {
        zeslm_fail(st, "no NVML: %s", dlerror());
        free(n);
        return st;
    }
    /* POSIX's way from a void * to a function pointer. */
#define SYM(dst, name) *(void **)(&(dst)) = dlsym(n->lib, name)
    nvml_return (*init)(void), (*by_pci)(const char *, nvml_device *), (*by_uuid)(const char *, nvml_device *);
    nvml_return (*max_clock)(nvml_device, int, unsigned *), (*bus_width)(nvml_device, unsigned *);
    SYM(init, "nvmlInit_v2");
    SYM(by_pci, "nvmlDeviceGetHandleByPciBusId_v2");
    SYM(by_uuid, "nvmlDeviceGetHandleByUUID");
    SYM(max_clock, "nvmlDeviceGetMaxClockInfo");
    SYM(bus_width, "nvmlDeviceGetMemoryBusWidth");
    SYM(n->shutdown, "nvmlShutdown");
    SYM(n->clock, "nvmlDeviceGetClockInfo");
    SYM(n->temperature, "nvmlDeviceGetTemperature");
    SYM(n->power, "nvmlDeviceGetPowerUsage");
    SYM(n->reasons, "nvmlDeviceGetCurrentClocksThrottleReasons");
#undef SYM
    if (!init || !by_pci || !by_uuid || !n->shutdown || !n->clock) {
        zeslm_fail(st, "%s lacks NVML's functions", path);
        goto fail;
    }
    if (init() != 0) {
        zeslm_fail(st, "nvmlInit failed (no NVIDIA driver running?)");
        goto fail;
    }
    /* NVML names a UUID "GPU-" and the 8-4-4-4-12 hex the device reports. */
    char uuid[64];
    snprintf(uuid, sizeof uuid, "GPU-%s", d->uuid);
    if (!(d->pci_address[0] && by_pci(d->pci_address, &n->dev) == 0) && !(d->uuid[0] && by_uuid(uuid, &n->dev) == 0)) {
        zeslm_fail(st, "NVML has no device at PCI %s or with UUID %s", d->pci_address[0] ? d->pci_address : "-",
                   d->uuid[0] ? d->uuid : "-");
        n->shutdown();
        goto fail;
    }
    unsigned max = 0;
    n->base = (struct zeslm_clock_source){.name = "NVML", .sample = sample, .reasons = reason_names,
                                          .n_reasons = sizeof reason_names / sizeof reason_names[0],
                                          .close = close_nvml};
    if (max_clock && max_clock(n->dev, NVML_CLOCK_SM, &max) == 0)
        n->base.max_mhz = max;
    if (max_clock && max_clock(n->dev, NVML_CLOCK_MEM, &max) == 0)
        n->base.memory_max_mhz = max;
    if (bus_width && bus_width(n->dev, &max) == 0)
        n->base.memory_bus_bits = max;
    *out = &n->base;
    return ZESLM_OK;
fail:
    dlclose(n->lib);
    free(n);
    return st;
}
