#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/spool.h"

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

bool doc_spool_put(doc_spool *s, const zeslm_results *r, uint64_t *at)
{
    size_t bytes = r->count * sizeof *r->items;
    for (size_t i = 0; i < r->count; i++)
        bytes += n_times(&r->items[i]) * sizeof *r->items[i].times_ns;
    char *buf = malloc(bytes ? bytes : 1), *p = buf;
    if (!buf)
        return false;
    /* A device of no results has no list, a result of no launches no times. */
    if (r->count)
        memcpy(p, r->items, r->count * sizeof *r->items);
    p += r->count * sizeof *r->items;
    for (size_t i = 0; i < r->count; i++) {
        size_t n = n_times(&r->items[i]) * sizeof *r->items[i].times_ns;
        if (n)
            memcpy(p, r->items[i].times_ns, n);
        p += n;
    }
    bool ok = put_all(s->fd, buf, bytes, s->end);
    free(buf);
    if (ok) {
        *at = s->end;
        s->end += bytes;
    }
    return ok;
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
