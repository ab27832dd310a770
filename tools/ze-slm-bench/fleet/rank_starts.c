/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/json_read.h"
#include "fleet/rank_starts.h"

/* Whether the file's first bytes are a start file's: its format is its first member. */
static bool is_start(const char *path)
{
    if (strcmp(path, "-") == 0)
        return false;
    FILE *f = fopen(path, "rb");
    char head[160];
    size_t n = f ? fread(head, 1, sizeof head - 1, f) : 0;
    if (f)
        fclose(f);
    head[n] = '\0';
    return strstr(head, "\"" RANK_START_FORMAT "\"") != NULL;
}

static json_t *read_start(const char *path, uint64_t limit)
{
    json_error_t err;
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    /* A start file is a few hundred bytes: one far larger is not one. */
    char buf[8192];
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    if (n == sizeof buf || n > limit)
        return NULL;
    json_t *o = json_read(buf, n, 0, &err);
    if (!json_is_object(o) || !json_is_string(json_object_get(o, "host")) ||
        !json_is_integer(json_object_get(o, "rank"))) {
        json_decref(o);
        return NULL;
    }
    json_object_set_new(o, "source", json_string(path));
    return o;
}

size_t rank_starts_take(char **paths, size_t n, uint64_t limit, json_t *starts)
{
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        json_t *o = is_start(paths[i]) ? read_start(paths[i], limit) : NULL;
        if (o && json_array_append_new(starts, o) == 0)
            continue;
        paths[kept++] = paths[i];
    }
    return kept;
}

const json_t *rank_starts_find(const json_t *starts, long rank, const char *results)
{
    const json_t *by_rank = NULL;
    for (size_t i = 0; i < json_array_size(starts); i++) {
        const json_t *s = json_array_get(starts, i);
        const char *r = json_string_value(json_object_get(s, "results"));
        if (results && r && strcmp(r, results) == 0)
            return s;
        if (!by_rank && rank >= 0 && json_integer_value(json_object_get(s, "rank")) == rank)
            by_rank = s;
    }
    return by_rank;
}

const json_t **rank_starts_index(const json_t *starts, long n)
{
    const json_t **by_rank = calloc(n > 0 ? (size_t)n : 1, sizeof *by_rank);
    for (size_t i = 0; by_rank && i < json_array_size(starts); i++) {
        const json_t *s = json_array_get(starts, i);
        json_int_t r = json_integer_value(json_object_get(s, "rank"));
        if (r >= 0 && r < n && !by_rank[r])
            by_rank[r] = s;
    }
    return by_rank;
}

bool rank_starts_name(const char *path, char *host, size_t len, long *rank)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strlen(base);
    if (n < 7 || strcmp(base + n - 5, ".json") != 0)
        return false;
    const char *dash = NULL;
    for (const char *p = base; p < base + n - 5; p++)
        if (*p == '-')
            dash = p;
    if (!dash || dash == base)
        return false;
    char *end;
    errno = 0;
    long r = strtol(dash + 1, &end, 10);
    if (end != base + n - 5 || end == dash + 1 || errno || r < 0 || dash[1] == '+' || dash[1] == '-')
        return false;
    snprintf(host, len, "%.*s", (int)(dash - base), base);
    *rank = r;
    return true;
}
