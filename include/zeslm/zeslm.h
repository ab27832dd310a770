/* Everything libzeslm offers, in one include. */
#ifndef ZESLM_ZESLM_H
#define ZESLM_ZESLM_H

#include <zeslm/backends.h>
#include <zeslm/device.h>
#include <zeslm/facts.h>
#include <zeslm/limits.h>
#include <zeslm/measure.h>
#include <zeslm/status.h>
#include <zeslm/targets.h>
#include <zeslm/timing.h>
#include <zeslm/version.h>
#include <zeslm/zebin.h>

#endif
