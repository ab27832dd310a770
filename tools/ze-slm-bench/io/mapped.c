/* SPDX-License-Identifier: MIT */
/* MAP_ANONYMOUS is beyond the _POSIX_C_SOURCE the build asks for. */
#define _DEFAULT_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "io/mapped.h"

/* Mappings guarded at once: merge's reader threads (one a core) and compare's two
 * files each hold one. */
#define GUARDED 1024

/* The handler reads these without a lock (it may not take one): a slot's bounds are
 * written before its `used` is set, and `used` cleared before they change. */
static struct {
    volatile uintptr_t lo, hi; /* hi: the end of its last page */
    volatile sig_atomic_t faulted;
} slots[GUARDED];
static volatile sig_atomic_t used[GUARDED];
static pthread_mutex_t slots_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t installed = PTHREAD_ONCE_INIT;
static struct sigaction previous;
static uintptr_t page;

/* Only async-signal-safe calls here (signal-safety(7) lists no mmap, but it is one
 * system call that takes no lock of the process's). */
static void on_bus(int sig, siginfo_t *si, void *ctx)
{
    uintptr_t at = (uintptr_t)si->si_addr;
    for (size_t i = 0; i < GUARDED; i++)
        if (used[i] && at >= slots[i].lo && at < slots[i].hi) {
            uintptr_t from = at & ~(page - 1);
            void *zeros = mmap((void *)from, slots[i].hi - from, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED,
                               -1, 0);
            if (zeros != MAP_FAILED) {
                slots[i].faulted = 1;
                return; /* the read goes on, over zeros */
            }
        }
    /* Not a guarded mapping's: what the process did before takes it. */
    if (previous.sa_flags & SA_SIGINFO && previous.sa_sigaction) {
        previous.sa_sigaction(sig, si, ctx);
        return;
    }
    sigaction(SIGBUS, &previous, NULL);
    if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN)
        previous.sa_handler(sig);
    /* SIG_DFL: the fault comes again on return, and ends the process as it would have. */
}

static void install(void)
{
    page = (uintptr_t)sysconf(_SC_PAGESIZE);
    struct sigaction sa = {.sa_sigaction = on_bus, .sa_flags = SA_SIGINFO | SA_NODEFER};
    sigemptyset(&sa.sa_mask);
    sigaction(SIGBUS, &sa, &previous);
}

int mapped_guard(const void *map, size_t len)
{
    pthread_once(&installed, install);
    int slot = -1;
    pthread_mutex_lock(&slots_lock);
    for (int i = 0; i < GUARDED && slot < 0; i++)
        if (!used[i]) {
            slots[i].lo = (uintptr_t)map;
            slots[i].hi = ((uintptr_t)map + len + page - 1) & ~(page - 1);
            slots[i].faulted = 0;
            used[i] = 1;
            slot = i;
        }
    pthread_mutex_unlock(&slots_lock);
    return slot;
}

bool mapped_faulted(int slot)
{
    return slot >= 0 && slot < GUARDED && slots[slot].faulted;
}

void mapped_unguard(int slot)
{
    if (slot < 0 || slot >= GUARDED)
        return;
    pthread_mutex_lock(&slots_lock);
    used[slot] = 0;
    pthread_mutex_unlock(&slots_lock);
}
