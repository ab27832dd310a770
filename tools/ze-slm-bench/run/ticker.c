/* SPDX-License-Identifier: MIT */
#include <signal.h>
#include <time.h>

#include "run/ticker.h"

static void *run(void *arg)
{
    ticker *t = arg;
    struct timespec at;
    clock_gettime(CLOCK_MONOTONIC, &at);
    pthread_mutex_lock(&t->lock);
    while (!t->stopping) {
        at.tv_nsec += t->period_ns % 1000000000L;
        at.tv_sec += t->period_ns / 1000000000L + at.tv_nsec / 1000000000L;
        at.tv_nsec %= 1000000000L;
        /* Until the tick's time or the stop (a wake-up for neither waits on). */
        while (!t->stopping && pthread_cond_timedwait(&t->wake, &t->lock, &at) == 0)
            ;
        if (t->stopping)
            break;
        pthread_mutex_unlock(&t->lock);
        t->tick(t->arg);
        pthread_mutex_lock(&t->lock);
    }
    pthread_mutex_unlock(&t->lock);
    return NULL;
}

bool ticker_start(ticker *t, double period_s, void (*tick)(void *), void *arg)
{
    *t = (ticker){.tick = tick, .arg = arg, .period_ns = (long)(period_s * 1e9)};
    pthread_condattr_t attr;
    if (pthread_condattr_init(&attr) != 0)
        return false;
    bool ok = pthread_condattr_setclock(&attr, CLOCK_MONOTONIC) == 0 && pthread_cond_init(&t->wake, &attr) == 0;
    pthread_condattr_destroy(&attr);
    if (!ok)
        return false;
    if (pthread_mutex_init(&t->lock, NULL) != 0) {
        pthread_cond_destroy(&t->wake);
        return false;
    }
    /* The new thread inherits this mask. */
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    t->running = pthread_create(&t->thread, NULL, run, t) == 0;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (!t->running) {
        pthread_mutex_destroy(&t->lock);
        pthread_cond_destroy(&t->wake);
    }
    return t->running;
}

void ticker_stop(ticker *t)
{
    if (!t->running)
        return;
    pthread_mutex_lock(&t->lock);
    t->stopping = true;
    pthread_cond_signal(&t->wake);
    pthread_mutex_unlock(&t->lock);
    pthread_join(t->thread, NULL);
    pthread_mutex_destroy(&t->lock);
    pthread_cond_destroy(&t->wake);
    t->running = false;
}
