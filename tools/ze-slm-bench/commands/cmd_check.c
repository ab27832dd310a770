/* SPDX-License-Identifier: MIT */
/* `check`: a node's health check for Slurm's HealthCheckProgram or an epilog, as
 * `dcgmi diag -r N` is for NVIDIA's: `run` of a level's workloads on every device of
 * this node in a child process, the devices judged against each other and a baseline
 * file, and one line on stdout (host, verdict, code, worst figure) with an exit status
 * to drain on. A watchdog (SIGALRM) bounds the whole check: at --timeout it kills the
 * run, prints the node's line as TIMEOUT and exits failed, whatever the run was doing. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "fleet/baseline_file.h"
#include "fleet/confirm.h"
#include "fleet/fleet_read.h"
#include "fleet/fleet_verdict.h"
#include "fleet/reason_codes.h"
#include "fleet/verdict_options.h"
#include "io/output.h"
#include "json/doc_reader.h"
#include "render/fleet_exports.h"
#include "render/verdicts_render.h"

/* The levels: what `run` measures, and the --timeout each gets by default: several times
 * what each took on PoCL on a loaded 2-core machine (2.5 s, 27 s, 401 s;
 * docs/fleet-health.md, "The health check"), since a first run also compiles kernels. */
typedef struct check_level {
    const char *args[4]; /* `run`'s arguments past --device all (NULL-ended) */
    unsigned timeout_s;
} check_level;

static const check_level levels[] = {
    {{"--quick", "reduce/many", "bank/strided", NULL}, 120},
    {{"--quick", NULL}, 900},
    {{NULL}, 3600},
};

typedef struct check_opts {
    uint32_t level, timeout_s;
    const char *baseline, *openmetrics, *backend;
    verdict_opts judge; /* the shares and peers (verdict_options.h), --expect-gpus */
    bool no_confirm;
} check_opts;

#define CHECK_KEY_NO_CONFIRM (CLI_KEY_LONG_ONLY + 32) /* above CLI_KEY_QUIET and run's RUN_KEY_* */

/* Exit status and line of a check that did not get to judge (the codes the check
 * itself gives, beside the verdicts' own). */
#define CHECK_TIMEOUT_CODE "ZESLM_FR_CHECK_TIMEOUT"
#define CHECK_RUN_CODE "ZESLM_FR_CHECK_RUN"

static int on_option(void *ctx, int key, const char *value)
{
    check_opts *o = ctx;
    uint32_t n;
    switch (key) {
    case 'l': return cli_u32("--level", value, 1, 3, &o->level) ? 0 : 2;
    case 't': return cli_u32("--timeout", value, 1, 86400, &o->timeout_s) ? 0 : 2;
    case 'B': o->baseline = value; return 0;
    case 'P': o->openmetrics = value; return 0;
    case 'b': o->backend = value; return 0;
    case 'G':
        if (!cli_u32("--expect-gpus", value, 1, 4096, &n))
            return 2;
        o->judge.expect_gpus = n;
        return 0;
    case CHECK_KEY_NO_CONFIRM: o->no_confirm = true; return 0;
        return 0;
    default: return verdict_option(&o->judge, key, value);
    }
}

/* What the watchdog needs, set before it is armed: async-signal-safe to use. */
static volatile pid_t watched = 0;
static char timeout_line[512], scratch_file[4200], scratch_again[4200], scratch_dir[4096];

static void on_alarm(int sig)
{
    (void)sig;
    if (watched > 0)
        kill(watched, SIGKILL);
    if (*scratch_file)
        unlink(scratch_file);
    if (*scratch_again)
        unlink(scratch_again);
    if (*scratch_dir)
        rmdir(scratch_dir);
    ssize_t n = write(STDOUT_FILENO, timeout_line, strlen(timeout_line));
    (void)n;
    _exit(VERDICT_EXIT_FAILED);
}

/* A label value with no space or control byte, so the line splits on spaces. */
static void word(char *out, size_t len, const char *s)
{
    size_t i = 0;
    for (; s[i] && i + 1 < len; i++)
        out[i] = (unsigned char)s[i] <= ' ' || s[i] == 0x7f ? '?' : s[i];
    out[i] = '\0';
}

