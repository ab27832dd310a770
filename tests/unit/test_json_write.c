/* SPDX-License-Identifier: MIT */
/* The one JSON writer (io/json_write.h), and schema_emit that writes a record's scalars
 * through it straight to the file: the bytes must be jansson's, those json_dumps gives
 * for the same values with a document's flags (or JSON_COMPACT for a line), so that a
 * document written either way, or by an older build, is the same file. Each test writes
 * values of one kind and compares with jansson itself. */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "io/json_write.h"
#include "json/schema.h"

/* A document's flags (json/schema.c's DUMP_FLAGS). */
#define FLAGS (JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_ENCODE_ANY)

typedef struct sample {
    uint32_t u32;
    uint64_t u64;
    long long i64;
    double d;
    bool b;
    char text[64];
    const char *str;
} sample;

#define AT(field) .offset = offsetof(sample, field)
static const schema_row plain_rows[] = {
    {.key = "u32", .kind = SCHEMA_U32, AT(u32)},
    {.key = "u64", .kind = SCHEMA_U64, AT(u64)},
    {.key = "i64", .kind = SCHEMA_I64, AT(i64)},
    {.key = "d", .kind = SCHEMA_DOUBLE, AT(d)},
    {.key = "b", .kind = SCHEMA_BOOL, AT(b)},
    {.key = "text", .kind = SCHEMA_TEXT, AT(text), .size = sizeof((sample *)0)->text},
    {.key = "str", .kind = SCHEMA_STR, AT(str)},
};
static const schema_record plain = {"sample", plain_rows, sizeof plain_rows / sizeof *plain_rows, false, NULL, NULL};

/* The same fields, a zero written as null ... */
static const schema_row null_rows[] = {
    {.key = "u32", .kind = SCHEMA_U32, AT(u32), .flags = SCHEMA_ZERO_NULL},
    {.key = "u64", .kind = SCHEMA_U64, AT(u64), .flags = SCHEMA_ZERO_NULL},
    {.key = "i64", .kind = SCHEMA_I64, AT(i64), .flags = SCHEMA_ZERO_NULL},
    {.key = "d", .kind = SCHEMA_DOUBLE, AT(d), .flags = SCHEMA_ZERO_NULL},
    {.key = "b", .kind = SCHEMA_BOOL, AT(b), .flags = SCHEMA_ZERO_NULL},
    {.key = "text", .kind = SCHEMA_TEXT, AT(text), .size = sizeof((sample *)0)->text, .flags = SCHEMA_ZERO_NULL},
    {.key = "str", .kind = SCHEMA_STR, AT(str), .flags = SCHEMA_ZERO_NULL},
};
static const schema_record nulled = {"sample", null_rows, sizeof null_rows / sizeof *null_rows, false, NULL, NULL};

/* ... and left out. */
static const schema_row omit_rows[] = {
    {.key = "u32", .kind = SCHEMA_U32, AT(u32), .flags = SCHEMA_ZERO_OMIT},
    {.key = "u64", .kind = SCHEMA_U64, AT(u64), .flags = SCHEMA_ZERO_OMIT},
    {.key = "i64", .kind = SCHEMA_I64, AT(i64), .flags = SCHEMA_ZERO_OMIT},
    {.key = "d", .kind = SCHEMA_DOUBLE, AT(d), .flags = SCHEMA_ZERO_OMIT},
    {.key = "b", .kind = SCHEMA_BOOL, AT(b), .flags = SCHEMA_ZERO_OMIT},
    {.key = "text", .kind = SCHEMA_TEXT, AT(text), .size = sizeof((sample *)0)->text, .flags = SCHEMA_ZERO_OMIT},
    {.key = "str", .kind = SCHEMA_STR, AT(str), .flags = SCHEMA_ZERO_OMIT},
};
static const schema_record omitted = {"sample", omit_rows, sizeof omit_rows / sizeof *omit_rows, false, NULL, NULL};

/* What schema_emit writes of the record at `depth` (the caller frees it). */
static char *emitted(const schema_record *t, const sample *s, int depth)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    assert_true(schema_emit(f, t, s, depth));
    assert_int_equal(fclose(f), 0);
    return text;
}

/* What json_dumps writes of the value (the caller frees it; takes the reference). */
static char *dumped(json_t *v)
{
    assert_non_null(v);
    char *text = json_dumps(v, FLAGS);
    json_decref(v);
    assert_non_null(text);
    return text;
}

