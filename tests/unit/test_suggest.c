/* SPDX-License-Identifier: MIT */
/* "did you mean": edit distances with swaps of neighbours, and a suggestion only
 * where a name is near. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "cli/suggest.h"

static const char *const commands[] = {"devices", "limits", "run", "profile", "inspect", "compare", "merge", "help"};
#define N (sizeof commands / sizeof *commands)

static void a_swap_of_neighbours_is_one_edit(void **state)
{
    (void)state;
    assert_int_equal(suggest_distance("rnu", "run"), 1);
    assert_int_equal(suggest_distance("hsit", "hist"), 1);
    assert_int_equal(suggest_distance("copis", "copies"), 1);
    assert_int_equal(suggest_distance("kitten", "sitting"), 3);
    assert_int_equal(suggest_distance("", "run"), 3);
    assert_int_equal(suggest_distance("run", "run"), 0);
}

static void the_nearest_name_is_suggested(void **state)
{
    (void)state;
    assert_string_equal(suggest_nearest("rnu", commands, N, sizeof *commands), "run");
    assert_string_equal(suggest_nearest("comapre", commands, N, sizeof *commands), "compare");
    assert_string_equal(suggest_nearest("profiel", commands, N, sizeof *commands), "profile");
}

/* Three letters are three edits from "run": no suggestion, nor past two edits. */
static void a_far_word_gets_none(void **state)
{
    (void)state;
    assert_null(suggest_nearest("xyz", commands, N, sizeof *commands));
    assert_null(suggest_nearest("frobnicate", commands, N, sizeof *commands));
    assert_null(suggest_nearest("ab", commands, N, sizeof *commands));
    char buf[64] = "x";
    suggest_text(NULL, buf, sizeof buf);
    assert_string_equal(buf, "");
    suggest_text("run", buf, sizeof buf);
    assert_string_equal(buf, "; did you mean 'run'?");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_swap_of_neighbours_is_one_edit),
        cmocka_unit_test(the_nearest_name_is_suggested),
        cmocka_unit_test(a_far_word_gets_none),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
