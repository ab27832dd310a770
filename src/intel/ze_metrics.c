/* SPDX-License-Identifier: MIT */
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <level_zero/ze_api.h>
#include <level_zero/zet_api.h>

#include "error.h"
#include <zeslm/metrics.h>

/* Intel's metrics-discovery library, which the GPU driver loads for counters (not in
 * Debian 12). */
#define METRICS_LIBRARY "libigdmd.so.1"
/* i915's switch for unprivileged counter streams: 1 (the default) allows root only. */
#define PARANOID "/proc/sys/dev/i915/perf_stream_paranoid"
/* The child's answer is bounded: groups a device are tens, lines a few hundred bytes. */
#define MAX_ANSWER (1u << 20)
/* The child's exit status when zeInit fails; its status follows on the pipe. */
#define EXIT_NO_INIT 3

/* Text for the pipe: tabs and newlines would split the fields. */
static void clean(char *s)
{
    for (; *s; s++)
        if (*s == '\t' || *s == '\n' || *s == '\r')
            *s = ' ';
}

/* In the child: every device's groups on `fd`, one line each; exits. */
static void ask_driver(int fd)
{
    FILE *out = fdopen(fd, "w");
    if (!out || setenv("ZET_ENABLE_METRICS", "1", 1) != 0)
        _exit(2);
    /* A crash in the driver ends the child plainly, for the parent to name: no handler
     * a library of the process installed (MPI's UCX prints a backtrace) runs. */
    const int fatal[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};
    for (size_t i = 0; i < sizeof fatal / sizeof *fatal; i++)
        signal(fatal[i], SIG_DFL);
    ze_result_t r = zeInit(ZE_INIT_FLAG_GPU_ONLY);
    if (r != ZE_RESULT_SUCCESS) {
        fprintf(out, "E\t%x\n", (unsigned)r);
        fclose(out);
        _exit(EXIT_NO_INIT);
    }
    uint32_t n_drivers = 0, index = 0;
    zeDriverGet(&n_drivers, NULL);
    ze_driver_handle_t drivers[16];
    n_drivers = n_drivers > 16 ? 16 : n_drivers;
    if (n_drivers && zeDriverGet(&n_drivers, drivers) != ZE_RESULT_SUCCESS)
        n_drivers = 0;
    for (uint32_t d = 0; d < n_drivers; d++) {
        uint32_t n_devices = 0;
        ze_device_handle_t devices[64];
        zeDeviceGet(drivers[d], &n_devices, NULL);
        n_devices = n_devices > 64 ? 64 : n_devices;
        if (n_devices && zeDeviceGet(drivers[d], &n_devices, devices) != ZE_RESULT_SUCCESS)
            n_devices = 0;
        for (uint32_t v = 0; v < n_devices; v++, index++) {
            ze_device_properties_t dp = {.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES};
            if (zeDeviceGetProperties(devices[v], &dp) != ZE_RESULT_SUCCESS)
                snprintf(dp.name, sizeof dp.name, "device %u", index);
            clean(dp.name);
            uint32_t n_groups = 0;
            if (zetMetricGroupGet(devices[v], &n_groups, NULL) != ZE_RESULT_SUCCESS || n_groups == 0)
                continue;
            zet_metric_group_handle_t *groups = calloc(n_groups, sizeof *groups);
            if (!groups || zetMetricGroupGet(devices[v], &n_groups, groups) != ZE_RESULT_SUCCESS)
                n_groups = 0;
            for (uint32_t g = 0; g < n_groups; g++) {
                zet_metric_group_properties_t p = {.stype = ZET_STRUCTURE_TYPE_METRIC_GROUP_PROPERTIES};
                if (zetMetricGroupGetProperties(groups[g], &p) != ZE_RESULT_SUCCESS)
                    continue;
                clean(p.name);
                clean(p.description);
                fprintf(out, "G\t%u\t%s\t%s\t%u\t%u\t%s\n", index, dp.name, p.name, p.metricCount,
                        (unsigned)p.samplingType, p.description);
            }
            free(groups);
        }
    }
    _exit(fclose(out) == 0 ? 0 : 2);
}

/* Copies field `i` of the tab-separated line into dst (truncated to len). */
static void field(const char *line, int i, char *dst, size_t len)
{
    const char *s = line;
    for (; i > 0 && s; i--)
        s = (s = strchr(s, '\t')) ? s + 1 : NULL;
    size_t n = s ? strcspn(s, "\t\n") : 0;
    if (n >= len)
        n = len - 1;
    memcpy(dst, s ? s : "", n);
    dst[n] = '\0';
}

