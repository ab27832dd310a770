/* SPDX-License-Identifier: MIT */
/* The test double's Sysman (ze_double.c says what the double is): one GPU frequency
 * domain, one GPU temperature sensor and one power domain of its one device, offered
 * only when ZES_ENABLE_SYSMAN=1, as Intel's driver does. Its readings are known, so a
 * test can find them in the results file: the clock is ZESLM_DOUBLE_MHZ (default
 * 1600) of a 2000 MHz maximum, throttled by the thermal limit below the maximum;
 * 61.5 C; an energy counter that grows 75 J a second on the host clock (75 W). The
 * sampler calls these from its own thread: they read only constants, the
 * environment and the clock. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <level_zero/zes_ddi.h>

#include "tables.h"

#define MAX_MHZ 2000.0
#define WATTS 75

/* Handles the tool only passes back: any distinct addresses do. */
static char freq_domain, temp_sensor, power_domain;

static bool on(void)
{
    const char *e = getenv("ZES_ENABLE_SYSMAN");
    return e && strcmp(e, "1") == 0;
}

/* One handle for a count-then-fill call, or none with Sysman off. */
static ze_result_t one(uint32_t *count, void **out, void *handle)
{
    if (!on())
        return ZE_RESULT_ERROR_UNINITIALIZED;
    if (*count == 0) {
        *count = 1;
        return ZE_RESULT_SUCCESS;
    }
    *count = 1;
    if (out)
        out[0] = handle;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t s_freq_domains(zes_device_handle_t d, uint32_t *count, zes_freq_handle_t *out)
{
    return one(count, (void **)out, &freq_domain);
}

static ze_result_t s_temp_sensors(zes_device_handle_t d, uint32_t *count, zes_temp_handle_t *out)
{
    return one(count, (void **)out, &temp_sensor);
}

static ze_result_t s_power_domains(zes_device_handle_t d, uint32_t *count, zes_pwr_handle_t *out)
{
    return one(count, (void **)out, &power_domain);
}

static ze_result_t s_freq_properties(zes_freq_handle_t h, zes_freq_properties_t *p)
{
    p->type = ZES_FREQ_DOMAIN_GPU;
    p->onSubdevice = 0;
    p->min = 300;
    p->max = MAX_MHZ;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t s_freq_state(zes_freq_handle_t h, zes_freq_state_t *s)
{
    const char *e = getenv("ZESLM_DOUBLE_MHZ");
    double mhz = e ? atof(e) : 1600;
    s->actual = s->request = mhz;
    s->tdp = s->efficient = -1;
    s->throttleReasons = mhz < MAX_MHZ ? ZES_FREQ_THROTTLE_REASON_FLAG_THERMAL_LIMIT : 0;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t s_temp_properties(zes_temp_handle_t h, zes_temp_properties_t *p)
{
    p->type = ZES_TEMP_SENSORS_GPU;
    p->onSubdevice = 0;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t s_temp_state(zes_temp_handle_t h, double *c)
{
    *c = 61.5;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t s_power_properties(zes_pwr_handle_t h, zes_power_properties_t *p)
{
    p->onSubdevice = 0;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t s_energy(zes_pwr_handle_t h, zes_power_energy_counter_t *e)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    e->timestamp = (uint64_t)t.tv_sec * 1000000u + (uint64_t)t.tv_nsec / 1000u; /* us */
    e->energy = e->timestamp * WATTS;                                          /* uJ */
    return ZE_RESULT_SUCCESS;
}

TABLE(zesGetDeviceProcAddrTable, zes_device_dditable_t, .pfnEnumFrequencyDomains = s_freq_domains,
      .pfnEnumTemperatureSensors = s_temp_sensors, .pfnEnumPowerDomains = s_power_domains)
TABLE(zesGetFrequencyProcAddrTable, zes_frequency_dditable_t, .pfnGetProperties = s_freq_properties,
      .pfnGetState = s_freq_state)
TABLE(zesGetTemperatureProcAddrTable, zes_temperature_dditable_t, .pfnGetProperties = s_temp_properties,
      .pfnGetState = s_temp_state)
TABLE(zesGetPowerProcAddrTable, zes_power_dditable_t, .pfnGetProperties = s_power_properties,
      .pfnGetEnergyCounter = s_energy)
