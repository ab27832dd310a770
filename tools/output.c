/* realpath() is an XSI function, beyond the _POSIX_C_SOURCE the build asks for. */
#define _XOPEN_SOURCE 700

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <zeslm/bench.h>
#include <zeslm/facts.h>

#include "cli.h"
#include "fields.h"
#include "output.h"

static char *temporary_name(const char *path)
{
    size_t len = strlen(path) + sizeof ".tmp";
    char *tmp = malloc(len);
    if (tmp)
        snprintf(tmp, len, "%s.tmp", path);
    return tmp;
}

static bool is_stdout(const char *path)
{
    return strcmp(path, "-") == 0;
}

FILE *output_open(const char *path)
{
    if (is_stdout(path))
        return stdout;
    struct stat st;
    /* rename() would refuse it only after the whole run. */
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        cli_error("cannot write %s: %s", path, strerror(EISDIR));
        return NULL;
    }
    char *tmp = temporary_name(path);
    if (!tmp) {
        cli_error("out of host memory");
        return NULL;
    }
    FILE *f = fopen(tmp, "w");
    if (!f)
        cli_error("cannot write %s: %s", path, strerror(errno));
    free(tmp);
    return f;
}

int output_close(FILE *f, const char *path, bool written)
{
    if (f == stdout)
        return written && fflush(stdout) == 0 && !ferror(stdout) ? 0 : cli_error("writing to standard output failed");
    int err = written && !ferror(f) ? 0 : EIO;
    if (fclose(f) != 0 && !err)
        err = errno;
    char *tmp = temporary_name(path);
    if (!tmp)
        return cli_error("out of host memory");
    if (!err && rename(tmp, path) != 0)
        err = errno;
    if (err)
        remove(tmp);
    free(tmp);
    return err ? cli_error("cannot write %s: %s", path, strerror(err)) : 0;
}

/* Creates the file's temporary and removes it: the directory exists and may be
 * written, so the file can be written when the work is done. */
static int check_writable(const char *opt, const char *path)
{
    if (!*path)
        return cli_usage_error("%s: empty file name", opt);
    if (is_stdout(path))
        return 0;
    FILE *f = output_open(path);
    if (!f)
        return 1;
    int rc = fclose(f) == 0 ? 0 : cli_error("cannot write %s: %s", path, strerror(errno));
    char *tmp = temporary_name(path);
    if (tmp)
        remove(tmp);
    free(tmp);
    return rc;
}

/* The file a path names, spelled one way: its folder resolved by realpath, then its
 * own name; NULL when the folder does not resolve. Malloc'd. */
static char *canonical(const char *path)
{
    const char *slash = strrchr(path, '/');
    char *folder = slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup(".");
    char *resolved = folder ? realpath(folder, NULL) : NULL;
    char *out = NULL;
    if (resolved) {
        size_t len = strlen(resolved) + strlen(path) + 2;
        out = malloc(len);
        if (out)
            snprintf(out, len, "%s/%s", resolved, slash ? slash + 1 : path);
    }
    free(resolved);
    free(folder);
    return out;
}

/* Two spellings of one file, or two names (links) of one existing file. */
static bool same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    char *ca = canonical(a), *cb = canonical(b);
    bool same = ca && cb ? strcmp(ca, cb) == 0 : strcmp(a, b) == 0;
    free(ca);
    free(cb);
    return same;
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
    return taken ? stderr : stdout;
}

int output_plan_init(output_plan *p, const char *json_path, const char *csv_path, const char *markdown_path)
{
    *p = (output_plan){.path = {json_path, csv_path, markdown_path}};
    p->text = output_text_stream(json_path, csv_path, markdown_path);
    return output_check(json_path, csv_path, markdown_path);
}

int output_plan_write(const output_plan *p, output_format fmt, output_writer write, const void *data)
{
    const char *path = p->path[fmt];
    if (!path)
        return 0;
    FILE *f = output_open(path);
    if (!f)
        return 1;
    return output_close(f, path, write(f, data) && !ferror(f));
}

static bool json_writer(FILE *f, const void *doc)
{
    return json_dumpf(doc, f, JSON_INDENT(2) | JSON_PRESERVE_ORDER) == 0 && fputc('\n', f) != EOF;
}

int output_plan_json(const output_plan *p, json_t *doc)
{
    return output_plan_write(p, OUTPUT_JSON, json_writer, doc);
}

bool output_plan_json_to_file(const output_plan *p)
{
    return p->path[OUTPUT_JSON] && !is_stdout(p->path[OUTPUT_JSON]);
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
    /* One row per fact of the library's table, made once; tests/test_run_doc.c checks
     * that every fact has a row. */
    static field rows[MAX_FACTS];
    static size_t count;
    if (!count)
        for (; count < zeslm_device_fact_count && count < MAX_FACTS; count++) {
            const zeslm_fact *f = &zeslm_device_facts[count];
            rows[count] = (field){f->key, f->label, 1, false, false, fact_getters[count].json,
                                  fact_getters[count].cell};
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

/* tools/commit.cmake writes it at build time: "" when unknown. */
extern const char *const zeslm_tool_commit;

json_t *output_document(int argc, char **argv)
{
    json_t *doc = json_object();
    json_t *cmd = json_array();
    for (int i = 0; i < argc; i++)
        json_array_append_new(cmd, json_string(argv[i]));
    char date[32], host[256] = "";
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    gethostname(host, sizeof host - 1);
    json_object_set_new(doc, "schema", json_integer(1));
    char tool[64];
    snprintf(tool, sizeof tool, "ze-slm-bench %s", zeslm_version());
    json_object_set_new(doc, "tool", json_string(tool));
    json_object_set_new(doc, "version", json_string(zeslm_version()));
    json_object_set_new(doc, "commit", *zeslm_tool_commit ? json_string(zeslm_tool_commit) : json_null());
    json_object_set_new(doc, "command", cmd);
    json_object_set_new(doc, "date", json_string(date));
    json_object_set_new(doc, "host", json_string(host));
    return doc;
}
