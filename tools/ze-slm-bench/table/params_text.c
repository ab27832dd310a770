/* SPDX-License-Identifier: MIT */
/* A result's parameters ("bytes=268435456 waves=2") for people: byte counts scaled,
 * element counts too where asked; the JSON and CSV keep the exact numbers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zeslm/units.h>

#include "table/params_text.h"

/* Parameters whose value is a byte count. */
static const char *const byte_keys[] = {"bytes=", "footprint=", "slm="};
/* Parameters whose value is a count of elements or work-items. */
static const char *const count_keys[] = {"n=", "m="};

/* Whether `token` starts with one of `keys`: the length of that key, else 0. */
static size_t key_of(const char *token, const char *const *keys, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (strncmp(token, keys[i], strlen(keys[i])) == 0)
            return strlen(keys[i]);
    return 0;
}

/* A count for people: as it is below 10000, else three digits and k, M or G. */
static void format_count(unsigned long long v, char *buf, size_t len)
{
    static const char prefix[] = "kMG";
    double x = (double)v;
    size_t p = 0;
    if (v < 10000) {
        snprintf(buf, len, "%llu", v);
        return;
    }
    for (x /= 1000; x >= 999.5 && p + 1 < sizeof prefix - 1; p++)
        x /= 1000;
    snprintf(buf, len, "%.*f%c", x < 9.995 ? 2 : x < 99.95 ? 1 : 0, x, prefix[p]);
}

void params_text(const char *params, bool counts, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (const char *t = params; *t && used + 1 < len;) {
        size_t word = strcspn(t, " ");
        size_t kb = key_of(t, byte_keys, sizeof byte_keys / sizeof *byte_keys);
        size_t kc = counts ? key_of(t, count_keys, sizeof count_keys / sizeof *count_keys) : 0;
        size_t key = kb ? kb : kc;
        char *end = NULL;
        unsigned long long v = key ? strtoull(t + key, &end, 10) : 0;
        char value[32];
        if (key && end == t + word && word > key) {
            if (kb)
                zeslm_format_bytes(v, value, sizeof value);
            else
                format_count(v, value, sizeof value);
            used += (size_t)snprintf(buf + used, len - used, "%.*s%s", (int)key, t, value);
        } else {
            used += (size_t)snprintf(buf + used, len - used, "%.*s", (int)word, t);
        }
        if (used >= len)
            break;
        t += word;
        if (*t == ' ') {
            used += (size_t)snprintf(buf + used, len - used, " ");
            t++;
        }
    }
}
