/* SPDX-License-Identifier: MIT */
/* A run's JSON file as the run goes (run/run_file.h): after each workload it holds the
 * bytes the whole document would (then spaces where a shorter tail left room), and it
 * grows in place (the same inode) unless what comes before the results changed or the
 * run has several devices, which are written whole (a new inode: a temporary renamed). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "json/run_doc_json.h"
#include "measured_result.h"
#include "run/run_file.h"

/* One workload's section of `count` results (`errors`: its errors, or NULL) on d. */
static void workload(run_doc_device *d, size_t count, const json_t *errors)
{
    zeslm_results mine = {0};
    for (size_t i = 0; i < count; i++)
        measured_result_add(&mine, i % 2 ? "many" : "sequential", (uint32_t)(1000 + i), 100 + i, 2.5);
    run_section s = {.wl = zeslm_workload_find("reduce"), .first = 0, .count = mine.count};
    assert_true(run_doc_append(d, &mine, &s, errors));
    zeslm_results_free(&mine);
}

static run_doc_device *device(run_doc *doc, size_t cap, uint32_t k)
{
    run_doc_device *d = run_doc_add_device(doc, cap, k, "h",
                                           json_pack("{s:s, s:s, s:s, s:b}", "backend", "cl", "name", "gpu", "driver",
                                                     "1.0", "gpu", 1),
                                           "SPIR-V");
    assert_non_null(d);
    return d;
}

typedef struct scratch {
    char dir[64], path[96];
    output_plan plan;
    run_file file;
    run_doc doc;
} scratch;

static int setup(void **state)
{
    scratch *s = calloc(1, sizeof *s);
    snprintf(s->dir, sizeof s->dir, "/tmp/test_run_file.XXXXXX");
    if (!s || !mkdtemp(s->dir))
        return -1;
    snprintf(s->path, sizeof s->path, "%s/run.json", s->dir);
    if (output_plan_init(&s->plan, s->path, NULL, NULL) != 0)
        return -1;
    s->file = (run_file)RUN_FILE_INIT;
    zeslm_run_opts o = {.seed = 7, .reps = 2, .warmup = 1};
    run_doc_init(&s->doc, json_pack("{s:s, s:s}", "tool", "ze-slm-bench test", "host", "h"), &o);
    *state = s;
    return 0;
}

static int teardown(void **state)
{
    scratch *s = *state;
    run_file_close(&s->file);
    run_doc_free(&s->doc);
    unlink(s->path);
    rmdir(s->dir);
    free(s);
    return 0;
}

/* Publishes s->doc: the file holds the whole document's bytes, then only spaces.
 * Returns the file's inode. */
static ino_t publish_padded(scratch *s, size_t *spaces)
{
    assert_int_equal(run_file_publish(&s->file, &s->plan, &s->doc), 0);
    char *want = NULL, *got = NULL;
    size_t want_len = 0, got_len = 0;
    FILE *m = open_memstream(&want, &want_len);
    assert_true(run_doc_write(m, &s->doc));
    assert_int_equal(fclose(m), 0);
    struct stat st;
    assert_int_equal(stat(s->path, &st), 0);
    FILE *f = fopen(s->path, "rb");
    assert_non_null(f);
    got = malloc((size_t)st.st_size + 1);
    got_len = fread(got, 1, (size_t)st.st_size + 1, f);
    assert_int_equal(fclose(f), 0);
    assert_int_equal(got_len, (size_t)st.st_size);
    assert_true(got_len >= want_len);
    assert_memory_equal(got, want, want_len);
    for (size_t i = want_len; i < got_len; i++)
        assert_int_equal(got[i], ' ');
    *spaces = got_len - want_len;
    free(want);
    free(got);
    return st.st_ino;
}

static ino_t publish(scratch *s)
{
    size_t spaces;
    return publish_padded(s, &spaces);
}

static void one_device_grows_in_place(void **state)
{
    scratch *s = *state;
    run_doc_device *d = device(&s->doc, 1, 0);
    workload(d, 3, NULL);
    ino_t first = publish(s);
    json_t *errors = json_pack("[{s:s, s:s, s:s}]", "workload", "reduce", "status", "FAILED", "message", "tree");
    workload(d, 5, errors);
    json_decref(errors);
    assert_true(publish(s) == first);
    workload(d, 1, NULL);
    assert_true(publish(s) == first);
    assert_int_equal(s->file.results, 9);
}

/* A tail shorter than the last (the device's clocks had more to say before): the rest
 * is spaces, and the document still reads. */
static void a_shorter_tail_leaves_spaces(void **state)
{
    scratch *s = *state;
    run_doc_device *d = device(&s->doc, 1, 0);
    d->clocks = json_pack("{s:n, s:s}", "source", "not_sampled", "a long reason that the next publish says shorter");
    workload(d, 2, NULL);
    ino_t first = publish(s);
    json_decref(d->clocks);
    d->clocks = json_pack("{s:n, s:s}", "source", "not_sampled", "short");
    size_t spaces = 0;
    assert_true(publish_padded(s, &spaces) == first);
    assert_true(spaces > 40);
    json_error_t err;
    json_t *back = json_load_file(s->path, 0, &err);
    assert_non_null(back);
    assert_int_equal(json_array_size(json_object_get(json_array_get(json_object_get(back, "devices"), 0), "results")),
                     2);
    json_decref(back);
    /* And it grows from there, over the spaces. */
    workload(d, 1, NULL);
    assert_true(publish(s) == first);
}

/* What comes before the results changed (a later build decided the module format):
 * the file is written whole, and grows in place again from there. */
static void a_changed_head_is_written_whole(void **state)
{
    scratch *s = *state;
    run_doc_device *d = device(&s->doc, 1, 0);
    workload(d, 2, NULL);
    ino_t first = publish(s);
    snprintf(d->module_format, sizeof d->module_format, "native binary");
    workload(d, 2, NULL);
    ino_t second = publish(s);
    assert_true(second != first);
    workload(d, 2, NULL);
    assert_true(publish(s) == second);
}

/* Several devices: their results interleave, so each workload writes the file whole. */
static void several_devices_are_written_whole(void **state)
{
    scratch *s = *state;
    run_doc_device *a = device(&s->doc, 2, 0), *b = device(&s->doc, 2, 1);
    workload(a, 2, NULL);
    ino_t first = publish(s);
    workload(b, 2, NULL);
    assert_true(publish(s) != first);
    assert_int_equal(s->file.file.fd, -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(one_device_grows_in_place, setup, teardown),
        cmocka_unit_test_setup_teardown(a_shorter_tail_leaves_spaces, setup, teardown),
        cmocka_unit_test_setup_teardown(a_changed_head_is_written_whole, setup, teardown),
        cmocka_unit_test_setup_teardown(several_devices_are_written_whole, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
