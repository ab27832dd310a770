/* SPDX-License-Identifier: MIT */
/* Escaping for every format another program reads: a CSV cell that
 * a spreadsheet would run as a formula is written as text, numbers staying numbers;
 * a Markdown cell or heading holding '|' or a line break stays one cell, one row, one
 * heading. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/run_doc.h"
#include "table/fields.h"
#include "render/run_render.h"
#include "table/safe_text.h"
#include "table/table.h"

/* A record of one text cell, as a document's name or parameter reaches the CSV. */
static json_t *text_of(const void *rec)
{
    return json_string(*(const char *const *)rec);
}

static const field text_field[] = {{"name", "name", 1, false, false, text_of, NULL}};

/* The CSV of one record holding `cell`, its header line left out (malloc'd). */
static char *csv_of(const char *cell)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    field_records r = {text_field, 1, &cell, sizeof cell, 1};
    assert_true(fields_csv_write(f, &r));
    assert_int_equal(fclose(f), 0);
    char *row = strdup(strchr(buf, '\n') + 1);
    free(buf);
    return row;
}

static void csv_formula_cell_is_written_as_text(void **state)
{
    (void)state;
    /* OWASP's list: =, +, -, @, tab and carriage return start a formula. */
    static const struct {
        const char *cell, *csv;
    } cases[] = {
        {"=HYPERLINK(\"http://x\",\"y\")", "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"\n"},
        {"+1+cmd|' /C calc'!A0", "\"'+1+cmd|' /C calc'!A0\"\n"},
        {"-2+3", "\"'-2+3\"\n"},
        {"@SUM(A1:A9)", "\"'@SUM(A1:A9)\"\n"},
        {"\t=1", "\"'\t=1\"\n"},
        {"\r=1", "\"'\r=1\"\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *row = csv_of(cases[i].cell);
        assert_string_equal(row, cases[i].csv);
        free(row);
    }
}

static void csv_number_stays_a_number(void **state)
{
    (void)state;
    static const char *const numbers[] = {"-5.0", "-5", "+7", "1.5e-07", "-1.25E+03", "0"};
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++) {
        char *row = csv_of(numbers[i]);
        char want[32];
        snprintf(want, sizeof want, "%s\n", numbers[i]);
        assert_string_equal(row, want);
        free(row);
    }
}

static void csv_plain_text_is_unchanged(void **state)
{
    (void)state;
    char *row = csv_of("reduce/many");
    assert_string_equal(row, "reduce/many\n");
    free(row);
    row = csv_of("a-b=c");
    assert_string_equal(row, "a-b=c\n");
    free(row);
}

/* Lines in text. */
static size_t lines(const char *text)
{
    size_t n = 0;
    for (; *text; text++)
        n += *text == '\n';
    return n;
}

static void markdown_cell_with_pipe_and_newline_stays_one_row(void **state)
{
    (void)state;
    static const table_column cols[] = {{"name", false, 1}, {"rate", true, 1}};
    table t;
    table_init(&t, cols, 2);
    const char *row[] = {"a|b\n| injected | row |", "1"};
    table_add(&t, row, NULL);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    table_markdown(f, &t);
    assert_int_equal(fclose(f), 0);
    table_free(&t);
    /* The head, its rule and one row. */
    assert_int_equal(lines(buf), 3);
    assert_non_null(strstr(buf, "| a\\|b \\| injected \\| row \\| | 1 |\n"));
    free(buf);
}

static void markdown_line_replaces_line_breaks(void **state)
{
    (void)state;
    char buf[64];
    assert_string_equal(table_md_line(buf, sizeof buf, "gpu\n## injected\r\nx"), "gpu ## injected  x");
    assert_string_equal(table_md_line(buf, sizeof buf, NULL), "");
}

static void markdown_line_escapes_pipes_and_fits_its_buffer(void **state)
{
    (void)state;
    char buf[64], small[6];
    assert_string_equal(table_md_line(buf, sizeof buf, "GPU|A | x |"), "GPU\\|A \\| x \\|");
    /* Cut to fit in 6 bytes, never half an escape: "a\\|b" and not "a\\|b\\". */
    assert_string_equal(table_md_line(small, sizeof small, "a|b|c"), "a\\|b");
}

static void markdown_heading_of_a_hostile_device_name_is_one_line(void **state)
{
    (void)state;
    zeslm_run_opts o = {.seed = 7, .reps = 2, .warmup = 1};
    run_doc doc;
    run_doc_init(&doc, json_pack("{s:s, s:s}", "tool", "ze-slm-bench test", "host", "h"), &o);
    run_doc_device *d = run_doc_add_device(&doc, 1, 0, "h",
                                           json_pack("{s:s, s:s, s:s, s:b}", "backend", "cl", "name",
                                                     "cpu\n| injected | row |", "driver", "1.0\n# title", "gpu", 0),
                                           "SPIR-V");
    assert_non_null(d);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    assert_true(run_render_markdown(f, &doc));
    assert_int_equal(fclose(f), 0);
    assert_non_null(strstr(buf, "# ze-slm-bench run: cpu \\| injected \\| row \\|\n"));
    assert_null(strstr(buf, "\n| injected"));
    assert_null(strstr(buf, "\n# title"));
    free(buf);
    run_doc_free(&doc);
}

/* A host or device name from a file: ESC, BEL, CR, DEL and U+009B (C1, a CSI to some
 * terminals) as escapes; other UTF-8, whose continuation bytes may be 0x80..0x9F
 * (U+26C4 is E2 9B 84), unchanged. */
static void names_escape_control_characters(void **state)
{
    (void)state;
    char out[64];
    assert_string_equal(safe_text(out, sizeof out, "a\x1b[2J\a\rb\x7f\xc2\x9b" "31m"),
                        "a\\x1b[2J\\x07\\x0db\\x7f\\u009b31m");
    assert_string_equal(safe_text(out, sizeof out, "n\xc3\xa9 \xe2\x9b\x84"), "n\xc3\xa9 \xe2\x9b\x84");
    assert_false(safe_text_needed("n\xc3\xa9 \xe2\x9b\x84 node-7"));
    assert_true(safe_text_needed("node\r"));
    /* Cut where it does not fit, never inside an escape. */
    assert_string_equal(safe_text(out, 8, "ab\x1b\x1b"), "ab\\x1b");
    char buf[16] = "h\x07st";
    safe_text_inplace(buf, sizeof buf);
    assert_string_equal(buf, "h\\x07st");
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    safe_text_fputs("x\ny", f);
    assert_int_equal(fclose(f), 0);
    assert_string_equal(text, "x\\x0ay");
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(csv_formula_cell_is_written_as_text),
        cmocka_unit_test(csv_number_stays_a_number),
        cmocka_unit_test(csv_plain_text_is_unchanged),
        cmocka_unit_test(markdown_cell_with_pipe_and_newline_stays_one_row),
        cmocka_unit_test(markdown_line_replaces_line_breaks),
        cmocka_unit_test(markdown_line_escapes_pipes_and_fits_its_buffer),
        cmocka_unit_test(markdown_heading_of_a_hostile_device_name_is_one_line),
        cmocka_unit_test(names_escape_control_characters),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
