/* SPDX-License-Identifier: MIT */
/* A workload's summary as the document holds it: its sentences and its findings. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/summary_json.h"

json_t *summary_json_text(const zeslm_summary *s)
{
    size_t size = 1;
    for (size_t i = 0; i < s->count; i++)
        size += strlen(s->items[i].sentence) + 1;
    char *text = malloc(size);
    if (!text)
        return NULL;
    size_t used = 0;
    text[0] = '\0';
    for (size_t i = 0; i < s->count; i++)
        used += (size_t)snprintf(text + used, size - used, "%s%s", used ? " " : "", s->items[i].sentence);
    json_t *j = json_string(text);
    free(text);
    return j;
}

json_t *summary_json_findings(const zeslm_summary *s)
{
    json_t *o = json_object();
    for (size_t i = 0; i < s->count; i++)
        if (*s->items[i].key)
            json_object_set_new(o, s->items[i].key, isnan(s->items[i].value) ? json_null() : json_real(s->items[i].value));
    return o;
}
