/* A TEST DOUBLE of NVML (libnvidia-ml.so.1), built as a shared library for the clock
 * tests only: it answers the calls tools/clocks_nvml.c makes, for one device whose
 * UUID or PCI address is FAKE_NVML_UUID / FAKE_NVML_PCI, at FAKE_NVML_MHZ (of a
 * maximum of 2000), 60 C, 300 W, with throttle reason bits FAKE_NVML_REASONS. It
 * measures nothing: tests point ZESLM_NVML_LIBRARY at it to check what the tool does
 * with such readings. */
#include <stdlib.h>
#include <string.h>

typedef void *nvmlDevice_t;
static int the_device;

static unsigned env_u(const char *name, unsigned dflt)
{
    const char *v = getenv(name);
    return v && *v ? (unsigned)strtoul(v, NULL, 0) : dflt;
}

static int matches(const char *want, const char *env)
{
    const char *have = getenv(env);
    return have && strcmp(want, have) == 0;
}

int nvmlInit_v2(void) { return 0; }
int nvmlShutdown(void) { return 0; }

int nvmlDeviceGetHandleByPciBusId_v2(const char *pci, nvmlDevice_t *dev)
{
    *dev = &the_device;
    return matches(pci, "FAKE_NVML_PCI") ? 0 : 6; /* NVML_ERROR_NOT_FOUND */
}

int nvmlDeviceGetHandleByUUID(const char *uuid, nvmlDevice_t *dev)
{
    *dev = &the_device;
    return strncmp(uuid, "GPU-", 4) == 0 && matches(uuid + 4, "FAKE_NVML_UUID") ? 0 : 6;
}

int nvmlDeviceGetClockInfo(nvmlDevice_t dev, int type, unsigned *mhz)
{
    (void)dev;
    *mhz = env_u("FAKE_NVML_MHZ", 1980);
    return type == 1 ? 0 : 2;
}

int nvmlDeviceGetMaxClockInfo(nvmlDevice_t dev, int type, unsigned *mhz)
{
    (void)dev;
    *mhz = 2000;
    return type == 1 ? 0 : 2;
}

int nvmlDeviceGetTemperature(nvmlDevice_t dev, int sensor, unsigned *c)
{
    (void)dev;
    (void)sensor;
    *c = 60;
    return 0;
}

int nvmlDeviceGetPowerUsage(nvmlDevice_t dev, unsigned *mw)
{
    (void)dev;
    *mw = 300000;
    return 0;
}

int nvmlDeviceGetCurrentClocksThrottleReasons(nvmlDevice_t dev, unsigned long long *bits)
{
    (void)dev;
    *bits = env_u("FAKE_NVML_REASONS", 0);
    return 0;
}
