/* The progress line of a run on a terminal: a variant counter, the time so far and the
 * time left, estimated as hyperfine does from the mean cost of what has finished. */
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <zeslm/units.h>

#include "progress.h"

/* Parameters whose value is a byte count. */
static const char *const byte_keys[] = {"bytes=", "footprint=", "slm="};
/* Parameters whose value is a count of elements or work-items. */
static const char *const count_keys[] = {"n=", "m="};

/* What one variant of each workload is expected to cost, relative to the others
 * (weight: the seconds a variant took in a default run on PoCL, 2 shared EPYC cores, where
 * each result's convergence budget and the results per variant decide it), and the
 * results one variant makes (latency's 10 footprints, bank's 7 strides; the same on
 * every device). The estimate scales the weights by the device's own pace so far, so
 * only their ratios matter. */
static const struct {
    const char *workload;
    double weight, results;
} costs[] = {
    {"roofline", 2.4, 1.6}, {"reduce", 0.2, 1.0},    {"bank", 1.0, 7.0},    {"conv", 0.3, 1.0},
    {"hist", 0.2, 1.9},     {"occupancy", 0.5, 7.5}, {"latency", 7.0, 10.0}, {"atomics", 0.5, 3.0},
};

static size_t cost_of(const char *workload)
{
    size_t i = 0;
    while (i < sizeof costs / sizeof *costs && strcmp(costs[i].workload, workload) != 0)
        i++;
    return i;
}

double progress_weight(const char *workload)
{
    size_t i = cost_of(workload);
    return i < sizeof costs / sizeof *costs ? costs[i].weight : 1;
}

double progress_results(const char *workload)
{
    size_t i = cost_of(workload);
    return i < sizeof costs / sizeof *costs ? costs[i].results : 1;
}

static double since(const struct timespec *t0)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t0->tv_sec) + (double)(now.tv_nsec - t0->tv_nsec) * 1e-9;
}

size_t progress_variants(const zeslm_workload *wl, const char *variants)
{
    size_t n = 0;
    for (size_t i = 0; i < wl->n_variants; i++)
        n += zeslm_variant_listed(variants, wl->variants[i].name);
    return n;
}

void progress_start(progress *p, FILE *tty, size_t total, double weight)
{
    *p = (progress){.tty = tty && isatty(fileno(tty)) ? tty : NULL, .total = total, .weight_total = weight};
    clock_gettime(CLOCK_MONOTONIC, &p->t0);
}

void progress_clock(double s, char *buf, size_t len)
{
    unsigned long t = s > 0 ? (unsigned long)(s + 0.5) : 0;
    if (t >= 3600)
        snprintf(buf, len, "%lu:%02lu:%02lu", t / 3600, t / 60 % 60, t % 60);
    else
        snprintf(buf, len, "%lu:%02lu", t / 60, t % 60);
}

/* Whether `token` starts with one of `keys`: the length of that key, else 0. */
static size_t key_of(const char *token, const char *const *keys, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (strncmp(token, keys[i], strlen(keys[i])) == 0)
            return strlen(keys[i]);
    return 0;
}

/* A count for people: as it is below 10000, else three digits and k, M or G. */
static void format_count(unsigned long long v, char *buf, size_t len)
{
    static const char prefix[] = "kMG";
    double x = (double)v;
    size_t p = 0;
    if (v < 10000) {
        snprintf(buf, len, "%llu", v);
        return;
    }
    for (x /= 1000; x >= 999.5 && p + 1 < sizeof prefix - 1; p++)
        x /= 1000;
    snprintf(buf, len, "%.*f%c", x < 9.995 ? 2 : x < 99.95 ? 1 : 0, x, prefix[p]);
}

void progress_scale_params(const char *params, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (const char *t = params; *t && used + 1 < len;) {
        size_t word = strcspn(t, " ");
        size_t kb = key_of(t, byte_keys, sizeof byte_keys / sizeof *byte_keys);
        size_t kc = key_of(t, count_keys, sizeof count_keys / sizeof *count_keys);
        size_t key = kb ? kb : kc;
        char *end = NULL;
        unsigned long long v = key ? strtoull(t + key, &end, 10) : 0;
        char value[32];
        if (key && end == t + word && word > key) {
            if (kb)
                zeslm_format_bytes(v, value, sizeof value);
            else
                format_count(v, value, sizeof value);
            used += (size_t)snprintf(buf + used, len - used, "%.*s%s", (int)key, t, value);
        } else {
            used += (size_t)snprintf(buf + used, len - used, "%.*s", (int)word, t);
        }
        if (used >= len)
            break;
        t += word;
        if (*t == ' ') {
            used += (size_t)snprintf(buf + used, len - used, " ");
            t++;
        }
    }
}

