/* SPDX-License-Identifier: MIT */
/* The progress line of a run on a terminal: a variant counter, the time so far and the
 * time left (progress_eta.c), kept as the run's workloads and variants begin and end. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "table/params_text.h"
#include "table/term_width.h"
#include "run/progress.h"
#include "run/progress_eta.h"
#include "run/progress_format.h"

/* What one variant of a workload is expected to cost is the workload's own
 * (zeslm_workload.cost, beside its variants; bench.h says where the figures come
 * from): the weights share the run's target (run_budget_next); the spends estimate the
 * time left (progress_eta.c). NULL: a workload the library does not know. */
static const zeslm_workload_cost *cost_of(const char *workload)
{
    const zeslm_workload *wl = zeslm_workload_find(workload);
    return wl ? wl->cost : NULL;
}

double progress_weight(const char *workload)
{
    const zeslm_workload_cost *c = cost_of(workload);
    return c ? c->weight : 1;
}

double progress_results(const char *workload, bool gpu)
{
    const zeslm_workload_cost *c = cost_of(workload);
    return c ? gpu ? c->results_gpu : c->results : 1;
}

/* A workload without a cost: all of each budget, the most a result uses. */
double progress_spend(const char *workload, bool gpu)
{
    const zeslm_workload_cost *c = cost_of(workload);
    return !c ? 1 : gpu ? c->spend_gpu : c->spend;
}

double progress_since(const progress *p)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - p->t0.tv_sec) + (double)(now.tv_nsec - p->t0.tv_nsec) * 1e-9;
}

size_t progress_variants(const zeslm_workload *wl, const char *variants)
{
    size_t n = 0;
    for (size_t i = 0; i < wl->n_variants; i++)
        n += zeslm_variant_listed(variants, wl->variants[i].name);
    return n;
}

void progress_start(progress *p, FILE *tty, size_t total)
{
    *p = (progress){.tty = tty && isatty(fileno(tty)) ? tty : NULL, .total = total, .passes = 1,
                    .lock = PTHREAD_MUTEX_INITIALIZER};
    clock_gettime(CLOCK_MONOTONIC, &p->t0);
}

void progress_stage_begin(progress *p, size_t stage, double budget_s, double now_s)
{
    pthread_mutex_lock(&p->lock);
    p->stage = stage;
    p->pass = 0;
    p->pass_from = now_s;
    p->results_seen = 0;
    p->budget_s = budget_s;
    pthread_mutex_unlock(&p->lock);
}

void progress_line(const progress *p, const char *params, double now_s, char *buf, size_t len)
{
    progress_line_fit(p, params, now_s, len ? len - 1 : 0, buf, len);
}

/* s cut to `room` bytes where it is longer, ending in "..." (room >= 3). */
static void cut(char *s, size_t room)
{
    if (strlen(s) > room)
        strcpy(s + room - 3, "...");
}

void progress_line_fit(const progress *p, const char *params, double now_s, size_t width, char *buf, size_t len)
{
    char scaled[256], elapsed[32], left[48] = "left ~?", head[160], clock[16];
    params_text(params, true, scaled, sizeof scaled);
    progress_clock(now_s, clock, sizeof clock);
    snprintf(elapsed, sizeof elapsed, "  elapsed %s", clock);
    double rest = progress_left(p, now_s);
    if (rest >= 0) {
        progress_clock(rest, clock, sizeof clock);
        snprintf(left, sizeof left, "left ~%s%s", clock, progress_uncertain(p, now_s) ? ", uncertain" : "");
    }
    snprintf(head, sizeof head, "[%zu/%zu #%zu] %s %s", p->started, p->total, p->results_made, p->workload,
             p->variant);
    /* By priority, where the line is too wide: the parameters are cut, then left out,
     * then the time so far; then the workload and variant are cut; the time left and
     * whether it is uncertain always stay. */
    size_t fixed = strlen(head) + 2 + strlen(left), room = width > fixed ? width - fixed : 0;
    if (strlen(scaled) + 1 + strlen(elapsed) > room) {
        size_t for_params = room > strlen(elapsed) + 1 ? room - strlen(elapsed) - 1 : 0;
        if (for_params >= 8)
            cut(scaled, for_params);
        else
            scaled[0] = '\0';
        if (!scaled[0] && strlen(elapsed) > room)
            elapsed[0] = '\0';
        if (!elapsed[0] && fixed > width)
            cut(head, width > strlen(left) + 2 + 8 ? width - strlen(left) - 2 : 8);
    }
    snprintf(buf, len, "%s%s%s%s  %s", head, *scaled ? " " : "", scaled, elapsed, left);
}

/* The terminal's width, so that the line never wraps (a wrapped line cannot be
 * rewritten in place); where it does not say (a pty of no size), COLUMNS', else 80. */
