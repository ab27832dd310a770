/* SPDX-License-Identifier: MIT */
/* The tables only this driver leaves empty (tests/zedriver/empty_tables.c has those both
 * test drivers leave empty): the tools layer's contexts, command lists and metrics, and
 * Sysman's device, frequency, power and temperature, nothing ze-slm asks of it. */
#include <level_zero/zes_ddi.h>
#include <level_zero/zet_ddi.h>

#include "../zedriver/one_device.h"

ZEDRIVER_EMPTY(zetGetContextProcAddrTable, zet_context_dditable_t)
ZEDRIVER_EMPTY(zetGetCommandListProcAddrTable, zet_command_list_dditable_t)
ZEDRIVER_EMPTY(zetGetMetricGroupProcAddrTable, zet_metric_group_dditable_t)
ZEDRIVER_EMPTY(zetGetMetricProcAddrTable, zet_metric_dditable_t)
ZEDRIVER_EMPTY(zetGetMetricQueryPoolProcAddrTable, zet_metric_query_pool_dditable_t)
ZEDRIVER_EMPTY(zetGetMetricQueryProcAddrTable, zet_metric_query_dditable_t)
ZEDRIVER_EMPTY(zesGetDeviceProcAddrTable, zes_device_dditable_t)
ZEDRIVER_EMPTY(zesGetFrequencyProcAddrTable, zes_frequency_dditable_t)
ZEDRIVER_EMPTY(zesGetPowerProcAddrTable, zes_power_dditable_t)
ZEDRIVER_EMPTY(zesGetTemperatureProcAddrTable, zes_temperature_dditable_t)
