/* SPDX-License-Identifier: MIT */
/* Strict number parsing of the command line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "cli/cli.h"

static void plain_suffixed_and_product_numbers_parse(void **state)
{
    (void)state;
    uint64_t v;
    assert_true(cli_u64("--size", "1000", 0, UINT64_MAX, &v));
    assert_int_equal(v, 1000);
    assert_true(cli_u64("--size", "64K", 0, UINT64_MAX, &v));
    assert_int_equal(v, 65536);
    assert_true(cli_u64("--size", "2m", 0, UINT64_MAX, &v));
    assert_int_equal(v, 2 << 20);
    assert_true(cli_u64("--size", "8192*8192", 0, UINT64_MAX, &v));
    assert_int_equal(v, 67108864);
}

static void malformed_numbers_are_rejected(void **state)
{
    (void)state;
    uint64_t v = 7;
    const char *bad[] = {"", "abc", "-1", "+5", "12x", "1.5", "K", "3**4", "*", "4*", " 4", "0x10"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        assert_false(cli_u64("--size", bad[i], 0, UINT64_MAX, &v));
    assert_int_equal(v, 7);
}

static void overflow_is_rejected(void **state)
{
    (void)state;
    uint64_t v;
    assert_false(cli_u64("--size", "18446744073709551616", 0, UINT64_MAX, &v));
    assert_false(cli_u64("--size", "4294967296*4294967296", 0, UINT64_MAX, &v));
    assert_false(cli_u64("--size", "17179869184G", 0, UINT64_MAX, &v));
}

static void range_is_enforced(void **state)
{
    (void)state;
    uint32_t v;
    assert_false(cli_u32("--bytes-per-item", "0", 1, 100, &v));
    assert_false(cli_u32("--bytes-per-item", "101", 1, 100, &v));
    assert_true(cli_u32("--bytes-per-item", "100", 1, 100, &v));
}

static void lists_parse_and_reject_bad_members(void **state)
{
    (void)state;
    uint32_t v[4], n;
    assert_true(cli_u32_list("--group-sizes", "64,128,256", 1, 1024, v, 4, &n));
    assert_int_equal(n, 3);
    assert_int_equal(v[2], 256);
    assert_false(cli_u32_list("--group-sizes", "64,,x", 1, 1024, v, 4, &n));
    assert_false(cli_u32_list("--group-sizes", "1,2,3,4,5", 1, 1024, v, 4, &n));
    assert_false(cli_u32_list("--group-sizes", ",", 1, 1024, v, 4, &n));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(plain_suffixed_and_product_numbers_parse),
        cmocka_unit_test(malformed_numbers_are_rejected),
        cmocka_unit_test(overflow_is_rejected),
        cmocka_unit_test(range_is_enforced),
        cmocka_unit_test(lists_parse_and_reject_bad_members),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
