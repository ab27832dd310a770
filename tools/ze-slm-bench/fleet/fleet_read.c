/* SPDX-License-Identifier: MIT */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "json/doc_reader.h"
#include "fleet/fleet_read.h"
#include "fleet/rank_starts.h"
#include "table/safe_text.h"
#include "io/ordered.h"

bool fleet_inputs_init(fleet_inputs *in, size_t n)
{
    memset(in, 0, sizeof *in);
    in->n = n;
    in->notes = json_array();
    in->ids = calloc(n ? n : 1, sizeof *in->ids);
    if (!in->notes || !in->ids) {
        fleet_inputs_free(in);
        return false;
    }
    return true;
}

void fleet_inputs_free(fleet_inputs *in)
{
    json_decref(in->notes);
    free(in->ids);
    memset(in, 0, sizeof *in);
}

bool fleet_inputs_twice(fleet_inputs *in, char *const *paths, size_t i)
{
    /* "-" is standard input, whatever it reads: given twice, it is read once too. */
    if ((strcmp(paths[i], "-") == 0 ? fstat(STDIN_FILENO, &in->ids[i]) : stat(paths[i], &in->ids[i])) != 0)
        return false;
    for (size_t k = 0; k < i; k++)
        if (in->ids[k].st_ino == in->ids[i].st_ino && in->ids[k].st_dev == in->ids[i].st_dev) {
            char buf[512];
            snprintf(buf, sizeof buf, "%s was given twice: read once", paths[i]);
            json_array_append_new(in->notes, json_string(buf));
            return true;
        }
    return false;
}

/* A file that is not a results file: with strict, its error and exit status; else an
 * error entry (BAD_FILE) of *doc that names it, and 0. */
static int bad_file(const char *path, const char *why, run_doc *doc, bool strict)
{
    if (strict)
        return cli_error("%s: %s", path, why);
    /* The merge goes on; the file is an error of the fleet, with its path, and the host
     * and rank its name gives (HOST-RANK.json, as a rank names its file): one verdict
     * of its rank, which is then not MISSING too. */
    char host[128] = "";
    long rank = -1;
    if (!rank_starts_name(path, host, sizeof host, &rank))
        *host = '\0';
    run_doc_init(doc, json_object(), &(zeslm_run_opts){0});
    run_doc_open_error(doc, -1, "", host, rank, "BAD_FILE", why);
    json_object_set_new(json_array_get(doc->errors, 0), "source", json_string(path));
    return 0;
}

int fleet_inputs_read(const char *path, uint64_t limit, run_doc *doc, bool strict)
{
    char why[512] = "";
    if (doc_read_file(path, limit, doc, why, sizeof why) == 0)
        return 0;
    return bad_file(path, why, doc, strict);
}

/* Under the readers' lock, where there is one. */
static void lock(pthread_mutex_t *m)
{
    if (m)
        pthread_mutex_lock(m);
}

static void unlock(pthread_mutex_t *m)
{
    if (m)
        pthread_mutex_unlock(m);
}

int fleet_inputs_stream(const char *path, uint64_t limit, fleet *f, fleet_inputs *in, bool strict,
                        pthread_mutex_t *m)
{
    doc_reader r;
    run_doc one = {0};
    char why[512] = "";
    int bad = doc_reader_open(&r, path, limit, why, sizeof why), rc = 0;
    lock(m);
    if (!bad && in)
        fleet_inputs_mixed(in, path, &r.head, r.n_devices);
    if (!bad && !fleet_add_doc(f, &r.head, path))
        rc = cli_error("out of host memory");
    unlock(m);
    /* A device at a time: what the fleet keeps of it, then it is freed. A device that
     * is not one ends the file there (those before it are in). */
    for (size_t k = 0; !bad && !rc && k < r.n_devices; k++) {
        if ((bad = doc_reader_device(&r, k, false, &one, why, sizeof why)) != 0)
            break;
        lock(m);
        if (!fleet_add_doc(f, &one, path))
            rc = cli_error("out of host memory");
        unlock(m);
        run_doc_free(&one);
    }
    doc_reader_close(&r);
    if (bad && !rc) {
        rc = bad_file(path, why, &one, strict);
        lock(m);
        if (!rc && !fleet_add_doc(f, &one, path))
            rc = cli_error("out of host memory");
        unlock(m);
        if (one.head)
            run_doc_free(&one);
    }
    return rc;
}

/* "HOST (PATH)": a note names the node an operator acts on, and the file. */
static void placed(char *buf, size_t len, const char *host, const char *path)
{
    char h[128];
    snprintf(h, sizeof h, "%s", host && *host ? host : "unknown host");
    safe_text_inplace(h, sizeof h);
    snprintf(buf, len, "%s (%s)", h, path);
}

void fleet_inputs_mixed(fleet_inputs *in, const char *path, const run_doc *doc, size_t n_devices)
{
    if (n_devices == 0)
        return;
    const char *v = json_string_value(json_object_get(doc->head, "version"));
    const char *host = json_string_value(json_object_get(doc->head, "host"));
    if (!in->have_first) {
        in->have_first = true;
        snprintf(in->first_path, sizeof in->first_path, "%s", path);
        snprintf(in->first_host, sizeof in->first_host, "%s", host ? host : "");
        snprintf(in->version, sizeof in->version, "%s", v ? v : "");
        in->quick = doc->quick;
        in->reps = doc->reps;
        in->seed = doc->seed;
        return;
    }
    char buf[1024], first[400], this[400];
    placed(first, sizeof first, in->first_host, in->first_path);
    placed(this, sizeof this, host, path);
    if (v && *in->version && strcmp(v, in->version) != 0) {
        snprintf(buf, sizeof buf, "mixed tool versions: %s is %s, %s is %s", first, in->version, this, v);
        json_array_append_new(in->notes, json_string(buf));
    }
    if (in->quick != doc->quick || in->reps != doc->reps || in->seed != doc->seed) {
        snprintf(buf, sizeof buf,
                 "mixed settings: %s ran quick=%s reps=%u seed=%llu, %s quick=%s reps=%u seed=%llu; the merged head "
                 "keeps the first's",
                 first, in->quick ? "true" : "false", in->reps, (unsigned long long)in->seed, this,
                 doc->quick ? "true" : "false", doc->reps, (unsigned long long)doc->seed);
        json_array_append_new(in->notes, json_string(buf));
    }
}

