/* SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <zeslm/bench.h>

#include "io/interrupt.h"

/* Temporaries tracked at once: the output plan holds at most 16 files open (io/output.c,
 * OPEN_MAX) and its check makes one more a format. */
#define TRACKED 32
/* A temporary's name: a path (PATH_MAX on Linux) and its ".tmp.XXXXXX". */
#define NAME_MAX_BYTES 4112

/* The handler reads these without a lock (it may not take one): a slot's name is
 * written before its `used` is set, and `used` cleared before the name changes. */
static char names[TRACKED][NAME_MAX_BYTES];
static volatile sig_atomic_t used[TRACKED];
static volatile sig_atomic_t deferred;
/* The first signal that stopped the command, 0 none. */
static volatile sig_atomic_t stop_signal;
static pthread_mutex_t slots_lock = PTHREAD_MUTEX_INITIALIZER;

static const int caught[] = {SIGINT, SIGTERM, SIGHUP};
#define N_CAUGHT (sizeof caught / sizeof *caught)

/* Only async-signal-safe calls here (signal-safety(7)): unlink, _exit. */
static void remove_tracked(void)
{
    for (size_t i = 0; i < TRACKED; i++)
        if (used[i])
            unlink(names[i]);
}

int interrupt_status(void)
{
    return 128 + (stop_signal ? stop_signal : SIGINT);
}

static void on_signal(int sig)
{
    if (!stop_signal)
        stop_signal = sig;
    zeslm_request_stop();
    if (deferred)
        return;
    remove_tracked();
    _exit(interrupt_status());
}

void interrupt_install(void)
{
    struct sigaction sa = {.sa_handler = on_signal};
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < N_CAUGHT; i++)
        sigaddset(&sa.sa_mask, caught[i]);
    /* SIGINT is caught even where the shell started the tool with it ignored (a
     * background job of a script): a stop sent on purpose is one
     * (tests/cli/signal_run.sh). SIGHUP ignored (nohup) stays ignored. */
    for (size_t i = 0; i < N_CAUGHT; i++) {
        struct sigaction old;
        if (caught[i] == SIGHUP && sigaction(SIGHUP, NULL, &old) == 0 && old.sa_handler == SIG_IGN)
            continue;
        sigaction(caught[i], &sa, NULL);
    }
}

void interrupt_defer(void)
{
    deferred++;
}

void interrupt_resume(void)
{
    if (deferred > 0)
        deferred--;
    if (!deferred && zeslm_stop_requested()) {
        remove_tracked();
        _exit(interrupt_status());
    }
}

int interrupt_track(const char *path)
{
    if (strlen(path) >= NAME_MAX_BYTES)
        return -1;
    int slot = -1;
    pthread_mutex_lock(&slots_lock);
    for (int i = 0; i < TRACKED && slot < 0; i++)
        if (!used[i]) {
            strcpy(names[i], path);
            used[i] = 1;
            slot = i;
        }
    pthread_mutex_unlock(&slots_lock);
    return slot;
}

void interrupt_untrack(int slot)
{
    if (slot < 0 || slot >= TRACKED)
        return;
    pthread_mutex_lock(&slots_lock);
    used[slot] = 0;
    pthread_mutex_unlock(&slots_lock);
}

bool interrupt_close(void)
{
    sigset_t block;
    sigemptyset(&block);
    for (size_t i = 0; i < N_CAUGHT; i++)
        sigaddset(&block, caught[i]);
    pthread_sigmask(SIG_BLOCK, &block, NULL);
    return zeslm_stop_requested();
}
