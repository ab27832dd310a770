#include <signal.h>
#include <time.h>

#include "progress_refresh.h"

/* Rewrites a line already shown (or logged) while a workload runs: between a
 * workload's end and the next one's first measurement the tables have the terminal,
 * and nothing is drawn. */
static void *refresh(void *arg)
{
    progress *p = arg;
    pthread_mutex_lock(&p->lock);
    while (!p->stopping) {
        struct timespec at;
        clock_gettime(CLOCK_MONOTONIC, &at);
        at.tv_sec += PROGRESS_REFRESH_S;
        pthread_cond_timedwait(&p->wake, &p->lock, &at);
        if (!p->stopping && p->workload[0] && (p->shown || p->log))
            progress_draw(p, progress_since(p));
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

bool progress_refresh_start(progress *p)
{
    if (!p->tty && !p->log)
        return true;
    pthread_condattr_t attr;
    if (pthread_condattr_init(&attr) != 0)
        return false;
    bool ok = pthread_condattr_setclock(&attr, CLOCK_MONOTONIC) == 0 && pthread_cond_init(&p->wake, &attr) == 0;
    pthread_condattr_destroy(&attr);
    if (!ok)
        return false;
    /* SIGINT and SIGTERM go to the run's thread, whose handler asks the workloads to
     * stop; the new thread inherits this mask. */
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    p->stopping = false;
    p->refreshing = pthread_create(&p->refresher, NULL, refresh, p) == 0;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (!p->refreshing)
        pthread_cond_destroy(&p->wake);
    return p->refreshing;
}

void progress_refresh_stop(progress *p)
{
    if (!p->refreshing)
        return;
    pthread_mutex_lock(&p->lock);
    p->stopping = true;
    pthread_cond_signal(&p->wake);
    pthread_mutex_unlock(&p->lock);
    pthread_join(p->refresher, NULL);
    pthread_cond_destroy(&p->wake);
    p->refreshing = false;
}
