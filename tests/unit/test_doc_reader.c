/* SPDX-License-Identifier: MIT */
/* A results file that changes while it is read: truncated under the reader's mapping
 * (which raised SIGBUS and killed the tool), or written again in place, fails the read
 * with one reason, never the process; one left alone reads whole. Every command reads
 * through doc_reader (merge, compare, the plotter through merge), so the change is
 * made here between two of its steps, where one made from outside would land only by
 * luck. */
#define _DEFAULT_SOURCE
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "json/doc_reader.h"

/* A copy of the fixture (three devices' worth of results is enough: it is the pages
 * past the new end that fault), its path in `path`. */
static void copy_fixture(char *path, size_t len)
{
    snprintf(path, len, "%s/doc_reader.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *in = fopen(DOC_FIXTURE, "rb"), *out = fdopen(fd, "wb");
    assert_non_null(in);
    assert_non_null(out);
    char buf[1 << 16];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0)
        assert_int_equal(fwrite(buf, 1, n, out), n);
    fclose(in);
    assert_int_equal(fclose(out), 0);
}

/* Each way a step can meet the change: the head read, then every device, light or whole. */
enum step { ALL, DEVICE, LIGHT };

static void changed_under(enum step step, bool shrink)
{
    char path[4096], why[512] = "";
    copy_fixture(path, sizeof path);
    doc_reader r;
    assert_int_equal(doc_reader_open(&r, path, DOC_READ_LIMIT, why, sizeof why), 0);
    if (shrink) {
        /* At a page's end: the bytes past the end of the last page read as zeros, those
         * of the pages after it raised SIGBUS. */
        assert_int_equal(truncate(path, 2 * sysconf(_SC_PAGESIZE)), 0);
    } else {
        /* The same size, other bytes (cp over it writes the file again in place). */
        FILE *f = fopen(path, "r+b");
        assert_non_null(f);
        fseek(f, (long)(r.len / 2), SEEK_SET);
        fputs("  ", f);
        assert_int_equal(fclose(f), 0);
        /* The time stamps have a tick of their own: the change must be seen by them. */
        struct timespec later[2] = {{0, UTIME_OMIT}, {.tv_sec = 1, .tv_nsec = 0}};
        assert_int_equal(utimensat(AT_FDCWD, path, later, 0), 0);
    }
    run_doc doc;
    int rc = step == ALL      ? doc_reader_all(&r, &doc, why, sizeof why)
             : step == LIGHT ? doc_reader_light(&r, &doc, why, sizeof why)
                             : doc_reader_device(&r, 0, false, &doc, why, sizeof why);
    assert_int_equal(rc, -1);
    if (!strstr(why, "changed while it was read"))
        fail_msg("another reason: %s", why);
    doc_reader_close(&r);
    unlink(path);
}

static void truncated_during_a_read_fails_it(void **state)
{
    (void)state;
    changed_under(ALL, true);
    changed_under(DEVICE, true);
    changed_under(LIGHT, true);
}

static void written_again_in_place_fails_the_read(void **state)
{
    (void)state;
    changed_under(ALL, false);
    changed_under(DEVICE, false);
}

static void a_file_left_alone_reads_whole(void **state)
{
    (void)state;
    char path[4096], why[512] = "";
    copy_fixture(path, sizeof path);
    doc_reader r;
    run_doc doc;
    assert_int_equal(doc_reader_open(&r, path, DOC_READ_LIMIT, why, sizeof why), 0);
    assert_int_equal(doc_reader_all(&r, &doc, why, sizeof why), 0);
    assert_true(doc.n_devices >= 1);
    run_doc_free(&doc);
    doc_reader_close(&r);
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(truncated_during_a_read_fails_it),
        cmocka_unit_test(written_again_in_place_fails_the_read),
        cmocka_unit_test(a_file_left_alone_reads_whole),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
