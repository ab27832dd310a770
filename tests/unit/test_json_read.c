/* SPDX-License-Identifier: MIT */
/* The one JSON reader (io/json_read.h, yyjson held to jansson's rules) and the rows read
 * from what it parsed (schema_read_values). Their promise: a text the reader reads,
 * jansson's parse reads to the same value, and a text jansson refuses the reader
 * refuses with jansson's words; where schema_read_values reads a record, schema_read
 * of the whole object reads the same record, and where that refuses it, so does it.
 * Each test holds a text to both and compares what they made, launch times and all. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "io/json_read.h"
#include "json/records.h"
#include "json/schema.h"

/* A measured result as `run` writes one (compact, as a rank's file), and the shapes
 * of the others. */
static const char measured[] =
    "{\"workload\": \"roofline\", \"variant\": \"read\", \"parameters\": \"bytes=1073741824 waves=2\", "
    "\"params\": {\"bytes\": 1073741824, \"waves\": 2}, \"outcome\": \"measured\", \"group_size\": 256, "
    "\"groups\": 2112, \"times_ns\": [236704, 237056, 237056, 237536, 241984], \"min_ns\": 236704, "
    "\"median_ns\": 237056, \"max_ns\": 241984, \"wall_median_ns\": 318712, \"mean_ns\": 238942.4, "
    "\"stddev_ns\": 1331.9752803143235, \"outliers\": 1, \"spread\": 0.02208835341365462, "
    "\"rate\": 4491.891834002678, \"rate_unit\": \"GB/s\", \"converged\": null, \"work\": 4096, "
    "\"work_unit\": \"steps\", \"work_change\": 1.5e-3, \"speedup_vs_baseline\": null, "
    "\"fraction_of_ceiling\": 0.97, \"ceiling_exceeded\": false, \"extra\": 2, \"extra_name\": \"slowdown\", "
    "\"verified\": true, \"verification\": \"sum of all 268435456 words\", \"note\": \"\xc2\xb5s\"}";
static const char failed[] =
    "{\n  \"workload\": \"hist\",\n  \"variant\": \"lanes\",\n  \"parameters\": \"n=5\",\n  \"params\": {\n    "
    "\"n\": 5\n  },\n  \"outcome\": \"failed\",\n  \"group_size\": 0,\n  \"groups\": 0,\n  \"verified\": false,\n"
    "  \"note\": \"wrong result at 3\"\n}";

/* The record as written, NULL where the text did not read. */
static char *written(const zeslm_result *r)
{
    json_t *o = schema_write(&records_result, r);
    char *s = o ? json_dumps(o, JSON_PRESERVE_ORDER) : NULL;
    json_decref(o);
    return s;
}

/* Through jansson: the record written, or NULL where the text is refused. */
static char *by_jansson(const char *text, size_t len)
{
    json_t *o = json_loadb(text, len, JSON_REJECT_DUPLICATES, NULL);
    zeslm_result r = {0};
    char why[256], *s = NULL;
    if (o && schema_read(&records_result, o, &r, why, sizeof why) == 0)
        s = written(&r);
    free(r.times_ns);
    json_decref(o);
    return s;
}

/* Through the reader and schema_read_values: the same. The text is parsed as a span
 * (what a device's is), its end in *p. */
static char *by_reader(const char *text, size_t len, size_t *p)
{
    json_t *strings = json_object();
    zeslm_result r = {0};
    json_error_t err;
    yyjson_doc *doc = json_read_span(text, len, 0, len, p, &err);
    while (doc && *p < len && strchr(" \t\r\n", text[*p]))
        ++*p;
    char *s = doc && *p == len && schema_read_values(&records_result, yyjson_doc_get_root(doc), &r, strings)
                  ? written(&r)
                  : NULL;
    yyjson_doc_free(doc);
    free(r.times_ns);
    json_decref(strings);
    return s;
}

/* The reader against jansson for one whole text: both refuse it (the reader in
 * jansson's words), or both read it to the same value. Returns whether it was read. */
