#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "doc/doc_reader.h"
#include "doc/fleet_read.h"

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
    if (stat(paths[i], &in->ids[i]) != 0)
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
    /* The merge goes on; the file is an error of the fleet, with its path. */
    run_doc_init(doc, json_object(), &(zeslm_run_opts){0});
    run_doc_open_error(doc, -1, "", "", -1, "BAD_FILE", why);
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

void fleet_inputs_mixed(fleet_inputs *in, const char *path, const run_doc *doc, size_t n_devices)
{
    if (n_devices == 0)
        return;
    const char *v = json_string_value(json_object_get(doc->head, "version"));
    if (!in->have_first) {
        in->have_first = true;
        snprintf(in->first_path, sizeof in->first_path, "%s", path);
        snprintf(in->version, sizeof in->version, "%s", v ? v : "");
        in->quick = doc->quick;
        in->reps = doc->reps;
        in->seed = doc->seed;
        return;
    }
    char buf[1024];
    if (v && *in->version && strcmp(v, in->version) != 0) {
        snprintf(buf, sizeof buf, "mixed tool versions: %s is %s, %s is %s", in->first_path, in->version, path, v);
        json_array_append_new(in->notes, json_string(buf));
    }
    if (in->quick != doc->quick || in->reps != doc->reps || in->seed != doc->seed) {
        snprintf(buf, sizeof buf,
                 "mixed settings: %s ran quick=%s reps=%u seed=%llu, %s quick=%s reps=%u seed=%llu; the merged head "
                 "keeps the first's",
                 in->first_path, in->quick ? "true" : "false", in->reps, (unsigned long long)in->seed, path,
                 doc->quick ? "true" : "false", doc->reps, (unsigned long long)doc->seed);
        json_array_append_new(in->notes, json_string(buf));
    }
}

typedef struct reader {
    fleet *f;
    fleet_inputs *in;
    char *const *paths;
    size_t n, next;
    uint64_t limit;
    bool strict;
    int rc;
    pthread_mutex_t lock;
} reader;

static void *read_some(void *arg)
{
    reader *r = arg;
    for (;;) {
        pthread_mutex_lock(&r->lock);
        size_t i = r->next++;
        bool stop = i >= r->n || r->rc;
        bool twice = !stop && fleet_inputs_twice(r->in, r->paths, i);
        pthread_mutex_unlock(&r->lock);
        if (stop)
            return NULL;
        if (twice)
            continue;
        int rc = fleet_inputs_stream(r->paths[i], r->limit, r->f, r->in, r->strict, &r->lock);
        pthread_mutex_lock(&r->lock);
        r->rc = r->rc ? r->rc : rc;
        pthread_mutex_unlock(&r->lock);
    }
}

int fleet_read_files(fleet *f, fleet_inputs *in, char *const *paths, size_t n, uint64_t limit, bool strict,
                     unsigned threads)
{
    reader r = {.f = f, .in = in, .paths = paths, .n = n, .limit = limit, .strict = strict};
    pthread_t t[16];
    threads = threads < 1 ? 1 : threads > 16 ? 16 : threads;
    if (pthread_mutex_init(&r.lock, NULL))
        return cli_error("cannot start the readers");
    unsigned started = 0;
    while (started < threads && pthread_create(&t[started], NULL, read_some, &r) == 0)
        started++;
    if (started == 0)
        read_some(&r);
    for (unsigned k = 0; k < started; k++)
        pthread_join(t[k], NULL);
    pthread_mutex_destroy(&r.lock);
    return r.rc;
}

/* One file of fleet_read_in_order: read by a reader thread, handed over by the caller's. */
typedef struct slot {
    run_doc doc;
    char why[512];
    bool ready;
} slot;

typedef struct ordered {
    char *const *paths;
    const bool *twice;
    size_t n, next, taken, window;
    uint64_t limit;
    bool stop;
    slot *slots;               /* file i in slots[i % window] */
    pthread_mutex_t lock;
    pthread_cond_t cond;
} ordered;

