/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "table/term_width.h"

static size_t clamp(unsigned long w)
{
    return w < TERM_WIDTH_MIN ? TERM_WIDTH_MIN : w > TERM_WIDTH_MAX ? TERM_WIDTH_MAX : (size_t)w;
}

size_t term_width_of(const char *columns, unsigned tty_cols)
{
    if (columns && *columns) {
        char *end;
        unsigned long w = strtoul(columns, &end, 10);
        /* A COLUMNS that is no width ("", "wide", "5") is ignored, not obeyed. */
        if (*end == '\0' && w >= TERM_WIDTH_MIN && w <= TERM_WIDTH_MAX)
            return (size_t)w;
    }
    return tty_cols ? clamp(tty_cols) : TERM_WIDTH_DEFAULT;
}

size_t term_width(void)
{
    struct winsize ws;
    unsigned tty_cols = isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 ? ws.ws_col : 0;
    return term_width_of(getenv("COLUMNS"), tty_cols);
}