static bool same_value(const char *text, size_t len)
{
    json_error_t a, b;
    json_t *x = json_loadb(text, len, JSON_DECODE_ANY | JSON_REJECT_DUPLICATES, &a),
           *y = json_read(text, len, JSON_DECODE_ANY | JSON_REJECT_DUPLICATES, &b);
    char *sx = x ? json_dumps(x, JSON_ENCODE_ANY | JSON_PRESERVE_ORDER) : NULL,
         *sy = y ? json_dumps(y, JSON_ENCODE_ANY | JSON_PRESERVE_ORDER) : NULL;
    if (!x != !y || (sx && strcmp(sx, sy) != 0))
        fail_msg("read differently from jansson: %.*s\njansson: %s\nhere: %s", (int)len, text,
                 sx ? sx : a.text, sy ? sy : b.text);
    if (!x && (strcmp(a.text, b.text) != 0 || a.line != b.line))
        fail_msg("refused in other words: %.*s\njansson: %s (line %d)\nhere: %s (line %d)", (int)len, text, a.text,
                 a.line, b.text, b.line);
    free(sx);
    free(sy);
    json_decref(x);
    json_decref(y);
    return x != NULL;
}

/* The promise, for one text: the same value as jansson's; where the rows read a
 * record, jansson's parse and schema_read read the same. Returns whether the rows
 * read one. */
static bool same(const char *text, size_t len)
{
    size_t p;
    same_value(text, len);
    char *b = by_reader(text, len, &p), *a = b ? by_jansson(text, p) : NULL;
    if (b && (!a || strcmp(a, b) != 0))
        fail_msg("read differently from jansson: %.*s\njansson: %s\nhere: %s", (int)p, text, a ? a : "(refused)", b);
    free(a);
    free(b);
    return b != NULL;
}

/* Read here, the whole text. */
static void read_whole(const char *text)
{
    size_t p;
    char *b = by_reader(text, strlen(text), &p);
    if (!b || p != strlen(text))
        fail_msg("not read here, or not to its end: %s", text);
    free(b);
    assert_true(same(text, strlen(text)));
}

static void plain_texts_read_as_jansson_reads_them(void **state)
{
    (void)state;
    read_whole(measured);
    read_whole(failed);
    static const char *const more[] = {
        /* Another order, the outcome last (the gated rows wait for it). */
        "{\"median_ns\": 9, \"spread\": 0, \"rate\": 1, \"workload\": \"a\", \"variant\": \"b\", \"parameters\": \"\", "
        "\"outcome\": \"measured\"}",
        /* A member no row reads, nested; numbers at their edges. */
        "{\"x\": {\"y\": [1, {\"z\": null}], \"w\": -0}, \"workload\": \"a\", \"variant\": \"b\", \"parameters\": \"p\", "
        "\"outcome\": \"measured\", \"median_ns\": 9223372036854775807, \"spread\": 1e-400, \"rate\": -0.0e+0, "
        "\"mean_ns\": 1E308, \"times_ns\": []}",
        "{ \"workload\" :\t\r\n\"a\" , \"variant\":\"b\",\"parameters\":\"p\",\"outcome\":\"failed\" } ",
        /* Escapes, decoded by jansson's parse of the string alone; keys too. */
        "{\"work\\u006coad\": \"a\\n\\\"\\\\\\/\\b\\f\\r\\t\", \"variant\": \"\\u00b5\\ud83d\\ude00\", "
        "\"parameters\": \"p\", \"outcome\": \"failed\", \"x\": {\"k\\u0065y\": \"\\\"\"}, \"note\": \"a \\\"quote\\\"\"}",
    };
    for (size_t i = 0; i < sizeof more / sizeof *more; i++)
        read_whole(more[i]);
}