/* File i into s: its document, or one BAD_FILE error entry and the reason. */
static void read_one(const ordered *o, size_t i, slot *s)
{
    s->why[0] = '\0';
    if (o->twice[i] || doc_read_file(o->paths[i], o->limit, &s->doc, s->why, sizeof s->why) == 0)
        return;
    bad_file(o->paths[i], s->why, &s->doc, false);
}

static void *read_ahead(void *arg)
{
    ordered *o = arg;
    pthread_mutex_lock(&o->lock);
    for (;;) {
        /* At most `window` files read ahead of the one being handed over. */
        while (!o->stop && o->next < o->n && o->next >= o->taken + o->window)
            pthread_cond_wait(&o->cond, &o->lock);
        if (o->stop || o->next >= o->n)
            break;
        size_t i = o->next++;
        slot *s = &o->slots[i % o->window];
        pthread_mutex_unlock(&o->lock);
        read_one(o, i, s);
        pthread_mutex_lock(&o->lock);
        s->ready = true;
        pthread_cond_broadcast(&o->cond);
    }
    pthread_mutex_unlock(&o->lock);
    return NULL;
}

int fleet_read_in_order(fleet_inputs *in, char *const *paths, size_t n, uint64_t limit, unsigned threads,
                        fleet_take_fn take, void *ctx)
{
    threads = threads < 1 ? 1 : threads > 16 ? 16 : threads;
    bool *twice = calloc(n ? n : 1, sizeof *twice);
    ordered o = {.paths = paths, .twice = twice, .n = n, .window = 2 * (size_t)threads, .limit = limit};
    o.slots = calloc(o.window, sizeof *o.slots);
    if (!twice || !o.slots) {
        free(twice);
        free(o.slots);
        return cli_error("out of host memory");
    }
    /* Which files were given before, first, so that the readers touch nothing shared. */
    for (size_t i = 0; i < n; i++)
        twice[i] = fleet_inputs_twice(in, paths, i);
    pthread_t t[16];
    unsigned started = 0;
    if (pthread_mutex_init(&o.lock, NULL) == 0) {
        if (pthread_cond_init(&o.cond, NULL) == 0) {
            while (started < threads && pthread_create(&t[started], NULL, read_ahead, &o) == 0)
                started++;
            if (started == 0)
                pthread_cond_destroy(&o.cond);
        }
        if (started == 0)
            pthread_mutex_destroy(&o.lock);
    }
    int rc = 0;
    for (size_t i = 0; i < n && !rc; i++) {
        slot *s = &o.slots[i % o.window];
        if (started) {
            pthread_mutex_lock(&o.lock);
            while (!s->ready)
                pthread_cond_wait(&o.cond, &o.lock);
            pthread_mutex_unlock(&o.lock);
        } else {
            read_one(&o, i, s);
        }
        rc = take(ctx, i, &s->doc, twice[i], s->why);
        if (s->doc.head)
            run_doc_free(&s->doc);
        if (started) {
            pthread_mutex_lock(&o.lock);
            s->ready = false;
            o.taken++;
            pthread_cond_broadcast(&o.cond);
            pthread_mutex_unlock(&o.lock);
        }
    }
    if (started) {
        pthread_mutex_lock(&o.lock);
        o.stop = true;
        pthread_cond_broadcast(&o.cond);
        pthread_mutex_unlock(&o.lock);
        for (unsigned k = 0; k < started; k++)
            pthread_join(t[k], NULL);
        pthread_cond_destroy(&o.cond);
        pthread_mutex_destroy(&o.lock);
    }
    /* Files read ahead of a stop. */
    for (size_t k = 0; k < o.window; k++)
        if (o.slots[k].doc.head)
            run_doc_free(&o.slots[k].doc);
    free(o.slots);
    free(twice);
    return rc;
}
