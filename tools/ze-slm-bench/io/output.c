/* SPDX-License-Identifier: MIT */
/* mkstemp(), fchmod() and fchown() are XSI functions, beyond the _POSIX_C_SOURCE
 * the build asks for. */
#define _XOPEN_SOURCE 700

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <zeslm/bench.h>
#include <zeslm/facts.h>
#include <zeslm/version.h>

#include "cli/cli.h"
#include "io/interrupt.h"
#include "io/json_write.h"
#include "io/output.h"
#include "io/quiet.h"
#include "table/fields.h"

/* How many output files may be open at once: a command writes at most three (JSON,
 * CSV, Markdown) and several devices share them. */
#define OPEN_MAX 16
/* Symbolic links followed before a path is refused (Linux's own limit, MAXSYMLINKS). */
#define LINKS_MAX 40

/* An output file between output_open and output_close: `tmp` is the temporary that
 * replaces `target` when closed, NULL when the file is written in place. */
typedef struct open_output {
    FILE *f;
    char *target, *tmp;
    int tracked; /* the temporary's slot of io/interrupt.c, -1 none */
} open_output;

static open_output opened[OPEN_MAX];
/* `run --device all` writes from its devices' threads. */
static pthread_mutex_t opened_lock = PTHREAD_MUTEX_INITIALIZER;
/* Closed temporaries that output_commit renames (output_commit_at_end), in the order
 * they were closed: a file written twice ends as the later. Under opened_lock. */
static bool commit_at_end;
static open_output closed[OPEN_MAX];
static size_t n_closed;

/* Standard output failed, and output_close said why: main does not say it again. */
static bool stdout_failed;

bool output_stdout_failed(void)
{
    return stdout_failed;
}

static bool is_stdout(const char *path)
{
    return strcmp(path, "-") == 0;
}

/* The folder of `path` joined with `name` (a link's relative target), malloc'd. */
static char *beside(const char *path, const char *name)
{
    const char *slash = strrchr(path, '/');
    size_t folder = name[0] == '/' || !slash ? 0 : (size_t)(slash - path) + 1;
    char *out = malloc(folder + strlen(name) + 1);
    if (out) {
        memcpy(out, path, folder);
        strcpy(out + folder, name);
    }
    return out;
}

/* The file that writing `path` must change, malloc'd: a symbolic link is followed to
 * its target (which may not exist yet), so that the link is kept. NULL with errno. */
static char *link_target(const char *path)
{
    char *cur = strdup(path);
    for (int hops = 0; cur && hops <= LINKS_MAX; hops++) {
        struct stat st;
        if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
            return cur; /* absent, or not a link: this is the file */
        char link[PATH_MAX];
        ssize_t len = readlink(cur, link, sizeof link - 1);
        if (len < 0) {
            free(cur);
            return NULL;
        }
        link[len] = '\0';
        char *next = beside(cur, link);
        free(cur);
        cur = next;
    }
    errno = cur ? ELOOP : ENOMEM;
    free(cur);
    return NULL;
}

/* The mode a new file gets from open(2): 0666 less the umask. */
static mode_t new_file_mode(void)
{
    mode_t mask = umask(022);
    umask(mask);
    return 0666 & ~mask;
}

/* What a replaced file keeps: its mode always, its owner and group where the tool
 * may give them (root, or a group the user is in), as rsync and git keep the mode. A
 * hard link to the old file keeps the old contents: the new file is a new inode
 * (docs/cli.md, "Output files"). */
typedef struct kept_attrs {
    mode_t mode;
    bool owned; /* the file existed: uid and gid are its */
    uid_t uid;
    gid_t gid;
} kept_attrs;

/* Where `path` is written: in place (`*in_place`) when it is a device, a FIFO or any
 * other file that is not a regular one, else through a temporary beside its target.
 * Sets *keep to what the written file keeps. Returns the target (malloc'd) or NULL
 * with errno. */