static void other_texts_are_refused_as_jansson_refuses_them(void **state)
{
    (void)state;
    static const char *const texts[] = {
        /* A key twice, read by a row, by none, or in a nested object: jansson refuses it
         * (JSON_REJECT_DUPLICATES), and so does the reader. */
        "{\"workload\": \"a\", \"workload\": \"z\", \"variant\": \"b\", \"parameters\": \"p\", \"outcome\": \"skipped\"}",
        "{\"x\": 1, \"workload\": \"a\", \"x\": 2, \"variant\": \"b\", \"parameters\": \"p\", \"outcome\": \"skipped\"}",
        "{\"workload\": \"a\", \"variant\": \"b\", \"params\": {\"n\": 1, \"n\": 2}, \"parameters\": \"p\", \"outcome\": \"skipped\"}",
        "{\"workload\": \"a\\ud800\", \"variant\": \"b\", \"parameters\": \"p\", \"outcome\": \"failed\"}", /* a lone surrogate */
        "{\"workload\": \"a\\u0000\", \"variant\": \"b\", \"parameters\": \"p\", \"outcome\": \"failed\"}", /* a NUL */
        "{\"workload\": \"a\\q\", \"variant\": \"b\", \"parameters\": \"p\", \"outcome\": \"failed\"}",   /* no escape */
        "{\"w\\u0000\": 1, \"workload\": \"a\", \"variant\": \"b\", \"parameters\": \"p\", \"outcome\": \"failed\"}",
        "{\"workload\": \"a\\\", \"variant\": \"b\", \"parameters\": \"p\", \"outcome\": \"failed\"}", /* unclosed */
        "{\"workload\": \"a\", \"variant\": \"b\", \"parameters\": \"p\", \"outcome\": \"failed\",}", /* a comma */
        "{\"workload\": \"a\" \"variant\": \"b\", \"parameters\": \"p\", \"outcome\": \"failed\"}",
        "{\"workload\": \"a\", \"variant\": \"b\", \"parameters\": \"p\", \"outcome\": \"failed\", \"x\": 01}",
        "{\"workload\": \"a\", \"variant\": \"b\", \"parameters\": \"p\", \"outcome\": \"failed\", \"x\": 1.}",
        "{\"workload\": \"a\", \"variant\": \"b\", \"parameters\": \"p\", \"outcome\": \"failed\", \"x\": .5}",
        "{\"workload\": \"a\", \"variant\": \"b\", \"parameters\": \"p\", \"outcome\": \"failed\", \"x\": +1}",
        "{\"workload\": \"a\", \"variant\": \"b\", \"parameters\": \"p\", \"outcome\": \"failed\", \"x\": 1e999}",
        "{\"workload\": \"a\", \"variant\": \"b\", \"parameters\": \"p\", \"outcome\": \"failed\", \"x\": truex}",
        "{\"workload\": \"a\", \"variant\": \"b\", \"parameters\": \"p\", \"outcome\": \"failed\", \"x\": \"\xff\"}",
        "{\"workload\": \"a\", \"variant\": \"b\", \"parameters\": \"p\", \"outcome\": \"failed\", \"x\": \"\x01\"}",
        "{\"workload\": \"a\", \"variant\": \"b\", \"parameters\": \"p\", \"outcome\": \"failed\"", /* unclosed */
        "{\"workload\": \"a\", \"variant\": \"b\", \"outcome\": \"failed\"}",                     /* required */
        "{\"workload\": \"a\", \"variant\": \"b\", \"parameters\": \"p\", \"outcome\": \"measured\", "
        "\"median_ns\": 9223372036854775808, \"spread\": 0}",                                      /* too big */
        "{\"workload\": \"a\", \"variant\": \"b\", \"parameters\": \"p\", \"outcome\": \"measured\", "
        "\"median_ns\": 0, \"spread\": 0}",                                                       /* the check */
        "[]",
    };
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++)
        if (same(texts[i], strlen(texts[i])))
            fail_msg("read here: %s", texts[i]);
}

/* xorshift64*: the same texts every run. */
static uint64_t next_random(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ull;
}

/* Texts a byte or a few away from real ones: whatever this reads, jansson reads alike,
 * and what it refuses jansson refuses in the same words. */
static void mutated_texts_keep_the_promise(void **state)
{
    (void)state;
    static const char bytes[] = "\"\\{}[],: 0123456789.eE+-tfnulub\x01\x7f\x80\xc3\xb5\xff";
    const char *bases[] = {measured, failed};
    uint64_t seed = 0x9e3779b97f4a7c15ull;
    size_t read_here = 0, trials = 40000;
    char text[sizeof measured + 64];
    for (size_t i = 0; i < trials; i++) {
        const char *base = bases[i % 2];
        size_t len = strlen(base);
        memcpy(text, base, len);
        for (int edits = 1 + (int)(next_random(&seed) % 3); edits > 0; edits--) {
            size_t at = (size_t)(next_random(&seed) % len);
            char c = bytes[next_random(&seed) % (sizeof bytes - 1)];
            switch (next_random(&seed) % 3) {
            case 0: text[at] = c; break;
            case 1: /* inserted */
                memmove(text + at + 1, text + at, len - at);
                text[at] = c;
                len++;
                break;
            default: /* removed */
                memmove(text + at, text + at + 1, len - at - 1);
                len--;
                break;
            }
            if (len + 4 >= sizeof text)
                break;
        }
        read_here += same(text, len);
    }
    /* Enough of them read here for the comparison to mean something. */
    assert_true(read_here > trials / 20);
}

/* A device's results array: every element read as above, or none (the caller's
 * fallback); its units kept while the strings live. */
