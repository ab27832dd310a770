/* SPDX-License-Identifier: MIT */
/* A result's parameters as the document writes them. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json/params_json.h"

json_t *params_json(const char *params)
{
    json_t *o = json_object();
    char copy[256];
    snprintf(copy, sizeof copy, "%s", params);
    for (char *save = NULL, *item = strtok_r(copy, " ", &save); item; item = strtok_r(NULL, " ", &save)) {
        char *eq = strchr(item, '='), *end;
        if (!eq || eq == item)
            continue;
        *eq = '\0';
        const char *text = eq + 1;
        /* Whole numbers as integers, other numbers as reals, the rest as text. */
        long long i = strtoll(text, &end, 10);
        if (*text && !*end) {
            json_object_set_new(o, item, json_integer(i));
            continue;
        }
        double d = strtod(text, &end);
        json_object_set_new(o, item, *text && !*end && isfinite(d) ? json_real(d) : json_string(text));
    }
    return o;
}
