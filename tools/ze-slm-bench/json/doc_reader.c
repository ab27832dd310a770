/* SPDX-License-Identifier: MIT */
/* madvise(MADV_DONTNEED): give back a mapped file's pages once parsed (posix_madvise's
 * POSIX_MADV_DONTNEED is a no-op in glibc). */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <zeslm/grow.h>

#include "io/mapped.h"
#include "json/doc_reader.h"
#include "model/safe_names.h"
#include "io/json_read.h"
#include "model/hosts.h"
#include "json/records.h"

void doc_read_size_text(uint64_t bytes, char *buf, size_t len)
{
    static const char *const unit[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    size_t u = 0;
    while (u + 1 < sizeof unit / sizeof unit[0] && bytes >= 1024 && bytes % 1024 == 0) {
        bytes /= 1024;
        u++;
    }
    snprintf(buf, len, "%" PRIu64 " %s", bytes, unit[u]);
}

bool doc_read_size_parse(const char *text, uint64_t *out)
{
    char *end;
    errno = 0;
    if (!text || *text < '0' || *text > '9')
        return false;
    unsigned long long v = strtoull(text, &end, 10);
    unsigned shift = 0;
    const char *units = "KMGT", *u = *end ? strchr(units, *end) : NULL;
    if (u) {
        shift = 10 * (unsigned)(u - units + 1);
        end++;
        if (*end == 'i' && end[1] == 'B')
            end += 2;
        else if (*end == 'B')
            end++;
    }
    if (errno || *end || v == 0 || v > (UINT64_MAX >> shift))
        return false;
    *out = (uint64_t)v << shift;
    return true;
}

/* Gives back the mapped pages wholly inside [start, end): parsed, not needed again
 * unless asked for again (then read back from the page cache). */
static void release(const doc_reader *r, size_t start, size_t end)
{
    if (!r->map)
        return;
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t from = (start + page - 1) / page * page, to = end / page * page;
    if (to > from)
        madvise((char *)r->map + from, to - from, MADV_DONTNEED);
}

/* The line of byte `at`, for an error message (counted only then). */
static long line_of(const char *t, size_t at)
{
    long line = 1;
    for (const char *p = t; (p = memchr(p, '\n', (size_t)(t + at - p))) != NULL; p++)
        line++;
    return line;
}

static size_t space(const char *t, size_t len, size_t p)
{
    while (p < len && (t[p] == ' ' || t[p] == '\t' || t[p] == '\n' || t[p] == '\r'))
        p++;
    return p;
}

/* The value at t[at], parsed up to its end (*end past it); NULL with the reason in why.
 * `what` names it where it is larger than one record may be. */
static yyjson_doc *parse_span(const doc_reader *r, size_t at, size_t len, size_t *end, const char *what, char *why,
                              size_t why_len)
{
    json_error_t jerr;
    yyjson_doc *doc = json_read_span(r->text, len, at, DOC_READ_RECORD_MAX, end, &jerr);
    if (!doc && jerr.line == 0) {
        char limit[32];
        doc_read_size_text(DOC_READ_RECORD_MAX, limit, sizeof limit);
        snprintf(why, why_len, "%s is larger than the %s one record may be", what, limit);
    } else if (!doc && jerr.line < 0) {
        snprintf(why, why_len, "%s", jerr.text);
    } else if (!doc) {
        snprintf(why, why_len, "not JSON: %s (line %ld)", jerr.text, line_of(r->text, at) + jerr.line - 1);
    }
    return doc;
}

static int syntax(const doc_reader *r, size_t at, const char *what, char *why, size_t why_len)
{
    snprintf(why, why_len, "not JSON: %s (line %ld)", at < r->len ? what : "the text ended", line_of(r->text, at));
    return -1;
}

/* The devices' spans, each element of the array whose '[' is at *at parsed to find its
 * end; *at left past its ']'. */
static int scan_devices(doc_reader *r, size_t *at, char *why, size_t why_len)
{
    const char *t = r->text;
    size_t p = space(t, r->len, *at + 1), cap = 0;
    if (p < r->len && t[p] == ']') {
        *at = p + 1;
        return 0;
    }
    for (;;) {
        if (r->n_devices == DOC_READ_DEVICES_MAX) {
            snprintf(why, why_len, "more than %zu devices", DOC_READ_DEVICES_MAX);
            return -1;
        }
        char what[64];
        snprintf(what, sizeof what, "device %zu", r->n_devices);
        size_t end;
        yyjson_doc *doc = parse_span(r, p, r->len, &end, what, why, why_len);
        if (!doc)
            return -1;
        yyjson_doc_free(doc);
        /* Two offsets a device: its start and its end. */
        if (!ZESLM_GROW(r->spans, 2 * (r->n_devices + 1), cap)) {
            snprintf(why, why_len, "out of host memory");
            return -1;
        }
        r->spans[2 * r->n_devices] = p;
        r->spans[2 * r->n_devices + 1] = end;
        /* From the element before: the page they share goes too. */
        release(r, r->n_devices ? r->spans[2 * r->n_devices - 2] : p, end);
        r->n_devices++;
        p = space(t, r->len, end);
        if (p < r->len && t[p] == ']') {
            *at = p + 1;
            return 0;
        }
        if (p >= r->len || t[p] != ',')
            return syntax(r, p, "',' or ']' expected", why, why_len);
        p = space(t, r->len, p + 1);
    }
}

/* Whether `key` is in `seen` already (1: a key given twice, refused as jansson's
 * JSON_REJECT_DUPLICATES refuses it), else adds it (0); -1 out of memory. The reason
 * in why. */
static int key_twice(const doc_reader *r, size_t at, const char *key, size_t n, json_t *seen, char *why,
                     size_t why_len)
{
    if (json_object_getn(seen, key, n)) {
        snprintf(why, why_len, "not JSON: duplicate object key \"%s\" (line %ld)", key, line_of(r->text, at));
        return 1;
    }
    if (json_object_setn_new_nocheck(seen, key, n, json_null())) {
        snprintf(why, why_len, "out of host memory");
        return -1;
    }
    return 0;
}

/* One member of the root at t[*at]: the devices' spans, a derived member skipped, any
 * other parsed into r->root; *at left past it. */
static int root_member(doc_reader *r, size_t *at, bool *devices, json_t *seen, char *why, size_t why_len)
{
    const char *t = r->text;
    size_t p = *at, end;
    if (p >= r->len || t[p] != '"')
        return syntax(r, p, "a key expected", why, why_len);
    yyjson_doc *kd = parse_span(r, p, r->len, &end, "a key", why, why_len);
    if (!kd)
        return -1;
    yyjson_val *k = yyjson_doc_get_root(kd);
    const char *key = yyjson_get_str(k);
    size_t n = yyjson_get_len(k), key_at = p;
    int rc = key_twice(r, key_at, key, n, seen, why, why_len) ? -1 : 0;
    p = space(t, r->len, end);
    if (rc == 0 && (p >= r->len || t[p] != ':'))
        rc = syntax(r, p, "':' expected", why, why_len);
    p = space(t, r->len, p + 1);
    if (rc == 0 && !*devices && p < r->len && t[p] == '[' && yyjson_equals_str(k, "devices")) {
        *devices = true;
        rc = scan_devices(r, &p, why, why_len);
    } else if (rc == 0) {
        yyjson_doc *vd = parse_span(r, p, r->len, &end, "a member of the root", why, why_len);
        /* Derived, worked out again by every reader (and the bulk of a merged document). */
        bool derived = yyjson_equals_str(k, "aggregate") || yyjson_equals_str(k, "verdicts");
        json_t *v = vd && !derived ? json_read_value(yyjson_doc_get_root(vd)) : NULL;
        if (!vd || (!derived && (!v || json_object_setn_new_nocheck(r->root, key, n, v)))) {
            if (vd)
                snprintf(why, why_len, "out of host memory");
            rc = -1;
        }
        release(r, p, end);
        p = end;
        yyjson_doc_free(vd);
    }
    yyjson_doc_free(kd);
    *at = p;
    return rc;
}

/* The root's members but the devices' (their spans) and the derived ones, into r->root. */
static int scan_root(doc_reader *r, char *why, size_t why_len)
{
    const char *t = r->text;
    size_t p = space(t, r->len, 0);
    if (p >= r->len || t[p] != '{') {
        /* What a whole parse makes of it says best what it is. */
        json_error_t jerr;
        json_t *v = r->len <= DOC_READ_RECORD_MAX ? json_read(t, r->len, JSON_REJECT_DUPLICATES, &jerr) : NULL;
        if (v || r->len > DOC_READ_RECORD_MAX)
            snprintf(why, why_len, "not a JSON object (a results file is one)");
        else
            snprintf(why, why_len, "not JSON: %s (line %d)", jerr.text, jerr.line);
        json_decref(v);
        return -1;
    }
    /* Every key of the root, the skipped ones' too: one given twice is refused. */
    json_t *seen = json_object();
    if (!(r->root = json_object()) || !seen) {
        json_decref(seen);
        snprintf(why, why_len, "out of host memory");
        return -1;
    }
    bool devices = false;
    int rc = 0;
    p = space(t, r->len, p + 1);
    if (p < r->len && t[p] == '}') {
        p++;
    } else {
        for (;;) {
            if ((rc = root_member(r, &p, &devices, seen, why, why_len)))
                break;
            p = space(t, r->len, p);
            if (p < r->len && t[p] == '}') {
                p++;
                break;
            }
            if (p >= r->len || t[p] != ',') {
                rc = syntax(r, p, "',' or '}' expected", why, why_len);
                break;
            }
            p = space(t, r->len, p + 1);
        }
    }
    json_decref(seen);
    if (rc)
        return -1;
    p = space(t, r->len, p);
    if (p < r->len) {
        snprintf(why, why_len, "not JSON: end of file expected (line %ld)", line_of(t, p));
        return -1;
    }
    return 0;
}

/* The head as run_doc_parse read it: the run's rows, then what the devices say. */
static int read_head(doc_reader *r, char *why, size_t why_len)
{
    if (scan_root(r, why, why_len))
        return -1;
    run_doc *h = &r->head;
    run_doc_init(h, NULL, &(zeslm_run_opts){0});
    json_t *schema = json_object_get(r->root, "schema");
    json_int_t version = json_is_integer(schema) ? json_integer_value(schema) : 0;
    int rc = schema_read(&records_run, r->root, h, why, why_len);
    if (!h->head)
        h->head = json_object();
    if (rc)
        return -1;
    /* Names from the file reach terminals: no control character (model/safe_names.h). */
    if (!safe_names_head(h->head)) {
        snprintf(why, why_len, "out of host memory");
        return -1;
    }
    for (size_t i = 0; i < json_array_size(h->errors); i++)
        if (!safe_names_error(json_array_get(h->errors, i))) {
            snprintf(why, why_len, "out of host memory");
            return -1;
        }
    if (version == 1) {
        /* Its root is its one device: the "errors" there are that device's. */
        json_array_clear(h->errors);
        r->n_devices = 1;
    } else if (version == 2 || version == RUN_DOC_SCHEMA) {
        /* A run none of whose devices opened (a rank's) has its errors alone. */
        if (!r->n_devices && !(version == RUN_DOC_SCHEMA && json_array_size(h->errors))) {
            snprintf(why, why_len, "schema %d without a \"devices\" array of at least one device", (int)version);
            return -1;
        }
        h->several = r->n_devices != 1;
        /* Read; the devices hold what they need of it. */
        json_decref(r->root);
        r->root = NULL;
    } else {
        snprintf(why, why_len, "not a ze-slm results file of schema 1, 2 or 3");
        return -1;
    }
    r->version = (int)version;
    return 0;
}

int doc_reader_text(doc_reader *r, const char *text, size_t len, char *why, size_t why_len)
{
    memset(r, 0, sizeof *r);
    r->fd = r->guard = -1;
    r->text = text;
    r->len = len;
    return read_head(r, why, why_len);
}

/* A file that cannot be mapped, read into memory up to `limit` bytes. */
static int read_all(doc_reader *r, int fd, uint64_t limit, char *why, size_t why_len)
{
    size_t cap = 1 << 16;
    for (;;) {
        if (r->len + 1 >= cap) {
            cap *= 2;
            char *grown = realloc(r->owned, cap);
            if (!grown) {
                snprintf(why, why_len, "out of host memory reading it");
                return -1;
            }
            r->owned = grown;
        } else if (!r->owned && !(r->owned = malloc(cap))) {
            snprintf(why, why_len, "out of host memory reading it");
            return -1;
        }
        ssize_t got = read(fd, r->owned + r->len, cap - r->len - 1);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            snprintf(why, why_len, "cannot read it: %s", strerror(errno));
            return -1;
        }
        r->len += (size_t)got;
        if (r->len > limit) {
            char text[32];
            doc_read_size_text(limit, text, sizeof text);
            snprintf(why, why_len, "larger than the %s a file read may be (one that is not a regular file is read "
                     "into memory)", text);
            return -1;
        }
        if (got == 0)
            break;
    }
    r->text = r->owned;
    return 0;
}

