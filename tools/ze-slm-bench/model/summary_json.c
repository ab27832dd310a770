/* A workload's summary as the document holds it: its sentences and its findings. */
#include <math.h>
#include <stdio.h>

#include "model/summary_json.h"

json_t *summary_json_text(const zeslm_summary *s)
{
    char text[ZESLM_SUMMARY_MAX * sizeof s->items[0].sentence + 1] = "";
    size_t used = 0;
    for (size_t i = 0; i < s->count && used < sizeof text; i++)
        used += (size_t)snprintf(text + used, sizeof text - used, "%s%s", used ? " " : "", s->items[i].sentence);
    return json_string(text);
}

json_t *summary_json_findings(const zeslm_summary *s)
{
    json_t *o = json_object();
    for (size_t i = 0; i < s->count; i++)
        if (*s->items[i].key)
            json_object_set_new(o, s->items[i].key, isnan(s->items[i].value) ? json_null() : json_real(s->items[i].value));
    return o;
}
