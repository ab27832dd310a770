/* SPDX-License-Identifier: MIT */
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <unistd.h>

#include "io/ordered.h"

typedef struct slot {
    void *made;
    bool ready;
} slot;

typedef struct run {
    const ordered_steps *steps;
    void *ctx;
    size_t n, next, used, ahead;
    bool stop;
    slot *slots;               /* item i in slots[i % ahead] */
    pthread_mutex_t lock;
    pthread_cond_t cond;
} run;

static void *work(void *arg)
{
    run *r = arg;
    pthread_mutex_lock(&r->lock);
    for (;;) {
        while (!r->stop && r->next < r->n && r->next >= r->used + r->ahead)
            pthread_cond_wait(&r->cond, &r->lock);
        if (r->stop || r->next >= r->n)
            break;
        size_t i = r->next++;
        pthread_mutex_unlock(&r->lock);
        void *made = r->steps->make(r->ctx, i);
        pthread_mutex_lock(&r->lock);
        r->slots[i % r->ahead] = (slot){made, true};
        pthread_cond_broadcast(&r->cond);
    }
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

/* Every item on the calling thread. */
static int inline_map(size_t n, const ordered_steps *steps, void *ctx)
{
    int rc = 0;
    for (size_t i = 0; i < n && !rc; i++)
        rc = steps->use(ctx, i, steps->make(ctx, i));
    return rc;
}

int ordered_map(size_t n, unsigned threads, size_t ahead, const ordered_steps *steps, void *ctx)
{
    threads = threads > 16 ? 16 : threads;
    run r = {.steps = steps, .ctx = ctx, .n = n, .ahead = ahead ? ahead : 1};
    if (threads <= 1 || n <= 1 || !(r.slots = calloc(r.ahead, sizeof *r.slots)))
        return inline_map(n, steps, ctx);
    pthread_t t[16];
    unsigned started = 0;
    if (pthread_mutex_init(&r.lock, NULL) != 0) {
        free(r.slots);
        return inline_map(n, steps, ctx);
    }
    if (pthread_cond_init(&r.cond, NULL) != 0) {
        pthread_mutex_destroy(&r.lock);
        free(r.slots);
        return inline_map(n, steps, ctx);
    }
    while (started < threads && pthread_create(&t[started], NULL, work, &r) == 0)
        started++;
    int rc = 0;
    /* No thread started: the calling thread makes them as it goes. */
    if (started == 0)
        rc = inline_map(n, steps, ctx);
    for (size_t i = 0; started && i < n && !rc; i++) {
        slot *s = &r.slots[i % r.ahead];
        pthread_mutex_lock(&r.lock);
        while (!s->ready)
            pthread_cond_wait(&r.cond, &r.lock);
        void *made = s->made;
        *s = (slot){0};
        pthread_mutex_unlock(&r.lock);
        rc = steps->use(ctx, i, made);
        pthread_mutex_lock(&r.lock);
        r.used++;
        pthread_cond_broadcast(&r.cond);
        pthread_mutex_unlock(&r.lock);
    }
    pthread_mutex_lock(&r.lock);
    r.stop = true;
    pthread_cond_broadcast(&r.cond);
    pthread_mutex_unlock(&r.lock);
    for (unsigned k = 0; k < started; k++)
        pthread_join(t[k], NULL);
    /* Items made ahead of a stop. */
    for (size_t k = 0; k < r.ahead; k++)
        if (r.slots[k].ready)
            steps->drop(ctx, r.slots[k].made);
    pthread_cond_destroy(&r.cond);
    pthread_mutex_destroy(&r.lock);
    free(r.slots);
    return rc;
}

unsigned ordered_cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (unsigned)n : 1;
}