/* The record holds `value` in its field `key` alone: compared with jansson's object. */
static void assert_field_as_jansson(const schema_record *t, const sample *s, const char *key, json_t *value)
{
    /* The other fields set to what writes nothing: a record of one member. */
    json_t *o = json_object();
    json_object_set_new(o, key, value);
    char *want = dumped(o), *got = emitted(t, s, 0);
    assert_string_equal(got, want);
    free(got);
    free(want);
}

static const schema_row one_double_row[] = {{.key = "d", .kind = SCHEMA_DOUBLE, AT(d)}};
static const schema_record one_double = {"sample", one_double_row, 1, false, NULL, NULL};

static void doubles_are_written_as_jansson_writes_reals(void **state)
{
    (void)state;
    static const double values[] = {
        0, -0.0, 1, -1, 0.5, 0.1, 0.2, 1.0 / 3, 2.0 / 3, 10, 100, 1e15, 1e16, 1e17, 1e21, 1e22, 1e300, -1e300,
        1e-300, 1e-4, 1e-5, 1.5e-5, 123456.789, 9007199254740992.0 /* 2^53 */, 9007199254740993.0 /* 2^53 + 1 */,
        4503599627370497.5, 12345678901234567890.0, DBL_MAX, -DBL_MAX, DBL_MIN, DBL_TRUE_MIN, DBL_EPSILON,
        3.141592653589793, 299792458, 1e100, 123e-310, 0.30000000000000004};
    for (size_t i = 0; i < sizeof values / sizeof *values; i++) {
        sample s = {.d = values[i]};
        assert_field_as_jansson(&one_double, &s, "d", json_real(values[i]));
    }
}

/* Finite doubles of every exponent and mantissa: bit patterns from a fixed xorshift. */
static void any_finite_double_is_written_as_jansson_writes_it(void **state)
{
    (void)state;
    uint64_t x = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < 20000; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        double d;
        memcpy(&d, &x, sizeof d);
        if (!isfinite(d))
            continue;
        sample s = {.d = d};
        assert_field_as_jansson(&one_double, &s, "d", json_real(d));
    }
}

/* What a document holds most (times in ns, rates, ratios: 1e-12 to 1e18), which
 * schema_emit writes with its own digits: random mantissas at every exponent there, and
 * numbers with few bits whose exact decimal form ends in a 5 one place past the 17th
 * digit, a tie that rounds to even (1 + 2^-17 = 1.00000762939453125). */
static void doubles_of_a_document_are_written_as_jansson_writes_them(void **state)
{
    (void)state;
    uint64_t x = 0x2545F4914F6CDD1Dull;
    for (int i = 0; i < 100000; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        double d = ldexp((double)(x >> 11) / 9007199254740992.0 + 1, (int)(x % 101) - 40);
        sample s = {.d = i % 2 ? d : -d};
        assert_field_as_jansson(&one_double, &s, "d", json_real(s.d));
    }
    /* Each power of ten and the double below it: the digits' exponent changes there. */
    for (int j = -13; j <= 18; j++) {
        char text[8];
        snprintf(text, sizeof text, "1e%d", j);
        double p10 = strtod(text, NULL);
        const double near[] = {p10, nextafter(p10, 0), nextafter(p10, INFINITY)};
        for (size_t i = 0; i < 3; i++) {
            sample s = {.d = near[i]};
            assert_field_as_jansson(&one_double, &s, "d", json_real(s.d));
        }
    }
    for (int e = -100; e <= 60; e++)
        for (int k = 1; k < 1024; k += 2) {
            sample s = {.d = ldexp((1 << 17) + k, e - 17)};
            assert_field_as_jansson(&one_double, &s, "d", json_real(s.d));
        }
    const struct {
        double d;
        const char *text;
    } ties[] = {{1 + 0x1p-17, "1.0000076293945312"}, {1 + 3 * 0x1p-17, "1.0000228881835938"}};
    for (size_t i = 0; i < sizeof ties / sizeof *ties; i++) {
        sample s = {.d = ties[i].d};
        char *got = emitted(&one_double, &s, 0), want[64];
        snprintf(want, sizeof want, "{\n  \"d\": %s\n}", ties[i].text);
        assert_string_equal(got, want);
        free(got);
        assert_field_as_jansson(&one_double, &s, "d", json_real(s.d));
    }
}

/* jansson makes no real of NaN or an infinity; the schema writes what it wrote: null. */
static void a_double_not_finite_is_null(void **state)
{
    (void)state;
    const double values[] = {NAN, -NAN, INFINITY, -INFINITY};
    for (size_t i = 0; i < sizeof values / sizeof *values; i++) {
        assert_null(json_real(values[i]));
        sample s = {.d = values[i]};
        char *got = emitted(&one_double, &s, 0);
        assert_string_equal(got, "{\n  \"d\": null\n}");
        free(got);
    }
}

