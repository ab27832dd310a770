/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io/spool.h"

struct doc_spool {
    int fd;
    uint64_t end;
};

doc_spool *doc_spool_open(void)
{
    doc_spool *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    /* In TMPDIR (tmpfile(3) ignores it), unlinked at once: nothing is left behind,
     * whatever ends the process. */
    const char *dir = getenv("TMPDIR");
    char path[4096];
    if (snprintf(path, sizeof path, "%s/ze-slm-spool-XXXXXX", dir && *dir ? dir : "/tmp") >= (int)sizeof path) {
        free(s);
        errno = ENAMETOOLONG;
        return NULL;
    }
    if ((s->fd = mkstemp(path)) < 0) {
        free(s);
        return NULL;
    }
    unlink(path);
    return s;
}

void doc_spool_close(doc_spool *s)
{
    if (!s)
        return;
    close(s->fd);
    free(s);
}

/* All n bytes at off, or false (a short write is a full disk). */
static bool put_all(int fd, const void *buf, size_t n, uint64_t off)
{
    const char *p = buf;
    while (n) {
        ssize_t w = pwrite(fd, p, n, (off_t)off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        p += w, n -= (size_t)w, off += (uint64_t)w;
    }
    return true;
}

static bool get_all(int fd, void *buf, size_t n, uint64_t off)
{
    char *p = buf;
    while (n) {
        ssize_t r = pread(fd, p, n, (off_t)off);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return false;
        p += r, n -= (size_t)r, off += (uint64_t)r;
    }
    return true;
}

/* A result's launch times on disk: stats.n of them where it has any. */
static size_t n_times(const zeslm_result *r)
{
    return r->times_ns ? r->stats.n : 0;
}

/* The bytes gathered for one write: small enough to stay in the cache between the
 * copy into it and the kernel's copy out of it. A device's results gathered whole (36 MB
 * for 40,000 results) were copied twice from memory, and a merge of 40,000 results took
 * 4.6 times the time of 10,000 (perf: the write's copy 39 times as long). */
#define SPOOL_CHUNK ((size_t)1 << 20)

/* Gathers pieces into buf, writing it out whenever it is full. */
typedef struct gather {
    int fd;
    char *buf;
    size_t used;
    uint64_t off;
    bool ok;
} gather;

static void gather_add(gather *g, const void *data, size_t n)
{
    const char *p = data;
    while (g->ok && n) {
        size_t take = SPOOL_CHUNK - g->used < n ? SPOOL_CHUNK - g->used : n;
        memcpy(g->buf + g->used, p, take);
        g->used += take, p += take, n -= take;
        if (g->used == SPOOL_CHUNK) {
            g->ok = put_all(g->fd, g->buf, g->used, g->off);
            g->off += g->used;
            g->used = 0;
        }
    }
}

bool doc_spool_put(doc_spool *s, const zeslm_results *r, uint64_t *at)
{
    gather g = {s->fd, malloc(SPOOL_CHUNK), 0, s->end, true};
    if (!g.buf)
        return false;
    /* A device of no results has no list, a result of no launches no times. */
    if (r->count)
        gather_add(&g, r->items, r->count * sizeof *r->items);
    for (size_t i = 0; i < r->count; i++) {
        size_t n = n_times(&r->items[i]) * sizeof *r->items[i].times_ns;
        if (n)
            gather_add(&g, r->items[i].times_ns, n);
    }
    if (g.ok && g.used)
        g.ok = put_all(g.fd, g.buf, g.used, g.off);
    free(g.buf);
    if (g.ok) {
        *at = s->end;
        s->end = g.off + g.used;
    }
    return g.ok;
}

bool doc_spool_get(doc_spool *s, uint64_t at, size_t count, zeslm_results *out)
{
    *out = (zeslm_results){0};
    if (count == 0)
        return true;
    zeslm_result *items = malloc(count * sizeof *items);
    if (!items || !get_all(s->fd, items, count * sizeof *items, at)) {
        free(items);
        return false;
    }
    *out = (zeslm_results){.items = items, .count = count, .cap = count};
    size_t total = 0;
    for (size_t i = 0; i < count; i++)
        total += n_times(&items[i]);
    /* The times in one read, then each list its own allocation, as
     * zeslm_results_free frees them. */
    uint64_t *times = malloc((total ? total : 1) * sizeof *times), *next = times;
    bool ok = times && get_all(s->fd, times, total * sizeof *times, at + count * sizeof *items);
    for (size_t i = 0; i < count; i++) {
        size_t n = n_times(&items[i]);
        items[i].times_ns = NULL;
        items[i].launch_ns = NULL; /* not spooled: the pointer of the process that wrote it */
        if (ok && n && (ok = (items[i].times_ns = malloc(n * sizeof *times)) != NULL))
            memcpy(items[i].times_ns, next, n * sizeof *times);
        if (ok)
            next += n;
    }
    free(times);
    if (!ok)
        zeslm_results_free(out);
    return ok;
}
