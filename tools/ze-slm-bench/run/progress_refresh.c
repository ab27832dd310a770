/* SPDX-License-Identifier: MIT */
#include "run/progress_refresh.h"

/* Rewrites a line already shown (or logged) while a workload runs: between a
 * workload's end and the next one's first measurement the tables have the terminal,
 * and nothing is drawn. */
static void refresh(void *arg)
{
    progress *p = arg;
    pthread_mutex_lock(&p->lock);
    if (p->workload[0] && (p->shown || p->log))
        progress_draw(p, progress_since(p));
    pthread_mutex_unlock(&p->lock);
}

bool progress_refresh_start(progress *p)
{
    return (!p->tty && !p->log) || ticker_start(&p->refresher, PROGRESS_REFRESH_S, refresh, p);
}

void progress_refresh_stop(progress *p)
{
    ticker_stop(&p->refresher);
}
