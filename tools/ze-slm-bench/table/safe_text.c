/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "table/safe_text.h"

/* The length of the control character at s (1: C0 or DEL, 2: C1 in UTF-8), 0 none. */
static size_t control_at(const unsigned char *s)
{
    if (*s < 0x20 || *s == 0x7f)
        return 1;
    return s[0] == 0xc2 && s[1] >= 0x80 && s[1] <= 0x9f ? 2 : 0;
}

bool safe_text_needed(const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; p && *p; p++)
        if (control_at(p))
            return true;
    return false;
}

/* The escape of the control character at p (its length n) into e (8 bytes). */
static void escape(const unsigned char *p, size_t n, char *e)
{
    if (n == 1)
        snprintf(e, 8, "\\x%02x", p[0]);
    else
        snprintf(e, 8, "\\u00%02x", p[1]);
}

char *safe_text(char *out, size_t len, const char *s)
{
    size_t at = 0;
    if (!len)
        return out;
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p;) {
        size_t n = control_at(p);
        char e[8] = {(char)*p, 0};
        if (n)
            escape(p, n, e);
        size_t k = strlen(e);
        if (at + k >= len)
            break;
        memcpy(out + at, e, k);
        at += k;
        p += n ? n : 1;
    }
    out[at] = '\0';
    return out;
}

void safe_text_fputs(const char *s, FILE *f)
{
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p;) {
        size_t n = control_at(p);
        if (!n) {
            fputc(*p++, f);
            continue;
        }
        char e[8];
        escape(p, n, e);
        fputs(e, f);
        p += n;
    }
}

void safe_text_inplace(char *buf, size_t len)
{
    if (!safe_text_needed(buf))
        return;
    char *copy = strdup(buf);
    if (copy)
        safe_text(buf, len, copy);
    else /* no memory for the copy: each control byte a '?' */
        for (unsigned char *p = (unsigned char *)buf; *p; p++)
            *p = *p < 0x20 || *p == 0x7f || (*p >= 0x80 && *p <= 0x9f) ? '?' : *p;
    free(copy);
}
