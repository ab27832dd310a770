/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "model/safe_names.h"
#include "table/safe_text.h"

/* o's string members `keys` escaped where they hold a control character. */
static bool safe_members(json_t *o, const char *const *keys, size_t n)
{
    for (size_t i = 0; json_is_object(o) && i < n; i++) {
        const char *v = json_string_value(json_object_get(o, keys[i]));
        if (!v || !safe_text_needed(v))
            continue;
        size_t len = 4 * strlen(v) + 8;
        char *buf = malloc(len);
        bool ok = buf && json_object_set_new(o, keys[i], json_string(safe_text(buf, len, v))) == 0;
        free(buf);
        if (!ok)
            return false;
    }
    return true;
}

bool safe_names_device(run_doc_device *d)
{
    static const char *const facts[] = {"name", "driver", "vendor", "uuid", "pci_address"};
    static const char *const rank[] = {"host", "device_choice", "job", "launcher", "expected_from"};
    safe_text_inplace(d->host, sizeof d->host);
    safe_text_inplace(d->name, sizeof d->name);
    safe_text_inplace(d->driver, sizeof d->driver);
    safe_text_inplace(d->source, sizeof d->source);
    return safe_members(d->facts, facts, sizeof facts / sizeof *facts) &&
           safe_members(d->rank, rank, sizeof rank / sizeof *rank);
}

bool safe_names_error(json_t *e)
{
    static const char *const keys[] = {"host", "name", "message", "source", "status"};
    return safe_members(e, keys, sizeof keys / sizeof *keys);
}

bool safe_names_head(json_t *head)
{
    static const char *const keys[] = {"host"};
    return safe_members(head, keys, 1);
}
