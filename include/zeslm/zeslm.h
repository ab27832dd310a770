/* SPDX-License-Identifier: MIT */
/* Everything libzeslm offers, in one include: every public header of include/zeslm/
 * (the test zeslm_h_all builds a program that includes this alone and uses each public
 * name). */
#ifndef ZESLM_ZESLM_H
#define ZESLM_ZESLM_H

#include <zeslm/backends.h>
#include <zeslm/bench.h>
#include <zeslm/clocks.h>
#include <zeslm/device.h>
#include <zeslm/facts.h>
#include <zeslm/grow.h>
#include <zeslm/isa.h>
#include <zeslm/kernels.h>
#include <zeslm/limits.h>
#include <zeslm/measure.h>
#include <zeslm/metrics.h>
#include <zeslm/status.h>
#include <zeslm/targets.h>
#include <zeslm/timing.h>
#include <zeslm/units.h>
#include <zeslm/version.h>
#include <zeslm/zebin.h>

#ifdef __cplusplus
extern "C" {
#endif

#ifdef __cplusplus
}
#endif

#endif
