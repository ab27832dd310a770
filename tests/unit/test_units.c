/* SPDX-License-Identifier: MIT */
/* Numbers for people: three significant digits, an SI prefix, never e-notation. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <zeslm/units.h>

static void expect(double v, const char *unit, const char *want)
{
    char buf[64];
    zeslm_format_si(v, unit, buf, sizeof buf);
    assert_string_equal(buf, want);
}

static void rates_move_to_the_prefix_that_fits(void **state)
{
    (void)state;
    expect(33238.88, "GB/s", "33.2 TB/s");
    expect(3031.9, "GB/s", "3.03 TB/s");
    expect(0.5, "GB/s", "500 MB/s");
    expect(8339.0, "Gatomic/s", "8.34 Tatomic/s");
}

static void times_scale_from_nanoseconds(void **state)
{
    (void)state;
    expect(1070000, "ns", "1.07 ms");
    expect(354144, "ns", "354 us");
    expect(83.333, "ns", "83.3 ns");
    expect(120, "ns/barrier", "120 ns/barrier");
    expect(17056400000.0, "ns", "17.1 s");
}

static void rounding_up_to_1000_takes_the_next_prefix(void **state)
{
    (void)state;
    expect(999.7, "GB/s", "1.00 TB/s");
    expect(1e9, "Hz", "1.00 GHz");
    expect(9.997, "ms", "10.0 ms");
}

static void no_unit_and_zero_are_plain_numbers(void **state)
{
    (void)state;
    expect(0.5, "", "0.50");
    expect(127.17, "", "127");
    expect(0, "GB/s", "0.00 GB/s");
    expect(1e20, "", "100000000000000000000");
}

static void expect_bytes(unsigned long long v, const char *want)
{
    char buf[64];
    zeslm_format_bytes(v, buf, sizeof buf);
    assert_string_equal(buf, want);
}

static void bytes_scale_to_binary_units(void **state)
{
    (void)state;
    expect_bytes(524288, "512 KiB");
    expect_bytes(65536, "64 KiB");
    expect_bytes(4701118464ull, "4.38 GiB");
    expect_bytes(1024, "1 KiB");
    expect_bytes(1023, "1023 bytes");
    expect_bytes(0, "0 bytes");
    expect_bytes(1536, "1.50 KiB");
    expect_bytes(1073741824ull, "1 GiB");
    expect_bytes(85899345920ull, "80 GiB");
    expect_bytes(1048575, "1.00 MiB"); /* 1023.999 KiB */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bytes_scale_to_binary_units),
        cmocka_unit_test(rates_move_to_the_prefix_that_fits),
        cmocka_unit_test(times_scale_from_nanoseconds),
        cmocka_unit_test(rounding_up_to_1000_takes_the_next_prefix),
        cmocka_unit_test(no_unit_and_zero_are_plain_numbers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
