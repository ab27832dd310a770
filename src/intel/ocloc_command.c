/* SPDX-License-Identifier: MIT */
/* The ocloc command, for what libocloc (ocloc.c) does not give: a zebin for an Intel
 * target with no device, and IGC's ISA listings, which IGC writes only where
 * IGC_ShaderDumpEnable and IGC_DumpToCustomDir in its environment say; a spawn of the
 * command gets them without touching this process's environment. */
#define _GNU_SOURCE /* memmem */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <zeslm/bench.h>
#include <zeslm/isa.h>

#include "error.h"

extern char **environ;

/* Removes the scratch folder and whatever ocloc left in it (IGC's dump folder, one
 * level down, included). */
static void remove_dir(const char *dir, int depth)
{
    DIR *d = opendir(dir);
    char path[512];
    for (struct dirent *e; d && (e = readdir(d));) {
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            if (unlink(path) != 0 && depth > 0)
                remove_dir(path, depth - 1);
        }
    }
    if (d)
        closedir(d);
    rmdir(dir);
}

/* Copies the listing of each kernel (of `kernel` only, when not NULL) in `dir` to out. */
static zeslm_status copy_listings(const char *dir, const char *kernel, FILE *out)
{
    DIR *d = opendir(dir);
    char path[512], buf[65536];
    bool ok = d != NULL;
    for (struct dirent *e; ok && (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".asm") != 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = fopen(path, "rb");
        char first[256] = "";
        ok = f && fgets(first, sizeof first, f);
        bool wanted = ok && (!kernel || (strncmp(first, "//.kernel ", 10) == 0 &&
                                         strcspn(first + 10, "\r\n") == strlen(kernel) &&
                                         strncmp(first + 10, kernel, strlen(kernel)) == 0));
        if (wanted) {
            ok = fputs(first, out) != EOF;
            for (size_t got; ok && (got = fread(buf, 1, sizeof buf, f)) > 0;)
                ok = fwrite(buf, 1, got, out) == got;
            ok = ok && !ferror(f);
        }
        if (f)
            fclose(f);
    }
    if (d)
        closedir(d);
    return ok ? ZESLM_OK : zeslm_fail(ZESLM_ERR_IO, "cannot copy the ISA listings in %s", dir);
}

/* The whole of file `path`: *data malloc'd and NUL-terminated, *size bytes. */
static zeslm_status read_all(const char *path, unsigned char **data, size_t *size)
{
    FILE *f = fopen(path, "rb");
    unsigned char *buf = NULL;
    long len = -1;
    zeslm_status st = ZESLM_ERR_IO;
    if (!f || fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        zeslm_fail(st, "cannot read %s: %s", path, strerror(errno));
        goto out;
    }
    if (!(buf = malloc((size_t)len + 1))) {
        st = zeslm_fail(ZESLM_ERR_NOMEM, "out of host memory reading %s", path);
        goto out;
    }
    if (fread(buf, 1, (size_t)len, f) != (size_t)len) {
        zeslm_fail(st, "cannot read %s", path);
        free(buf);
        goto out;
    }
    buf[len] = '\0';
    *data = buf;
    *size = (size_t)len;
    st = ZESLM_OK;
out:
    if (f)
        fclose(f);
    return st;
}

/* The failure of ocloc's compile for `target`, with ocloc's messages from `log` less
 * the command line it repeats after "Command was:" (which names the scratch folder). */
static zeslm_status compile_failed(const char *target, int exit_status, const char *log)
{
    unsigned char *text = NULL;
    size_t size = 0;
    if (read_all(log, &text, &size) != ZESLM_OK)
        size = 0;
    char *end = text ? memmem(text, size, "Command was:", strlen("Command was:")) : NULL;
    zeslm_fail(ZESLM_ERR_BUILD, "ocloc could not compile for %s (exit status %d)%s%.*s", target, exit_status,
               size ? ":\n" : ", and said nothing", (int)(end ? end - (char *)text : (ptrdiff_t)size),
               text ? (char *)text : "");
    free(text);
    return ZESLM_ERR_BUILD;
}

/* Waits for ocloc to end, polling every 20 ms: past timeout_s seconds (0: no bound), or
 * once zeslm_request_stop was called (a signal), it is killed. Returns ZESLM_OK with
 * *status, ZESLM_ERR_TIMEOUT, ZESLM_ERR_INTERRUPTED or ZESLM_ERR_IO. */
static zeslm_status wait_bounded(pid_t pid, int *status, unsigned timeout_s, const char *target)
{
    struct timespec start, now, nap = {0, 20 * 1000 * 1000};
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (;;) {
        pid_t got = waitpid(pid, status, WNOHANG);
        if (got == pid)
            return ZESLM_OK;
        if (got < 0 && errno != EINTR)
            return zeslm_fail(ZESLM_ERR_IO, "cannot wait for ocloc: %s", strerror(errno));
        clock_gettime(CLOCK_MONOTONIC, &now);
        double waited = (double)(now.tv_sec - start.tv_sec) + (double)(now.tv_nsec - start.tv_nsec) * 1e-9;
        bool late = timeout_s && waited >= (double)timeout_s;
        if (late || zeslm_stop_requested()) {
            kill(pid, SIGKILL);
            while (waitpid(pid, status, 0) < 0 && errno == EINTR)
                ;
            return late ? zeslm_fail(ZESLM_ERR_TIMEOUT, "ocloc did not finish compiling for %s within %u s "
                                     "(--compile-timeout)", target, timeout_s)
                        : zeslm_fail(ZESLM_ERR_INTERRUPTED, "ocloc was stopped by a signal");
        }
        nanosleep(&nap, NULL);
    }
}