static char *plan(const char *path, bool *in_place, kept_attrs *keep)
{
    struct stat st;
    *in_place = false;
    *keep = (kept_attrs){.mode = new_file_mode()};
    if (stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            errno = EISDIR;
            return NULL;
        }
        *in_place = !S_ISREG(st.st_mode);
        *keep = (kept_attrs){st.st_mode & 07777, true, st.st_uid, st.st_gid};
        /* /dev/stdout and /proc/self/fd/N name a pipe or a terminal only through the
         * link itself: a special file is opened by the name given. */
        return *in_place ? strdup(path) : link_target(path);
    }
    return errno == ENOENT ? link_target(path) : NULL;
}

/* Opens a unique temporary beside `target`: O_CREAT|O_EXCL, so a link planted under
 * its name is never followed; tracked (*tracked) so that a signal removes it. NULL
 * with errno. */
static FILE *open_temporary(const char *target, const kept_attrs *keep, char **tmp, int *tracked)
{
    static const char suffix[] = ".tmp.XXXXXX";
    size_t len = strlen(target) + sizeof suffix;
    *tmp = malloc(len);
    if (!*tmp)
        return NULL;
    /* NAME.tmp.XXXXXX, or .tmp.XXXXXX alone in the same folder where that would pass
     * the 255 bytes a name may have (NAME_MAX): a name of 245 to 255 bytes is valid. */
    const char *slash = strrchr(target, '/');
    size_t folder = slash ? (size_t)(slash - target) + 1 : 0;
    if (strlen(target + folder) + sizeof suffix - 1 > NAME_MAX)
        snprintf(*tmp, len, "%.*s%s", (int)folder, target, suffix);
    else
        snprintf(*tmp, len, "%s%s", target, suffix);
    int fd = mkstemp(*tmp);
    FILE *f = NULL;
    *tracked = fd >= 0 ? interrupt_track(*tmp) : -1;
    /* The owner first: fchown clears the set-user-ID bits that fchmod then restores.
     * Only root (or a group the user is in) may give a file away: else it is the
     * user's, which is what it could be. */
    if (fd >= 0 && keep->owned && fchown(fd, keep->uid, keep->gid) != 0)
        (void)(fchown(fd, (uid_t)-1, keep->gid) != 0);
    if (fd >= 0 && (fchmod(fd, keep->mode) != 0 || !(f = fdopen(fd, "w")))) {
        int err = errno;
        close(fd);
        unlink(*tmp);
        errno = err;
    }
    if (!f) {
        interrupt_untrack(*tracked);
        *tracked = -1;
        free(*tmp);
        *tmp = NULL;
    }
    return f;
}

/* A device, a FIFO, a socket: written as it is, never created nor truncated. The open
 * does not wait: a FIFO that no process reads fails at once (ENXIO, fifo(7)) instead
 * of blocking for ever; once open, its writes wait for the reader as any pipe's do. */
