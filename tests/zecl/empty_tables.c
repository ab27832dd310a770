/* The Level Zero loader (1.8.12, source/loader/ze_ldrddi.cpp and its zet/zes
 * siblings) asks every driver for every table and fails zeInit when a driver has
 * none: this driver answers these with the table empty (images, samplers, virtual
 * memory, the experimental extensions, tools and Sysman are nothing ze-slm asks of it;
 * a call to one fails in the loader with ZE_RESULT_ERROR_UNINITIALIZED). */
#include <level_zero/ze_ddi.h>
#include <level_zero/zes_ddi.h>
#include <level_zero/zet_ddi.h>

#define EMPTY(name, table)                                                 \
    ZE_DLLEXPORT ze_result_t ZE_APICALL name(ze_api_version_t v, table *t) \
    {                                                                      \
        (void)v;                                                           \
        return t ? ZE_RESULT_SUCCESS : ZE_RESULT_ERROR_INVALID_NULL_POINTER; \
    }

EMPTY(zeGetDeviceExpProcAddrTable, ze_device_exp_dditable_t)
EMPTY(zeGetImageProcAddrTable, ze_image_dditable_t)
EMPTY(zeGetImageExpProcAddrTable, ze_image_exp_dditable_t)
EMPTY(zeGetEventExpProcAddrTable, ze_event_exp_dditable_t)
EMPTY(zeGetKernelExpProcAddrTable, ze_kernel_exp_dditable_t)
EMPTY(zeGetSamplerProcAddrTable, ze_sampler_dditable_t)
EMPTY(zeGetPhysicalMemProcAddrTable, ze_physical_mem_dditable_t)
EMPTY(zeGetVirtualMemProcAddrTable, ze_virtual_mem_dditable_t)
EMPTY(zeGetFabricVertexExpProcAddrTable, ze_fabric_vertex_exp_dditable_t)
EMPTY(zeGetFabricEdgeExpProcAddrTable, ze_fabric_edge_exp_dditable_t)
EMPTY(zetGetDeviceProcAddrTable, zet_device_dditable_t)
EMPTY(zetGetContextProcAddrTable, zet_context_dditable_t)
EMPTY(zetGetCommandListProcAddrTable, zet_command_list_dditable_t)
EMPTY(zetGetModuleProcAddrTable, zet_module_dditable_t)
EMPTY(zetGetKernelProcAddrTable, zet_kernel_dditable_t)
EMPTY(zetGetMetricGroupProcAddrTable, zet_metric_group_dditable_t)
EMPTY(zetGetMetricGroupExpProcAddrTable, zet_metric_group_exp_dditable_t)
EMPTY(zetGetMetricProcAddrTable, zet_metric_dditable_t)
EMPTY(zetGetMetricStreamerProcAddrTable, zet_metric_streamer_dditable_t)
EMPTY(zetGetMetricQueryPoolProcAddrTable, zet_metric_query_pool_dditable_t)
EMPTY(zetGetMetricQueryProcAddrTable, zet_metric_query_dditable_t)
EMPTY(zetGetTracerExpProcAddrTable, zet_tracer_exp_dditable_t)
EMPTY(zetGetDebugProcAddrTable, zet_debug_dditable_t)
EMPTY(zesGetDeviceProcAddrTable, zes_device_dditable_t)
EMPTY(zesGetDriverProcAddrTable, zes_driver_dditable_t)
EMPTY(zesGetDiagnosticsProcAddrTable, zes_diagnostics_dditable_t)
EMPTY(zesGetEngineProcAddrTable, zes_engine_dditable_t)
EMPTY(zesGetFabricPortProcAddrTable, zes_fabric_port_dditable_t)
EMPTY(zesGetFanProcAddrTable, zes_fan_dditable_t)
EMPTY(zesGetFirmwareProcAddrTable, zes_firmware_dditable_t)
EMPTY(zesGetFrequencyProcAddrTable, zes_frequency_dditable_t)
EMPTY(zesGetLedProcAddrTable, zes_led_dditable_t)
EMPTY(zesGetMemoryProcAddrTable, zes_memory_dditable_t)
EMPTY(zesGetPerformanceFactorProcAddrTable, zes_performance_factor_dditable_t)
EMPTY(zesGetPowerProcAddrTable, zes_power_dditable_t)
EMPTY(zesGetPsuProcAddrTable, zes_psu_dditable_t)
EMPTY(zesGetRasProcAddrTable, zes_ras_dditable_t)
EMPTY(zesGetSchedulerProcAddrTable, zes_scheduler_dditable_t)
EMPTY(zesGetStandbyProcAddrTable, zes_standby_dditable_t)
EMPTY(zesGetTemperatureProcAddrTable, zes_temperature_dditable_t)
