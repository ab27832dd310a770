/* SPDX-License-Identifier: MIT */
/* Level Zero Sysman as a clock source on Intel GPUs. The loader here (1.8, API 1.4) has
 * no zesInit: Sysman runs inside the core driver when ZES_ENABLE_SYSMAN=1 is set before
 * zeInit, and a core device handle is then a Sysman one (the Level Zero spec's "Sysman
 * with ZES_ENABLE_SYSMAN"). ze-slm-bench's `run` sets it, unless the user set it, before any
 * device is opened. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock_source.h"
#include "error.h"

#include <level_zero/ze_api.h>
#include <level_zero/zes_api.h>

/* Devices and drivers looked at to find d: more than any node has. */
#define MAX_HANDLES 64

typedef struct sysman {
    struct zeslm_clock_source base;
    zes_freq_handle_t freq;
    zes_temp_handle_t temp; /* NULL: no GPU sensor */
    zes_pwr_handle_t power; /* NULL: no power domain */
    zes_power_energy_counter_t last; /* for the power between two readings */
} sysman;

/* zes_freq_throttle_reason_flags_t (zes_api.h), bit by bit. */
static const zeslm_clock_reason reason_names[] = {
    {ZES_FREQ_THROTTLE_REASON_FLAG_AVE_PWR_CAP, "average_power_cap"},
    {ZES_FREQ_THROTTLE_REASON_FLAG_BURST_PWR_CAP, "burst_power_cap"},
    {ZES_FREQ_THROTTLE_REASON_FLAG_CURRENT_LIMIT, "current_limit"},
    {ZES_FREQ_THROTTLE_REASON_FLAG_THERMAL_LIMIT, "thermal_limit"},
    {ZES_FREQ_THROTTLE_REASON_FLAG_PSU_ALERT, "psu_alert"},
    {ZES_FREQ_THROTTLE_REASON_FLAG_SW_RANGE, "software_range"},
    {ZES_FREQ_THROTTLE_REASON_FLAG_HW_RANGE, "hardware_range"},
};

static zeslm_status sample(zeslm_clock_source *base, zeslm_clock_sample *out)
{
    sysman *s = (sysman *)base;
    zes_freq_state_t st = {.stype = ZES_STRUCTURE_TYPE_FREQ_STATE};
    ze_result_t r = zesFrequencyGetState(s->freq, &st);
    if (r != ZE_RESULT_SUCCESS)
        return zeslm_fail(ZESLM_ERR_BACKEND, "zesFrequencyGetState failed (0x%x)", (unsigned)r);
    /* actual < 0: the driver does not know it (zes_freq_state_t). */
    if (!(st.actual > 0))
        return zeslm_fail(ZESLM_ERR_BACKEND, "Level Zero Sysman knows no actual clock now");
    out->mhz = st.actual;
    out->throttle = st.throttleReasons;
    double c;
    if (s->temp && zesTemperatureGetState(s->temp, &c) == ZE_RESULT_SUCCESS)
        out->temp_c = c;
    zes_power_energy_counter_t e;
    if (s->power && zesPowerGetEnergyCounter(s->power, &e) == ZE_RESULT_SUCCESS) {
        /* microjoules over microseconds: watts, between this reading and the last. */
        if (s->last.timestamp && e.timestamp > s->last.timestamp && e.energy >= s->last.energy)
            out->power_w = (double)(e.energy - s->last.energy) / (double)(e.timestamp - s->last.timestamp);
        s->last = e;
    }
    return ZESLM_OK;
}

static void close_sysman(zeslm_clock_source *s)
{
    free(s);
}

/* The hex digits of d->uuid (8-4-4-4-12) as the 16 bytes Level Zero reports. */
static bool uuid_bytes(const char *text, uint8_t out[ZE_MAX_DEVICE_UUID_SIZE])
{
    size_t k = 0;
    for (const char *p = text; *p && k < 2 * ZE_MAX_DEVICE_UUID_SIZE; p++) {
        if (*p == '-')
            continue;
        int v = *p >= '0' && *p <= '9' ? *p - '0' : *p >= 'a' && *p <= 'f' ? *p - 'a' + 10 : -1;
        if (v < 0)
            return false;
        out[k / 2] = (uint8_t)(k % 2 ? out[k / 2] | v : v << 4);
        k++;
    }
    return k == 2 * ZE_MAX_DEVICE_UUID_SIZE;
}

/* Whether dev's UUID is `want`; its properties in *p. */
static bool has_uuid(ze_device_handle_t dev, const uint8_t want[ZE_MAX_DEVICE_UUID_SIZE], ze_device_properties_t *p)
{
    *p = (ze_device_properties_t){.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES};
    return zeDeviceGetProperties(dev, p) == ZE_RESULT_SUCCESS && !memcmp(p->uuid.id, want, sizeof p->uuid.id);
}

/* The root device whose UUID (or whose tile's) is `want`; *tile the tile's index, -1 for
 * the root itself. */
static ze_device_handle_t find(const uint8_t want[ZE_MAX_DEVICE_UUID_SIZE], int32_t *tile)
{
    uint32_t nd = MAX_HANDLES;
    ze_driver_handle_t drivers[MAX_HANDLES];
    if (zeInit(ZE_INIT_FLAG_GPU_ONLY) != ZE_RESULT_SUCCESS || zeDriverGet(&nd, drivers) != ZE_RESULT_SUCCESS)
        return NULL;
    for (uint32_t i = 0; i < nd; i++) {
        uint32_t n = MAX_HANDLES;
        ze_device_handle_t devs[MAX_HANDLES];
        if (zeDeviceGet(drivers[i], &n, devs) != ZE_RESULT_SUCCESS)
            continue;
        for (uint32_t k = 0; k < n; k++) {
            uint32_t ns = MAX_HANDLES;
            ze_device_handle_t subs[MAX_HANDLES];
            ze_device_properties_t p;
            if (has_uuid(devs[k], want, &p)) {
                *tile = -1;
                return devs[k];
            }
            if (zeDeviceGetSubDevices(devs[k], &ns, subs) != ZE_RESULT_SUCCESS)
                continue;
            for (uint32_t t = 0; t < ns; t++) {
                if (has_uuid(subs[t], want, &p)) {
                    *tile = (int32_t)p.subdeviceId;
                    return devs[k];
                }
            }
        }
    }
    return NULL;
}