double progress_left(const progress *p, double now_s)
{
    /* The variants that finished cost current_from between them, weight_done of the
     * expected; the rest, the one under way included, cost at that pace. */
    if (p->weight_done <= 0 || p->weight_total < p->weight_done)
        return -1;
    double pace = p->current_from / p->weight_done;
    double rest = pace * (p->weight_total - p->weight_done) - (now_s - p->current_from);
    if (p->target_s > now_s && rest > p->target_s - now_s)
        rest = p->target_s - now_s;
    return rest > 0 ? rest : 0;
}

void progress_line(const progress *p, const char *params, double now_s, char *buf, size_t len)
{
    char scaled[256], elapsed[16], left[24] = "left ~?";
    progress_scale_params(params, scaled, sizeof scaled);
    progress_clock(now_s, elapsed, sizeof elapsed);
    double rest = progress_left(p, now_s);
    if (rest >= 0) {
        char clock[16];
        progress_clock(rest, clock, sizeof clock);
        snprintf(left, sizeof left, "left ~%s", clock);
    }
    snprintf(buf, len, "[%zu/%zu] %s %s %s  elapsed %s  %s", p->started, p->total, p->workload, p->variant,
             scaled, elapsed, left);
}

/* The terminal's width, so that the line never wraps (a wrapped line cannot be
 * rewritten in place); 80 when it does not say. */
static size_t columns(FILE *tty)
{
    struct winsize ws;
    if (ioctl(fileno(tty), TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
        return ws.ws_col;
    return 80;
}

static bool was_seen(const progress *p, const char *variant)
{
    for (size_t i = 0; i < p->n_seen; i++)
        if (strcmp(p->seen[i], variant) == 0)
            return true;
    return false;
}

void progress_note(const char *workload, const char *variant, const char *params, void *arg)
{
    progress *p = arg;
    double now = since(&p->t0);
    if (strcmp(p->workload, workload) != 0 || strcmp(p->variant, variant) != 0) {
        bool seen = strcmp(p->workload, workload) == 0 && was_seen(p, variant);
        if (!seen) {
            p->started++;
            p->weight_done += p->weight_current;
            p->weight_current = progress_weight(workload);
            p->current_from = now;
            if (strcmp(p->workload, workload) != 0)
                p->n_seen = 0;
            if (p->n_seen < PROGRESS_SEEN_MAX)
                snprintf(p->seen[p->n_seen++], sizeof p->seen[0], "%s", variant);
        }
        snprintf(p->workload, sizeof p->workload, "%s", workload);
        snprintf(p->variant, sizeof p->variant, "%s", variant);
    }
    if (p->log) {
        double rest = progress_left(p, now);
        fprintf(p->log, "%.3f %.3f %s %s %s\n", now, rest >= 0 ? now + rest : -1, workload, variant, params);
    }
    if (!p->tty)
        return;
    char line[512];
    progress_line(p, params, now, line, sizeof line);
    size_t width = columns(p->tty) - 1;
    if (strlen(line) > width)
        line[width] = '\0';
    fprintf(p->tty, "\r\033[K%s", line);
    fflush(p->tty);
    p->shown = true;
}

void progress_finished(progress *p, const char *workload, size_t n)
{
    p->finished += n;
    p->started = p->finished;
    p->weight_finished += (double)n * progress_weight(workload);
    p->weight_done = p->weight_finished;
    p->weight_current = 0;
    p->current_from = since(&p->t0);
    p->workload[0] = p->variant[0] = '\0';
    p->n_seen = 0;
    progress_clear(p);
}

bool progress_log_open(progress *p)
{
    const char *path = getenv("ZESLM_PROGRESS_LOG");
    if (!path || !*path)
        return true;
    p->log = fopen(path, "w");
    return p->log != NULL;
}

bool progress_end(progress *p)
{
    if (!p->log)
        return true;
    fprintf(p->log, "end %.3f\n", since(&p->t0));
    bool ok = !ferror(p->log);
    ok &= fclose(p->log) == 0;
    p->log = NULL;
    return ok;
}

void progress_clear(progress *p)
{
    if (p->shown) {
        fprintf(p->tty, "\r\033[K");
        fflush(p->tty);
        p->shown = false;
    }
}