/* The file as it is now, to tell a change from what was mapped. */
static void file_state(const struct stat *st, long long *size, long long *mtime_ns, long long *ctime_ns)
{
    *size = (long long)st->st_size;
    *mtime_ns = (long long)st->st_mtim.tv_sec * 1000000000 + st->st_mtim.tv_nsec;
    *ctime_ns = (long long)st->st_ctim.tv_sec * 1000000000 + st->st_ctim.tv_nsec;
}

/* rc, or -1 where the mapped file changed while it was read: shrunk under the mapping
 * (its pages then read as zeros, io/mapped.c) or written again in place, which leaves
 * a text of two versions. */
static int unchanged(const doc_reader *r, int rc, char *why, size_t why_len)
{
    if (!r->map)
        return rc;
    struct stat st;
    long long size = r->size, mtime = r->mtime_ns, ctime = r->ctime_ns;
    if (fstat(r->fd, &st) == 0)
        file_state(&st, &size, &mtime, &ctime);
    if (!mapped_faulted(r->guard) && size == r->size && mtime == r->mtime_ns && ctime == r->ctime_ns)
        return rc;
    snprintf(why, why_len, "it changed while it was read (truncated or written again in place: write a new file "
             "beside it and rename it over it instead)");
    return -1;
}

int doc_reader_open(doc_reader *r, const char *path, uint64_t limit, char *why, size_t why_len)
{
    memset(r, 0, sizeof *r);
    r->fd = r->guard = -1;
    struct stat st;
    /* Standard input through a copy of its descriptor, which the reader closes. */
    int fd = strcmp(path, "-") == 0 ? fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0) : open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK),
        rc = -1;
    if (fd < 0 || fstat(fd, &st) != 0) {
        snprintf(why, why_len, "cannot read it: %s", strerror(errno));
        goto out;
    }
    if (S_ISDIR(st.st_mode)) {
        snprintf(why, why_len, "cannot read it: %s", strerror(EISDIR));
        goto out;
    }
    if (S_ISREG(st.st_mode) && (uint64_t)st.st_size > limit) {
        char text[32];
        doc_read_size_text(limit, text, sizeof text);
        snprintf(why, why_len, "larger than the %s a file read may be (--read-limit SIZE raises it)", text);
        goto out;
    }
    if (S_ISFIFO(st.st_mode)) {
        /* Opened without blocking (a FIFO with no writer must not hang the open);
         * read blocking. */
        int flags = fcntl(fd, F_GETFL);
        if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0) {
            snprintf(why, why_len, "cannot read it: %s", strerror(errno));
            goto out;
        }
    }
    if (S_ISREG(st.st_mode) && st.st_size > 0) {
        r->len = (size_t)st.st_size;
        r->map = mmap(NULL, r->len, PROT_READ, MAP_PRIVATE, fd, 0);
        if (r->map == MAP_FAILED) {
            r->map = NULL;
            snprintf(why, why_len, "cannot map it: %s", strerror(errno));
            goto out;
        }
        if ((r->guard = mapped_guard(r->map, r->len)) < 0) {
            munmap(r->map, r->len);
            r->map = NULL;
            snprintf(why, why_len, "cannot read it: more files mapped at once than the tool guards");
            goto out;
        }
        madvise(r->map, r->len, MADV_SEQUENTIAL);
        r->text = r->map;
        r->fd = fd;
        fd = -1;
        file_state(&st, &r->size, &r->mtime_ns, &r->ctime_ns);
    } else if (read_all(r, fd, S_ISREG(st.st_mode) || limit < DOC_READ_RECORD_MAX ? limit : DOC_READ_RECORD_MAX, why,
                        why_len)) {
        goto out;
    }
    rc = unchanged(r, read_head(r, why, why_len), why, why_len);
