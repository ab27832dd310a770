/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include <zeslm/version.h>

#include "cli/cli.h"
#include "io/output.h"
#include "io/json_write.h"
#include "run/rank_start.h"

bool rank_start_path(const char *results, char *out, size_t len)
{
    size_t n = strlen(results);
    if (n < 5 || strcmp(results + n - 5, ".json") != 0)
        return false;
    return (size_t)snprintf(out, len, "%.*s.start.json", (int)(n - 5), results) < len;
}

/* How the rank takes its device, as far as it knows before the driver lists them. */
static void choice(const rank_info *r, const char *spec, char *buf, size_t len)
{
    const char *aff = strcmp(r->device_choice, "best") != 0 && strcmp(r->device_choice, "--device") != 0
                          ? getenv(r->device_choice)
                          : NULL;
    if (spec)
        snprintf(buf, len, "--device %s", spec);
    else if (aff)
        snprintf(buf, len, "%s=%s", r->device_choice, aff);
    else if (r->launcher && r->local_rank >= 0)
        snprintf(buf, len, "local rank %ld", r->local_rank);
    else
        snprintf(buf, len, "best");
}

int rank_start_write(const char *results, const rank_info *r, const char *spec)
{
    char path[4096], how[160], date[32];
    if (!rank_start_path(results, path, sizeof path))
        return 0;
    choice(r, spec, how, sizeof how);
    char tool[96];
    snprintf(tool, sizeof tool, "ze-slm-bench %s", zeslm_version()->text);
    time_t now = time(NULL);
    struct tm tm;
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&now, &tm));
    json_t *doc = json_pack("{s:s, s:s, s:s, s:I, s:o, s:o, s:o, s:o, s:s, s:s, s:s, s:I}", "format",
                            RANK_START_FORMAT, "tool", tool, "host", r->host, "rank",
                            (json_int_t)r->rank, "local_rank",
                            r->local_rank >= 0 ? json_integer(r->local_rank) : json_null(), "size",
                            r->size > 0 ? json_integer(r->size) : json_null(), "launcher",
                            r->launcher ? json_string(r->launcher) : json_null(), "job",
                            r->job[0] ? json_string(r->job) : json_null(), "device_choice", how, "started", date,
                            "results", results, "pid", (json_int_t)getpid());
    if (!doc) {
        return cli_error("out of host memory");
    }
    FILE *f = output_open(path);
    int rc = f ? output_close(f, path, json_write_document(f, doc)) : 1;
    json_decref(doc);
    return rc;
}
