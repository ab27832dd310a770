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

#include <zeslm/facts.h>
#include <zeslm/version.h>

#include "cli.h"
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

int output_json(json_t *root, const char *path)
{
    FILE *f = output_open(path);
    if (!f)
        return 1;
    bool written = json_dumpf(root, f, JSON_INDENT(2) | JSON_PRESERVE_ORDER) == 0 && fputc('\n', f) != EOF;
    return output_close(f, path, written);
}

FILE *output_text_stream(const char *json_path, const char *csv_path, const char *markdown_path)
{
    const char *const paths[] = {json_path, csv_path, markdown_path};
    bool taken = false;
    for (size_t i = 0; i < 3; i++)
        taken |= paths[i] && is_stdout(paths[i]);
    return taken ? stderr : stdout;
}

json_t *output_device_json(const zeslm_device_info *d)
{
    json_t *o = json_object();
    for (size_t i = 0; i < zeslm_device_fact_count; i++) {
        const zeslm_fact *f = &zeslm_device_facts[i];
        json_t *v = NULL;
        double num;
        char text[256];
        if (!zeslm_fact_known(f, d)) {
            v = json_null();
        } else if (f->kind == ZESLM_FACT_BOOL) {
            v = json_boolean(*(const bool *)((const char *)d + f->offset));
        } else if (f->kind == ZESLM_FACT_TRISTATE) {
            v = json_boolean(*(const int *)((const char *)d + f->offset) == 1);
        } else if (f->kind == ZESLM_FACT_SUBGROUPS) {
            v = json_array();
            for (uint32_t k = 0; k < d->n_subgroup_sizes; k++)
                json_array_append_new(v, json_integer(d->subgroup_sizes[k]));
        } else if (f->kind == ZESLM_FACT_BACKEND) {
            v = json_string(zeslm_backend_name(d->backend));
        } else if (zeslm_fact_number(f, d, &num)) {
            v = f->kind == ZESLM_FACT_DOUBLE ? json_real(num) : json_integer((json_int_t)num);
        } else {
            zeslm_fact_text(f, d, text, sizeof text);
            v = json_string(text);
        }
        json_object_set_new(o, f->key, v);
    }
    return o;
}

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
    char tool[96];
    snprintf(tool, sizeof tool, "ze-slm-bench %s", zeslm_version()->text);
    json_object_set_new(doc, "tool", json_string(tool));
    json_object_set_new(doc, "command", cmd);
    json_object_set_new(doc, "date", json_string(date));
    json_object_set_new(doc, "host", json_string(host));
    return doc;
}