static FILE *open_in_place(const char *target)
{
    int fd = open(target, O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
    int flags = fd >= 0 ? fcntl(fd, F_GETFL) : -1;
    FILE *f = flags >= 0 && fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0 ? fdopen(fd, "w") : NULL;
    if (fd >= 0 && !f) {
        int err = errno;
        close(fd);
        errno = err;
    }
    return f;
}

/* Why `path` could not be opened: a FIFO without a reader says so. */
static const char *open_reason(int err)
{
    return err == ENXIO ? "no process is reading it (a FIFO is written only while one reads)" : strerror(err);
}

static bool remember(FILE *f, char *target, char *tmp, int tracked)
{
    bool kept = false;
    pthread_mutex_lock(&opened_lock);
    for (size_t i = 0; i < OPEN_MAX && !kept; i++)
        if (!opened[i].f) {
            opened[i] = (open_output){f, target, tmp, tracked};
            kept = true;
        }
    pthread_mutex_unlock(&opened_lock);
    return kept;
}

static open_output forget(FILE *f)
{
    open_output o = {.tracked = -1};
    pthread_mutex_lock(&opened_lock);
    for (size_t i = 0; i < OPEN_MAX && !o.f; i++)
        if (opened[i].f == f) {
            o = opened[i];
            opened[i] = (open_output){.tracked = -1};
        }
    pthread_mutex_unlock(&opened_lock);
    return o;
}

FILE *output_open(const char *path)
{
    if (is_stdout(path))
        return stdout;
    bool in_place;
    kept_attrs keep;
    int tracked = -1;
    char *target = plan(path, &in_place, &keep), *tmp = NULL;
    FILE *f = !target ? NULL : in_place ? open_in_place(target) : open_temporary(target, &keep, &tmp, &tracked);
    if (!f) {
        cli_error("cannot write %s: %s", path, open_reason(errno));
    } else if (!remember(f, target, tmp, tracked)) {
        cli_error("cannot write %s: more than %d output files at once", path, OPEN_MAX);
        fclose(f);
        if (tmp)
            unlink(tmp);
        interrupt_untrack(tracked);
        f = NULL;
    }
    if (!f) {
        free(target);
        free(tmp);
    }
    return f;
}

/* Flushes f to its file; errno of the first failure, or 0. */
static int finish(FILE *f, bool durable)
{
    /* A write that failed earlier left its reason in errno (ENOSPC from /dev/full). */
    int err = fflush(f) != 0 ? errno : ferror(f) ? (errno ? errno : EIO) : 0;
    /* The temporary's data must be on disk before its name replaces the file's. */
    if (!err && durable && fsync(fileno(f)) != 0)
        err = errno;
    if (fclose(f) != 0 && !err)
        err = errno;
    return err;
}

/* Ends o: its temporary renamed over its target unless err (an errno) already failed
 * it, else removed; its slot and names freed. A failure is printed with `name` (NULL:
 * the target's). Returns 0 or 1. */
static int settle(open_output *o, int err, const char *name)
{
    if (!err && o->tmp && rename(o->tmp, o->target) != 0)
        err = errno;
    if (err && o->tmp)
        unlink(o->tmp);
    /* After the rename: a signal before it removes the temporary, one after finds
     * nothing of that name. */
    interrupt_untrack(o->tracked);
    int rc = err ? cli_error("cannot write %s: %s", name ? name : o->target, strerror(err)) : 0;
    free(o->target);
    free(o->tmp);
    return rc;
}

int output_close(FILE *f, const char *path, bool written)
{
    if (f == stdout) {
        /* A write that failed earlier left its reason in errno (output_plan_write keeps
         * it), as finish reads it. */
        int err = fflush(stdout) != 0 ? errno : ferror(stdout) ? (errno ? errno : EIO) : 0;
        if (written && !err)
            return 0;
        stdout_failed = true;
        return cli_error("cannot write to standard output: %s", strerror(err ? err : EIO));
    }
    open_output o = forget(f);
    int err = finish(f, o.tmp != NULL);
    if (!written && !err)
        err = EIO;
    if (!err && o.tmp && commit_at_end) {
        bool kept = false;
        pthread_mutex_lock(&opened_lock);
        if (n_closed < OPEN_MAX) {
            closed[n_closed++] = o; /* still tracked: a signal removes it */
            kept = true;
        }
        pthread_mutex_unlock(&opened_lock);
        if (kept)
            return 0;
    }
    return settle(&o, err, path);
}

void output_commit_at_end(void)
{
    commit_at_end = true;
}

int output_commit(void)
{
    if (!n_closed)
        return 0;
    /* A signal until here removed every temporary (io/interrupt.c); from here on it
     * waits, and the exit comes first. */
    interrupt_close();
    int rc = 0;
    for (size_t i = 0; i < n_closed; i++)
        rc |= settle(&closed[i], 0, NULL);
    n_closed = 0;
    return rc;
}

bool output_in_place(const char *path)
{
    struct stat st;
    return is_stdout(path) || (stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode));
}

/* Whether `path` can be written when the work is done, found without writing it: a
 * temporary is created beside its target and removed; a special file (a FIFO's reader
 * would see the end of its data) is only asked. */
static int check_writable(const char *opt, const char *path)
{
    if (!*path)
        return cli_usage_error("%s: empty file name", opt);
    if (is_stdout(path))
        return 0;
    bool in_place;
    kept_attrs keep;
    int tracked = -1;
    char *target = plan(path, &in_place, &keep), *tmp = NULL;
    FILE *f = NULL;
    int rc = 0;
    if (!target || (in_place ? access(target, W_OK) != 0 : !(f = open_temporary(target, &keep, &tmp, &tracked))))
        rc = cli_error("cannot write %s: %s", path, strerror(errno));
    if (f) {
        fclose(f);
        unlink(tmp);
        interrupt_untrack(tracked);
    }
    free(tmp);
    free(target);
    return rc;
}

