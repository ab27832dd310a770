/* SPDX-License-Identifier: MIT */
/* The table of expected values is read once a process: every device of a
 * merge is judged against it, from any thread, without reading the file again. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "expect/expected_table.h"

#define THREADS 8

static void *judge(void *out)
{
    char path[1024], why[1200];
    *(const json_t **)out = expected_table_shared(path, sizeof path, why, sizeof why);
    return NULL;
}

/* Threads that ask at once get one table; once read, the file is not read again: the
 * same table comes back after it is gone. */
static void the_table_is_read_once_for_every_thread(void **state)
{
    (void)state;
    char copy[] = "/tmp/zeslm-expected-XXXXXX";
    int fd = mkstemp(copy);
    assert_true(fd >= 0);
    assert_int_equal(close(fd), 0);
    json_t *families = json_pack("{s:[{s:s, s:[s]}]}", "families", "family", "test", "match", "Test GPU");
    assert_int_equal(json_dump_file(families, copy, 0), 0);
    json_decref(families);
    assert_int_equal(setenv("ZESLM_EXPECTED_FILE", copy, 1), 0);

    pthread_t t[THREADS];
    const json_t *seen[THREADS] = {0};
    for (int i = 0; i < THREADS; i++)
        assert_int_equal(pthread_create(&t[i], NULL, judge, &seen[i]), 0);
    for (int i = 0; i < THREADS; i++)
        assert_int_equal(pthread_join(t[i], NULL), 0);
    assert_non_null(seen[0]);
    for (int i = 1; i < THREADS; i++)
        assert_ptr_equal(seen[i], seen[0]);

    assert_int_equal(unlink(copy), 0);
    char path[1024] = "", why[1200] = "";
    assert_ptr_equal(expected_table_shared(path, sizeof path, why, sizeof why), seen[0]);
    assert_string_equal(path, copy);
    expected_device d = {"Test GPU 9", 0, NULL};
    assert_non_null(expected_table_family(seen[0], &d));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_table_is_read_once_for_every_thread),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
