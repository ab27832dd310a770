/* SPDX-License-Identifier: MIT */
/* The OpenCL device the workloads' tests run on, and what such a test does most: run
 * a workload at one size and group size and require every result that is not skipped
 * to be measured (verified). Shared by tests/device/test_opencl.c and each workload's
 * own tests/workloads/NAME.c. */
#ifndef ZESLM_WORKLOAD_FIXTURE_H
#define ZESLM_WORKLOAD_FIXTURE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <zeslm/bench.h>

#include "device_fixture.h"

/* The cmocka group setup: the OpenCL device ZESLM_TEST_DEVICE names, else the best. */
static int open_device(void **state)
{
    (void)state;
    return open_backend_device("cl", getenv("ZESLM_TEST_DEVICE"));
}

/* Runs one workload at one size and group size and requires every result that is
 * not skipped to be measured (which means verified). */
static void run_verified(const char *name, uint64_t size, uint32_t taps, uint32_t group)
{
    zeslm_run_opts o = {.size = size, .options = {{taps ? "taps" : NULL, taps}}, .group_size = group,
                        .reps = 1, .warmup = 1, .seed = size * 31 + group, .quick = true, .timeout_s = 120};
    zeslm_results r = {0};
    zeslm_status st = zeslm_workload_run(zeslm_workload_find(name), dev, &o, &r);
    if (st != ZESLM_OK)
        fail_msg("%s size %llu group %u: %s", name, (unsigned long long)size, group, zeslm_last_error());
    size_t measured = 0;
    bool no_skips = getenv("ZESLM_EXPECT_NO_SKIPS") != NULL;
    for (size_t i = 0; i < r.count; i++) {
        /* Skipped for want of a device feature, not for the group size asked for. */
        if (r.items[i].outcome == ZESLM_SKIPPED && no_skips && strncmp(r.items[i].note, "the device", 10) == 0)
            fail_msg("%s/%s skipped: %s", name, r.items[i].variant, r.items[i].note);
        if (r.items[i].outcome == ZESLM_SKIPPED)
            continue;
        assert_int_equal(r.items[i].outcome, ZESLM_MEASURED);
        assert_true(r.items[i].stats.median_ns > 0);
        measured++;
    }
    assert_true(measured >= 1);
    zeslm_results_free(&r);
}

#endif