static size_t columns(FILE *tty)
{
    struct winsize ws;
    if (ioctl(fileno(tty), TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
        return ws.ws_col;
    const char *env = getenv("COLUMNS");
    return env && *env ? term_width_of(env, 80) : 80;
}

void progress_draw(progress *p, double now_s)
{
    if (p->log) {
        double rest = progress_left(p, now_s);
        fprintf(p->log, "%.3f %.3f %s %s %s\n", now_s, rest >= 0 ? now_s + rest : -1, p->workload, p->variant,
                p->params);
    }
    if (!p->tty)
        return;
    char line[512];
    /* One column short of the width: a line that fills the last column wraps on some
     * terminals. */
    size_t width = columns(p->tty) - 1;
    progress_line_fit(p, p->params, now_s, width, line, sizeof line);
    if (strlen(line) > width)
        line[width] = '\0';
    fprintf(p->tty, "\r\033[K%s", line);
    fflush(p->tty);
    p->shown = true;
}

static bool was_seen(const progress *p, const char *variant)
{
    for (size_t i = 0; i < p->n_seen; i++)
        if (strcmp(p->seen[i], variant) == 0)
            return true;
    return false;
}

void progress_note_at(progress *p, const char *workload, const char *variant, const char *params, double now_s)
{
    pthread_mutex_lock(&p->lock);
    /* A result measures itself once per doubling of its work, with the same
     * parameters: a change of them is the next result. */
    bool fresh = strcmp(p->workload, workload) != 0 || strcmp(p->variant, variant) != 0 ||
                 strcmp(p->params, params) != 0;
    p->results_seen += fresh;
    p->results_made += fresh;
    if (strcmp(p->workload, workload) != 0 || strcmp(p->variant, variant) != 0) {
        bool seen = strcmp(p->workload, workload) == 0 && was_seen(p, variant);
        if (!seen) {
            p->started++;
            if (strcmp(p->workload, workload) != 0)
                p->n_seen = 0;
            if (p->n_seen < PROGRESS_SEEN_MAX)
                snprintf(p->seen[p->n_seen++], sizeof p->seen[0], "%s", variant);
        }
        snprintf(p->workload, sizeof p->workload, "%s", workload);
        snprintf(p->variant, sizeof p->variant, "%s", variant);
    }
    snprintf(p->params, sizeof p->params, "%s", params);
    progress_draw(p, now_s);
    pthread_mutex_unlock(&p->lock);
}

void progress_note(const char *workload, const char *variant, const char *params, void *arg)
{
    progress *p = arg;
    progress_note_at(p, workload, variant, params, progress_since(p));
}

static void clear_line(progress *p)
{
    if (p->shown) {
        fprintf(p->tty, "\r\033[K");
        fflush(p->tty);
        p->shown = false;
    }
}

void progress_finished_at(progress *p, size_t n, double now_s)
{
    pthread_mutex_lock(&p->lock);
    if (p->stage < p->n_stages) {
        double planned = (double)p->results_seen * p->stages[p->stage].spend * p->budget_s;
        p->closed_s = now_s;
        p->planned_s += planned;
        p->recent_s = p->recent_s * PROGRESS_ETA_FADE + (now_s - p->pass_from);
        p->recent_planned_s = p->recent_planned_s * PROGRESS_ETA_FADE + planned;
    }
    p->results_seen = 0;
    p->finished += n;
    p->started = p->finished;
    p->pass++;
    p->pass_from = now_s;
    p->workload[0] = p->variant[0] = p->params[0] = '\0';
    p->n_seen = 0;
    clear_line(p);
    pthread_mutex_unlock(&p->lock);
}

void progress_finished(progress *p, size_t n)
{
    progress_finished_at(p, n, progress_since(p));
}

bool progress_log_name(progress *p, long rank)
{
    const char *path = getenv("ZESLM_PROGRESS_LOG");
    p->log_path[0] = '\0';
    if (!path || !*path)
        return true;
    size_t used = 0;
    for (const char *c = path; *c && used < sizeof p->log_path; c++) {
        bool r = c[0] == '%' && c[1] == 'r';
        int n = r ? snprintf(p->log_path + used, sizeof p->log_path - used, "%ld", rank)
                  : snprintf(p->log_path + used, sizeof p->log_path - used, "%c", *c);
        used += (size_t)n;
        c += r;
    }
    if (used >= sizeof p->log_path) {
        p->log_path[0] = '\0';
        errno = ENAMETOOLONG;
        return false;
    }
    return true;
}

bool progress_log_open(progress *p)
{
    if (!p->log_path[0])
        return true;
    /* Opened without waiting: a FIFO that no process reads fails at once (ENXIO)
     * instead of holding the run before it starts; its writes then wait for the
     * reader, as a pipe's do. */
    int fd = open(p->log_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NONBLOCK, 0666);
    int flags = fd >= 0 ? fcntl(fd, F_GETFL) : -1;
    p->log = flags >= 0 && fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0 ? fdopen(fd, "w") : NULL;
    if (fd >= 0 && !p->log) {
        int err = errno;
        close(fd);
        errno = err;
    }
    /* A line at a time, so that the log can be watched as the run goes (tail -f) and a
     * run that is killed keeps what it estimated (tests/cli/fleet/cluster_mpi.sh waits on it). */
    if (p->log && setvbuf(p->log, NULL, _IOLBF, 0) != 0) {
        fclose(p->log);
        p->log = NULL;
    }
    return p->log != NULL;
}

bool progress_end(progress *p)
{
    if (!p->log)
        return true;
    fprintf(p->log, "end %.3f\n", progress_since(p));
    bool ok = !ferror(p->log);
    ok &= fclose(p->log) == 0;
    p->log = NULL;
    return ok;
}

void progress_clear(progress *p)
{
    pthread_mutex_lock(&p->lock);
    clear_line(p);
    pthread_mutex_unlock(&p->lock);
}