static void integers_at_their_limits_are_written_as_jansson_writes_them(void **state)
{
    (void)state;
    const sample s = {.u32 = UINT32_MAX, .u64 = UINT64_MAX, .i64 = LLONG_MIN, .b = true, .text = "t", .str = "s"};
    /* A uint64_t above 2^63 - 1 is cast as json_integer took it: the schema's reader
     * refuses it, and the writer writes what it always wrote. */
    json_t *want = json_pack("{s:I, s:I, s:I, s:f, s:b, s:s, s:s}", "u32", (json_int_t)UINT32_MAX, "u64",
                             (json_int_t)UINT64_MAX, "i64", (json_int_t)LLONG_MIN, "d", 0.0, "b", 1, "text", "t",
                             "str", "s");
    char *w = dumped(want), *got = emitted(&plain, &s, 0);
    assert_string_equal(got, w);
    free(got);
    free(w);
    const long long ints[] = {0, 1, -1, 9, 10, -10, 99, 100, INT_MAX, INT_MIN, (long long)UINT32_MAX + 1, LLONG_MAX,
                              LLONG_MIN + 1, 1000000000000000000ll, -999999999999999999ll};
    static const schema_row i64_row[] = {{.key = "i64", .kind = SCHEMA_I64, AT(i64)}};
    static const schema_record one_i64 = {"sample", i64_row, 1, false, NULL, NULL};
    for (size_t i = 0; i < sizeof ints / sizeof *ints; i++) {
        sample one = {.i64 = ints[i]};
        assert_field_as_jansson(&one_i64, &one, "i64", json_integer(ints[i]));
    }
    static const schema_row u64_row[] = {{.key = "u64", .kind = SCHEMA_U64, AT(u64)}};
    static const schema_record one_u64 = {"sample", u64_row, 1, false, NULL, NULL};
    const uint64_t big[] = {0, 1, (uint64_t)INT64_MAX, (uint64_t)INT64_MAX + 1, UINT64_MAX};
    for (size_t i = 0; i < sizeof big / sizeof *big; i++) {
        sample one = {.u64 = big[i]};
        assert_field_as_jansson(&one_u64, &one, "u64", json_integer((json_int_t)big[i]));
    }
}

/* An array of them, as a row's `emit` writes a result's launch times, at any depth. */
static void an_array_of_integers_is_written_as_jansson_writes_it(void **state)
{
    (void)state;
    const uint64_t times[] = {0, 7, 123456789, (uint64_t)INT64_MAX, (uint64_t)INT64_MAX + 1, UINT64_MAX};
    for (size_t n = 0; n <= sizeof times / sizeof *times; n++) {
        json_t *a = json_array();
        for (size_t i = 0; i < n; i++)
            json_array_append_new(a, json_integer((json_int_t)times[i]));
        /* Jansson's text of the array inside {"a": {"b": ...}}: depth 2. */
        char *want = dumped(json_pack("{s:{s:o}}", "a", "b", a));
        char *got = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&got, &len);
        assert_true(json_write_integers(f, times, n, 2));
        assert_int_equal(fclose(f), 0);
        const char *start = strstr(want, "\"b\": ") + 5;
        assert_memory_equal(got, start, len);
        assert_string_equal(start + len, "\n  }\n}");
        free(got);
        free(want);
    }
}

static const schema_row text_row[] = {{.key = "text", .kind = SCHEMA_TEXT, AT(text), .size = 64}};
static const schema_record one_text = {"sample", text_row, 1, false, NULL, NULL};
static const schema_row str_row[] = {{.key = "str", .kind = SCHEMA_STR, AT(str)}};
static const schema_record one_str = {"sample", str_row, 1, false, NULL, NULL};

static void strings_are_escaped_as_jansson_escapes_them(void **state)
{
    (void)state;
    static const char *const texts[] = {
        "", "plain", "a \"quoted\" word", "back\\slash", "slash / stays", "tab\there", "line\nbreak", "cr\r",
        "\b\f", "\x01\x02\x1f", "\x7f del stays", "caf\xc3\xa9", "\xe2\x82\xac 5", "\xf0\x9f\x98\x80 smile",
        "\xef\xbf\xbf", "\xf4\x8f\xbf\xbf", "end\\", "\"", "mixed \x1b[0m \"\\\" \xc3\xa9\t"};
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        sample s = {.str = texts[i]};
        snprintf(s.text, sizeof s.text, "%s", texts[i]);
        assert_field_as_jansson(&one_text, &s, "text", json_string(texts[i]));
        assert_field_as_jansson(&one_str, &s, "str", json_string(texts[i]));
    }
    /* Every control character. */
    for (int c = 1; c < 0x20; c++) {
        sample s = {.text = {'<', (char)c, '>'}};
        s.str = s.text;
        assert_field_as_jansson(&one_text, &s, "text", json_string(s.text));
    }
}

