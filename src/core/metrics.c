/* SPDX-License-Identifier: MIT */
/* Hardware counters around launches (include/zeslm/metrics.h), through the device's
 * backend: only Level Zero's has them. */
#include <stdlib.h>

#include "backend.h"
#include "error.h"

zeslm_status zeslm_metrics_start(zeslm_device *dev, const char *group)
{
    if (!dev->ops->metrics_start)
        return zeslm_fail(ZESLM_ERR_UNSUPPORTED, "hardware counters need a Level Zero device; %s is not one",
                          dev->info.name);
    return dev->ops->metrics_start(dev, group);
}

zeslm_status zeslm_metrics_latest(zeslm_device *dev, zeslm_metric_value **out, size_t *n)
{
    *out = NULL;
    *n = 0;
    if (!dev->ops->metrics_latest)
        return zeslm_fail(ZESLM_ERR_UNSUPPORTED, "hardware counters need a Level Zero device; %s is not one",
                          dev->info.name);
    return dev->ops->metrics_latest(dev, out, n);
}

void zeslm_metrics_stop(zeslm_device *dev)
{
    if (dev->ops->metrics_stop)
        dev->ops->metrics_stop(dev);
}