static void free_made(void *ctx, void *made)
{
    (void)ctx;
    free(made);
}

/* Which of the files were given before (noted), first, so that the readers touch
 * nothing shared; NULL when out of memory. */
static bool *given_twice(fleet_inputs *in, char *const *paths, size_t n)
{
    bool *twice = calloc(n ? n : 1, sizeof *twice);
    for (size_t i = 0; twice && i < n; i++)
        twice[i] = fleet_inputs_twice(in, paths, i);
    return twice;
}

typedef struct streaming {
    fleet *f;
    fleet_inputs *in;
    char *const *paths;
    const bool *twice;
    uint64_t limit;
    bool strict;
    pthread_mutex_t lock;      /* over f and in */
} streaming;

/* File i into the fleet on a reader thread: its exit status, boxed; NULL out of memory. */
static void *stream_one(void *ctx, size_t i)
{
    streaming *s = ctx;
    int *rc = malloc(sizeof *rc);
    if (rc)
        *rc = s->twice[i] ? 0 : fleet_inputs_stream(s->paths[i], s->limit, s->f, s->in, s->strict, &s->lock);
    return rc;
}

static int streamed(void *ctx, size_t i, void *made)
{
    (void)ctx, (void)i;
    int rc = made ? *(int *)made : cli_error("out of host memory");
    free(made);
    return rc;
}

int fleet_read_files(fleet *f, fleet_inputs *in, char *const *paths, size_t n, uint64_t limit, bool strict,
                     unsigned threads)
{
    streaming s = {.f = f, .in = in, .paths = paths, .twice = given_twice(in, paths, n), .limit = limit,
                   .strict = strict};
    if (!s.twice)
        return cli_error("out of host memory");
    if (pthread_mutex_init(&s.lock, NULL)) {
        free((bool *)s.twice);
        return cli_error("cannot start the readers");
    }
    static const ordered_steps steps = {stream_one, streamed, free_made};
    int rc = ordered_map(n, threads, 2 * (size_t)threads, &steps, &s);
    pthread_mutex_destroy(&s.lock);
    free((bool *)s.twice);
    return rc;
}

/* One file of fleet_read_in_order, read on a reader thread. */
typedef struct one_file {
    run_doc doc;
    char why[512];
    struct one_file *next;     /* in the list of files taken, to be freed */
} one_file;

typedef struct in_order {
    char *const *paths;
    const bool *twice;
    uint64_t limit;
    fleet_take_fn take;
    void *ctx;
    /* Files taken, freed by the next reader: a document is thousands of small
     * allocations, freed fastest by the thread that made them, not by the one that
     * merges (glibc's arenas; 12 s of 79 for 10,000 files on the merging thread). */
    pthread_mutex_t lock;
    one_file *taken;
} in_order;

static void drop_one(void *ctx, void *made);

/* The files taken since, freed here. */
static void free_taken(in_order *o)
{
    pthread_mutex_lock(&o->lock);
    one_file *f = o->taken;
    o->taken = NULL;
    pthread_mutex_unlock(&o->lock);
    while (f) {
        one_file *next = f->next;
        drop_one(o, f);
        f = next;
    }
}

/* File i: its document, or one BAD_FILE error entry and the reason; NULL out of memory. */
static void *read_one(void *ctx, size_t i)
{
    in_order *o = ctx;
    free_taken(o);
    one_file *f = calloc(1, sizeof *f);
    if (!f || o->twice[i] || doc_read_file(o->paths[i], o->limit, &f->doc, f->why, sizeof f->why) == 0)
        return f;
    bad_file(o->paths[i], f->why, &f->doc, false);
    return f;
}

static void drop_one(void *ctx, void *made)
{
    (void)ctx;
    one_file *f = made;
    if (f && f->doc.head)
        run_doc_free(&f->doc);
    free(f);
}

static int take_one(void *ctx, size_t i, void *made)
{
    in_order *o = ctx;
    one_file *f = made;
    if (!f)
        return cli_error("out of host memory");
    int rc = o->take(o->ctx, i, &f->doc, o->twice[i], f->why);
    pthread_mutex_lock(&o->lock);
    f->next = o->taken;
    o->taken = f;
    pthread_mutex_unlock(&o->lock);
    return rc;
}

int fleet_read_in_order(fleet_inputs *in, char *const *paths, size_t n, uint64_t limit, unsigned threads,
                        fleet_take_fn take, void *ctx)
{
    bool *twice = given_twice(in, paths, n);
    if (!twice)
        return cli_error("out of host memory");
    in_order o = {paths, twice, limit, take, ctx, .taken = NULL};
    if (pthread_mutex_init(&o.lock, NULL) != 0) {
        free(twice);
        return cli_error("cannot start the readers");
    }
    static const ordered_steps steps = {read_one, take_one, drop_one};
    int rc = ordered_map(n, threads, 2 * (size_t)threads, &steps, &o);
    free_taken(&o);
    pthread_mutex_destroy(&o.lock);
    free(twice);
    return rc;
}