out:
    if (fd >= 0)
        close(fd);
    return rc;
}

/* Device k's object, its members as json_t but its results (an empty array in their
 * place). `light`: its results skipped, its summaries and findings empty and its
 * expected values left out (derived, never read: two thirds of the rest of a merged
 * device). Else its results read through the schema's rows into *list
 * (records_results_values); *plain false where they do not read so, for the caller to
 * read the whole device as JSON, which says what is wrong. */
static json_t *device_members(const doc_reader *r, size_t start, yyjson_val *dev, bool light, zeslm_results *list,
                              json_t *strings, bool *plain, char *why, size_t why_len)
{
    *plain = false;
    if (!yyjson_is_obj(dev)) {
        snprintf(why, why_len, "a device that is not an object (line %ld)", line_of(r->text, start));
        return NULL;
    }
    json_t *o = json_object();
    yyjson_val *key, *val;
    size_t idx, max;
    yyjson_obj_foreach(dev, idx, max, key, val) {
        if (!o)
            break;
        bool is_results = yyjson_equals_str(key, "results"),
             emptied = light && (yyjson_equals_str(key, "summaries") || yyjson_equals_str(key, "findings")),
             left = light && yyjson_equals_str(key, "expected");
        if (is_results && !light && !(*plain = records_results_values(val, list, strings))) {
            json_decref(o);
            return NULL;
        }
        if (left)
            continue;
        json_t *v = is_results ? json_array() : emptied ? json_object() : json_read_value(val);
        if (!v || json_object_setn_new_nocheck(o, yyjson_get_str(key), yyjson_get_len(key), v)) {
            json_decref(o);
            o = NULL;
        }
    }
    if (!o)
        snprintf(why, why_len, "out of host memory");
    return o;
}