static void line(char *buf, size_t len, const char *host, const char *verdict_s, const char *code, double worst,
                 unsigned level, double seconds)
{
    char h[256], w[32] = "none";
    word(h, sizeof h, host);
    if (worst > 0)
        snprintf(w, sizeof w, "%.3f", worst);
    snprintf(buf, len, "ze-slm-check host=%s verdict=%s code=%s worst=%s level=%u seconds=%.1f\n", h, verdict_s, code, w,
             level, seconds);
}

static double since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + 1e-9 * (double)(t.tv_nsec - t0->tv_nsec);
}

/* Whether the space-separated `list` names `wl`. */
static bool listed(const char *list, const char *wl)
{
    size_t len = strlen(wl);
    for (const char *p = list; *p; p += strcspn(p, " "), p += *p == ' ')
        if (strncmp(p, wl, len) == 0 && (p[len] == ' ' || p[len] == '\0'))
            return true;
    return false;
}

/* The child's `run --device all LEVEL... --json path`; `again` (NULL: the level's own):
 * the workloads a confirmation measures again, space-separated, the level's variant of
 * each kept (level 1's bank/strided, not all of bank). Returns its exit status. */
static int run_level(const check_opts *o, const char *path, const char *again)
{
    const char *argv[16 + CONFIRM_MAX_WORKLOADS];
    char names[CONFIRM_MAX_WORKLOADS * 64 + 1];
    int argc = 0;
    argv[argc++] = "run";
    if (o->backend) {
        argv[argc++] = "--backend";
        argv[argc++] = o->backend;
    }
    argv[argc++] = "--device";
    argv[argc++] = "all";
    bool named = false;
    for (const char *const *a = levels[o->level - 1].args; *a; a++) {
        size_t len = strcspn(*a, "/");
        char wl[64];
        snprintf(wl, sizeof wl, "%.*s", (int)(len < sizeof wl ? len : sizeof wl - 1), *a);
        named |= **a != '-';
        if (!again || **a == '-' || listed(again, wl))
            argv[argc++] = *a;
    }
    /* A level of every workload: those named. */
    snprintf(names, sizeof names, "%s", again ? again : "");
    char *save = NULL;
    for (char *t = strtok_r(names, " ", &save); t && !named && argc < 12 + CONFIRM_MAX_WORKLOADS;
         t = strtok_r(NULL, " ", &save))
        argv[argc++] = t;
    argv[argc++] = "--json";
    argv[argc++] = path;
    argv[argc] = NULL;
    /* The parent's commit-at-end holds run's file back until output_commit. */
    int rc = command_run.run(argc, (char **)argv);
    if (output_commit() != 0 && rc == 0)
        rc = 1;
    fflush(NULL);
    return rc;
}

/* The run of the check in a child, its output on stderr (stdout holds the node's line
 * alone). The child runs the level, says its exit status on `said`, then reads on `asks`
 * the workloads a confirmation measures again into `again_path` (nothing: it ends): in
 * one process, which keeps its kernels' state as a long-lived run would. */
typedef struct check_child {
    pid_t pid;
    int said, asks; /* the parent's ends; -1 closed */
} check_child;

static bool child_start(const check_opts *o, const char *path, const char *again_path, check_child *c)
{
    int said[2], asks[2];
    *c = (check_child){.pid = -1, .said = -1, .asks = -1};
    if (pipe(said) != 0)
        return false;
    if (pipe(asks) != 0) {
        close(said[0]);
        close(said[1]);
        return false;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(said[0]), close(said[1]), close(asks[0]), close(asks[1]);
        return false;
    }
    if (pid == 0) {
        /* A check killed from outside takes its run with it. */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        close(said[0]);
        close(asks[1]);
        if (dup2(STDERR_FILENO, STDOUT_FILENO) < 0)
            _exit(1);
        signal(SIGALRM, SIG_DFL);
        int rc = run_level(o, path, NULL);
        char again[CONFIRM_MAX_WORKLOADS * 64 + 1];
        size_t got = 0;
        ssize_t n;
        if (write(said[1], &rc, sizeof rc) != (ssize_t)sizeof rc)
            _exit(rc);
        while (got + 1 < sizeof again && (n = read(asks[0], again + got, sizeof again - 1 - got)) > 0)
            got += (size_t)n;
        again[got] = '\0';
        _exit(got ? run_level(o, again_path, again) : rc);
    }
    close(said[1]);
    close(asks[0]);
    *c = (check_child){.pid = pid, .said = said[0], .asks = asks[1]};
    watched = pid;
    return true;
}