static void results_arrays(void **state)
{
    (void)state;
    char text[2 * sizeof measured + 16];
    int n = snprintf(text, sizeof text, " [ %s ,\n%s ]", measured, measured);
    json_t *strings = json_object();
    zeslm_results list = {0};
    json_error_t err;
    size_t end = 0;
    yyjson_doc *doc = json_read_span(text, (size_t)n, 0, (size_t)n, &end, &err);
    assert_non_null(doc);
    assert_int_equal(end, (size_t)n);
    assert_true(records_results_values(yyjson_doc_get_root(doc), &list, strings));
    yyjson_doc_free(doc);
    assert_int_equal(list.count, 2);
    assert_string_equal(list.items[1].rate_unit, "GB/s");
    assert_ptr_equal(list.items[0].rate_unit, list.items[1].rate_unit);
    assert_int_equal(list.items[1].stats.n, 5);
    assert_int_equal(list.items[1].times_ns[4], 241984);
    zeslm_results_free(&list);
    static const char *const refused[] = {"[1]", "[{}]", "{}", "\"x\""};
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        doc = json_read_span(refused[i], strlen(refused[i]), 0, 64, &end, &err);
        assert_non_null(doc);
        assert_false(records_results_values(yyjson_doc_get_root(doc), &list, strings));
        assert_int_equal(list.count, 0);
        yyjson_doc_free(doc);
    }
    json_decref(strings);
}

/* A span: parsed up to the end of its value and no further (what follows is not read),
 * through windows larger than the first (a device of a few MB), refused past its
 * bound (line 0) or where it does not end, in jansson's words with the line counted
 * from the span's start. */
static void spans_end_where_their_value_ends(void **state)
{
    (void)state;
    json_error_t err;
    size_t end = 0;
    static const char two[] = "  {\"a\": [1, 2]} , {\"b\": 2}";
    yyjson_doc *doc = json_read_span(two, sizeof two - 1, 0, 64, &end, &err);
    assert_non_null(doc);
    assert_int_equal(end, strlen("  {\"a\": [1, 2]}"));
    yyjson_doc_free(doc);
    doc = json_read_span(two, sizeof two - 1, end + 3, 64, &end, &err);
    assert_non_null(doc);
    assert_int_equal(end, sizeof two - 1);
    yyjson_doc_free(doc);
    /* 3 MB of one array, then more text: eight windows of the first's size. */
    size_t n = (size_t)3 << 20;
    char *big = malloc(n + 8);
    assert_non_null(big);
    big[0] = '[';
    for (size_t i = 1; i + 1 < n; i++)
        big[i] = i % 2 ? '0' : ',';
    big[n - 2] = ' '; /* "0,0 ]": n is even */
    big[n - 1] = ']';
    memcpy(big + n, ", junk", 6);
    doc = json_read_span(big, n + 6, 0, n + 6, &end, &err);
    assert_non_null(doc);
    assert_int_equal(end, n);
    yyjson_doc_free(doc);
    /* Past its bound: line 0 says so. */
    assert_null(json_read_span(big, n + 6, 0, n - 1, &end, &err));
    if (err.line != 0)
        fail_msg("past its bound: %s (line %d)", err.text, err.line);
    free(big);
    /* Cut short, or two keys alike: jansson's words, its line. */
    static const char cut[] = "\n{\"a\":\n [1, 2";
    assert_null(json_read_span(cut, sizeof cut - 1, 0, 64, &end, &err));
    json_error_t j;
    assert_null(json_loadb(cut, sizeof cut - 1, JSON_DISABLE_EOF_CHECK, &j));
    assert_string_equal(err.text, j.text);
    assert_int_equal(err.line, 3);
    static const char twice[] = "{\"a\": 1,\n \"a\": 2} tail";
    assert_null(json_read_span(twice, sizeof twice - 1, 0, 64, &end, &err));
    assert_string_equal(err.text, "duplicate object key near '\"a\"'");
    assert_int_equal(err.line, 2);
}

/* jansson's bound on nesting, 2048 deep: read at it, refused past it. */
static void nesting_past_jansson_bound_is_refused(void **state)
{
    (void)state;
    for (size_t depth = JSON_READ_MAX_DEPTH - 1; depth <= JSON_READ_MAX_DEPTH + 1; depth++) {
        char *text = malloc(2 * depth);
        assert_non_null(text);
        memset(text, '[', depth);
        memset(text + depth, ']', depth);
        same_value(text, 2 * depth);
        free(text);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(plain_texts_read_as_jansson_reads_them),
        cmocka_unit_test(other_texts_are_refused_as_jansson_refuses_them),
        cmocka_unit_test(mutated_texts_keep_the_promise),
        cmocka_unit_test(results_arrays),
        cmocka_unit_test(spans_end_where_their_value_ends),
        cmocka_unit_test(nesting_past_jansson_bound_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