/* What a path names, for telling two outputs apart before either is written: a file
 * that exists by its device and inode (links followed: a symbolic or hard link is the
 * file it names); one not there yet by where it will be made, the device and inode of
 * its folder and its own name, after following any dangling link to it. */
typedef struct output_id {
    dev_t dev;
    ino_t ino;
    char *name; /* NULL: the file exists */
} output_id;

/* Fills *id; false (nothing allocated) when the path's folder is not there either. */
static bool identify(const char *path, output_id *id)
{
    struct stat st;
    *id = (output_id){0};
    if (stat(path, &st) == 0) {
        *id = (output_id){st.st_dev, st.st_ino, NULL};
        return true;
    }
    char *target = link_target(path);
    if (!target)
        return false;
    char *slash = strrchr(target, '/');
    const char *name = slash ? slash + 1 : target;
    char *folder = slash ? strndup(target, slash == target ? 1 : (size_t)(slash - target)) : strdup(".");
    bool ok = folder && stat(folder, &st) == 0 && (id->name = strdup(name)) != NULL;
    if (ok) {
        id->dev = st.st_dev;
        id->ino = st.st_ino;
    }
    free(folder);
    free(target);
    return ok;
}

/* Whether two paths name one file, whichever of them exists. */
static bool same_file(const char *a, const char *b)
{
    output_id ia, ib;
    bool known_a = identify(a, &ia), known_b = identify(b, &ib);
    /* A path whose folder is missing fails its own check (check_writable). */
    bool same = known_a && known_b ? ia.dev == ib.dev && ia.ino == ib.ino && !ia.name == !ib.name &&
                                         (!ia.name || strcmp(ia.name, ib.name) == 0)
                                   : strcmp(a, b) == 0;
    free(ia.name);
    free(ib.name);
    return same;
}

/* Each format's option, for the errors. */
static const char *const format_options[OUTPUT_FORMATS] = {
    [OUTPUT_JSON] = "--json", [OUTPUT_CSV] = "--csv", [OUTPUT_MARKDOWN] = "--markdown",
    [OUTPUT_JUNIT] = "--junit", [OUTPUT_JSONL] = "--jsonl", [OUTPUT_TRACE] = "--trace",
    [OUTPUT_OPENMETRICS] = "--openmetrics", [OUTPUT_BASELINE] = "--write-baseline",
};

/* Whether `out` names the file standard input reads (a regular file redirected in). */
static bool same_input(const char *out)
{
    struct stat in, st;
    return fstat(STDIN_FILENO, &in) == 0 && S_ISREG(in.st_mode) && stat(out, &st) == 0 && st.st_dev == in.st_dev &&
           st.st_ino == in.st_ino;
}

int output_plan_beside(const output_plan *p, const char *what, const char *path)
{
    const char *const *opts = format_options;
    for (size_t k = 0; path && k < OUTPUT_FORMATS; k++) {
        /* Standard output is no file of the plan's to replace; "-" as an input is
         * standard input, the file redirected to it if any. */
        if (!p->path[k] || is_stdout(p->path[k]))
            continue;
        if (is_stdout(path) ? same_input(p->path[k]) : same_file(p->path[k], path))
            return cli_usage_error("%s %s names %s%s%s: an output never replaces what the command reads; give it "
                                   "its own file",
                                   opts[k], p->path[k], what, *what ? " " : "", is_stdout(path) ? "(standard input)" : path);
    }
    return 0;
}

int output_plan_inputs(const output_plan *p, const char *what, char *const *paths, size_t n)
{
    int rc = 0;
    for (size_t i = 0; i < n && !rc; i++)
        rc = output_plan_beside(p, what, paths[i]);
    return rc;
}