static zeslm_status parse(char *answer, zeslm_metric_group **out, size_t *n)
{
    size_t lines = 0;
    for (char *p = answer; *p; p++)
        lines += *p == '\n';
    *out = calloc(lines ? lines : 1, sizeof **out);
    if (!*out)
        return zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
    for (char *line = answer, *next; line && *line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        if (line[0] != 'G')
            continue;
        zeslm_metric_group *g = &(*out)[(*n)++];
        char num[16];
        field(line, 1, num, sizeof num);
        g->device = (uint32_t)strtoul(num, NULL, 10);
        field(line, 2, g->device_name, sizeof g->device_name);
        field(line, 3, g->name, sizeof g->name);
        field(line, 4, num, sizeof num);
        g->metric_count = (uint32_t)strtoul(num, NULL, 10);
        field(line, 5, num, sizeof num);
        g->sampling = (uint32_t)strtoul(num, NULL, 10);
        field(line, 6, g->description, sizeof g->description);
    }
    return ZESLM_OK;
}

zeslm_status zeslm_metric_groups(zeslm_metric_group **out, size_t *n)
{
    *out = NULL;
    *n = 0;
    void *lib = dlopen(METRICS_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char *why = dlerror();
        return zeslm_fail(ZESLM_ERR_UNSUPPORTED,
                          "no hardware counters: Intel's metrics library %s cannot be loaded (%s; install Intel's "
                          "metrics-discovery, which Debian 12 does not package)", METRICS_LIBRARY,
                          why ? why : "not found");
    }
    dlclose(lib);
    FILE *f = fopen(PARANOID, "r");
    int paranoid = f && fgetc(f) == '1';
    if (f)
        fclose(f);
    if (paranoid && geteuid() != 0)
        return zeslm_fail(ZESLM_ERR_UNSUPPORTED, "no hardware counters: dev.i915.perf_stream_paranoid is 1 (run as "
                                                 "root, or sysctl dev.i915.perf_stream_paranoid=0)");
    int fds[2];
    if (pipe(fds) != 0)
        return zeslm_fail(ZESLM_ERR_IO, "cannot create a pipe to ask the driver for metrics");
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return zeslm_fail(ZESLM_ERR_IO, "cannot fork to ask the driver for metrics");
    }
    if (pid == 0) {
        close(fds[0]);
        ask_driver(fds[1]);
    }
    close(fds[1]);
    zeslm_status st = ZESLM_OK;
    char *answer = malloc(MAX_ANSWER + 1);
    size_t got = 0;
    for (ssize_t r; answer && got < MAX_ANSWER && (r = read(fds[0], answer + got, MAX_ANSWER - got)) != 0;)
        if (r > 0)
            got += (size_t)r;
        else
            break;
    close(fds[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        ;
    if (!answer) {
        st = zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory");
        goto out;
    }
    answer[got] = '\0';
    if (WIFSIGNALED(status)) {
        st = zeslm_fail(ZESLM_ERR_UNSUPPORTED, "no hardware counters: the Level Zero driver died of signal %d (%s) "
                        "when metrics were enabled (ZET_ENABLE_METRICS=1, in a child process)",
                        WTERMSIG(status), strsignal(WTERMSIG(status)));
    } else if (WEXITSTATUS(status) == EXIT_NO_INIT) {
        unsigned code = 0;
        sscanf(answer, "E\t%x", &code);
        st = zeslm_fail(ZESLM_ERR_UNSUPPORTED, "no hardware counters: zeInit with ZET_ENABLE_METRICS=1 failed: 0x%x%s",
                        code, code == ZE_RESULT_ERROR_DEPENDENCY_UNAVAILABLE
                                  ? " (ZE_RESULT_ERROR_DEPENDENCY_UNAVAILABLE: the driver lacks its metrics library)"
                                  : "");
    } else if (WEXITSTATUS(status) != 0) {
        st = zeslm_fail(ZESLM_ERR_UNSUPPORTED, "no hardware counters: asking the driver failed (exit status %d)",
                        WEXITSTATUS(status));
    } else if ((st = parse(answer, out, n)) == ZESLM_OK && *n == 0) {
        st = zeslm_fail(ZESLM_ERR_UNSUPPORTED, "no hardware counters: the Level Zero driver offers no metric group");
    }
out:
    if (st != ZESLM_OK) {
        free(*out);
        *out = NULL;
        *n = 0;
    }
    free(answer);
    return st;
}

zeslm_status zeslm_metrics_enable(void)
{
    if (setenv("ZET_ENABLE_METRICS", "1", 1) != 0)
        return zeslm_fail(ZESLM_ERR_NOMEM, "cannot set ZET_ENABLE_METRICS=1 in the environment");
    return ZESLM_OK;
}
