/* SPDX-License-Identifier: MIT */
/* ZESLM_GROW, the one growth of an array (include/zeslm/grow.h): room for what is
 * needed, the capacity doubled, and a byte count past SIZE_MAX refused with the array
 * and its capacity as they were. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include <zeslm/grow.h>

static void room_is_made_and_doubled(void **state)
{
    (void)state;
    int *items = NULL;
    size_t cap = 0;
    assert_true(ZESLM_GROW(items, 1, cap));
    assert_non_null(items);
    assert_int_equal(cap, 1);
    items[0] = 7;
    assert_true(ZESLM_GROW(items, 2, cap));
    assert_int_equal(cap, 2);
    assert_true(ZESLM_GROW(items, 3, cap));
    assert_int_equal(cap, 4);
    /* Room enough already: nothing moves. */
    int *before = items;
    assert_true(ZESLM_GROW(items, 4, cap));
    assert_ptr_equal(items, before);
    assert_int_equal(cap, 4);
    /* More than twice at once: exactly what is needed. */
    assert_true(ZESLM_GROW(items, 100, cap));
    assert_int_equal(cap, 100);
    assert_int_equal(items[0], 7);
    free(items);
}

static void an_overflowing_size_is_refused(void **state)
{
    (void)state;
    double *items = NULL;
    size_t cap = 0;
    assert_true(ZESLM_GROW(items, 4, cap));
    double *before = items;
    /* SIZE_MAX / 8 + 1 doubles are more bytes than size_t holds: wrapped, they would
     * be 0 to 7 bytes, which realloc would give. */
    assert_false(ZESLM_GROW(items, SIZE_MAX / sizeof *items + 1, cap));
    assert_ptr_equal(items, before);
    assert_int_equal(cap, 4);
    /* A capacity past half of SIZE_MAX is not doubled into a wrapped one, and the
     * bytes of what is needed are checked all the same. */
    size_t huge = SIZE_MAX / 2 + 2;
    assert_false(zeslm_grow(&items, &huge, SIZE_MAX / 2 + 3, 16));
    assert_int_equal(huge, SIZE_MAX / 2 + 2);
    assert_ptr_equal(items, before);
    free(items);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(room_is_made_and_doubled),
        cmocka_unit_test(an_overflowing_size_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