int output_check(const char *json_path, const char *csv_path, const char *markdown_path)
{
    const char *const paths[] = {json_path, csv_path, markdown_path};
    static const char *const opts[] = {"--json", "--csv", "--markdown"};
    for (size_t i = 0; i < 3; i++)
        for (size_t k = i + 1; k < 3; k++) {
            if (!paths[i] || !paths[k])
                continue;
            if (is_stdout(paths[i]) && is_stdout(paths[k]))
                return cli_usage_error("%s - and %s - would both write to standard output; send one to a file",
                                       opts[i], opts[k]);
            if (same_file(paths[i], paths[k]))
                return cli_usage_error("%s and %s both name %s; give each its own file", opts[i], opts[k],
                                       paths[k]);
        }
    int rc = 0;
    for (size_t i = 0; i < 3 && !rc; i++)
        rc = paths[i] ? check_writable(opts[i], paths[i]) : 0;
    return rc;
}

FILE *output_text_stream(const char *json_path, const char *csv_path, const char *markdown_path)
{
    const char *const paths[] = {json_path, csv_path, markdown_path};
    bool taken = false;
    for (size_t i = 0; i < 3; i++)
        taken |= paths[i] && is_stdout(paths[i]);
    if (cli_quiet)
        return quiet_stream();
    return taken ? stderr : stdout;
}

int output_plan_init(output_plan *p, const char *json_path, const char *csv_path, const char *markdown_path)
{
    *p = (output_plan){.path = {json_path, csv_path, markdown_path}};
    p->text = output_text_stream(json_path, csv_path, markdown_path);
    return output_check(json_path, csv_path, markdown_path);
}

int output_plan_add(output_plan *p, output_format fmt, const char *option, const char *path)
{
    const char *const *opts = format_options;
    if (!path)
        return 0;
    for (size_t k = 0; k < OUTPUT_FORMATS; k++) {
        if (!p->path[k] || k == (size_t)fmt)
            continue;
        if (is_stdout(p->path[k]) && is_stdout(path))
            return cli_usage_error("%s - and %s - would both write to standard output; send one to a file", opts[k],
                                   option);
        if (same_file(p->path[k], path))
            return cli_usage_error("%s and %s both name %s; give each its own file", opts[k], option, path);
    }
    p->path[fmt] = path;
    if (is_stdout(path))
        p->text = stderr;
    return check_writable(option, path);
}

int output_plan_write(const output_plan *p, output_format fmt, output_writer write, const void *data)
{
    const char *path = p->path[fmt];
    if (!path)
        return 0;
    FILE *f = output_open(path);
    if (!f)
        return 1;
    errno = 0;
    bool written = write(f, data) && !ferror(f);
    int err = errno;
    /* Why the write failed (ENOSPC), for output_close to say. */
    errno = written ? 0 : err;
    return output_close(f, path, written);
}

static bool json_writer(FILE *f, const void *doc)
{
    return json_write_document(f, doc);
}

int output_plan_json(const output_plan *p, json_t *doc)
{
    return output_plan_write(p, OUTPUT_JSON, json_writer, doc);
}

bool output_plan_json_to_file(const output_plan *p)
{
    return p->path[OUTPUT_JSON] && !output_in_place(p->path[OUTPUT_JSON]);
}

/* One device fact of the library's table as JSON: unknown is null. */
static json_t *fact_json(const zeslm_device_info *d, const zeslm_fact *f)
{
    double num;
    char text[256];
    if (!zeslm_fact_known(f, d))
        return json_null();
    switch (f->kind) {
    case ZESLM_FACT_BOOL: return json_boolean(*(const bool *)((const char *)d + f->offset));
    case ZESLM_FACT_TRISTATE: return json_boolean(*(const int *)((const char *)d + f->offset) == 1);
    case ZESLM_FACT_BACKEND: return json_string(zeslm_backend_name(d->backend));
    case ZESLM_FACT_SUBGROUPS: {
        json_t *v = json_array();
        for (uint32_t k = 0; k < d->n_subgroup_sizes; k++)
            json_array_append_new(v, json_integer(d->subgroup_sizes[k]));
        return v;
    }
    default: break;
    }
    if (zeslm_fact_number(f, d, &num))
        return f->kind == ZESLM_FACT_DOUBLE ? json_real(num) : json_integer((json_int_t)num);
    zeslm_fact_text(f, d, text, sizeof text);
    return json_string(text);
}

/* A field's getter and cell can take only the record: one pair a fact, each
 * calling the two above with its row of the library's table. */
