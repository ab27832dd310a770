/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdio.h>

#include <zeslm/units.h>

static const struct {
    char symbol; /* '\0': no prefix */
    double factor;
} prefixes[] = {
    {'p', 1e-12}, {'n', 1e-9}, {'u', 1e-6}, {'m', 1e-3}, {'\0', 1}, {'k', 1e3}, {'M', 1e6}, {'G', 1e9},
    {'T', 1e12}, {'P', 1e15}, {'E', 1e18},
};
#define N_PREFIXES (sizeof prefixes / sizeof prefixes[0])
#define NO_PREFIX 4

/* The prefix `unit` starts with, when a unit follows it ("GB/s" but not "B/s" or "m"). */
static size_t prefix_of(const char *unit)
{
    if (unit[0] && unit[1])
        for (size_t i = 0; i < N_PREFIXES; i++)
            if (prefixes[i].symbol && prefixes[i].symbol == unit[0])
                return i;
    return NO_PREFIX;
}

/* Three significant digits, zeros kept so a column shows its precision: 33.2, 1.07,
 * 1.00, 250 (and every digit of a number of 1000 or more, which only a value with no
 * unit to scale reaches). */
static void three_digits(double v, char *buf, size_t len)
{
    double a = fabs(v);
    int decimals = a < 9.995 ? 2 : a < 99.95 ? 1 : 0;
    snprintf(buf, len, "%.*f", decimals, v);
}

void zeslm_format_bytes(unsigned long long bytes, char *buf, size_t len)
{
    static const char *const units[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    size_t u = 0;
    unsigned long long whole = bytes;
    double v = (double)bytes;
    /* 1023.9 KiB would print as "1024 KiB" at three digits: the next unit then. */
    while (u + 1 < sizeof units / sizeof *units && v >= 1023.995) {
        v /= 1024;
        u++;
    }
    for (size_t i = 0; i < u; i++)
        whole = whole % 1024 == 0 ? whole / 1024 : 0;
    if (u == 0 || (whole && (double)whole == v))
        snprintf(buf, len, "%.0f %s", v, units[u]);
    else {
        char number[64];
        three_digits(v, number, sizeof number);
        snprintf(buf, len, "%s %s", number, units[u]);
    }
}

void zeslm_format_si(double value, const char *unit, char *buf, size_t len)
{
    char number[64];
    size_t given = prefix_of(unit);
    const char *base = given == NO_PREFIX ? unit : unit + 1;
    if (!*unit || value == 0 || !isfinite(value)) {
        three_digits(value, number, sizeof number);
        snprintf(buf, len, "%s%s%s", number, *unit ? " " : "", unit);
        return;
    }
    double v = value * prefixes[given].factor; /* in the base unit */
    size_t p = 0;
    while (p + 1 < N_PREFIXES && fabs(v) >= prefixes[p + 1].factor)
        p++;
    /* 999.7 rounds to 1000 at three digits: that is 1 of the next prefix. */
    if (fabs(v) / prefixes[p].factor >= 999.5 && p + 1 < N_PREFIXES)
        p++;
    three_digits(v / prefixes[p].factor, number, sizeof number);
    char symbol[2] = {prefixes[p].symbol, '\0'};
    snprintf(buf, len, "%s %s%s", number, symbol, base);
}
