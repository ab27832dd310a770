/* SPDX-License-Identifier: MIT */
/* The tables only the test double leaves empty (tests/zedriver/empty_tables.c has those
 * both test drivers leave empty): it has no fences and no module build logs; of the
 * tools layer it has metrics and of Sysman its clock, temperature and power (sysman.c). */
#include <level_zero/ze_ddi.h>

#include "../zedriver/one_device.h"

ZEDRIVER_EMPTY(zeGetFenceProcAddrTable, ze_fence_dditable_t)
ZEDRIVER_EMPTY(zeGetModuleBuildLogProcAddrTable, ze_module_build_log_dditable_t)