#define FACT(i)                                                                    \
    static json_t *fact_json_##i(const void *rec)                                  \
    {                                                                              \
        return fact_json(rec, &zeslm_device_facts[i]);                             \
    }                                                                              \
    static void fact_cell_##i(const void *rec, char *buf, size_t len)              \
    {                                                                              \
        zeslm_fact_text(&zeslm_device_facts[i], rec, buf, len);                    \
    }
#define FACTS(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15) \
    X(16) X(17) X(18) X(19) X(20) X(21) X(22) X(23) X(24) X(25) X(26) X(27) X(28) X(29) X(30) X(31)  \
    X(32) X(33) X(34) X(35) X(36) X(37) X(38) X(39) X(40) X(41) X(42) X(43) X(44) X(45) X(46) X(47)
FACTS(FACT)
#define FACT_ROW(i) {fact_json_##i, fact_cell_##i},
static const struct {
    json_t *(*json)(const void *rec);
    void (*cell)(const void *rec, char *buf, size_t len);
} fact_getters[] = {FACTS(FACT_ROW)};
#define MAX_FACTS (sizeof fact_getters / sizeof *fact_getters)

const field *output_device_fields(size_t *n)
{
    /* One row per fact of the library's table, made once; tests/unit/test_run_doc.c checks
     * that every fact has a row. */
    static field rows[MAX_FACTS];
    static size_t count;
    if (!count)
        for (; count < zeslm_device_fact_count && count < MAX_FACTS; count++) {
            const zeslm_fact *f = &zeslm_device_facts[count];
            rows[count] = (field){f->key, f->label, 1, false, false, fact_getters[count].json,
                                  fact_getters[count].cell, NULL, NULL};
        }
    *n = count;
    return rows;
}

json_t *output_device_json(const zeslm_device_info *d)
{
    size_t n;
    const field *f = output_device_fields(&n);
    return fields_json(f, n, d);
}

/* An argument as a JSON string: JSON holds only UTF-8, so each byte of `arg` that is
 * not part of valid UTF-8 is written as the four characters \xNN (its hexadecimal
 * value), the rest as it is (docs/results-schema.md, "command"). */
static json_t *argument_json(const char *arg)
{
    json_t *whole = json_string(arg);
    if (whole)
        return whole;
    size_t len = strlen(arg), used = 0;
    char *out = malloc(4 * len + 1);
    if (!out)
        return json_null();
    for (size_t i = 0; i < len;) {
        /* The longest valid UTF-8 sequence starting at i (at most 4 bytes). */
        size_t n = 0;
        for (size_t k = 4; k > 0 && !n; k--) {
            json_t *piece = i + k <= len ? json_stringn(arg + i, k) : NULL;
            n = piece ? k : 0;
            json_decref(piece);
        }
        if (n) {
            memcpy(out + used, arg + i, n);
            used += n;
            i += n;
        } else {
            used += (size_t)sprintf(out + used, "\\x%02x", (unsigned char)arg[i++]);
        }
    }
    json_t *escaped = json_stringn(out, used);
    free(out);
    return escaped ? escaped : json_null();
}

json_t *output_document(int argc, char **argv)
{
    json_t *doc = json_object();
    json_t *cmd = json_array();
    for (int i = 0; i < argc; i++)
        json_array_append_new(cmd, argument_json(argv[i]));
    char date[32], host[256] = "";
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    gethostname(host, sizeof host - 1);
    json_object_set_new(doc, "schema", json_integer(1));
    char tool[96];
    snprintf(tool, sizeof tool, "ze-slm-bench %s", zeslm_version()->text);
    json_object_set_new(doc, "tool", json_string(tool));
    const zeslm_version_info *v = zeslm_version();
    char version[32];
    snprintf(version, sizeof version, "%u.%u.%u", (unsigned)v->major, (unsigned)v->minor, (unsigned)v->patch);
    json_object_set_new(doc, "version", json_string(version));
    json_object_set_new(doc, "commit", json_string(v->commit));
    json_object_set_new(doc, "command", cmd);
    json_object_set_new(doc, "date", json_string(date));
    json_object_set_new(doc, "host", json_string(host));
    return doc;
}
