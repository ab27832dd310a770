/* SPDX-License-Identifier: MIT */
/* A thread that calls a function every period until stopped: the progress line's
 * redraw, the clock sampler, and the bound on MPI_Init. */
#ifndef ZESLM_TICKER_H
#define ZESLM_TICKER_H

#include <pthread.h>
#include <stdbool.h>

typedef struct ticker {
    void (*tick)(void *arg); /* called without the ticker's lock held */
    void *arg;
    long period_ns;
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t wake;     /* on CLOCK_MONOTONIC: a change of the wall clock moves no tick */
    bool stopping, running;
} ticker;

/* Starts a thread that calls tick(arg) every period_s seconds, the first a period
 * from now, with SIGINT and SIGTERM blocked (the run's thread takes them). False when
 * no thread could be made (nothing to stop then). */
bool ticker_start(ticker *t, double period_s, void (*tick)(void *), void *arg);

/* Wakes the thread, waits for a tick in progress and ends it; no tick after it
 * returns. Nothing for a ticker that did not start. */
void ticker_stop(ticker *t);

#endif