/* One run (of schema 2 or 3) that stopped with no error said: each of its devices
 * stopped with it (a merged document says so of each device; a device that did not
 * open makes a run incomplete too, and is its own error). */
static bool stopped(const doc_reader *r, const run_doc *head)
{
    return r->version != 1 && !head->complete && !run_doc_merged(head) && json_array_size(head->errors) == 0;
}

/* Device k added to `into` (cap: as run_doc_add_device), what its strings point into
 * appended to `kept`; `light`: without its results. Its span is parsed by the one
 * reader; its results are read through the schema's rows from what it parsed
 * (records_results_values), never one json_t of the device, the bulk of a file; where
 * one does not read so, the device is made one json_t and read whole, which says what
 * is wrong. */
static int read_device(const doc_reader *r, size_t k, bool light, const char *host, run_doc *into, size_t cap,
                       json_t *kept, char *why, size_t why_len)
{
    if (r->version == 1) {
        json_array_append(kept, r->root);
        int rc = run_doc_read_device(into, cap, r->root, NULL, k, host, why, why_len);
        if (rc == 0 && !safe_names_device(&into->devices[into->n_devices - 1])) {
            snprintf(why, why_len, "out of host memory");
            rc = -1;
        }
        return rc;
    }
    size_t start = r->spans[2 * k], end = r->spans[2 * k + 1], read;
    char what[64];
    snprintf(what, sizeof what, "device %zu", k);
    yyjson_doc *doc = parse_span(r, start, end, &read, what, why, why_len);
    yyjson_val *dev = yyjson_doc_get_root(doc);
    json_t *strings = doc && !light ? json_object() : NULL;
    zeslm_results list = {0};
    bool plain = false;
    json_t *o = doc && (light || strings) ? device_members(r, start, dev, light, &list, strings, &plain, why, why_len)
                                          : NULL;
    if (doc && !light && (!o || !plain)) {
        /* Read whole as JSON, which says what is wrong where the rows did not read. */
        json_decref(o);
        if (!(o = json_read_value(dev)))
            snprintf(why, why_len, "out of host memory");
        plain = false;
    }
    yyjson_doc_free(doc);
    /* Read in order, the page it shares with the device before goes too. */
    release(r, k > 0 ? r->spans[2 * k - 2] : start, end);
    int rc = o ? run_doc_read_device(into, cap, o, plain ? &list : NULL, k, host, why, why_len) : -1;
    if (rc == 0 && !safe_names_device(&into->devices[into->n_devices - 1])) {
        snprintf(why, why_len, "out of host memory");
        rc = -1;
    }
    zeslm_results_free(&list);
    /* The device copies what it reads of o but the units of results read from o: o is
     * kept only then (a light device holds none; plain results point into strings). */
    json_t *units = light ? NULL : plain ? strings : o;
    if (rc == 0 && units && json_array_append(kept, units)) {
        snprintf(why, why_len, "out of host memory");
        rc = -1;
    }
    json_decref(o);
    json_decref(strings);
    return rc;
}

