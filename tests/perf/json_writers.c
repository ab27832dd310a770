/* SPDX-License-Identifier: MIT */
/* The writers docs/architecture.md compares ("JSON: one reader and one writer"), on the
 * same texts: each FILE parsed once into jansson's tree and yyjson's, then every tree
 * written in a document's layout (two spaces) into memory, the least CPU time of three
 * passes for each of jansson's json_dumps, the tool's json_write and yyjson_write.
 * json_write's text must be jansson's byte for byte (exit 1 where it is not).
 *   json_writers FILE...     (for example 400 files of tests/cli/fleet/fleet_files.py) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "io/json_write.h"
#include "vendor/yyjson/yyjson.h"

enum { JANSSON, TOOL, YYJSON, WRITERS };
static const char *const names[WRITERS] = {"jansson json_dumps", "json_write (the tool's)", "yyjson_write"};

static double cpu_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* One pass of one writer over every tree: the bytes written, 0 on a failure. */
static size_t pass(int writer, int n, json_t **j, yyjson_doc **y)
{
    size_t bytes = 0;
    for (int i = 0; i < n; i++) {
        char *text = NULL;
        size_t len = 0;
        if (writer == JANSSON) {
            text = json_dumps(j[i], JSON_INDENT(2) | JSON_PRESERVE_ORDER);
            len = text ? strlen(text) : 0;
        } else if (writer == TOOL) {
            /* Into memory, as the others write. */
            FILE *m = open_memstream(&text, &len);
            if (!m || !json_write_document(m, j[i]) || fclose(m) != 0)
                len = 0;
        } else {
            text = yyjson_write(y[i], YYJSON_WRITE_PRETTY_TWO_SPACES, &len);
        }
        free(text);
        if (!len)
            return 0;
        bytes += len;
    }
    return bytes;
}

int main(int argc, char **argv)
{
    int n = argc - 1, rc = 1;
    json_t **j = calloc((size_t)n + 1, sizeof *j);
    yyjson_doc **y = calloc((size_t)n + 1, sizeof *y);
    if (n < 1 || !j || !y) {
        fprintf(stderr, "usage: json_writers FILE...\n");
        goto out;
    }
    for (int i = 0; i < n; i++) {
        json_error_t e;
        j[i] = json_load_file(argv[i + 1], JSON_DECODE_ANY, &e);
        y[i] = yyjson_read_file(argv[i + 1], 0, NULL, NULL);
        if (!j[i] || !y[i]) {
            fprintf(stderr, "json_writers: cannot read %s\n", argv[i + 1]);
            goto out;
        }
        /* The tool's bytes are jansson's. */
        char *want = json_dumps(j[i], JSON_INDENT(2) | JSON_PRESERVE_ORDER), *got = NULL;
        size_t len = 0;
        FILE *m = open_memstream(&got, &len);
        bool same = want && m && json_write(m, j[i], 0) && fclose(m) == 0 && strcmp(got, want) == 0;
        free(want);
        free(got);
        if (!same) {
            fprintf(stderr, "json_writers: json_write's text of %s is not jansson's\n", argv[i + 1]);
            goto out;
        }
    }
    printf("%d files, parsed once, written in a document's layout (least CPU time of 3 passes):\n", n);
    for (int w = 0; w < WRITERS; w++) {
        double best = 0;
        size_t bytes = 0;
        for (int rep = 0; rep < 3; rep++) {
            double t0 = cpu_s();
            bytes = pass(w, n, j, y);
            double t = cpu_s() - t0;
            if (!bytes) {
                fprintf(stderr, "json_writers: %s failed\n", names[w]);
                goto out;
            }
            best = rep == 0 || t < best ? t : best;
        }
        printf("  %-24s %8.3f s CPU, %.1f MB\n", names[w], best, (double)bytes / 1e6);
    }
    rc = 0;
out:
    for (int i = 0; i < n; i++) {
        json_decref(j[i]);
        yyjson_doc_free(y[i]);
    }
    free(j);
    free(y);
    return rc;
}