/* (zeslm/isa.h; IGC dumps its listings into dir/isa.) */
zeslm_status zeslm_ocloc_compile(const zeslm_ocloc_input *in, const char *target, unsigned char **data,
                                 size_t *size, zeslm_isa_kernel **isa, size_t *n_isa, FILE *listing,
                                 const char *kernel)
{
    char dir[256];
    char src[sizeof dir + 16], bin[sizeof dir + 16], log[sizeof dir + 16];
    char **env = environ; /* ocloc's: the user's, and with `isa` IGC's dump settings */
    zeslm_status st = ZESLM_ERR_IO;
    /* Under $TMPDIR, as mkdtemp(3)'s users honour it, else /tmp. */
    const char *tmp = getenv("TMPDIR");
    if ((size_t)snprintf(dir, sizeof dir, "%s/ze-slm-inspect-XXXXXX", tmp && *tmp ? tmp : "/tmp") >= sizeof dir)
        return zeslm_fail(ZESLM_ERR_IO, "cannot create a temporary folder for ocloc: TMPDIR is too long");
    if (!mkdtemp(dir))
        return zeslm_fail(ZESLM_ERR_IO, "cannot create a temporary folder for ocloc in %s: %s", dir, strerror(errno));
    snprintf(src, sizeof src, "%s/%s", dir, in->spirv ? "k.spv" : "k.cl");
    snprintf(bin, sizeof bin, "%s/k", dir);
    snprintf(log, sizeof log, "%s/log", dir);
    FILE *f = fopen(src, "wb");
    bool written = f && (in->spirv ? fwrite(in->spirv, 1, in->spirv_size, f) == in->spirv_size
                                   : fputs(in->source, f) != EOF);
    if (f && fclose(f) != 0)
        written = false;
    if (!written) {
        zeslm_fail(st, "cannot write %s", src);
        goto out;
    }
    /* Not -q, which silences the compiler's diagnostics too. */
    char *argv[20] = {"ocloc", "compile", "-file", src, "-device", (char *)target, "--format", "zebin",
                      "-exclude_ir", "-output_no_suffix", "-output", "k", "-out_dir", dir};
    size_t argc = 14;
    if (in->spirv)
        argv[argc++] = "-spirv_input";
    if (in->options && *in->options) {
        argv[argc++] = "-options";
        argv[argc++] = (char *)in->options;
    }
    argv[argc] = NULL;
    pid_t pid;
    int status = 0, spawned;
    /* IGC writes its listings where these say; the rest of the environment is the user's. */
    char dump[sizeof dir + 32], dump_var[sizeof dump + 32];
    size_t n_env = 0;
    while (environ[n_env])
        n_env++;
    snprintf(dump, sizeof dump, "%s/isa", dir);
    snprintf(dump_var, sizeof dump_var, "IGC_DumpToCustomDir=%s", dump);
    if (isa) {
        env = calloc(n_env + 3, sizeof *env);
        if (!env) {
            st = zeslm_fail(ZESLM_ERR_NOMEM, "cannot run ocloc: out of host memory");
            goto out;
        }
        memcpy(env, environ, n_env * sizeof *env);
        env[n_env] = "IGC_ShaderDumpEnable=1";
        env[n_env + 1] = dump_var;
    }
    /* ocloc prints its log on stdout, which must hold only what the user asked for: it
     * goes to a file, shown only when the compile fails. */
    posix_spawn_file_actions_t fa;
    if (posix_spawn_file_actions_init(&fa) != 0) {
        st = zeslm_fail(ZESLM_ERR_NOMEM, "cannot run ocloc: out of host memory");
        goto out;
    }
    spawned = posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, log, O_WRONLY | O_CREAT | O_TRUNC, 0600) == 0 &&
              posix_spawn_file_actions_adddup2(&fa, STDOUT_FILENO, STDERR_FILENO) == 0 &&
              posix_spawnp(&pid, "ocloc", &fa, NULL, argv, env) == 0;
    posix_spawn_file_actions_destroy(&fa);
    if (!spawned) {
        st = zeslm_fail(ZESLM_ERR_UNSUPPORTED, "cannot run ocloc (install intel-opencl-icd)");
        goto out;
    }
    if ((st = wait_bounded(pid, &status, in->timeout_s, target)) != ZESLM_OK)
        goto out;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        st = compile_failed(target, WIFEXITED(status) ? WEXITSTATUS(status) : -1, log);
        goto out;
    }
    st = read_all(bin, data, size);
    if (st == ZESLM_OK && isa && (st = zeslm_isa_read_dir(dump, isa, n_isa)) != ZESLM_OK) {
        char why[512]; /* zeslm_fail writes where zeslm_last_error points */
        snprintf(why, sizeof why, "%s", zeslm_last_error());
        zeslm_fail(st, "%s: %s", target, why);
        free(*data);
        *data = NULL;
    }
    if (st == ZESLM_OK && listing && (st = copy_listings(dump, kernel, listing)) != ZESLM_OK) {
        free(*data);
        *data = NULL;
        if (isa) {
            free(*isa);
            *isa = NULL;
        }
    }
out:
    if (env != environ)
        free(env);
    remove_dir(dir, 1);
    return st;
}
