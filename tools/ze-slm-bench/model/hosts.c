/* SPDX-License-Identifier: MIT */
/* Where a document's devices ran: whether it spans processes, each device's host
 * and rank, and the summary per host. */
#include <stdio.h>
#include <string.h>

#include "model/hosts.h"

bool run_doc_merged(const run_doc *doc)
{
    return json_object_get(doc->head, "merged_from") != NULL;
}

void run_doc_where(const char *host, const json_t *rank, char *buf, size_t len)
{
    /* A device's rank object, or an error's rank number. */
    const json_t *n = json_is_object(rank) ? json_object_get(rank, "rank") : rank;
    host = host && *host ? host : "unknown host";
    if (json_is_integer(n))
        snprintf(buf, len, "%s, rank %lld", host, (long long)json_integer_value(n));
    else
        snprintf(buf, len, "%s", host);
}

/* The entry of `hosts` for `host`, added when there is none. */
static json_t *host_entry(json_t *hosts, const char *host)
{
    host = host && *host ? host : "unknown host";
    for (size_t i = 0; i < json_array_size(hosts); i++) {
        json_t *h = json_array_get(hosts, i);
        if (strcmp(json_string_value(json_object_get(h, "host")), host) == 0)
            return h;
    }
    json_t *h = json_pack("{s:s, s:i, s:i, s:i, s:i, s:n}", "host", host, "devices", 0, "slow", 0, "throttled", 0,
                          "errors", 0, "lowest_score");
    json_array_append_new(hosts, h);
    return h;
}

static void count(json_t *h, const char *key, size_t n)
{
    json_object_set_new(h, key, json_integer(json_integer_value(json_object_get(h, key)) + (json_int_t)n));
}

json_t *run_doc_hosts(const run_doc *doc)
{
    json_t *hosts = json_array();
    for (size_t k = 0; k < doc->n_devices; k++) {
        const run_doc_device *d = &doc->devices[k];
        json_t *h = host_entry(hosts, d->host);
        count(h, "devices", 1);
        count(h, "errors", json_array_size(d->errors));
        count(h, "throttled", d->throttled);
        if (!doc->aggregated)
            continue;
        double score = doc->aggregate.scores[k];
        count(h, "slow", doc->aggregate.slow[k]);
        json_t *low = json_object_get(h, "lowest_score");
        if (score > 0 && (json_is_null(low) || score < json_real_value(low)))
            json_object_set_new(h, "lowest_score", json_real(score));
    }
    for (size_t i = 0; i < json_array_size(doc->errors); i++)
        count(host_entry(hosts, json_string_value(json_object_get(json_array_get(doc->errors, i), "host"))), "errors",
              1);
    return hosts;
}