/* The GPU frequency domain of the device or of its tile. */
static zes_freq_handle_t gpu_domain(zes_device_handle_t dev, int32_t tile, double *max_mhz, ze_result_t *r)
{
    uint32_t n = MAX_HANDLES;
    zes_freq_handle_t doms[MAX_HANDLES];
    if ((*r = zesDeviceEnumFrequencyDomains(dev, &n, doms)) != ZE_RESULT_SUCCESS)
        return NULL;
    for (uint32_t i = 0; i < n; i++) {
        zes_freq_properties_t p = {.stype = ZES_STRUCTURE_TYPE_FREQ_PROPERTIES};
        if (zesFrequencyGetProperties(doms[i], &p) != ZE_RESULT_SUCCESS || p.type != ZES_FREQ_DOMAIN_GPU)
            continue;
        if (tile >= 0 && !(p.onSubdevice && p.subdeviceId == (uint32_t)tile))
            continue;
        *max_mhz = p.max > 0 ? p.max : 0;
        return doms[i];
    }
    return NULL;
}

/* The first GPU temperature sensor and the first power domain (of the tile, if one). */
static void sensors(zes_device_handle_t dev, int32_t tile, sysman *s)
{
    uint32_t n = MAX_HANDLES;
    zes_temp_handle_t temps[MAX_HANDLES];
    if (zesDeviceEnumTemperatureSensors(dev, &n, temps) == ZE_RESULT_SUCCESS)
        for (uint32_t i = 0; i < n && !s->temp; i++) {
            zes_temp_properties_t p = {.stype = ZES_STRUCTURE_TYPE_TEMP_PROPERTIES};
            if (zesTemperatureGetProperties(temps[i], &p) == ZE_RESULT_SUCCESS && p.type == ZES_TEMP_SENSORS_GPU &&
                (tile < 0 || (p.onSubdevice && p.subdeviceId == (uint32_t)tile)))
                s->temp = temps[i];
        }
    n = MAX_HANDLES;
    zes_pwr_handle_t pwrs[MAX_HANDLES];
    if (zesDeviceEnumPowerDomains(dev, &n, pwrs) == ZE_RESULT_SUCCESS)
        for (uint32_t i = 0; i < n && !s->power; i++) {
            zes_power_properties_t p = {.stype = ZES_STRUCTURE_TYPE_POWER_PROPERTIES};
            if (zesPowerGetProperties(pwrs[i], &p) == ZE_RESULT_SUCCESS &&
                (tile < 0 ? !p.onSubdevice : p.onSubdevice && p.subdeviceId == (uint32_t)tile))
                s->power = pwrs[i];
        }
}

zeslm_status zeslm_clocks_sysman_open(const zeslm_device_info *d, zeslm_clock_source **out)
{
    const char *on = getenv("ZES_ENABLE_SYSMAN");
    uint8_t want[ZE_MAX_DEVICE_UUID_SIZE];
    int32_t tile = -1;
    if (!on || strcmp(on, "1") != 0)
        return zeslm_fail(ZESLM_ERR_NO_DEVICE, "Level Zero Sysman is off (ZES_ENABLE_SYSMAN=%s)", on ? on : "unset");
    if (!uuid_bytes(d->uuid, want))
        return zeslm_fail(ZESLM_ERR_NO_DEVICE, "the device reports no UUID to find it by in Level Zero Sysman");
    ze_device_handle_t dev = find(want, &tile);
    if (!dev)
        return zeslm_fail(ZESLM_ERR_NO_DEVICE, "no Level Zero device has UUID %s", d->uuid);
    sysman *s = calloc(1, sizeof *s);
    if (!s)
        return zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
    double max = 0;
    ze_result_t r = ZE_RESULT_SUCCESS;
    s->freq = gpu_domain((zes_device_handle_t)dev, tile, &max, &r);
    if (!s->freq) {
        free(s);
        if (r == ZE_RESULT_ERROR_UNINITIALIZED)
            return zeslm_fail(ZESLM_ERR_NO_DEVICE,
                              "Level Zero Sysman did not start for this device (zesDeviceEnumFrequencyDomains: "
                              "ZE_RESULT_ERROR_UNINITIALIZED: no GPU behind the driver, or no access to it)");
        if (r != ZE_RESULT_SUCCESS)
            return zeslm_fail(ZESLM_ERR_NO_DEVICE, "Level Zero Sysman: zesDeviceEnumFrequencyDomains failed (0x%x)",
                              (unsigned)r);
        return zeslm_fail(ZESLM_ERR_NO_DEVICE, "Level Zero Sysman offers no GPU frequency domain for this device");
    }
    sensors((zes_device_handle_t)dev, tile, s);
    s->base = (struct zeslm_clock_source){.name = "Level Zero Sysman", .max_mhz = max, .sample = sample,
                                          .reasons = reason_names,
                                          .n_reasons = sizeof reason_names / sizeof reason_names[0],
                                          .close = close_sysman};
    *out = &s->base;
    return ZESLM_OK;
}