/* The exit status of the child's level run: as it said, or as it ended. */
static int child_said(check_child *c)
{
    int rc;
    ssize_t n;
    while ((n = read(c->said, &rc, sizeof rc)) < 0 && errno == EINTR)
        ;
    close(c->said);
    c->said = -1;
    return n == (ssize_t)sizeof rc ? rc : -2;
}

/* Asks the child for `again` (NULL: nothing more) and waits for its end. Returns its exit
 * status, or -1. */
static int child_end(check_child *c, const char *again)
{
    bool ok = true;
    if (again) {
        /* A child that died meanwhile is an error of its write, not the end of the check. */
        void (*was)(int) = signal(SIGPIPE, SIG_IGN);
        ok = write(c->asks, again, strlen(again)) == (ssize_t)strlen(again);
        signal(SIGPIPE, was);
    }
    close(c->asks);
    c->asks = -1;
    int status;
    while (waitpid(c->pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    watched = 0;
    if (!ok)
        return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* The lowest figure of a device: its baseline score where it has one, else its score
 * against its peers; 0 none. */
static double worst_figure(const verdicts *v)
{
    double worst = 0;
    for (size_t i = 0; i < v->n; i++) {
        const verdict_entry *e = &v->entries[i];
        double x = e->baseline_score > 0 ? e->baseline_score : e->score;
        if (e->device >= 0 && x > 0 && (worst == 0 || x < worst))
            worst = x;
    }
    return worst;
}

/* The node's code: the reason code (reason_codes.h) of its first entry of the worst
 * verdict. */
static const char *worst_code(const verdicts *v)
{
    for (size_t i = 0; i < v->n; i++)
        if (v->entries[i].v == v->worst)
            return reason_name((reason_code)v->entries[i].code);
    return reason_name(REASON_OK);
}

/* The confirmation's judgement: the first run's document (`first`) with the second
 * run's results in place of the accused devices', judged again into f and v (the first
 * judgement's, replaced). Returns 0 or the exit status after printing. */
static int rejudge(const char *first, const char *second, confirm_set *set, const verdict_opts *vo, fleet *f,
                   verdicts *v)
{
    run_doc a = {0}, b = {0};
    fleet g = {0};
    verdicts w = {0};
    verdict_opts again = *vo;
    again.confirm = set;
    int rc = fleet_inputs_read(first, DOC_READ_LIMIT, &a, true);
    if (rc || (rc = fleet_inputs_read(second, DOC_READ_LIMIT, &b, true)) != 0)
        goto out;
    for (size_t k = 0; k < set->n; k++) {
        confirm_device *c = &set->devices[k];
        for (size_t i = 0; i < a.n_devices; i++)
            for (size_t j = 0; j < b.n_devices; j++)
                if (a.devices[i].index == c->index && b.devices[j].index == c->index)
                    c->measured |= confirm_replace(&a.devices[i], &b.devices[j]) > 0;
    }
    if (!fleet_init(&g) || !fleet_add_doc(&g, &a, first)) {
        rc = cli_error("out of host memory");
        goto out;
    }
    fleet_sort(&g);
    if (!fleet_mark_duplicates(&g) || !fleet_mark_shared(&g) || !verdicts_compute(&g, &again, &w)) {
        rc = cli_error("out of host memory");
        goto out;
    }
    fleet_free(f);
    *f = g;
    g = (fleet){0};
    verdicts_free(v);
    *v = w;
    w = (verdicts){0};
out:
    verdicts_free(&w);
    if (g.keys)
        fleet_free(&g);
    if (a.head)
        run_doc_free(&a);
    if (b.head)
        run_doc_free(&b);
    return rc;
}

/* The confirmation's workloads, space-separated, into buf. */
static void workload_list(const confirm_set *set, char *buf, size_t len)
{
    size_t at = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < set->n_workloads && at < len; i++)
        at += (size_t)snprintf(buf + at, len - at, "%s%s", i ? " " : "", set->workloads[i]);
}

static int check_run(int argc, char **argv)
{
    /* Every verdict but UNJUDGED fails (a LOW drains). */
    check_opts o = {.level = 1, .judge = {.fail_on = VERDICT_FAIL_ALL & ~(1u << VERDICT_UNJUDGED)}};
    int first, rc = cli_parse(&command_check, &o, argc, argv, &first);
    if (rc >= 0)
        return rc;
    if (first != argc)
        return cli_usage_error("check: takes no operand ('%s')", argv[first]);
    if (o.openmetrics && strcmp(o.openmetrics, "-") == 0)
        return cli_usage_error("check --openmetrics: standard output holds the node's line; give a file");
    if (!o.timeout_s)
        o.timeout_s = levels[o.level - 1].timeout_s;
    output_plan plan;
    if ((rc = output_plan_init(&plan, NULL, NULL, NULL)) != 0 ||
        (rc = output_plan_add(&plan, OUTPUT_OPENMETRICS, "--openmetrics", o.openmetrics)) != 0)
        return rc;
    /* Slurm's name of the node where slurmd runs the check (an epilog's or
     * HealthCheckProgram's SLURMD_NODENAME): the name scontrol drains, which is not the
     * host name where a node's NodeName differs or several slurmd share one host. */
    char host[256] = "unknown";
    const char *node = getenv("SLURMD_NODENAME");
    if (node && *node)
        snprintf(host, sizeof host, "%s", node);
    else
        gethostname(host, sizeof host - 1);
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    fleet base = {0}, f = {0};
    verdicts v = {0};
    confirm_set set = {0};
    check_child child = {.pid = -1, .said = -1, .asks = -1};
    double file[VERDICT_THRESHOLDS];
    if (o.baseline) {
        rc = fleet_init(&base) ? baseline_load(o.baseline, DOC_READ_LIMIT, &base, file)
                               : cli_error("out of host memory");
        if (rc)
            goto out;
        verdict_opts_take(&o.judge, file);
        o.judge.baseline = &base;
    }
    const char *tmp = getenv("TMPDIR");
    snprintf(scratch_dir, sizeof scratch_dir, "%s/ze-slm-check.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(scratch_dir)) {
        rc = cli_error("cannot make a folder in %s (TMPDIR): %s", tmp && *tmp ? tmp : "/tmp", strerror(errno));
        *scratch_dir = '\0';
        goto out;
    }
    snprintf(scratch_file, sizeof scratch_file, "%s/run.json", scratch_dir);
    snprintf(scratch_again, sizeof scratch_again, "%s/again.json", scratch_dir);
    line(timeout_line, sizeof timeout_line, host, "ERROR", CHECK_TIMEOUT_CODE, 0, o.level, (double)o.timeout_s);
    struct sigaction sa = {.sa_handler = on_alarm};
    sigemptyset(&sa.sa_mask);
    sigaction(SIGALRM, &sa, NULL);
    alarm(o.timeout_s);
    if (!child_start(&o, scratch_file, scratch_again, &child)) {
        rc = cli_error("cannot start the run: %s", strerror(errno));
        goto out;
    }
    int run_rc = child_said(&child);
    if (run_rc == -2)
        run_rc = child_end(&child, NULL);
    char out[512];
    /* The shares as judged, which the confirmation picks its accused by too. */
    verdict_opts_resolve(&o.judge);
    if (access(scratch_file, F_OK) != 0 || !fleet_init(&f) ||
        fleet_inputs_stream(scratch_file, DOC_READ_LIMIT, &f, NULL, true, NULL) != 0 || f.n_devices == 0) {
        if (child.asks >= 0)
            child_end(&child, NULL);
        alarm(0);
        fprintf(stderr, "ze-slm-bench: the run exited %d and left no device measured\n", run_rc);
        line(out, sizeof out, host, "ERROR", CHECK_RUN_CODE, 0, o.level, since(&t0));
        fputs(out, stdout);
        rc = VERDICT_EXIT_FAILED;
        goto out;
    }
    fleet_sort(&f);
    if (!fleet_mark_duplicates(&f) || !fleet_mark_shared(&f) || !verdicts_compute(&f, &o.judge, &v) ||
        (!o.no_confirm && !confirm_select(&f, &v, o.judge.slow_below, &set))) {
        rc = cli_error("out of host memory");
        goto out;
    }
    /* The confirmation: the child measures the accused devices' workloads again (every
     * device of the node does, under the load of the first run). */
    char again[CONFIRM_MAX_WORKLOADS * 64 + 1];
    workload_list(&set, again, sizeof again);
    if (child.asks >= 0) {
        if (set.n)
            fprintf(stderr, "ze-slm-bench: confirming %zu device%s below a FAIL floor: %s again\n", set.n,
                    set.n == 1 ? "" : "s", again);
        int again_rc = child_end(&child, set.n ? again : NULL);
        if (set.n && (again_rc < 0 || access(scratch_again, F_OK) != 0))
            fprintf(stderr, "ze-slm-bench: the confirmation's run exited %d and left no results: the first "
                            "judgement stands\n", again_rc);
        else if (set.n && (rc = rejudge(scratch_file, scratch_again, &set, &o.judge, &f, &v)) != 0)
            goto out;
    }
    alarm(0);
    verdicts_text_first(stderr, &v);
    verdicts_output vout = {&v, o.judge.fail_on, &f};
    rc = fleet_exports_write(&plan, &vout, &o.judge);
    line(out, sizeof out, host, verdict_name(v.worst), worst_code(&v), worst_figure(&v), o.level, since(&t0));
    fputs(out, stdout);
    if (rc == 0)
        rc = verdicts_exit_status(&v, o.judge.fail_on);
out:
    /* A child still waiting to hear whether to measure again ends now. */
    if (child.asks >= 0)
        child_end(&child, NULL);
    alarm(0);
    if (*scratch_file)
        unlink(scratch_file);
    if (*scratch_again)
        unlink(scratch_again);
    if (*scratch_dir)
        rmdir(scratch_dir);
    *scratch_file = *scratch_again = *scratch_dir = '\0';
    confirm_free(&set);
    verdicts_free(&v);
    if (f.keys)
        fleet_free(&f);
    if (base.keys)
        fleet_free(&base);
    return rc;
}

static void more_help(FILE *f)
{
    fprintf(f, "Prints one line on stdout:\n"
               "  ze-slm-check host=NODE verdict=PASS code=CODE worst=0.973 level=1 seconds=8.2\n"
               "worst: the lowest score of a device (against the baseline where it has one, else\n"
               "against this node's other devices of its model); none where nothing judged one.\n"
               "Exit status: 0 pass, 3 degraded, 4 failed (a verdict, the run's failure, or the\n"
               "--timeout reached: code %s); 1 and 2 the tool's own errors.\n"
               "Levels (default --timeout): 1 two workloads, --quick (%us); 2 every workload,\n"
               "--quick (%us); 3 every workload at full size (%us).\n",
               CHECK_TIMEOUT_CODE, levels[0].timeout_s, levels[1].timeout_s, levels[2].timeout_s);
}

static const cli_option options[] = {
    {"level", 'l', "1|2|3", "how much to measure: 1 two workloads, 2 all of them quick, 3 all at full size"},
    {"timeout", 't', "SECONDS", "bound on the whole check: past it the run is killed and the node fails" "\n"
     "A bound on the whole check (default: 120, 900 and 3600 seconds for levels 1, 2 and 3): past it the run is "
     "killed, the node's line says verdict=ERROR code=" CHECK_TIMEOUT_CODE ", and the exit status is 4."},
    {"baseline", 'B', "FILE", "judge each device against FILE (merge --write-baseline, or a results document)"},
    {"openmetrics", 'P', "FILE", "the verdicts and scores in Prometheus' text format (node_exporter's textfile collector)"},
    {"expect-gpus", 'G', "N", "the node should have N devices: fewer is ERROR (ZESLM_FR_GPU_COUNT)" "\n"
     "The node should have N devices: fewer found by the driver is ERROR, code ZESLM_FR_GPU_COUNT. Default: what "
     "the launcher's variables say (SLURM_GPUS_ON_NODE, SLURM_JOB_GPUS, ZE_AFFINITY_MASK, ONEAPI_DEVICE_SELECTOR, CUDA_VISIBLE_DEVICES, HIP_VISIBLE_DEVICES)."},
    VERDICT_OPTIONS,
    {"no-confirm", CHECK_KEY_NO_CONFIRM, NULL, "judge once: a FAIL on speed is not measured again" "\n"
     "Judge once. Without it, a device below a FAIL floor on speed (ZESLM_FR_LOW_FLOOR, ZESLM_FR_SLOW_FLOOR, "
     "ZESLM_FR_WORKLOAD_FLOOR) is confirmed: the run measures the workloads it failed once more, on every device "
     "of the node, and it is judged again on its second measurement; a FAIL that does not hold is "
     "ZESLM_FR_UNCONFIRMED, a WARN (exit status 3)."},
    CLI_OPTION_BACKEND,
};

const cli_command command_check = {
    .name = "check",
    .operands = "",
    .summary = "a node's health check for Slurm: one line, an exit status to drain on",
    .options = options,
    .n_options = sizeof options / sizeof options[0],
    .more_help = more_help,
    .on_option = on_option,
    .run = check_run,
};