int doc_reader_device(doc_reader *r, size_t k, bool light, run_doc *one, char *why, size_t why_len)
{
    const run_doc *h = &r->head;
    run_doc_init(one, json_incref(h->head),
                 &(zeslm_run_opts){.seed = h->seed, .reps = h->reps, .warmup = h->warmup, .min_time_s = h->min_time_s,
                                   .converge_s = h->converge_s, .quick = h->quick});
    one->complete = h->complete;
    one->several = h->several;
    const char *host = json_string_value(json_object_get(h->head, "host"));
    int rc = -1;
    if (!(one->source = json_array()))
        snprintf(why, why_len, "out of host memory");
    else
        rc = unchanged(r, read_device(r, k, light, host ? host : "", one, 1, one->source, why, why_len), why, why_len);
    if (rc == 0 && stopped(r, h))
        one->devices[0].incomplete = true;
    if (rc)
        run_doc_free(one);
    return rc;
}

void doc_reader_close(doc_reader *r)
{
    if (r->map) {
        mapped_unguard(r->guard);
        munmap(r->map, r->len);
        close(r->fd);
    }
    free(r->owned);
    free(r->spans);
    json_decref(r->root);
    if (r->head.errors || r->head.head)
        run_doc_free(&r->head);
    memset(r, 0, sizeof *r);
}

