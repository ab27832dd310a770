#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <zeslm/facts.h>

#include "cli.h"
#include "output.h"

#ifndef ZESLM_VERSION
#define ZESLM_VERSION "unknown"
#endif

int output_json(json_t *root, const char *path)
{
    int flags = JSON_INDENT(2) | JSON_PRESERVE_ORDER;
    if (strcmp(path, "-") == 0) {
        if (json_dumpf(root, stdout, flags) != 0)
            return cli_error("writing JSON to standard output failed");
        fputc('\n', stdout);
        return 0;
    }
    size_t len = strlen(path) + 8;
    char *tmp = malloc(len);
    if (!tmp)
        return cli_error("out of host memory");
    snprintf(tmp, len, "%s.tmp", path);
    int rc = 0;
    if (json_dump_file(root, tmp, flags) != 0 || rename(tmp, path) != 0) {
        rc = cli_error("cannot write %s", path);
        remove(tmp);
    }
    free(tmp);
    return rc;
}

FILE *output_text_stream(const char *json_path, const char *csv_path)
{
    bool taken = (json_path && strcmp(json_path, "-") == 0) || (csv_path && strcmp(csv_path, "-") == 0);
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
    json_object_set_new(doc, "tool", json_string("ze-slm-bench " ZESLM_VERSION));
    json_object_set_new(doc, "command", cmd);
    json_object_set_new(doc, "date", json_string(date));
    json_object_set_new(doc, "host", json_string(host));
    return doc;
}