/* jansson makes no string of bytes that are not UTF-8, and the schema wrote that as null:
 * the emitted field is null exactly where json_string refuses the bytes, for every byte
 * string of up to 3 bytes from a set that holds every class of lead and trail byte. */
static void a_string_not_utf8_is_null_where_jansson_refuses_it(void **state)
{
    (void)state;
    static const unsigned char bytes[] = {0x41, 0x7f, 0x80, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf,
                                          0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff, 0x90, 0x8f};
    const size_t nb = sizeof bytes;
    for (size_t n = 1; n <= 3; n++) {
        size_t total = n == 1 ? nb : n == 2 ? nb * nb : nb * nb * nb;
        for (size_t k = 0; k < total; k++) {
            sample s = {0};
            for (size_t i = 0, r = k; i < n; i++, r /= nb)
                s.text[i] = (char)bytes[r % nb];
            json_t *j = json_string(s.text);
            assert_field_as_jansson(&one_text, &s, "text", j ? j : json_null());
        }
    }
    /* A 4-byte form above U+10FFFF, a surrogate half and an overlong slash. */
    static const char *const bad[] = {"\xf4\x90\x80\x80", "\xed\xa0\x80", "\xc0\xaf", "ok\xe2\x82"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        sample s = {.str = bad[i]};
        assert_null(json_string(bad[i]));
        char *got = emitted(&one_str, &s, 0);
        assert_string_equal(got, "{\n  \"str\": null\n}");
        free(got);
    }
}

/* Zero, "" and NULL: written as they are, as null, or left out, by the row's flags. */
static void a_zero_is_written_null_or_left_out_by_its_flags(void **state)
{
    (void)state;
    const sample zero = {.d = -0.0};
    char *got = emitted(&plain, &zero, 0);
    char *want = dumped(json_pack("{s:i, s:i, s:i, s:f, s:b, s:s, s:s}", "u32", 0, "u64", 0, "i64", 0, "d", -0.0,
                                  "b", 0, "text", "", "str", ""));
    assert_string_equal(got, want);
    free(got);
    free(want);
    /* The unknown zero (+0.0) is null; -0.0 is a zero a document held (schema.c's
     * read_row), written again as 0.0. */
    const sample unknown = {.d = 0.0};
    got = emitted(&nulled, &unknown, 0);
    want = dumped(json_pack("{s:n, s:n, s:n, s:n, s:n, s:n, s:n}", "u32", "u64", "i64", "d", "b", "text", "str"));
    assert_string_equal(got, want);
    free(got);
    free(want);
    got = emitted(&nulled, &zero, 0);
    want = dumped(json_pack("{s:n, s:n, s:n, s:f, s:n, s:n, s:n}", "u32", "u64", "i64", "d", 0.0, "b", "text", "str"));
    assert_string_equal(got, want);
    free(got);
    free(want);
    got = emitted(&omitted, &zero, 0);
    assert_string_equal(got, "{}");
    free(got);
    /* Not zero: the flags change nothing. */
    const sample some = {.u32 = 1, .u64 = 2, .i64 = -3, .d = 0.25, .b = true, .text = "x", .str = "y"};
    want = dumped(json_pack("{s:i, s:i, s:i, s:f, s:b, s:s, s:s}", "u32", 1, "u64", 2, "i64", -3, "d", 0.25, "b", 1,
                            "text", "x", "str", "y"));
    const schema_record *const all[] = {&plain, &nulled, &omitted};
    for (size_t i = 0; i < 3; i++) {
        got = emitted(all[i], &some, 0);
        assert_string_equal(got, want);
        free(got);
    }
    free(want);
}

/* Nested `depth` deep, the record is indented as jansson indents it inside others. */
static void a_nested_record_is_indented_as_jansson_indents_it(void **state)
{
    (void)state;
    const sample some = {.u32 = 1, .d = 1e-7, .b = false, .text = "x\ty", .str = "\xc3\xa9"};
    json_t *record = json_pack("{s:i, s:i, s:i, s:f, s:b, s:s, s:s}", "u32", 1, "u64", 0, "i64", 0, "d", 1e-7, "b",
                               0, "text", "x\ty", "str", "\xc3\xa9");
    char *want = dumped(json_pack("{s:[{s:o}]}", "a", "b", record));
    /* Jansson's text of the record inside {"a": [{"b": ...}]}: depth 3. */
    char *got = emitted(&plain, &some, 3);
    const char *start = strstr(want, "\"b\": ") + 5;
    size_t len = strlen(got);
    assert_true(strlen(start) > len);
    assert_memory_equal(got, start, len);
    assert_string_equal(start + len, "\n    }\n  ]\n}");
    free(got);
    free(want);
}

