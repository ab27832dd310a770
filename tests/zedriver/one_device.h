/* SPDX-License-Identifier: MIT */
/* What the project's two Level Zero test drivers (tests/zecl/, tests/zedouble/) answer
 * alike: one driver with one device and no sub-devices, API 1.4, the count-then-fill
 * pattern; and the tables the loader asks every driver for that neither fills. Each
 * driver puts these functions in its own DDI tables. */
#ifndef ZESLM_ZEDRIVER_ONE_DEVICE_H
#define ZESLM_ZEDRIVER_ONE_DEVICE_H

#include <stdint.h>

#include <level_zero/ze_ddi.h>

/* The count-then-fill pattern: *count 0 asks how many; at most `have` are filled.
 * Returns how many to fill. */
uint32_t zedriver_fill_count(uint32_t *count, uint32_t have);

/* zeDriverGet, zeDriverGetApiVersion (1.4), zeDeviceGet, zeDeviceGetSubDevices (none). */
ze_result_t zedriver_driver_get(uint32_t *count, ze_driver_handle_t *drivers);
ze_result_t zedriver_driver_api_version(ze_driver_handle_t d, ze_api_version_t *v);
ze_result_t zedriver_device_get(ze_driver_handle_t d, uint32_t *count, ze_device_handle_t *devices);
ze_result_t zedriver_sub_devices(ze_device_handle_t d, uint32_t *count, ze_device_handle_t *subs);

/* A table the driver leaves empty: the loader (1.8.12, source/loader/ze_ldrddi.cpp and
 * its zet/zes siblings) asks every driver for every table and fails zeInit when a
 * driver has none; a call to an empty one fails in the loader with
 * ZE_RESULT_ERROR_UNINITIALIZED. */
#define ZEDRIVER_EMPTY(name, table)                                        \
    ZE_DLLEXPORT ze_result_t ZE_APICALL name(ze_api_version_t v, table *t) \
    {                                                                      \
        (void)v;                                                           \
        return t ? ZE_RESULT_SUCCESS : ZE_RESULT_ERROR_INVALID_NULL_POINTER; \
    }

/* The global, driver, device and context tables, alike in both drivers: each defines
 * d_init, d_driver_properties, d_device_properties, d_compute_properties,
 * d_module_properties, d_memory_properties, d_queue_groups, d_context_create and
 * d_context_destroy by those names (TABLE: tests/zedouble/tables.h). */
#define ZEDRIVER_DEVICE_TABLES                                                                              \
    TABLE(zeGetGlobalProcAddrTable, ze_global_dditable_t, .pfnInit = d_init)                                \
    TABLE(zeGetDriverProcAddrTable, ze_driver_dditable_t, .pfnGet = zedriver_driver_get,                   \
          .pfnGetApiVersion = zedriver_driver_api_version, .pfnGetProperties = d_driver_properties)         \
    TABLE(zeGetDeviceProcAddrTable, ze_device_dditable_t, .pfnGet = zedriver_device_get,                   \
          .pfnGetSubDevices = zedriver_sub_devices, .pfnGetProperties = d_device_properties,                \
          .pfnGetComputeProperties = d_compute_properties, .pfnGetModuleProperties = d_module_properties,   \
          .pfnGetMemoryProperties = d_memory_properties, .pfnGetCommandQueueGroupProperties = d_queue_groups) \
    TABLE(zeGetContextProcAddrTable, ze_context_dditable_t, .pfnCreate = d_context_create,                 \
          .pfnDestroy = d_context_destroy)

#endif