int doc_reader_all(doc_reader *r, run_doc *out, char *why, size_t why_len)
{
    /* The head's, the devices added to it, each keeping its strings in source. */
    *out = r->head;
    memset(&r->head, 0, sizeof r->head);
    int rc = 0;
    if (!(out->source = json_array())) {
        snprintf(why, why_len, "out of host memory");
        rc = -1;
    }
    const char *host = json_string_value(json_object_get(out->head, "host"));
    for (size_t k = 0; rc == 0 && k < r->n_devices; k++)
        rc = read_device(r, k, false, host ? host : "", out, r->n_devices, out->source, why, why_len);
    rc = unchanged(r, rc, why, why_len);
    if (rc == 0 && stopped(r, out))
        for (size_t k = 0; k < out->n_devices; k++)
            out->devices[k].incomplete = true;
    if (rc)
        run_doc_free(out);
    return rc;
}

int doc_reader_light(doc_reader *r, run_doc *out, char *why, size_t why_len)
{
    const run_doc *h = &r->head;
    run_doc_init(out, json_incref(h->head),
                 &(zeslm_run_opts){.seed = h->seed, .reps = h->reps, .warmup = h->warmup, .min_time_s = h->min_time_s,
                                   .converge_s = h->converge_s, .quick = h->quick});
    out->complete = h->complete;
    out->several = h->several;
    int rc = 0;
    if (!(out->source = json_array()) || json_array_extend(out->errors, h->errors)) {
        snprintf(why, why_len, "out of host memory");
        rc = -1;
    }
    const char *host = json_string_value(json_object_get(h->head, "host"));
    for (size_t k = 0; rc == 0 && k < r->n_devices; k++)
        rc = read_device(r, k, true, host ? host : "", out, r->n_devices, out->source, why, why_len);
    rc = unchanged(r, rc, why, why_len);
    if (rc == 0 && stopped(r, out))
        for (size_t k = 0; k < out->n_devices; k++)
            out->devices[k].incomplete = true;
    if (rc)
        run_doc_free(out);
    return rc;
}

int run_doc_parse(const char *text, size_t len, run_doc *out, char *why, size_t why_len)
{
    doc_reader r;
    memset(out, 0, sizeof *out);
    int rc = doc_reader_text(&r, text, len, why, why_len);
    if (rc == 0)
        rc = doc_reader_all(&r, out, why, why_len);
    doc_reader_close(&r);
    return rc;
}

int doc_read_file(const char *path, uint64_t limit, run_doc *out, char *why, size_t why_len)
{
    doc_reader r;
    memset(out, 0, sizeof *out);
    int rc = doc_reader_open(&r, path, limit, why, why_len);
    if (rc == 0)
        rc = doc_reader_all(&r, out, why, why_len);
    doc_reader_close(&r);
    return rc;
}