/* json_write: a JSON value of every kind, keys needing escapes among them. */
static void a_json_value_is_written_as_jansson_dumps_it(void **state)
{
    (void)state;
    json_t *v = json_pack("{s:[i, f, f, b, b, n, s, {}, []], s:{s:s, s:{s:I}}, s:s#}", "list", -5, 0.1, 1e300, 1, 0,
                          "quote \" tab \t", "key \"with\" quotes\n", "nested", "\xe2\x82\xac", "deep", "n",
                          (json_int_t)LLONG_MIN, "nul", "a\0b", (int)3);
    assert_non_null(v);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_true(json_write(f, v, 0));
    assert_int_equal(fclose(f), 0);
    char *want = dumped(json_incref(v));
    assert_string_equal(text, want);
    free(text);
    free(want);
    /* Each leaf alone. */
    json_t *leaf;
    size_t i;
    json_array_foreach(json_object_get(v, "list"), i, leaf) {
        text = NULL;
        f = open_memstream(&text, &len);
        assert_true(json_write(f, leaf, 0));
        assert_int_equal(fclose(f), 0);
        want = dumped(json_incref(leaf));
        assert_string_equal(text, want);
        free(text);
        free(want);
    }
    json_decref(v);
}

/* json_write_line and json_write_text: the same values compact, as JSON_COMPACT dumps them. */
static void a_json_value_is_written_compact_as_jansson_dumps_it(void **state)
{
    (void)state;
    json_t *v = json_pack("{s:[i, f, f, b, b, n, s, {}, [], {s:[i, i]}], s:{s:s}, s:s#}", "list", -5, 0.1, 1e300, 1, 0,
                          "quote \" tab \t", "k", 1, 2, "nested", "\xe2\x82\xac", "euro", "nul", "a\0b", (int)3);
    assert_non_null(v);
    json_t *values[] = {v, json_object_get(v, "list"), json_array_get(json_object_get(v, "list"), 1)};
    for (size_t k = 0; k < sizeof values / sizeof values[0]; k++) {
        char *want = json_dumps(values[k], JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_ENCODE_ANY);
        assert_non_null(want);
        char *got = json_write_text(values[k]);
        assert_non_null(got);
        assert_string_equal(got, want);
        free(got);
        char *line = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&line, &len);
        assert_true(json_write_line(f, values[k]));
        assert_int_equal(fclose(f), 0);
        assert_int_equal(len, strlen(want) + 1);
        assert_memory_equal(line, want, strlen(want));
        assert_int_equal(line[len - 1], '\n');
        free(line);
        free(want);
    }
    json_decref(v);
}

/* A key that is not UTF-8 (only json_object_set_nocheck makes one) is not written: the
 * write fails, where jansson 2.14's dump writes '{":1}' (not JSON) and succeeds. */
static void a_key_not_utf8_fails_the_write(void **state)
{
    (void)state;
    json_t *v = json_object();
    assert_int_equal(json_object_set_new_nocheck(v, "bad \xff key", json_integer(1)), 0);
    assert_null(json_write_text(v));
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_false(json_write_document(f, v));
    assert_int_equal(fclose(f), 0);
    free(text);
    json_decref(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(doubles_are_written_as_jansson_writes_reals),
        cmocka_unit_test(any_finite_double_is_written_as_jansson_writes_it),
        cmocka_unit_test(doubles_of_a_document_are_written_as_jansson_writes_them),
        cmocka_unit_test(a_double_not_finite_is_null),
        cmocka_unit_test(integers_at_their_limits_are_written_as_jansson_writes_them),
        cmocka_unit_test(an_array_of_integers_is_written_as_jansson_writes_it),
        cmocka_unit_test(strings_are_escaped_as_jansson_escapes_them),
        cmocka_unit_test(a_string_not_utf8_is_null_where_jansson_refuses_it),
        cmocka_unit_test(a_zero_is_written_null_or_left_out_by_its_flags),
        cmocka_unit_test(a_nested_record_is_indented_as_jansson_indents_it),
        cmocka_unit_test(a_json_value_is_written_as_jansson_dumps_it),
        cmocka_unit_test(a_json_value_is_written_compact_as_jansson_dumps_it),
        cmocka_unit_test(a_key_not_utf8_fails_the_write),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
