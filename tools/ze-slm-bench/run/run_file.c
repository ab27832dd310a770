/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "json/run_doc_json.h"
#include "run/run_file.h"

/* What `write` writes of doc, in memory (free *text); false out of host memory. */
static bool text_of(bool (*write)(FILE *, const run_doc *), const run_doc *doc, char **text, size_t *len)
{
    *text = NULL;
    *len = 0;
    FILE *m = open_memstream(text, len);
    bool ok = m && write(m, doc);
    ok = m && fclose(m) == 0 && ok;
    if (!ok) {
        free(*text);
        *text = NULL;
    }
    return ok;
}

/* The results from w->results on, and the tail after them: one text, *results_len of it
 * the results. */
static bool growth(const run_file *w, const run_doc *doc, char **text, size_t *len, size_t *results_len)
{
    *text = NULL;
    *len = 0;
    FILE *m = open_memstream(text, len);
    bool ok = m && run_doc_write_results(m, doc, w->results) && fflush(m) == 0;
    *results_len = *len;
    ok = ok && run_doc_write_tail(m, doc);
    ok = m && fclose(m) == 0 && ok;
    if (!ok) {
        free(*text);
        *text = NULL;
    }
    return ok;
}

void run_file_close(run_file *w)
{
    file_tail_close(&w->file);
    free(w->head);
    *w = (run_file)RUN_FILE_INIT;
}

/* The file written whole, then opened to grow where doc has one device. */
static int whole(run_file *w, const output_plan *plan, const run_doc *doc, char *head, size_t head_len)
{
    run_file_close(w);
    if (output_plan_write(plan, OUTPUT_JSON, run_doc_write, doc) != 0) {
        free(head);
        return 1;
    }
    char *tail = NULL;
    size_t tail_len = 0;
    if (head && text_of(run_doc_write_tail, doc, &tail, &tail_len) &&
        file_tail_open(&w->file, plan->path[OUTPUT_JSON], head, head_len, tail, tail_len)) {
        w->head = head, w->head_len = head_len;
        w->results = doc->devices[0].results.count;
        w->cut = w->file.end - (off_t)tail_len;
        head = NULL;
    }
    free(tail);
    free(head);
    return 0;
}

int run_file_publish(run_file *w, const output_plan *plan, const run_doc *doc)
{
    char *head = NULL, *text = NULL;
    size_t head_len = 0, len = 0, results_len = 0;
    if (doc->n_devices != 1 || !text_of(run_doc_write_head, doc, &head, &head_len))
        return whole(w, plan, doc, NULL, 0);
    bool grows = w->file.fd >= 0 && head_len == w->head_len && memcmp(head, w->head, head_len) == 0 &&
                 doc->devices[0].results.count >= w->results;
    if (!grows || !growth(w, doc, &text, &len, &results_len))
        return whole(w, plan, doc, head, head_len);
    free(head);
    bool ok = file_tail_write(&w->file, w->cut, text, len);
    int err = errno;
    free(text);
    if (!ok) {
        run_file_close(w);
        return cli_error("cannot write %s: %s", plan->path[OUTPUT_JSON], strerror(err ? err : EIO));
    }
    w->cut += (off_t)results_len;
    w->results = doc->devices[0].results.count;
    return 0;
}
