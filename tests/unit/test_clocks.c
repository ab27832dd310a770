/* SPDX-License-Identifier: MIT */
/* The clock sampler (tools/ze-slm-bench/run/run_clocks.c) with NVML's test double (tests/fixtures/fake_nvml.c, which
 * ZESLM_NVML_LIBRARY names): how a device is found, what a workload's readings become,
 * and the cycles recomputed at the measured clock. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "run/run_clocks.h"

#define UUID "01234567-89ab-cdef-0123-456789abcdef"

static void near(double got, double want)
{
    assert_true(fabs(got - want) <= 1e-9 * fabs(want));
}

static zeslm_device_info device(const char *uuid, const char *pci)
{
    zeslm_device_info d = {.clock_mhz = 2000};
    snprintf(d.uuid, sizeof d.uuid, "%s", uuid);
    snprintf(d.pci_address, sizeof d.pci_address, "%s", pci);
    return d;
}

static void not_found(void **state)
{
    (void)state;
    char why[256] = "";
    zeslm_device_info none = device("", "");
    assert_null(clocks_open(&none, why, sizeof why));
    assert_non_null(strstr(why, "neither a PCI address nor a UUID"));
    zeslm_device_info other = device("ffffffff-89ab-cdef-0123-456789abcdef", "0000:3b:00.0");
    assert_null(clocks_open(&other, why, sizeof why));
    assert_non_null(strstr(why, "NVML has no device at PCI 0000:3b:00.0"));
    const char *lib = getenv("ZESLM_NVML_LIBRARY");
    setenv("ZESLM_NVML_LIBRARY", "/nonexistent/libnvidia-ml.so.1", 1);
    zeslm_device_info d = device(UUID, "");
    assert_null(clocks_open(&d, why, sizeof why));
    assert_non_null(strstr(why, "no NVML"));
    setenv("ZESLM_NVML_LIBRARY", lib, 1);
}

/* An Intel GPU (vendor 0x8086) is asked of Level Zero Sysman, never NVML, which is off
 * unless ZES_ENABLE_SYSMAN=1 (asked on, it loads the Level Zero driver, which
 * tests/cli/sysman_clocks.sh does; ASan refuses that driver); an Intel CPU is NVML's. */
static void intel_gpus_ask_sysman(void **state)
{
    (void)state;
    char why[256] = "";
    zeslm_device_info d = device(UUID, "0000:03:00.0");
    d.vendor_id = 0x8086;
    d.is_gpu = true;
    unsetenv("ZES_ENABLE_SYSMAN");
    assert_null(clocks_open(&d, why, sizeof why));
#ifdef ZESLM_WITH_LEVEL_ZERO
    assert_string_equal(why, "Level Zero Sysman is off (ZES_ENABLE_SYSMAN=unset)");
#else
    assert_non_null(strstr(why, "this build lacks"));
#endif
    d.is_gpu = false;
    setenv("FAKE_NVML_PCI", d.pci_address, 1);
    clocks *c = clocks_open(&d, why, sizeof why);
    assert_non_null(c);
    assert_string_equal(clocks_source(c), "NVML");
    clocks_close(c);
    unsetenv("FAKE_NVML_PCI");
}

/* Two results that count clocks, made at the reported 2000 MHz: 2000 cycles per
 * access (1 ns), 10 bytes per clock. */
static void fill(zeslm_result *items, zeslm_results *all)
{
    items[0] = (zeslm_result){.outcome = ZESLM_MEASURED, .rate = 1, .ratio = 2000,
                              .ratio_name = "cycles per access at the reported maximum clock"};
    items[1] = (zeslm_result){.outcome = ZESLM_MEASURED, .rate = 5, .ratio = 10,
                              .ratio_name = "SLM bytes per clock per compute unit (at the reported maximum clock)"};
    *all = (zeslm_results){.items = items, .count = 2, .cap = 2};
}

static void sampled(void **state)
{
    (void)state;
    setenv("FAKE_NVML_PCI", "0000:3b:00.0", 1);
    setenv("FAKE_NVML_MHZ", "1500", 1);
    setenv("FAKE_NVML_REASONS", "0x44", 1);
    char why[256] = "";
    zeslm_device_info d = device("", "0000:3b:00.0"); /* found by its PCI address */
    clocks *c = clocks_open(&d, why, sizeof why);
    assert_non_null(c);
    assert_string_equal(clocks_source(c), "NVML");
    zeslm_result items[2];
    zeslm_results all;
    fill(items, &all);
    assert_true(clocks_start(c));
    nanosleep(&(struct timespec){0, 35000000}, NULL);
    clocks_stop(c, "latency", &all, 0, d.clock_mhz);
    /* One as it starts and one as it ends, however busy the machine (more in between,
     * a reading every 10 ms, where the thread gets the time). */
    near(items[0].ratio, 1500);
    assert_string_equal(items[0].ratio_name, "cycles per access at the measured clock");
    near(items[1].ratio, 10 * 2000.0 / 1500);
    assert_string_equal(items[1].ratio_name, "SLM bytes per clock per compute unit (at the measured clock)");
    json_t *o = clocks_json(c);
    json_t *w = json_object_get(json_object_get(o, "workloads"), "latency");
    assert_true(json_integer_value(json_object_get(w, "samples")) >= 2);
    near(json_number_value(json_object_get(w, "mhz_median")), 1500);
    near(json_number_value(json_object_get(w, "temp_c_max")), 60);
    near(json_number_value(json_object_get(w, "power_w_mean")), 300);
    near(json_number_value(json_object_get(o, "max_mhz")), 2000);
    assert_string_equal(json_string_value(json_object_get(w, "throttle_reasons")), "sw_power_cap,hw_thermal_slowdown");
    json_decref(o);
    /* A second workload starts its readings afresh; results before `first` stay. */
    setenv("FAKE_NVML_MHZ", "1000", 1);
    fill(items, &all);
    assert_true(clocks_start(c));
    clocks_stop(c, "roofline", &all, 1, d.clock_mhz);
    near(items[0].ratio, 2000);
    near(items[1].ratio, 20);
    o = clocks_json(c);
    near(json_number_value(json_object_get(json_object_get(json_object_get(o, "workloads"), "roofline"), "mhz_median")),
         1000);
    json_decref(o);
    clocks_close(c);
    /* By UUID when the PCI address does not match. */
    setenv("FAKE_NVML_UUID", UUID, 1);
    zeslm_device_info u = device(UUID, "0000:99:00.0");
    c = clocks_open(&u, why, sizeof why);
    assert_non_null(c);
    clocks_close(c);
    /* NULL samples nothing and changes nothing. */
    fill(items, &all);
    assert_true(clocks_start(NULL));
    clocks_stop(NULL, "latency", &all, 0, 2000);
    near(items[0].ratio, 2000);
    assert_true(json_is_null(clocks_json(NULL)));
}

int main(void)
{
    if (!getenv("ZESLM_NVML_LIBRARY")) {
        fprintf(stderr, "set ZESLM_NVML_LIBRARY to the test double libfake_nvml.so\n");
        return 1;
    }
    const struct CMUnitTest tests[] = {cmocka_unit_test(not_found), cmocka_unit_test(intel_gpus_ask_sysman), cmocka_unit_test(sampled)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
